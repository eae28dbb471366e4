#include "oidcendpoints/oidcendpoints.h"

#include "core/futures.h"
#include "oidcendpoints/keysresponse.h"
#include "oidcendpoints/tokenrequest.h"
#include "oidcprovider/idtoken.h"
#include "oidcprovider/refreshgrant.h"

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

//! RFC 7009 §2.2: 200 whether or not there was anything to revoke.
AuthResponse revoked()
{
    return noStoreJson({});
}

QFuture<AuthResponse> revokeGrant(const State &state, const QString &grantId)
{
    return continueWith(state->stores().oidcGrants->revokeOidcGrant(grantId), [](bool) { return revoked(); });
}

//! An access token of ours (a JWT) revokes its grant when it is \a clientId's and has one.
QFuture<AuthResponse> revokeAccessToken(const State &state, const QString &token, const QString &clientId)
{
    return withKeys(state, [state, token, clientId](std::shared_ptr<const SigningKeySet> keys) {
        QString problem;
        const std::optional<QJsonObject> claims =
            verifyAccessToken(token, *keys, state->baseUrl, QDateTime::currentDateTimeUtc(), &problem);
        if (!claims || claims->value(QStringLiteral("client_id")).toString() != clientId)
            return QtFuture::makeReadyFuture(revoked());  // unknown, expired or another client's: 200, nothing done
        const QString grantId = claims->value(grantIdClaim).toString();
        if (grantId.isEmpty())
            return QtFuture::makeReadyFuture(revoked());  // no grant: it ends with its exp (600 s)
        return revokeGrant(state, grantId);
    });
}

//! The endpoint once the client is authenticated (withClientRequest()).
QFuture<AuthResponse> revokeToken(const State &state, const TokenRequest &request)
{
    const RequestState &s = *state;
    if (request.refusal)
        return QtFuture::makeReadyFuture(*request.refusal);
    const QString &token = request.token;
    const std::shared_ptr<OidcGrantStore> grants = s.stores().oidcGrants;
    if (!grants)
        return QtFuture::makeReadyFuture(revoked());  // no grants here: nothing this server issued can be revoked
    const QString clientId = request.client->clientId;
    // token_type_hint is only a hint (RFC 7009 §2.1): the token's shape says which it is, since
    // refresh tokens are base64url without dots and access tokens are JWS.
    QFuture<AuthResponse> response;
    if (token.contains(u'.')) {
        response = revokeAccessToken(state, token, clientId);
    } else {
        response = continueWith(grants->oidcRefreshToken(refreshTokenHash(token)),
                                [state, clientId](const std::optional<OidcRefreshTokenState> &found) {
                                    // Another client's token is not revoked, and that is not said (§2.1).
                                    if (!found || found->grant.clientId != clientId)
                                        return QtFuture::makeReadyFuture(revoked());
                                    return revokeGrant(state, found->grant.grantId);
                                });
    }
    return recover(response, [state](std::exception_ptr error) { return keysFailure(*state, error); });
}

} // namespace

QFuture<AuthResponse> revoke(const State &state)
{
    return withClientRequest(state, parseParameters(state->request.body),
                             [state](const ClientRequest &read) { return revokeToken(state, tokenRequestOf(read)); });
}

} // namespace Gatehouse::OidcEndpoints
