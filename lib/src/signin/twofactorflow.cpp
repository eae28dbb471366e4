#include "signin/twofactorflow.h"

#include "core/futures.h"
#include "core/logging.h"
#include "core/urls.h"
#include "request/audit.h"
#include "request/errorresponse.h"
#include "signin/completesignin.h"
#include "twofactor/pendingstep.h"

#include <gatehouse/twofactor.h>

#include <QUrlQuery>

namespace Gatehouse::TwoFactorFlow {

namespace {

QString addressKey(const RequestState &s)
{
    return QStringLiteral("two-factor:ip:%1").arg(s.clientAddress.toString());
}

//! Back to the code page, saying why (\c InvalidCode or \c TooManyAttempts).
AuthResponse again(const RequestState &s, const QString &error)
{
    return s.withCookies(s.redirect(Urls::withQuery(s.baseUrl + QStringLiteral("/two-factor"),
                                                    QUrlQuery{{QStringLiteral("error"), error}})));
}

QFuture<bool> limitedByAddress(const RequestState &s)
{
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return QtFuture::makeReadyFuture(false);
    return s.engine.rateLimiter().isLimited(addressKey(s), rl.maxFailuresPerAddress, rl.windowSeconds);
}

//! The code is checked; a valid one spends the step and starts the session.
QFuture<AuthResponse> verify(const State &state, const PendingStep &step)
{
    const RequestState &s = *state;
    const TwoFactor twoFactor(s.config.adapter, s.config.secret);
    TwoFactorChange change;
    change.clientAddress = s.clientAddress.isNull() ? QString() : s.clientAddress.toString();
    const QString code = s.body.value(QStringLiteral("code")).toString();
    return twoFactor.verify(step.userId, code, change)
        .then(QtFuture::Launch::Sync, [state, step](QFuture<SecondFactor> checked) -> QFuture<AuthResponse> {
            const RequestState &s = *state;
            try {
                checked.waitForFinished();
            } catch (const InvalidTwoFactorCode &) {
                if (!s.config.rateLimit.enabled)
                    return QtFuture::makeReadyFuture(again(s, QStringLiteral("InvalidCode")));
                // Answered once counted: a quick next guess is checked against the new count.
                return s.engine.rateLimiter().recordFailure(addressKey(s), s.config.rateLimit.windowSeconds)
                    .then(QtFuture::Launch::Sync, [state] { return again(*state, QStringLiteral("InvalidCode")); });
            } catch (const TooManyTwoFactorAttempts &) {
                return QtFuture::makeReadyFuture(again(s, QStringLiteral("TooManyAttempts")));
            } catch (const TwoFactorNotEnrolled &) {
                // Removed (an administrator's reset) since the first factor: sign in again.
                return QtFuture::makeReadyFuture(expired(s));
            }
            return continueWith(step.spend(s), [state, step](bool first) -> QFuture<AuthResponse> {
                if (!first)  // completed a moment ago by another request with the same cookie
                    return QtFuture::makeReadyFuture(expired(*state));
                state->callbackUrl = step.callbackUrl;
                SignInResult result;
                result.user = step.user;
                result.account = step.account;
                result.profile = step.profile;
                result.isNewUser = step.isNewUser;
                result.stored = true;
                return continueWith(startSession(state, result, /*stored: a person with an authenticator*/ true), [state](AuthResponse response) {
                    response.cookies.append(PendingStep::remove(*state));
                    return response;
                });
            });
        })
        .unwrap();
}

} // namespace

AuthResponse expired(const RequestState &state)
{
    AuthResponse response = state.redirect(Urls::withQuery(state.pageUrl(RequestState::Page::SignIn),
                                                            QUrlQuery{{QStringLiteral("error"), QStringLiteral("TwoFactorExpired")}}));
    response.cookies = PendingStep::remove(state);
    return state.withCookies(response);
}

QFuture<AuthResponse> submit(const State &state)
{
    const RequestState &s = *state;
    const std::optional<PendingStep> step = PendingStep::fromCookie(s);
    if (!step)
        return QtFuture::makeReadyFuture(expired(s));
    QFuture<AuthResponse> response;
    try {
        response = limitedByAddress(s)
            .then(QtFuture::Launch::Sync, [state, step = *step](bool limited) -> QFuture<AuthResponse> {
                const RequestState &s = *state;
                if (limited) {
                    qCWarning(lcCore).noquote() << "two-factor code rate limited: address" << s.clientAddress.toString();
                    Audit::record(s, QStringLiteral("twoFactorFailure"), step.userId, step.provider,
                                  QJsonObject{{QStringLiteral("code"), QStringLiteral("rate_limited")}});
                    return QtFuture::makeReadyFuture(again(s, QStringLiteral("TooManyAttempts")));
                }
                return continueWith(step.isSpent(s), [state, step](bool spent) -> QFuture<AuthResponse> {
                    if (spent)
                        return QtFuture::makeReadyFuture(expired(*state));
                    return verify(state, step);
                });
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::TwoFactorFlow
