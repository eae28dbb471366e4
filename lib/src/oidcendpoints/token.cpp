#include "oidcendpoints/oidcendpoints.h"

#include "core/futures.h"
#include "oidcendpoints/keysresponse.h"
#include "oidcprovider/authorizationcode.h"
#include "oidcprovider/clientauthentication.h"
#include "oidcprovider/idtoken.h"
#include "request/errorresponse.h"

#include <gatehouse/errors.h>

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

//! RFC 6749 §5.2: 400, or 401 with a challenge for a client that tried HTTP authentication.
AuthResponse tokenError(const ProtocolError &error, bool basicChallenge = false)
{
    const bool unauthorized = error.code == ErrorCode::InvalidClient && basicChallenge;
    AuthResponse response = noStoreJson({{QStringLiteral("error"), errorCodeName(error.code)},
                                         {QStringLiteral("error_description"), error.description}},
                                        unauthorized ? 401 : 400);
    if (unauthorized)
        response.headers.append({QByteArrayLiteral("www-authenticate"), QByteArrayLiteral("Basic realm=\"oidc\"")});
    return response;
}

QFuture<AuthResponse> exchange(const State &state, const OidcClient &client, const QString &redirectUri,
                               const QString &verifier, const std::optional<OidcAuthorizationCode> &code)
{
    if (!code)
        return QtFuture::makeReadyFuture(tokenError({ErrorCode::InvalidGrant, QStringLiteral("the code is unknown or was used")}));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (const std::optional<ProtocolError> refused = checkRedemption(*code, client, redirectUri, verifier, now))
        return QtFuture::makeReadyFuture(tokenError(*refused));
    const QString algorithm = client.idTokenSignedResponseAlg;
    return withKeys(state, [state, record = *code, now, algorithm](std::shared_ptr<const SigningKeySet> keys) {
        const QString issuer = state->baseUrl;
        const SigningKey *idSigner = keys->signer(algorithmNamed(algorithm).value_or(SigningAlgorithm::RS256));
        const SigningKey *accessSigner = keys->signer(SigningAlgorithm::RS256);
        if (!idSigner || !accessSigner)
            throw std::runtime_error("no signing key for the client's algorithm");
        const QJsonObject body{
            {QStringLiteral("access_token"), signJwt(*accessSigner, "at+jwt", accessTokenClaims(issuer, record, now))},
            {QStringLiteral("token_type"), QStringLiteral("Bearer")},
            {QStringLiteral("expires_in"), tokenLifetimeSeconds},
            {QStringLiteral("scope"), record.scope},
            {QStringLiteral("id_token"), signJwt(*idSigner, "JWT", idTokenClaims(issuer, record, now))},
        };
        return QtFuture::makeReadyFuture(noStoreJson(body));
    });
}

} // namespace

QFuture<AuthResponse> token(const State &state)
{
    const RequestState &s = *state;
    if (!s.request.header("content-type").startsWith("application/x-www-form-urlencoded"))
        return QtFuture::makeReadyFuture(tokenError({ErrorCode::InvalidRequest, QStringLiteral("the body must be a form")}));
    const Parameters p = parseParameters(s.request.body);
    if (p.tooLarge)
        return QtFuture::makeReadyFuture(tokenError({ErrorCode::InvalidRequest, QStringLiteral("the request is too large")}));
    if (!p.repeated.isEmpty()) {
        return QtFuture::makeReadyFuture(
            tokenError({ErrorCode::InvalidRequest, QStringLiteral("the parameter %1 was sent more than once").arg(p.repeated)}));
    }
    const ClientAuthentication authentication =
        authenticateClient(s.request.header("authorization"), p, s.config.oidcProvider->clients);
    if (authentication.error)
        return QtFuture::makeReadyFuture(tokenError(*authentication.error, authentication.usedBasic));
    const QString grantType = p.value(QStringLiteral("grant_type"));
    if (grantType.isEmpty())
        return QtFuture::makeReadyFuture(tokenError({ErrorCode::InvalidRequest, QStringLiteral("grant_type is missing")}));
    if (grantType != u"authorization_code") {
        return QtFuture::makeReadyFuture(
            tokenError({ErrorCode::UnsupportedGrantType, QStringLiteral("only authorization_code is supported")}));
    }
    const QString code = p.value(QStringLiteral("code"));
    const QString redirectUri = p.value(QStringLiteral("redirect_uri"));
    if (code.isEmpty() || redirectUri.isEmpty()) {
        return QtFuture::makeReadyFuture(
            tokenError({ErrorCode::InvalidRequest, QStringLiteral("code and redirect_uri are required")}));
    }
    if (!s.stores().oidcCodes)
        return QtFuture::makeReadyFuture(tokenError({ErrorCode::ServerError, QStringLiteral("no store for codes")}));

    // Taken (removed) before its binding is checked: a code presented wrongly is spent.
    const OidcClient &client = *authentication.client;
    const QString verifier = p.value(QStringLiteral("code_verifier"));
    QFuture<AuthResponse> response = continueWith(
        s.stores().oidcCodes->takeOidcCode(codeHash(code)),
        [state, &client, redirectUri, verifier](const std::optional<OidcAuthorizationCode> &taken) {
            return exchange(state, client, redirectUri, verifier, taken);
        });
    return recover(response, [state](std::exception_ptr error) { return keysFailure(*state, error); });
}

} // namespace Gatehouse::OidcEndpoints
