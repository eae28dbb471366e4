#include "oidcendpoints/keysresponse.h"

#include "core/futures.h"
#include "request/errorresponse.h"

#include <gatehouse/errors.h>

#include <QJsonObject>

namespace Gatehouse::OidcEndpoints {

AuthResponse noStoreJson(const QJsonObject &body, int status)
{
    AuthResponse response = AuthResponse::json(body, status);
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    response.headers.append({QByteArrayLiteral("pragma"), QByteArrayLiteral("no-cache")});
    return response;
}

AuthResponse protocolErrorJson(const OidcProvider::ProtocolError &error, bool basicChallenge)
{
    using OidcProvider::ErrorCode;
    const bool unauthorized = error.code == ErrorCode::InvalidClient && basicChallenge;
    AuthResponse response = noStoreJson({{QStringLiteral("error"), OidcProvider::errorCodeName(error.code)},
                                         {QStringLiteral("error_description"), error.description}},
                                        unauthorized ? 401 : 400);
    if (unauthorized)
        response.headers.append({QByteArrayLiteral("www-authenticate"), QByteArrayLiteral("Basic realm=\"oidc\"")});
    return response;
}

AuthResponse keysFailure(const RequestState &state, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        if (isUnavailable(e)) {
            AuthResponse response = noStoreJson({{QStringLiteral("error"), QStringLiteral("temporarily_unavailable")},
                                                 {QStringLiteral("error_description"),
                                                  QStringLiteral("the store cannot answer now")}},
                                                503);
            response.headers.append({QByteArrayLiteral("retry-after"), QByteArray::number(kRetryAfterSeconds)});
            return response;
        }
    } catch (...) {
    }
    logFailure(state.config, error);
    return noStoreJson({{QStringLiteral("error"), QStringLiteral("server_error")},
                        {QStringLiteral("error_description"), QStringLiteral("the signing keys are not available")}},
                       500);
}

QFuture<AuthResponse> withKeys(const State &state,
                               std::function<QFuture<AuthResponse>(std::shared_ptr<const OidcProvider::SigningKeySet>)> then)
{
    const std::shared_ptr<const OidcProvider::SigningKeyCache> cache = state->engine.oidcSigningKeys();
    if (!cache) {
        return QtFuture::makeReadyFuture(keysFailure(
            *state, std::make_exception_ptr(Configuration(QStringLiteral(
                        "oidcProvider needs an adapter that stores signing keys (OidcKeyStore) and a secret")))));
    }
    QFuture<AuthResponse> response = continueWith(cache->keys(), std::move(then));
    return recover(response, [state](std::exception_ptr error) { return keysFailure(*state, error); });
}

} // namespace Gatehouse::OidcEndpoints
