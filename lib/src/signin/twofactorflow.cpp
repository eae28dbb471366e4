#include "signin/twofactorflow.h"

#include "core/futures.h"
#include "core/ratelimitkeys.h"
#include "core/logging.h"
#include "core/urls.h"
#include "request/audit.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "signin/completesignin.h"
#include "twofactor/pendingstep.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/twofactor.h>

#include <QUrlQuery>

namespace Gatehouse::TwoFactorFlow {

namespace {

QString addressKey(const RequestState &s)
{
    return RateLimitKeys::twoFactorAddress(s.clientAddress.toString());
}

//! Back to the code page, saying why (\c InvalidCode or \c TooManyAttempts).
AuthResponse again(const RequestState &s, const QString &error)
{
    return s.withCookies(s.redirect(Urls::withQuery(s.pageUrl(RequestState::Page::TwoFactor),
                                                    QUrlQuery{{QStringLiteral("error"), error}})));
}

//! Counts the code against the address's limit before it is checked; true when allowed.
QFuture<bool> takeAttempt(const RequestState &s)
{
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return QtFuture::makeReadyFuture(true);
    return s.engine.rateLimiter().tryAttempt(addressKey(s), rl.maxFailuresPerAddress, rl.windowSeconds);
}

//! Gives the address back an attempt that was no wrong code; \a answer once it is given back.
QFuture<AuthResponse> refundThen(const RequestState &s, AuthResponse answer)
{
    if (!s.config.rateLimit.enabled)
        return QtFuture::makeReadyFuture(std::move(answer));
    return s.engine.rateLimiter().refund(addressKey(s), s.config.rateLimit.windowSeconds)
        .then(QtFuture::Launch::Sync, [answer = std::move(answer)] { return answer; });
}

/*!
 * The page after an enrolment at sign-in: the new \a recoveryCodes, shown once, and a link on
 * to where \a session (the redirect that starts the session) was going, with its cookies.
 */
AuthResponse enrolled(const RequestState &s, const AuthResponse &session, const QStringList &recoveryCodes)
{
    Pages::TwoFactorContent content;
    content.recoveryCodes = recoveryCodes;
    content.continueUrl = QString::fromUtf8(session.header("location"));
    AuthResponse page = PageResponses::twoFactor(s, content);
    page.cookies = session.cookies;
    return page;
}

/*!
 * Spends the step and starts the session the first factor would have started, recording the
 * code \a used; after an enrolment (\a recoveryCodes) the answer is the page that shows them. The code was right: the
 * address gets its attempt back.
 */
QFuture<AuthResponse> complete(const State &state, const PendingStep &step, SecondFactor used,
                               const QStringList &recoveryCodes = {})
{
    return continueWith(step.spend(*state), [state, step, used, recoveryCodes](bool first) -> QFuture<AuthResponse> {
        if (!first)  // completed a moment ago by another request with the same cookie
            return refundThen(*state, expired(*state));
        state->callbackUrl = step.callbackUrl;
        SignInResult result;
        result.user = step.user;
        result.account = step.account;
        result.profile = step.profile;
        result.isNewUser = step.isNewUser;
        result.stored = true;
        result.secondStep = used == SecondFactor::RecoveryCode ? SignInStep::RecoveryCode : SignInStep::Totp;
        return continueWith(startSession(state, result, /*stored: a person with an authenticator*/ true),
                            [state, recoveryCodes](AuthResponse response) {
                                response.cookies.append(PendingStep::remove(*state));
                                return refundThen(*state, recoveryCodes.isEmpty() ? response
                                                                                    : enrolled(*state, response, recoveryCodes));
                            });
    });
}

/*!
 * The answer to a code that was refused: back to the page saying why (a wrong code stays counted
 * for the client address), or to sign-in when nothing is left to complete (the person's
 * authenticator was removed, or the enrolment replaced or confirmed elsewhere, since the first
 * factor). A code that was not found wrong gives the address its attempt back. Other failures
 * stay failures.
 */
QFuture<AuthResponse> refused(const State &state, std::exception_ptr error)
{
    const RequestState &s = *state;
    try {
        std::rethrow_exception(error);
    } catch (const InvalidTwoFactorCode &) {
        return QtFuture::makeReadyFuture(again(s, QStringLiteral("InvalidCode")));
    } catch (const TooManyTwoFactorAttempts &) {
        return refundThen(s, again(s, QStringLiteral("TooManyAttempts")));
    } catch (const TwoFactorNotEnrolled &) {
        return refundThen(s, expired(s));
    } catch (...) {
    }
    if (!s.config.rateLimit.enabled)
        return failedFuture<AuthResponse>(error);
    // No wrong code (the store failed): it counts nothing, as it never did.
    return s.engine.rateLimiter().refund(addressKey(s), s.config.rateLimit.windowSeconds)
        .then(QtFuture::Launch::Sync, [error]() -> AuthResponse { std::rethrow_exception(error); });
}

//! The code is checked; a valid one spends the step and starts the session.
QFuture<AuthResponse> verify(const State &state, const PendingStep &step)
{
    const RequestState &s = *state;
    const QString code = s.body.value(QStringLiteral("code")).toString();
    QFuture<AuthResponse> verified = continueWith(SiteTwoFactor::of(s).verify(step.userId, code, SiteTwoFactor::changeOf(s)),
                                                  [state, step](SecondFactor used) { return complete(state, step, used); });
    return recoverLater(verified, [state](std::exception_ptr error) { return refused(state, error); });
}

/*!
 * Policy "always" for a person without an authenticator: the code confirms the enrolment
 * begun with the step; the session starts and the answer is a page with the recovery codes
 * (shown once) and a link on to where the sign-in was going.
 */
QFuture<AuthResponse> confirm(const State &state, const PendingStep &step)
{
    const RequestState &s = *state;
    const QString code = s.body.value(QStringLiteral("code")).toString();
    QFuture<AuthResponse> confirmed = continueWith(
        SiteTwoFactor::of(s).confirmEnrolment(step.userId, code, SiteTwoFactor::changeOf(s)),
        [state, step](const QStringList &codes) {
            return complete(state, step, SecondFactor::Totp, codes);
        });
    return recoverLater(confirmed, [state](std::exception_ptr error) { return refused(state, error); });
}

} // namespace

AuthResponse expired(const RequestState &state)
{
    AuthResponse response = state.redirect(errorPageUrl(state, TwoFactorExpired()));
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
        response = takeAttempt(s)
            .then(QtFuture::Launch::Sync, [state, step = *step](bool allowed) -> QFuture<AuthResponse> {
                const RequestState &s = *state;
                if (!allowed) {
                    qCWarning(lcCore).noquote() << "two-factor code rate limited: address" << s.clientAddress.toString();
                    Audit::record(s, QStringLiteral("twoFactorFailure"), step.userId, step.provider,
                                  QJsonObject{{QStringLiteral("code"), QStringLiteral("rate_limited")}});
                    return QtFuture::makeReadyFuture(again(s, QStringLiteral("TooManyAttempts")));
                }
                return continueWith(step.isSpent(s), [state, step](bool spent) -> QFuture<AuthResponse> {
                    if (spent)
                        return refundThen(*state, expired(*state));
                    return step.enrols() ? confirm(state, step) : verify(state, step);
                });
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::TwoFactorFlow
