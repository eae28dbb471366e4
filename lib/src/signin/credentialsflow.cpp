#include "signin/credentialsflow.h"

#include "request/audit.h"
#include "signin/completesignin.h"
#include "request/errorresponse.h"
#include "core/futures.h"
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
        a.identifierKey = QStringLiteral("credentials:%1:id:%2").arg(s.provider->id, identifier);
    a.addressKey = QStringLiteral("credentials:%1:ip:%2").arg(s.provider->id, s.clientAddress.toString());
    return a;
}

QFuture<bool> limited(const RequestState &s, const Attempt &a)
{
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return QtFuture::makeReadyFuture(false);
    RateLimiter &limiter = s.engine.rateLimiter();
    QFuture<bool> byAddress = limiter.isLimited(a.addressKey, rl.maxFailuresPerAddress, rl.windowSeconds);
    if (a.identifierKey.isEmpty())
        return byAddress;
    QFuture<bool> byIdentifier = limiter.isLimited(a.identifierKey, rl.maxFailuresPerIdentifier, rl.windowSeconds);
    return byAddress.then(QtFuture::Launch::Sync, [byIdentifier](bool address) mutable {
        return byIdentifier.then(QtFuture::Launch::Sync, [address](bool identifier) { return address || identifier; });
    }).unwrap();
}

//! Counts a refused attempt; the answer waits for it, so the next attempt is checked against it.
QFuture<void> recordFailure(const RequestState &s, const Attempt &a)
{
    if (!s.config.rateLimit.enabled)
        return QtFuture::makeReadyFuture();
    return s.engine.rateLimiter().recordFailures({a.identifierKey, a.addressKey}, s.config.rateLimit.windowSeconds);
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

//! authorize, then the sign-in; a refusal is counted against the limits.
QFuture<AuthResponse> authorizeAndSignIn(const State &state, const Attempt &attempt)
{
    const RequestState &s = *state;
    QFuture<AuthResponse> response;
    try {
        response = s.provider->authorize(attempt.credentials, s.request)
            .then(QtFuture::Launch::Sync, [state, attempt](const std::optional<QJsonObject> &user) {
                if (!user || user->isEmpty())
                    throw CredentialsSignin(QStringLiteral("credentials"), QStringLiteral("authorize returned no user"));
                if (state->config.rateLimit.enabled && !attempt.identifierKey.isEmpty())
                    state->engine.rateLimiter().reset(attempt.identifierKey);
                return completeSignIn(state, resultOf(*state, *user, attempt));
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recoverLater(response, [state, attempt](std::exception_ptr error) -> QFuture<AuthResponse> {
        try {
            std::rethrow_exception(error);
        } catch (const CredentialsSignin &e) {
            auditFailure(state, e.code());
            return recordFailure(*state, attempt).then(QtFuture::Launch::Sync, [state, error] {
                return errorResponse(*state, error);
            });
        } catch (...) {
        }
        return QtFuture::makeReadyFuture(errorResponse(*state, error));
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
        response = limited(s, attempt)
            .then(QtFuture::Launch::Sync, [state, attempt](bool isLimited) -> QFuture<AuthResponse> {
                const RequestState &s = *state;
                if (isLimited) {
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
