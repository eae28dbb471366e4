#include "signin/credentialsflow.h"

#include "request/audit.h"
#include "signin/completesignin.h"
#include "request/errorresponse.h"
#include "core/futures.h"
#include "core/ratelimitkeys.h"
#include "core/logging.h"

#include <gatehouse/errors.h>

namespace Gatehouse::CredentialsFlow {

namespace {

struct Attempt
{
    QJsonObject credentials;
    QString identifierKey;   //!< empty when the identifier field was not submitted
    QString addressKey;
};

Attempt attemptOf(const RequestState &s)
{
    Attempt a;
    a.credentials = s.body;
    a.credentials.remove(QStringLiteral("csrfToken"));
    // The built-in passwords' form names the account by its e-mail address, whatever
    // rateLimit.identifierField says for providers with an authorize of their own.
    const bool builtin = s.provider->option(QStringLiteral("authorize")).toString() == QLatin1String("builtin");
    const QString field = builtin ? QStringLiteral("email") : s.config.rateLimit.identifierField;
    const QString identifier = a.credentials.value(field).toString().trimmed().toCaseFolded();
    if (!identifier.isEmpty())
        a.identifierKey = RateLimitKeys::credentialsIdentifier(s.provider->id, identifier);
    a.addressKey = RateLimitKeys::credentialsAddress(s.provider->id, s.clientAddress.toString());
    return a;
}

/*!
 * Counts the attempt against the address's and the identifier's limits before its password is
 * checked, so that concurrent guesses cannot pass the limit while earlier ones are still being
 * hashed; true when both allow it. A refused attempt is counted against neither.
 */
QFuture<bool> takeAttempt(const RequestState &s, const Attempt &a)
{
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return QtFuture::makeReadyFuture(true);
    return s.engine.rateLimiter()
        .tryAttempts({{a.addressKey, rl.maxFailuresPerAddress}, {a.identifierKey, rl.maxFailuresPerIdentifier}}, rl.windowSeconds)
        .then(QtFuture::Launch::Sync, [](const QString &refusedBy) { return refusedBy.isEmpty(); });
}

/*!
 * A success uses up no limit: the identifier's count is cleared, as a success clears it, and the
 * address gets its attempt back (one client address serves many people behind a NAT).
 */
QFuture<void> forgiveSuccess(const RequestState &s, const Attempt &a)
{
    if (!s.config.rateLimit.enabled)
        return QtFuture::makeReadyFuture();
    RateLimiter &limiter = s.engine.rateLimiter();
    QFuture<void> identifier = a.identifierKey.isEmpty() ? QtFuture::makeReadyFuture() : limiter.reset(a.identifierKey);
    QFuture<void> address = limiter.refund(a.addressKey, s.config.rateLimit.windowSeconds);
    return identifier.then(QtFuture::Launch::Sync, [address] { return address; }).unwrap();
}

//! The account of a credentials sign-in: the user's id is the provider account id.
/*!
 * The audit event of a refused attempt. With the built-in passwords the address tried is a
 * stored user's: the event names that user, so that the person sees the failure among their own
 * activity (the account page). Looked up after the answer is decided, which it never delays.
 */
void auditFailure(const State &state, const QString &code)
{
    const RequestState &s = *state;
    const QJsonObject detail{{QStringLiteral("code"), code}};
    const bool builtin = s.provider->option(QStringLiteral("authorize")).toString() == QLatin1String("builtin");
    const QString email = builtin ? s.body.value(QStringLiteral("email")).toString().trimmed().toLower() : QString();
    if (email.isEmpty() || !s.config.adapter) {
        Audit::record(s, QStringLiteral("signInFailed"), QString(), s.provider->id, detail);
        return;
    }
    QFuture<std::optional<AdapterUser>> user;
    try {
        user = s.config.adapter->getUserByEmail(email);
    } catch (...) {
        Audit::record(s, QStringLiteral("signInFailed"), QString(), s.provider->id, detail);
        return;
    }
    user.then(QtFuture::Launch::Sync, [state, detail](QFuture<std::optional<AdapterUser>> found) {
        QString userId;
        try {
            if (const std::optional<AdapterUser> u = found.result())
                userId = u->id;
        } catch (...) {  // the event is written without the user
        }
        Audit::record(*state, QStringLiteral("signInFailed"), userId, state->provider->id, detail);
    });
}

SignInResult resultOf(const RequestState &s, const QJsonObject &user, const Attempt &attempt)
{
    const QJsonValue id = user.value(QStringLiteral("id"));
    SignInResult result;
    result.user = user;
    result.account = QJsonObject{
        {QStringLiteral("providerAccountId"), id.isDouble() ? QJsonValue(QString::number(id.toInteger())) : id},
        {QStringLiteral("type"), QStringLiteral("credentials")},
        {QStringLiteral("provider"), s.provider->id},
    };
    result.credentials = attempt.credentials;
    // The built-in password provider returns stored users.
    result.stored = s.provider->option(QStringLiteral("authorize")).toString() == QLatin1String("builtin");
    return result;
}

/*!
 * authorize's answer, where a failure that is no refusal (the store is down, the callback broke)
 * first gives the attempt back: it was no guess, and counts nothing, as it never did.
 */
QFuture<std::optional<QJsonObject>> authorized(const State &state, const Attempt &attempt)
{
    const RequestState &s = *state;
    QFuture<std::optional<QJsonObject>> user;
    try {
        user = s.provider->authorize(attempt.credentials, s.request);
    } catch (...) {
        user = failedFuture<std::optional<QJsonObject>>(std::current_exception());
    }
    if (!s.config.rateLimit.enabled)
        return user;
    return user
        .then(QtFuture::Launch::Sync, [state, attempt](QFuture<std::optional<QJsonObject>> done)
                                           -> QFuture<std::optional<QJsonObject>> {
            // A new future, never \a done itself: a future returned from its own continuation
            // would hold that continuation, and what it captured, in a cycle.
            std::exception_ptr failure;
            try {
                return QtFuture::makeReadyFuture(done.result());  // rethrows what authorize failed with
            } catch (const CredentialsSignin &) {
                return failedFuture<std::optional<QJsonObject>>(std::current_exception());
            } catch (...) {
                failure = std::current_exception();
            }
            return state->engine.rateLimiter()
                .refunds({attempt.addressKey, attempt.identifierKey}, state->config.rateLimit.windowSeconds)
                .then(QtFuture::Launch::Sync, [failure]() -> std::optional<QJsonObject> { std::rethrow_exception(failure); });
        })
        .unwrap();
}

//! authorize, then the sign-in; the attempt was counted already, and a refusal leaves it counted.
QFuture<AuthResponse> authorizeAndSignIn(const State &state, const Attempt &attempt)
{
    QFuture<AuthResponse> response;
    try {
        response = authorized(state, attempt)
            .then(QtFuture::Launch::Sync, [state, attempt](const std::optional<QJsonObject> &user) {
                if (!user || user->isEmpty())
                    throw CredentialsSignin(QStringLiteral("credentials"), QStringLiteral("authorize returned no user"));
                // Answered once the counts are forgiven, so that no later attempt's count is wiped.
                return forgiveSuccess(*state, attempt).then(QtFuture::Launch::Sync, [state, attempt, user = *user] {
                    return completeSignIn(state, resultOf(*state, user, attempt));
                }).unwrap();
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) {
        try {
            std::rethrow_exception(error);
        } catch (const CredentialsSignin &e) {
            auditFailure(state, e.code());
        } catch (...) {
        }
        return errorResponse(*state, error);
    });
}

} // namespace

QFuture<AuthResponse> signIn(const State &state)
{
    const RequestState &s = *state;
    const Attempt attempt = attemptOf(s);
    if (!s.provider->authorize) {
        return QtFuture::makeReadyFuture(errorResponse(
            s, InvalidProvider(QStringLiteral("credentials provider '%1' has no authorize function").arg(s.provider->id))));
    }
    QFuture<AuthResponse> response;
    try {
        response = takeAttempt(s, attempt)
            .then(QtFuture::Launch::Sync, [state, attempt](bool allowed) -> QFuture<AuthResponse> {
                const RequestState &s = *state;
                if (!allowed) {
                    qCWarning(lcCore).noquote() << "credentials sign-in rate limited: provider" << s.provider->id
                                                << "address" << s.clientAddress.toString();
                    auditFailure(state, QStringLiteral("rate_limited"));
                    return QtFuture::makeReadyFuture(errorResponse(
                        s, CredentialsSignin(QStringLiteral("rate_limited"), QStringLiteral("too many failed attempts"))));
                }
                return authorizeAndSignIn(state, attempt);
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::CredentialsFlow
