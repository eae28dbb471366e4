#include "oidcendpoints/tokenrequest.h"

#include "oidcendpoints/keysresponse.h"
#include "oidcprovider/clientauthentication.h"

#include "core/futures.h"
#include "core/ratelimiter.h"
#include "core/ratelimitkeys.h"

namespace Gatehouse::OidcEndpoints {

using namespace OidcProvider;

namespace {

ClientRequest readClientRequest(const RequestState &s, const Parameters &parameters)
{
    ClientRequest request;
    const auto refuse = [&request](const ProtocolError &error, bool basicChallenge = false) {
        request.refusal = protocolErrorJson(error, basicChallenge);
        return request;
    };
    if (!s.request.header("content-type").startsWith("application/x-www-form-urlencoded"))
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the body must be a form")});
    request.parameters = parameters;
    const Parameters &p = request.parameters;
    if (p.tooLarge)
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the request is too large")});
    if (!p.repeated.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the parameter %1 was sent more than once").arg(p.repeated)});
    const ClientAuthentication authentication =
        authenticateClient(s.request.header("authorization"), p, s.config.oidcProvider->clients);
    if (authentication.error) {
        request.authenticationFailed = authentication.error->code == ErrorCode::InvalidClient;
        return refuse(*authentication.error, authentication.usedBasic);
    }
    request.client = authentication.client;
    return request;
}

} // namespace

QFuture<AuthResponse> withClientRequest(const State &state, const Parameters &parameters,
                                        std::function<QFuture<AuthResponse>(const ClientRequest &)> handle)
{
    const RequestState &s = *state;
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return handle(readClientRequest(s, parameters));
    // Only configured ids get a key of their own: made-up ones must not fill the store.
    QStringList keys{RateLimitKeys::oidcClientAddress(s.clientAddress.toString())};
    const QString clientId = claimedClientId(s.request.header("authorization"), parameters);
    if (findClient(s.config.oidcProvider->clients, clientId))
        keys.append(RateLimitKeys::oidcClient(clientId));
    QList<AttemptLimit> limits;
    for (const QString &key : std::as_const(keys))
        limits.append({key, rl.maxFailuresPerAddress});
    const qint64 window = rl.windowSeconds;
    const QFuture<AuthResponse> answer = continueWith(s.engine.rateLimiter().tryAttempts(limits, window), [state, parameters, keys, window, handle](const QString &refusedBy) {
        if (!refusedBy.isEmpty()) {
            AuthResponse response = noStoreJson(
                {{QStringLiteral("error"), QStringLiteral("temporarily_unavailable")},
                 {QStringLiteral("error_description"),
                  QStringLiteral("too many failed client authentications from this address or for this client; try again later")}},
                429);
            response.headers.append({QByteArrayLiteral("retry-after"), QByteArray::number(window)});
            return QtFuture::makeReadyFuture(response);
        }
        const ClientRequest request = readClientRequest(*state, parameters);
        if (request.authenticationFailed)
            return handle(request);
        // Authenticated (or refused for another reason): the attempt is given back.
        return state->engine.rateLimiter()
            .refunds(keys, window)
            .then(QtFuture::Launch::Sync, [request, handle] { return handle(request); })
            .unwrap();
    });
    // A store that cannot count: 503, as when it cannot give the keys.
    return recover(answer, [state](std::exception_ptr error) { return keysFailure(*state, error); });
}

TokenRequest tokenRequestOf(const ClientRequest &read)
{
    TokenRequest request;
    if (read.refusal) {
        request.refusal = read.refusal;
        return request;
    }
    request.token = read.parameters.value(QStringLiteral("token"));
    if (request.token.isEmpty()) {
        request.refusal = protocolErrorJson({ErrorCode::InvalidRequest, QStringLiteral("token is missing")});
        return request;
    }
    request.client = read.client;
    return request;
}

} // namespace Gatehouse::OidcEndpoints
