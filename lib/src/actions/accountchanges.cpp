#include "actions/accountendpoint.h"
#include "oidclogout/sessionend.h"
#include "oidcprovider/sessionid.h"

#include "account/accountforms.h"
#include "account/recentsignin.h"
#include "core/cookies.h"
#include "core/futures.h"
#include "core/mailprovider.h"
#include "core/ratelimitkeys.h"
#include "request/audit.h"
#include "request/errorresponse.h"
#include "session/jwtsession.h"
#include "session/sessionreader.h"
#include "session/signintime.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/errors.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/twofactor.h>

namespace Gatehouse::Actions::AccountEndpoint {

namespace {

using AccountForms::Form;

AccountChange changeOf(const RequestState &s)
{
    return {s.clientAddress.isNull() ? QString() : s.clientAddress.toString(),
            QString::fromUtf8(s.request.header("user-agent"))};
}

//! The rate-limit keys of a password check: the built-in sign-in's own, so that the account
//! page and the sign-in form share one count of attempts per account and per address.
struct PasswordAttempt
{
    QString identifierKey;
    QString addressKey;
};

PasswordAttempt passwordAttempt(const RequestState &s, const Provider &provider, const AdapterUser &user)
{
    return {RateLimitKeys::credentialsIdentifier(provider.id, user.email.trimmed().toCaseFolded()),
            RateLimitKeys::credentialsAddress(provider.id, s.clientAddress.toString())};
}

//! Counts the check of the current password before it is made, against the sign-in's limits;
//! true when both allow it (a refused check is counted against neither).
QFuture<bool> takePasswordAttempt(const RequestState &s, const PasswordAttempt &attempt)
{
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return QtFuture::makeReadyFuture(true);
    return continueWith(s.engine.rateLimiter().tryAttempts({{attempt.identifierKey, rl.maxFailuresPerIdentifier},
                                                            {attempt.addressKey, rl.maxFailuresPerAddress}},
                                                           rl.windowSeconds),
                        [](const QString &refusedBy) { return refusedBy.isEmpty(); });
}

//! After the right password: the account's count cleared, the address's attempt given back.
QFuture<void> forgivePasswordAttempt(const RequestState &s, const PasswordAttempt &attempt)
{
    if (!s.config.rateLimit.enabled)
        return QtFuture::makeReadyFuture();
    RateLimiter &limiter = s.engine.rateLimiter();
    QFuture<void> address = limiter.refund(attempt.addressKey, s.config.rateLimit.windowSeconds);
    return limiter.reset(attempt.identifierKey).then(QtFuture::Launch::Sync, [address] { return address; }).unwrap();
}

/*!
 * Runs \a next when the person of \a session signed in recently enough for a change that could
 * lock them out or hand the account to someone else; else the sign-in page, which comes back
 * here. An unknown sign-in time (a session from before it was recorded) is never recent.
 */
template<typename Next>
QFuture<AuthResponse> afterRecentSignIn(const State &state, const CurrentSession &session, Next next)
{
    const RequestState &s = *state;
    const QDateTime now = s.config.account.clock ? s.config.account.clock() : QDateTime::currentDateTimeUtc();
    if (!AccountDetail::isRecentSignIn(session.signInTime(), now, s.config.account.reauthenticateAfter))
        return QtFuture::makeReadyFuture(toSignIn(s));
    return next();
}

//! The enrolment of \a secret (base32) as the page shows it: QR code, key, issuer and account.
Pages::AccountContent::TwoFactor enrolmentOf(const RequestState &s, const QString &secret, const AdapterUser &user)
{
    Pages::AccountContent::TwoFactor shown;
    if (const auto enrolment = SiteTwoFactor::enrolment(s, secret, user.email))
        shown.enrolment = {enrolment->secret, enrolment->qrCodeSvg, enrolment->issuer, enrolment->accountName};
    return shown;
}

//! The answer when \a form failed with \a error: the page with the form's notice for it, else the error page.
AuthResponse failedWithNotice(const RequestState &s, const Form &form, std::exception_ptr error)
{
    const QLatin1String notice = AccountForms::noticeFor(form, error);
    return notice.isEmpty() ? errorResponse(s, error) : backToPage(s, notice);
}

//! \a answer, or failedWithNotice() when it fails.
QFuture<AuthResponse> orNotice(const State &state, const Form &form, QFuture<AuthResponse> answer)
{
    return recover(std::move(answer), [state, form = &form](std::exception_ptr error) { return failedWithNotice(*state, *form, error); });
}

//! Back to the page with the form's notice once \a done has finished; its failures as orNotice().
QFuture<AuthResponse> thenBack(const State &state, const Form &form, QFuture<void> done)
{
    return orNotice(state, form, done.then(QtFuture::Launch::Sync, [state, form = &form] { return backToPage(*state, form->done); }));
}

template<typename T>
QFuture<AuthResponse> thenBack(const State &state, const Form &form, QFuture<T> done)
{
    return orNotice(state, form, done.then(QtFuture::Launch::Sync, [state, form = &form](const T &) {
                        return backToPage(*state, form->done);
                    }));
}

/*
 * The two-factor changes. A new secret and new recovery codes are shown in the response itself
 * (no-store), never carried through a redirect; every change is audited by TwoFactor.
 */

QFuture<AuthResponse> twoFactorBegin(const State &state, const AdapterUser &user, const Form &form)
{
    const RequestState &s = *state;
    return orNotice(state, form, continueWith(SiteTwoFactor::of(s).beginEnrolment(user.id, user.email, SiteTwoFactor::changeOf(s)),
                                              [state, user](const TotpEnrolmentOffer &offer) {
                                                  return showPage(state, user, enrolmentOf(*state, offer.secret, user));
                                              }));
}

QFuture<AuthResponse> twoFactorConfirm(const State &state, const AdapterUser &user, const Form &form)
{
    const RequestState &s = *state;
    // The key typed into the app comes back with the code, so that a wrong code shows the
    // same enrolment again; only the stored pending secret decides whether a code is right.
    const QString secret = s.param(QStringLiteral("secret"));
    QFuture<AuthResponse> confirmed = continueWith(
        SiteTwoFactor::of(s).confirmEnrolment(user.id, s.param(QStringLiteral("code")), SiteTwoFactor::changeOf(s)),
        [state, user, form = &form](const QStringList &codes) {
            Pages::AccountContent::TwoFactor shown;
            shown.newRecoveryCodes = codes;
            return showPage(state, user, shown, form->done);
        });
    return recoverLater(confirmed, [state, user, secret, form = &form](std::exception_ptr error) -> QFuture<AuthResponse> {
        try {
            std::rethrow_exception(error);
        } catch (const InvalidTwoFactorCode &) {
            const QString notice = AccountForms::noticeFor(*form, error);
            const Pages::AccountContent::TwoFactor shown = enrolmentOf(*state, secret, user);
            if (shown.enrolment.secret.isEmpty())
                return QtFuture::makeReadyFuture(backToPage(*state, notice));
            return showPage(state, user, shown, notice);
        } catch (...) {
        }
        return QtFuture::makeReadyFuture(failedWithNotice(*state, *form, error));
    });
}

QFuture<AuthResponse> twoFactorNewCodes(const State &state, const AdapterUser &user, const Form &form)
{
    return orNotice(state, form, continueWith(SiteTwoFactor::of(*state).regenerateRecoveryCodes(user.id, SiteTwoFactor::changeOf(*state)),
                                              [state, user, form = &form](const QStringList &codes) {
                                                  Pages::AccountContent::TwoFactor shown;
                                                  shown.newRecoveryCodes = codes;
                                                  return showPage(state, user, shown, form->done);
                                              }));
}

//! The notice for a new password the one rule refuses; empty when it is acceptable.
QString passwordNotice(NewPasswordProblem problem)
{
    switch (problem) {
    case NewPasswordProblem::None:
        return {};
    case NewPasswordProblem::Empty:
    case NewPasswordProblem::TooShort:
        return QStringLiteral("passwordTooShort");
    case NewPasswordProblem::TooLong:
        return QStringLiteral("passwordTooLong");
    case NewPasswordProblem::IsEmailAddress:
        return QStringLiteral("passwordIsEmail");
    }
    return {};
}

/*!
 * With JWT sessions, "sign out all others" has set the user's "not before" to now: this
 * browser's token is issued anew (a fresh iat), so that it alone stays signed in.
 */
QList<SetCookie> renewedJwt(const RequestState &s)
{
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database)
        return {};
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> claims = jwt.read(s.requestCookies);
    if (!claims)
        return {};
    const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(s.config.session.maxAge);
    return jwt.write(jwt.encode(*claims, s.config.session.maxAge), expires, s.requestCookies);
}

/*!
 * The \c sid of this browser's session (oidcprovider/sessionid.h), which goes on when the
 * others end: its OpenID Provider clients are not told.
 */
QString currentSessionSid(const RequestState &s)
{
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database)
        return OidcProvider::databaseSessionId(s.config.secret, databaseToken(s));
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> claims = jwt.read(s.requestCookies);
    if (!claims)
        return {};
    return OidcProvider::jwtSessionId(s.config.secret, claims->value(QStringLiteral("sub")).toString(), SignInTime::of(*claims));
}

/*!
 * A new password (after a recent sign-in): the new one typed twice and acceptable, the sign-in's
 * rate limits, then the current password checked and the change made
 * (Account::changePassword(): other sessions end). With JWT sessions this browser's token is
 * issued anew, so that it stays signed in.
 */
QFuture<AuthResponse> changePassword(const State &state, const Account &account, const AdapterUser &user, const Form &form)
{
    const RequestState &s = *state;
    const PasswordAttempt attempt = passwordAttempt(s, *builtinPasswords(s), user);
    const QString current = s.param(QStringLiteral("currentPassword"));
    const QString next = s.param(QStringLiteral("newPassword"));
    if (next != s.param(QStringLiteral("confirmPassword")))
        return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("passwordsDiffer")));
    if (const QString notice = passwordNotice(newPasswordProblem(next, user.email)); !notice.isEmpty())
        return QtFuture::makeReadyFuture(backToPage(s, notice));
    // Counted before the current password is checked, as a sign-in's password is: concurrent
    // guesses get no more checks than the limit allows.
    return continueWith(takePasswordAttempt(s, attempt), [state, account, user, attempt, current, next, form = &form](bool allowed) {
        const RequestState &s = *state;
        if (!allowed)
            return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("tooManyAttempts")));
        QFuture<AuthResponse> changed = continueWith(
            account.changePassword(user.id, current, next, databaseToken(s), changeOf(s)),
            [state, attempt, form, userId = user.id, keep = currentSessionSid(s)](qint64) {
                // The other sessions ended: their OpenID Provider clients are told.
                OidcLogout::allSessionsEnded(*state, userId, keep);
                // Answered once the counts are forgiven, so that no later attempt's count is wiped.
                return forgivePasswordAttempt(*state, attempt).then(QtFuture::Launch::Sync, [state, form] {
                    return backToPage(*state, form->done, renewedJwt(*state));
                });
            });
        return recoverLater(changed, [state, attempt, form](std::exception_ptr error) -> QFuture<AuthResponse> {
            const RequestState &s = *state;
            try {
                std::rethrow_exception(error);
            } catch (const IncorrectPassword &) {
                // The attempt stays counted.
                return QtFuture::makeReadyFuture(failedWithNotice(s, *form, error));
            } catch (...) {
            }
            // No wrong password (the store failed, the input was refused): it counts nothing.
            QFuture<void> givenBack = s.config.rateLimit.enabled
                ? s.engine.rateLimiter().refunds({attempt.identifierKey, attempt.addressKey}, s.config.rateLimit.windowSeconds)
                : QtFuture::makeReadyFuture();
            return givenBack.then(QtFuture::Launch::Sync, [state, error, form] { return failedWithNotice(*state, *form, error); });
        });
    });
}

/*!
 * Takes an app's access away (the "Apps with access" section): the consent and every refresh
 * grant of that client for the person go in one step (OidcConsentStore::revokeOidcConsent()),
 * so the app must ask again; audited as oidcConsentRevoked.
 */
QFuture<AuthResponse> revokeApp(const State &state, const AdapterUser &user, const Form &form)
{
    const RequestState &s = *state;
    const QString clientId = s.param(QStringLiteral("clientId"));
    if (clientId.isEmpty() || clientId.size() > 128)
        return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("appNotFound")));
    return orNotice(state, form, s.stores().oidcConsents->revokeOidcConsent(user.id, clientId).then(
        QtFuture::Launch::Sync, [state, form = &form, userId = user.id, clientId](bool found) {
            if (!found)
                return backToPage(*state, QStringLiteral("appNotFound"));
            Audit::record(*state, QStringLiteral("oidcConsentRevoked"), userId, QString(),
                          {{QStringLiteral("clientId"), clientId}, {QStringLiteral("by"), userId}});
            return backToPage(*state, form->done);
        }));
}

//! Runs \a form's operation for \a user; what must hold first has been checked.
QFuture<AuthResponse> perform(const State &state, const Account &account, const AdapterUser &user, const Form &form)
{
    const RequestState &s = *state;
    using AccountForms::Operation;
    switch (form.operation) {
    case Operation::SetName:
        return thenBack(state, form, account.setName(user.id, s.param(QStringLiteral("name")), changeOf(s)));
    case Operation::EndSession:
        return orNotice(state, form, account.endSession(user.id, s.param(QStringLiteral("sessionId")), changeOf(s))
                                         .then(QtFuture::Launch::Sync, [state, form = &form](const QString &token) {
                                             // That session's OpenID Provider clients are told; only
                                             // database sessions are listed, so its sid is its token's.
                                             const RequestState &s = *state;
                                             OidcLogout::sessionEnded(s, OidcProvider::databaseSessionId(s.config.secret, token));
                                             return backToPage(s, form->done);
                                         }));
    case Operation::EndOthers:
        return orNotice(state, form, account.endOtherSessions(user.id, databaseToken(s), changeOf(s))
                                         .then(QtFuture::Launch::Sync, [state, form = &form, userId = user.id,
                                                                        keep = currentSessionSid(s)](qint64) {
                                             OidcLogout::allSessionsEnded(*state, userId, keep);
                                             return backToPage(*state, form->done, renewedJwt(*state));
                                         }));
    case Operation::EndAll:
        return orNotice(state, form, account.endAllSessions(user.id, changeOf(s)).then(QtFuture::Launch::Sync, [state, userId = user.id](qint64) {
            // This browser's session has ended too: its cookie goes, and the sign-in page
            // comes back here.
            const RequestState &s = *state;
            OidcLogout::allSessionsEnded(s, userId);
            AuthResponse response = toSignIn(s);
            response.cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
            return response;
        }));
    case Operation::ChangePassword:
        return changePassword(state, account, user, form);
    case Operation::UnlinkAccount:
        return thenBack(state, form, account.unlinkAccount(user.id, s.param(QStringLiteral("accountId")),
                                                           SignInMethods::of(s.config.providers), changeOf(s)));
    case Operation::RenamePasskey:
        return thenBack(state, form, account.renamePasskey(user.id, s.param(QStringLiteral("passkeyId")),
                                                           s.param(QStringLiteral("name")), changeOf(s)));
    case Operation::RemovePasskey:
        return thenBack(state, form, account.removePasskey(user.id, s.param(QStringLiteral("passkeyId")),
                                                           SignInMethods::of(s.config.providers), changeOf(s)));
    case Operation::TwoFactorBegin:
        return twoFactorBegin(state, user, form);
    case Operation::TwoFactorConfirm:
        return twoFactorConfirm(state, user, form);
    case Operation::TwoFactorNewCodes:
        return twoFactorNewCodes(state, user, form);
    case Operation::TwoFactorRemove:
        return thenBack(state, form, SiteTwoFactor::of(s).remove(user.id, SiteTwoFactor::changeOf(s)));
    case Operation::RevokeApp:
        return revokeApp(state, user, form);
    case Operation::SetNotices:
        // An unticked box sends nothing: anything but "yes" turns the notice off.
        return thenBack(state, form, account.setNoticeEnabled(user.id, QStringLiteral("newDevice"),
                                                              s.param(QStringLiteral("newDevice")) == u"yes", changeOf(s)));
    }
    Q_UNREACHABLE();
}

//! Whether this configuration offers what \a needs names.
bool offers(const RequestState &s, AccountForms::Needs needs)
{
    switch (needs) {
    case AccountForms::Needs::Nothing:
        return true;
    case AccountForms::Needs::BuiltinPasswords:
        return builtinPasswords(s) != nullptr;
    case AccountForms::Needs::TwoFactor:
        return SiteTwoFactor::of(s).isAvailable() && s.config.twoFactor.required != TwoFactorSignInOptions::Required::Never;
    case AccountForms::Needs::NoticeChoices:
        return offersNoticeChoices(s, Account(s.config.adapter, s.config.session));
    case AccountForms::Needs::OidcConsents:
        return s.config.oidcProvider.has_value() && s.stores().oidcConsents != nullptr;
    }
    return false;
}

} // namespace

bool offersNoticeChoices(const RequestState &s, const Account &account)
{
    const QUrl &url = s.config.url;
    return s.config.account.notices.newDevice && account.keepsNoticeChoices() && smtpMailProvider(s.config.providers)
        && url.isValid() && !url.host().isEmpty();
}

QFuture<AuthResponse> change(const State &state, const CurrentSession &session)
{
    const RequestState &s = *state;
    const AdapterUser &user = *session.user();
    const Form *form = AccountForms::find(s.param(QStringLiteral("action")));
    if (!form || !offers(s, form->needs))
        return QtFuture::makeReadyFuture(s.withCookies(jsonError(UnknownAction(), 400)));
    // A confirmation checkbox works without JavaScript; it is asked before the sign-in is.
    if (!form->unconfirmed.isEmpty() && s.param(QStringLiteral("confirm")) != u"yes")
        return QtFuture::makeReadyFuture(backToPage(s, form->unconfirmed));
    const Account account(s.config.adapter, s.config.session);
    if (!form->recentSignIn)
        return perform(state, account, user, *form);
    return afterRecentSignIn(state, session, [state, account, user, form] { return perform(state, account, user, *form); });
}

} // namespace Gatehouse::Actions::AccountEndpoint
