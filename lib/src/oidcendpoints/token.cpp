#include "oidcendpoints/oidcendpoints.h"

#include "core/futures.h"
#include "metrics/catalogue.h"
#include "oidcendpoints/keysresponse.h"
#include "oidcendpoints/tokenrequest.h"
#include "oidcprovider/authorizationcode.h"
#include "oidcprovider/clientauthentication.h"
#include "oidcprovider/clientcredentials.h"
#include "oidcprovider/idtoken.h"
#include "oidcprovider/refreshgrant.h"
#include "oidclogout/sessionend.h"
#include "request/audit.h"
#include "request/errorresponse.h"

#include <gatehouse/errors.h>

#include <QJsonDocument>

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

//! RFC 6749 §5.2 (keysresponse.h).
AuthResponse tokenError(const ProtocolError &error, bool basicChallenge = false)
{
    return protocolErrorJson(error, basicChallenge);
}

QFuture<AuthResponse> refuse(const ProtocolError &error)
{
    return QtFuture::makeReadyFuture(tokenError(error));
}

//! Ends the grant \a grantId, then refuses with \a error: what a refresh that cannot be answered leaves.
QFuture<AuthResponse> revokeAndRefuse(const State &state, const QString &grantId, const ProtocolError &error)
{
    return continueWith(state->stores().oidcGrants->revokeOidcGrant(grantId),
                        [error](bool) { return tokenError(error); });
}

/*!
 * The token response for \a record (its scope, person and sign-in): an access token (naming
 * \a grantId when not empty), an ID token when the scope has openid, and \a refreshToken when
 * not empty.
 */
QFuture<AuthResponse> issue(const State &state, const QString &grantType, const OidcAuthorizationCode &record,
                            const QString &algorithm, const QString &grantId, const QString &refreshToken)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return withKeys(state, [state, grantType, record, now, algorithm, grantId, refreshToken](
                               std::shared_ptr<const SigningKeySet> keys) {
        const QString issuer = state->baseUrl;
        const SigningKey *idSigner = keys->signer(algorithmNamed(algorithm).value_or(SigningAlgorithm::RS256));
        const SigningKey *accessSigner = keys->signer(SigningAlgorithm::RS256);
        if (!idSigner || !accessSigner)
            throw std::runtime_error("no signing key for the client's algorithm");
        QJsonObject body{
            {QStringLiteral("access_token"), signJwt(*accessSigner, "at+jwt", accessTokenClaims(issuer, record, now, grantId))},
            {QStringLiteral("token_type"), QStringLiteral("Bearer")},
            {QStringLiteral("expires_in"), tokenLifetimeSeconds},
        };
        if (!record.scope.isEmpty())  // client_credentials for a client without scopes
            body.insert(QStringLiteral("scope"), record.scope);
        QString sid;
        if (record.scope.split(u' ').contains(QStringLiteral("openid"))) {
            const QJsonObject idClaims = idTokenClaims(issuer, record, now);
            sid = idClaims.value(QStringLiteral("sid")).toString();
            body.insert(QStringLiteral("id_token"), signJwt(*idSigner, "JWT", idClaims));
        }
        if (!refreshToken.isEmpty())
            body.insert(QStringLiteral("refresh_token"), refreshToken);
        // Who got tokens, for which client: never a token or a secret.
        Audit::record(*state, QStringLiteral("oidcToken"), record.userId, QString(),
                      {{QStringLiteral("clientId"), record.clientId}, {QStringLiteral("grantType"), grantType}});
        if (sid.isEmpty())
            return QtFuture::makeReadyFuture(noStoreJson(body));
        // Recorded before the client has the token, so a sign-out right after it tells the client.
        const QDateTime until = now.addSecs(state->config.session.maxAge);
        return OidcLogout::recordSessionClient(*state, {sid, record.clientId, record.userId, until})
            .then(QtFuture::Launch::Sync, [body] { return noStoreJson(body); });
    });
}

/*!
 * A code that is unknown or was used: when it was redeemed for a grant, the grant ends, its
 * refresh tokens and its access tokens with it (RFC 6749 §4.1.2: the code is in two hands).
 */
QFuture<AuthResponse> refuseUsedCode(const State &state, const QString &code)
{
    const ProtocolError error{ErrorCode::InvalidGrant, QStringLiteral("the code is unknown or was used")};
    const std::shared_ptr<OidcGrantStore> grants = state->stores().oidcGrants;
    if (!grants)
        return refuse(error);
    // The mark is stored spent, so presenting it revokes its grant; the successor is never kept.
    const OidcRefreshToken unused{newRefreshToken().hash, QDateTime::currentDateTimeUtc()};
    return continueWith(grants->redeemOidcRefreshToken(redeemedCodeMark(code), unused),
                        [state, error](const OidcRefreshRedemption &redeemed) {
                            // Never so (the mark is spent when stored); closed all the same.
                            if (redeemed.outcome == OidcRefreshRedemption::Outcome::Rotated)
                                return revokeAndRefuse(state, redeemed.grant->grantId, error);
                            return refuse(error);
                        });
}

QFuture<AuthResponse> exchange(const State &state, const OidcClient &client, const QString &presented,
                               const QString &redirectUri, const QString &verifier,
                               const std::optional<OidcAuthorizationCode> &code)
{
    if (!code)
        return refuseUsedCode(state, presented);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (const std::optional<ProtocolError> refused = checkRedemption(*code, client, redirectUri, verifier, now))
        return refuse(*refused);
    OidcAuthorizationCode record = *code;
    const QString algorithm = client.idTokenSignedResponseAlg;
    const std::shared_ptr<OidcGrantStore> grants = state->stores().oidcGrants;
    if (!offersRefreshToken(client, record.scope.split(u' ')) || !grants) {
        // No refresh token: the answer's scope says so (RFC 6749 §5.1).
        QStringList scopes = record.scope.split(u' ', Qt::SkipEmptyParts);
        scopes.removeAll(QStringLiteral("offline_access"));
        record.scope = scopes.join(u' ');
        return issue(state, QStringLiteral("authorization_code"), record, algorithm, {}, {});
    }
    const OidcProviderOptions &options = *state->config.oidcProvider;
    const OidcGrant grant = grantOf(record, now, options.refreshTokenLifetime);
    const NewCode first = newRefreshToken();
    const OidcRefreshToken stored{first.hash, now.addSecs(options.refreshTokenIdleLifetime)};
    // A void future's failure passes through then() to continueWith()'s recovery.
    // The code is kept with its grant, so that presenting it again ends the grant.
    const QFuture<bool> added = grants->addOidcGrant(grant, stored, redeemedCodeMark(presented))
                                    .then(QtFuture::Launch::Sync, [] { return true; });
    return continueWith(added, [state, record, algorithm, grantId = grant.grantId, token = first.code](bool) {
        return issue(state, QStringLiteral("authorization_code"), record, algorithm, grantId, token);
    });
}

QFuture<AuthResponse> codeGrant(const State &state, const OidcClient &client, const Parameters &p)
{
    const QString code = p.value(QStringLiteral("code"));
    const QString redirectUri = p.value(QStringLiteral("redirect_uri"));
    if (code.isEmpty() || redirectUri.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("code and redirect_uri are required")});
    if (!state->stores().oidcCodes)
        return refuse({ErrorCode::ServerError, QStringLiteral("no store for codes")});
    // Taken (removed) before its binding is checked: a code presented wrongly is spent.
    const QString verifier = p.value(QStringLiteral("code_verifier"));
    return continueWith(state->stores().oidcCodes->takeOidcCode(codeHash(code)),
                        [state, client, code, redirectUri, verifier](const std::optional<OidcAuthorizationCode> &taken) {
                            return exchange(state, client, code, redirectUri, verifier, taken);
                        });
}

//! A rotated refresh: the user of a stored grant must still exist and not be disabled.
QFuture<AuthResponse> refreshed(const State &state, const OidcClient &client, const OidcGrant &grant,
                                const QString &scope, const QString &next)
{
    const OidcAuthorizationCode record = refreshedRecord(grant, scope);
    const QString algorithm = client.idTokenSignedResponseAlg;
    if (!grant.storedUser)
        return issue(state, QStringLiteral("refresh_token"), record, algorithm, grant.grantId, next);
    const Stores &stores = state->stores();
    return continueWith(stores.adapter->getUser(grant.userId), [state, record, algorithm, grant, next](
                                                                     const std::optional<AdapterUser> &user) {
        if (!user)
            return revokeAndRefuse(state, grant.grantId, {ErrorCode::InvalidGrant, QStringLiteral("the user no longer exists")});
        const std::shared_ptr<UserStateStore> userState = state->stores().userState;
        if (!userState)
            return issue(state, QStringLiteral("refresh_token"), record, algorithm, grant.grantId, next);
        return continueWith(userState->isUserDisabled(grant.userId), [state, record, algorithm, grant, next](bool disabled) {
            if (disabled)
                return revokeAndRefuse(state, grant.grantId, {ErrorCode::InvalidGrant, QStringLiteral("the user is disabled")});
            return issue(state, QStringLiteral("refresh_token"), record, algorithm, grant.grantId, next);
        });
    });
}

QFuture<AuthResponse> refreshGrant(const State &state, const OidcClient &client, const Parameters &p)
{
    if (!client.grantTypes.contains(QStringLiteral("refresh_token")))
        return refuse({ErrorCode::UnauthorizedClient, QStringLiteral("the client may not use refresh_token")});
    const QString presented = p.value(QStringLiteral("refresh_token"));
    if (presented.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("refresh_token is required")});
    const std::shared_ptr<OidcGrantStore> grants = state->stores().oidcGrants;
    if (!grants)
        return refuse({ErrorCode::ServerError, QStringLiteral("no store for refresh tokens")});
    // Spent (and its successor stored) before anything else is checked, as a code is taken.
    const NewCode next = newRefreshToken();
    const OidcRefreshToken successor{
        next.hash, QDateTime::currentDateTimeUtc().addSecs(state->config.oidcProvider->refreshTokenIdleLifetime)};
    const QString requested = p.value(QStringLiteral("scope"));
    return continueWith(
        grants->redeemOidcRefreshToken(refreshTokenHash(presented), successor),
        [state, client, requested, next = next.code](const OidcRefreshRedemption &redeemed) {
            if (const std::optional<ProtocolError> refused = checkRefresh(redeemed, client)) {
                // Live, but another client's: leaked, so its grant ends.
                if (redeemed.outcome == OidcRefreshRedemption::Outcome::Rotated)
                    return revokeAndRefuse(state, redeemed.grant->grantId, *refused);
                return refuse(*refused);
            }
            QString scope;
            // A widened scope ends the grant too: its new refresh token cannot be given out.
            if (const std::optional<ProtocolError> refused = narrowScope(redeemed.grant->scope, requested, &scope))
                return revokeAndRefuse(state, redeemed.grant->grantId, *refused);
            return refreshed(state, client, *redeemed.grant, scope, next);
        });
}

//! RFC 6749 §4.4: the client for itself; an access token only.
QFuture<AuthResponse> clientCredentialsGrant(const State &state, const OidcClient &client, const Parameters &p)
{
    if (!mayUseClientCredentials(client))
        return refuse({ErrorCode::UnauthorizedClient, QStringLiteral("the client may not use client_credentials")});
    QString scope;
    if (const std::optional<ProtocolError> refused = clientCredentialsScope(client, p.value(QStringLiteral("scope")), &scope))
        return refuse(*refused);
    return issue(state, clientCredentialsGrantType, clientCredentialsRecord(client, scope), client.idTokenSignedResponseAlg,
                 {}, {});
}

} // namespace

namespace {

QFuture<AuthResponse> answer(const State &state, const ClientRequest &request, const QString &grantType)
{
    if (request.refusal)
        return QtFuture::makeReadyFuture(*request.refusal);
    const Parameters &p = request.parameters;
    const OidcClient &client = *request.client;
    QFuture<AuthResponse> response;
    if (grantType.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("grant_type is missing")});
    if (grantType == u"authorization_code")
        response = codeGrant(state, client, p);
    else if (grantType == u"refresh_token")
        response = refreshGrant(state, client, p);
    else if (grantType == clientCredentialsGrantType)
        response = clientCredentialsGrant(state, client, p);
    else
        return refuse({ErrorCode::UnsupportedGrantType,
                       QStringLiteral("grant_type must be authorization_code, refresh_token or client_credentials")});
    return recover(response, [state](std::exception_ptr error) { return keysFailure(*state, error); });
}

//! The grant type as a metrics label and audit value: one the endpoint serves, else "other".
QByteArray grantTypeLabel(const QString &grantType)
{
    for (const char *known : {"authorization_code", "refresh_token", "client_credentials"}) {
        if (grantType == QLatin1String(known))
            return known;
    }
    return "other";
}

} // namespace

QFuture<AuthResponse> token(const State &state)
{
    const Parameters parameters = parseParameters(state->request.body);
    const QByteArray grantType = grantTypeLabel(parameters.value(QStringLiteral("grant_type")));
    // A configured client's id only: what an unauthenticated caller makes up stays out.
    const OidcClient *named = findClient(state->config.oidcProvider->clients,
                                         claimedClientId(state->request.header("authorization"), parameters));
    const QString clientId = named ? named->clientId : QString();
    // Counted and, when refused, audited with the reason: the error code, never what was sent.
    return withClientRequest(state, parameters,
                             [state](const ClientRequest &request) {
                                 return answer(state, request, request.parameters.value(QStringLiteral("grant_type")));
                             })
        .then(QtFuture::Launch::Sync, [state, grantType, clientId](const AuthResponse &response) {
            QString outcome = QStringLiteral("issued");
            if (response.status != 200) {
                outcome = QJsonDocument::fromJson(response.body).object().value(QStringLiteral("error")).toString();
                Audit::record(*state, QStringLiteral("oidcTokenRefused"), QString(), QString(),
                              {{QStringLiteral("clientId"), clientId},
                               {QStringLiteral("grantType"), QString::fromLatin1(grantType)},
                               {QStringLiteral("error"), outcome}});
            }
            Metrics::recordOidcTokenRequest(grantType, outcome);
            return response;
        });
}

} // namespace Gatehouse::OidcEndpoints
