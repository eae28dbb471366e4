#include "oidcendpoints/oidcendpoints.h"

#include "oidcendpoints/keysresponse.h"
#include "oidcprovider/idtoken.h"
#include "oidcprovider/protocolerror.h"
#include "oidcprovider/refreshgrant.h"

#include "core/futures.h"

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

//! RFC 6750 §3: 401 with the challenge naming the error.
AuthResponse unauthorized(const QString &description, bool tokenSent)
{
    QJsonObject body{{QStringLiteral("error"), errorCodeName(ErrorCode::InvalidToken)},
                     {QStringLiteral("error_description"), description}};
    QByteArray challenge = QByteArrayLiteral("Bearer");
    if (tokenSent)
        challenge += QByteArrayLiteral(" error=\"invalid_token\"");
    else
        body = {};
    AuthResponse response = noStoreJson(body, 401);
    response.headers.append({QByteArrayLiteral("www-authenticate"), challenge});
    return response;
}

AuthResponse answer(const QJsonObject &claims)
{
    // The scoped claims the token carries, and whose they are (OpenID Connect Core §5.3.2).
    QJsonObject answer = scopedClaims(claims, claims.value(QStringLiteral("scope")).toString().split(u' '));
    answer.insert(QStringLiteral("sub"), claims.value(QStringLiteral("sub")));
    return noStoreJson(answer);
}

} // namespace

QFuture<AuthResponse> userinfo(const State &state)
{
    const QByteArray authorization = state->request.header("authorization");
    if (!authorization.startsWith("Bearer "))
        return QtFuture::makeReadyFuture(unauthorized(QStringLiteral("no bearer token"), false));
    const QString token = QString::fromLatin1(authorization.mid(7).trimmed());
    return withKeys(state, [state, token](std::shared_ptr<const SigningKeySet> keys) {
        QString problem;
        const std::optional<QJsonObject> claims =
            verifyAccessToken(token, *keys, state->baseUrl, QDateTime::currentDateTimeUtc(), &problem);
        if (!claims)
            return QtFuture::makeReadyFuture(unauthorized(problem, true));
        // Only a person's token (OpenID Connect Core §5.3): not a client_credentials one, whose subject is a client.
        if (!claims->value(QStringLiteral("scope")).toString().split(u' ').contains(QStringLiteral("openid")))
            return QtFuture::makeReadyFuture(unauthorized(QStringLiteral("the token was not issued for openid"), true));
        // A token of a refresh grant lives only as long as its grant: reuse and revocation end it.
        const QString grantId = claims->value(grantIdClaim).toString();
        if (grantId.isEmpty())
            return QtFuture::makeReadyFuture(answer(*claims));
        const std::shared_ptr<OidcGrantStore> grants = state->stores().oidcGrants;
        if (!grants)  // fail closed: a grant this server cannot look up is no grant
            return QtFuture::makeReadyFuture(unauthorized(QStringLiteral("the token's grant cannot be checked"), true));
        return continueWith(grants->isOidcGrantActive(grantId), [claims = *claims](bool active) {
            return active ? answer(claims) : unauthorized(QStringLiteral("the token's grant was revoked"), true);
        });
    });
}

} // namespace Gatehouse::OidcEndpoints
