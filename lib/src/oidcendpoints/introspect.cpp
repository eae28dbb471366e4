#include "oidcendpoints/oidcendpoints.h"

#include "core/futures.h"
#include "oidcendpoints/keysresponse.h"
#include "oidcendpoints/tokenrequest.h"
#include "oidcprovider/idtoken.h"
#include "oidcprovider/refreshgrant.h"

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

//! RFC 7662 §2.2: whatever is wrong with a token, the answer says only that it is not active.
AuthResponse inactive()
{
    return noStoreJson({{QStringLiteral("active"), false}});
}

//! The members of RFC 7662 §2.2 an access token of ours answers with.
AuthResponse activeAccessToken(const QJsonObject &claims)
{
    QJsonObject answer{{QStringLiteral("active"), true}, {QStringLiteral("token_type"), QStringLiteral("Bearer")}};
    for (const QString name : {QStringLiteral("scope"), QStringLiteral("client_id"), QStringLiteral("sub"),
                               QStringLiteral("exp"), QStringLiteral("iat"), QStringLiteral("iss"), QStringLiteral("aud"),
                               QStringLiteral("jti")}) {
        if (claims.contains(name))
            answer.insert(name, claims.value(name));
    }
    return noStoreJson(answer);
}

QFuture<AuthResponse> introspectAccessToken(const State &state, const QString &token, const QString &clientId)
{
    return withKeys(state, [state, token, clientId](std::shared_ptr<const SigningKeySet> keys) {
        QString problem;
        const std::optional<QJsonObject> claims =
            verifyAccessToken(token, *keys, state->baseUrl, QDateTime::currentDateTimeUtc(), &problem);
        // Another client's token is not active for this one: its audience is that client.
        if (!claims || claims->value(QStringLiteral("client_id")).toString() != clientId)
            return QtFuture::makeReadyFuture(inactive());
        const QString grantId = claims->value(grantIdClaim).toString();
        if (grantId.isEmpty())
            return QtFuture::makeReadyFuture(activeAccessToken(*claims));
        const std::shared_ptr<OidcGrantStore> grants = state->stores().oidcGrants;
        if (!grants)
            return QtFuture::makeReadyFuture(inactive());  // fail closed
        return continueWith(grants->isOidcGrantActive(grantId), [claims = *claims](bool active) {
            return active ? activeAccessToken(claims) : inactive();
        });
    });
}

AuthResponse refreshTokenAnswer(const RequestState &s, const std::optional<OidcRefreshTokenState> &found,
                                const QString &clientId)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!found || found->spent || found->grant.clientId != clientId || found->expiresAt <= now
        || found->grant.expiresAt <= now)
        return inactive();
    return noStoreJson({{QStringLiteral("active"), true},
                        {QStringLiteral("scope"), found->grant.scope},
                        {QStringLiteral("client_id"), found->grant.clientId},
                        {QStringLiteral("sub"), found->grant.userId},
                        {QStringLiteral("exp"), found->expiresAt.toSecsSinceEpoch()},
                        {QStringLiteral("iss"), s.baseUrl}});
}

//! The endpoint once the client is authenticated (withClientRequest()).
QFuture<AuthResponse> introspectToken(const State &state, const TokenRequest &request)
{
    const RequestState &s = *state;
    if (request.refusal)
        return QtFuture::makeReadyFuture(*request.refusal);
    const QString &token = request.token;
    const QString clientId = request.client->clientId;
    QFuture<AuthResponse> response;
    if (token.contains(u'.')) {
        response = introspectAccessToken(state, token, clientId);
    } else if (const std::shared_ptr<OidcGrantStore> grants = s.stores().oidcGrants) {
        response = continueWith(grants->oidcRefreshToken(refreshTokenHash(token)),
                                [state, clientId](const std::optional<OidcRefreshTokenState> &found) {
                                    return refreshTokenAnswer(*state, found, clientId);
                                });
    } else {
        return QtFuture::makeReadyFuture(inactive());
    }
    return recover(response, [state](std::exception_ptr error) { return keysFailure(*state, error); });
}

} // namespace

QFuture<AuthResponse> introspect(const State &state)
{
    return withClientRequest(state, parseParameters(state->request.body),
                             [state](const ClientRequest &read) { return introspectToken(state, tokenRequestOf(read)); });
}

} // namespace Gatehouse::OidcEndpoints
