#include "actions/actions.h"

#include "account/recentsignin.h"
#include "core/futures.h"
#include "core/urls.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "session/databasesession.h"
#include "session/jwtsession.h"
#include "session/signintime.h"
#include "signin/currentuser.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/account.h>
#include <gatehouse/errors.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/twofactor.h>

namespace Gatehouse::Actions {

namespace {

//! The account page's URL: the built-in one, or the application's own (pages.account).
QString accountUrl(const RequestState &s)
{
    return s.pageUrl(RequestState::Page::Account);
}

//! Not signed in: to the sign-in page, which comes back here afterwards.
AuthResponse toSignIn(const RequestState &s)
{
    const QString query = QStringLiteral("callbackUrl=") + QString::fromLatin1(QUrl::toPercentEncoding(accountUrl(s)));
    AuthResponse response = s.redirect(Urls::withQuery(s.pageUrl(RequestState::Page::SignIn), query));
    response.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
    return s.withCookies(response);
}

//! Back to the page after a change (POST-redirect-GET), with the notice to show.
AuthResponse backToPage(const RequestState &s, const QString &notice, QList<SetCookie> cookies = {})
{
    AuthResponse response = s.redirect(Urls::withQuery(accountUrl(s), QUrlQuery{{QStringLiteral("notice"), notice}}));
    response.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
    response.cookies = std::move(cookies);
    return s.withCookies(response);
}

//! The token of the request's database session, empty with JWT sessions.
QString databaseToken(const RequestState &s)
{
    if (s.config.sessionStrategy() != SessionOptions::Strategy::Database)
        return {};
    return DatabaseSession(s.stores(), s.config.session, s.cookies.sessionToken).token(s.requestCookies);
}

/*!
 * Why a POST to the page must not be obeyed though its CSRF token is right: the browser says it
 * comes from another site (Sec-Fetch-Site, or else Origin). Empty when it may.
 * Sec-Fetch-Site decides when it is there: the pages send `Referrer-Policy: no-referrer`, under
 * which a browser's own same-origin form posts carry `Origin: null`.
 */
QString crossSiteReason(const RequestState &s)
{
    const QByteArray site = s.request.header("sec-fetch-site");
    if (!site.isEmpty())
        return site == "same-origin" ? QString() : QStringLiteral("Sec-Fetch-Site is \"%1\"").arg(QString::fromLatin1(site));
    const QByteArray origin = s.request.header("origin");
    if (!origin.isEmpty() && QString::fromLatin1(origin) != s.origin.origin)
        return QStringLiteral("Origin %1 is not %2").arg(QString::fromLatin1(origin), s.origin.origin);
    return {};
}

AccountChange changeOf(const RequestState &s)
{
    return {s.clientAddress.isNull() ? QString() : s.clientAddress.toString(),
            QString::fromUtf8(s.request.header("user-agent"))};
}

//! The built-in password provider (passwordCredentialsProvider()), null when none is configured.
const Provider *builtinPasswords(const RequestState &s)
{
    for (const Provider &provider : s.config.providers) {
        if (provider.type == u"credentials" && provider.option(QStringLiteral("authorize")).toString() == u"builtin")
            return &provider;
    }
    return nullptr;
}

/*!
 * When the person of this request signed in: the database session's beginning, or the JWT's
 * auth_time. Invalid when unknown (an older session), which never counts as recent.
 */
QFuture<QDateTime> signedInAt(const RequestState &s, const Account &account, const QString &userId)
{
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database) {
        return continueWith(account.sessions(userId, databaseToken(s)), [](const QList<AccountSession> &list) {
            for (const AccountSession &session : list) {
                if (session.current)
                    return session.createdAt;
            }
            return QDateTime();
        });
    }
    const auto codec = s.engine.jwe(s.config.secret);
    const std::optional<QJsonObject> claims = JwtSession(*codec, s.config.jwt, s.cookies.sessionToken).read(s.requestCookies);
    return QtFuture::makeReadyFuture(claims ? SignInTime::of(*claims) : QDateTime());
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
    return {QStringLiteral("credentials:%1:id:%2").arg(provider.id, user.email.trimmed().toCaseFolded()),
            QStringLiteral("credentials:%1:ip:%2").arg(provider.id, s.clientAddress.toString())};
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

QList<SetCookie> renewedJwt(const RequestState &s);
QFuture<AuthResponse> showSessions(const State &state, const Account &account, Pages::AccountContent content,
                                   const QFuture<bool> &password, const QString &userId, const QList<AccountSession> &list);
QFuture<AuthResponse> showPage(const State &state, const AdapterUser &user, const Pages::AccountContent::TwoFactor &twoFactor = {},
                               const QString &notice = {});

/*!
 * Runs \a next when the person of this request signed in recently enough for a change that
 * could lock them out or hand the account to someone else; else the sign-in page, which comes
 * back here.
 */
template <typename Next>
QFuture<AuthResponse> afterRecentSignIn(const State &state, const Account &account, const AdapterUser &user, Next next)
{
    return continueWith(signedInAt(*state, account, user.id), [state, next](const QDateTime &at) -> QFuture<AuthResponse> {
        const RequestState &s = *state;
        const QDateTime now = s.config.account.clock ? s.config.account.clock() : QDateTime::currentDateTimeUtc();
        if (!AccountDetail::isRecentSignIn(at, now, s.config.account.reauthenticateAfter))
            return QtFuture::makeReadyFuture(toSignIn(s));
        return next();
    });
}

//! The enrolment of \a secret (base32) as the page shows it: QR code, key, issuer and account.
Pages::AccountContent::TwoFactor enrolmentOf(const RequestState &s, const QString &secret, const AdapterUser &user)
{
    Pages::AccountContent::TwoFactor shown;
    if (const auto enrolment = SiteTwoFactor::enrolment(s, secret, user.email))
        shown.enrolment = {enrolment->secret, enrolment->qrCodeSvg, enrolment->issuer, enrolment->accountName};
    return shown;
}

/*!
 * The two-factor changes (action twoFactorBegin, twoFactorConfirm, twoFactorNewCodes,
 * twoFactorRemove). A new secret and new recovery codes are shown in the response itself
 * (no-store), never carried through a redirect; every change is audited by TwoFactor.
 */
QFuture<AuthResponse> twoFactorChange(const State &state, const Account &account, const AdapterUser &user, const QString &what)
{
    const RequestState &s = *state;
    const TwoFactor twoFactor = SiteTwoFactor::of(s);
    const auto failed = [state](std::exception_ptr error) -> AuthResponse {
        try {
            std::rethrow_exception(error);
        } catch (const TwoFactorAlreadyEnrolled &) {
            return backToPage(*state, QStringLiteral("twoFactorAlreadyOn"));
        } catch (const TwoFactorNotEnrolled &) {
            return backToPage(*state, QStringLiteral("twoFactorNoEnrolment"));
        } catch (const TooManyTwoFactorAttempts &) {
            return backToPage(*state, QStringLiteral("tooManyAttempts"));
        } catch (...) {
            return errorResponse(*state, std::current_exception());
        }
    };
    if (what == u"twoFactorBegin") {
        return afterRecentSignIn(state, account, user, [state, twoFactor, user, failed] {
            const RequestState &s = *state;
            QFuture<AuthResponse> shown = continueWith(
                twoFactor.beginEnrolment(user.id, user.email, SiteTwoFactor::changeOf(s)),
                [state, user](const TotpEnrolmentOffer &offer) {
                    return showPage(state, user, enrolmentOf(*state, offer.secret, user));
                });
            return recover(shown, failed);
        });
    }
    if (what == u"twoFactorConfirm") {
        // The key typed into the app comes back with the code, so that a wrong code shows the
        // same enrolment again; only the stored pending secret decides whether a code is right.
        const QString secret = s.param(QStringLiteral("secret"));
        QFuture<AuthResponse> confirmed = continueWith(
            twoFactor.confirmEnrolment(user.id, s.param(QStringLiteral("code")), SiteTwoFactor::changeOf(s)),
            [state, user](const QStringList &codes) {
                Pages::AccountContent::TwoFactor shown;
                shown.newRecoveryCodes = codes;
                return showPage(state, user, shown, QStringLiteral("twoFactorOn"));
            });
        return recoverLater(confirmed, [state, user, secret, failed](std::exception_ptr error) -> QFuture<AuthResponse> {
            try {
                std::rethrow_exception(error);
            } catch (const InvalidTwoFactorCode &) {
                const Pages::AccountContent::TwoFactor shown = enrolmentOf(*state, secret, user);
                if (shown.enrolment.secret.isEmpty())
                    return QtFuture::makeReadyFuture(backToPage(*state, QStringLiteral("twoFactorWrongCode")));
                return showPage(state, user, shown, QStringLiteral("twoFactorWrongCode"));
            } catch (...) {
                return QtFuture::makeReadyFuture(failed(std::current_exception()));
            }
        });
    }
    if (what == u"twoFactorNewCodes") {
        return afterRecentSignIn(state, account, user, [state, twoFactor, user, failed] {
            QFuture<AuthResponse> shown = continueWith(
                twoFactor.regenerateRecoveryCodes(user.id, SiteTwoFactor::changeOf(*state)), [state, user](const QStringList &codes) {
                    Pages::AccountContent::TwoFactor shown;
                    shown.newRecoveryCodes = codes;
                    return showPage(state, user, shown, QStringLiteral("twoFactorNewCodes"));
                });
            return recover(shown, failed);
        });
    }
    // twoFactorRemove: confirmed with the checkbox, which works without JavaScript.
    if (s.param(QStringLiteral("confirm")) != u"yes")
        return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("twoFactorRemoveUnconfirmed")));
    return afterRecentSignIn(state, account, user, [state, twoFactor, user, failed] {
        QFuture<AuthResponse> removed = twoFactor.remove(user.id, SiteTwoFactor::changeOf(*state))
            .then(QtFuture::Launch::Sync, [state](bool) { return backToPage(*state, QStringLiteral("twoFactorRemoved")); });
        return recover(removed, failed);
    });
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
 * A new password: a recent sign-in (else the sign-in page, which comes back here), the new one
 * typed twice and acceptable, the sign-in's rate limits, then the current password checked
 * and the change made (Account::changePassword(): other sessions end). With JWT sessions this
 * browser's token is issued anew, so that it stays signed in.
 */
QFuture<AuthResponse> changePassword(const State &state, const Account &account, const AdapterUser &user)
{
    const RequestState &s = *state;
    const Provider *provider = builtinPasswords(s);
    if (!provider) {
        AuthResponse refused = AuthResponse::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("UnknownAction")}}, 400);
        return QtFuture::makeReadyFuture(s.withCookies(refused));
    }
    const PasswordAttempt attempt = passwordAttempt(s, *provider, user);
    return afterRecentSignIn(state, account, user, [state, account, user, attempt] {
        const RequestState &s = *state;
        const QString current = s.param(QStringLiteral("currentPassword"));
        const QString next = s.param(QStringLiteral("newPassword"));
        if (next != s.param(QStringLiteral("confirmPassword")))
            return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("passwordsDiffer")));
        if (const QString notice = passwordNotice(newPasswordProblem(next, user.email)); !notice.isEmpty())
            return QtFuture::makeReadyFuture(backToPage(s, notice));
        // Counted before the current password is checked, as a sign-in's password is: concurrent
        // guesses get no more checks than the limit allows.
        return continueWith(takePasswordAttempt(s, attempt), [state, account, user, attempt, current, next](bool allowed) {
            const RequestState &s = *state;
            if (!allowed)
                return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("tooManyAttempts")));
            QFuture<AuthResponse> changed = continueWith(
                account.changePassword(user.id, current, next, databaseToken(s), changeOf(s)), [state, attempt](qint64) {
                    // Answered once the counts are forgiven, so that no later attempt's count is wiped.
                    return forgivePasswordAttempt(*state, attempt).then(QtFuture::Launch::Sync, [state] {
                        return backToPage(*state, QStringLiteral("passwordChanged"), renewedJwt(*state));
                    });
                });
            return recoverLater(changed, [state, attempt](std::exception_ptr error) -> QFuture<AuthResponse> {
                const RequestState &s = *state;
                try {
                    std::rethrow_exception(error);
                } catch (const IncorrectPassword &) {
                    // The attempt stays counted.
                    return QtFuture::makeReadyFuture(backToPage(s, QStringLiteral("passwordIncorrect")));
                } catch (...) {
                }
                // No wrong password (the store failed, the input was refused): it counts nothing.
                QFuture<void> givenBack = s.config.rateLimit.enabled
                    ? s.engine.rateLimiter().refunds({attempt.identifierKey, attempt.addressKey}, s.config.rateLimit.windowSeconds)
                    : QtFuture::makeReadyFuture();
                return givenBack.then(QtFuture::Launch::Sync, [state, error] {
                    try {
                        std::rethrow_exception(error);
                    } catch (const InvalidAccountInput &) {
                        return backToPage(*state, QStringLiteral("passwordTooShort"));
                    } catch (...) {
                        return errorResponse(*state, std::current_exception());
                    }
                });
            });
        });
    });
}

/*!
 * The page after removing one of the person's ways to sign in: \a doneNotice, or why nothing
 * was removed (\a notFoundNotice for an id that is not theirs, or the last way to sign in).
 */
QFuture<AuthResponse> afterRemoval(const State &state, QFuture<void> removed, const QString &doneNotice,
                                   const QString &notFoundNotice)
{
    QFuture<AuthResponse> done =
        removed.then(QtFuture::Launch::Sync, [state, doneNotice] { return backToPage(*state, doneNotice); });
    return recover(done, [state, notFoundNotice](std::exception_ptr error) {
        try {
            std::rethrow_exception(error);
        } catch (const AccountRecordNotFound &) {
            return backToPage(*state, notFoundNotice);
        } catch (const LastSignInMethod &) {
            return backToPage(*state, QStringLiteral("lastSignInMethod"));
        } catch (...) {
            return errorResponse(*state, std::current_exception());
        }
    });
}

/*!
 * Unlinks one of the person's OAuth/OIDC accounts after a recent sign-in, with the ways to sign
 * in this configuration offers (Account::unlinkAccount() refuses the last one).
 */
QFuture<AuthResponse> unlinkAccount(const State &state, const Account &account, const AdapterUser &user)
{
    return afterRecentSignIn(state, account, user, [state, account, user] {
        const RequestState &s = *state;
        return afterRemoval(state,
                            account.unlinkAccount(user.id, s.param(QStringLiteral("accountId")),
                                                  SignInMethods::of(s.config.providers), changeOf(s)),
                            QStringLiteral("accountUnlinked"), QStringLiteral("accountNotFound"));
    });
}

/*!
 * Removes one of the person's passkeys after a recent sign-in (Account::removePasskey() refuses
 * the last way to sign in).
 */
QFuture<AuthResponse> removePasskey(const State &state, const Account &account, const AdapterUser &user)
{
    return afterRecentSignIn(state, account, user, [state, account, user] {
        const RequestState &s = *state;
        return afterRemoval(state,
                            account.removePasskey(user.id, s.param(QStringLiteral("passkeyId")),
                                                  SignInMethods::of(s.config.providers), changeOf(s)),
                            QStringLiteral("passkeyRemoved"), QStringLiteral("passkeyNotFound"));
    });
}

//! The WebAuthn provider whose registration adds a passkey on this page; null when none is usable.
const Provider *passkeyProvider(const RequestState &s)
{
    if (PageResponses::passkeyScriptUrl(s).isEmpty())
        return nullptr;
    for (const Provider &provider : s.config.providers) {
        if (provider.isWebAuthn())
            return &provider;
    }
    return nullptr;
}

//! The name a provider is shown with: its configured name, else its id (one no longer configured).
QString providerName(const RequestState &s, const QString &id)
{
    for (const Provider &provider : s.config.providers) {
        if (provider.id == id)
            return provider.name.isEmpty() ? id : provider.name;
    }
    return id;
}

QFuture<AuthResponse> showPage(const State &state, const AdapterUser &user, const Pages::AccountContent::TwoFactor &twoFactor,
                               const QString &notice)
{
    const RequestState &s = *state;
    const Account account(s.config.adapter, s.config.session);
    Pages::AccountContent content;
    content.twoFactor = twoFactor;
    content.name = user.name.value_or(QString());
    content.email = user.email;
    content.emailVerified = user.emailVerified.has_value();
    content.image = user.image.value_or(QString());
    content.notice = notice.isEmpty() ? s.query.queryItemValue(QStringLiteral("notice")) : notice;
    // Two-factor sign-in only where the adapter keeps its records and the policy allows it.
    const TwoFactor tf = SiteTwoFactor::of(s);
    content.twoFactor.offered = tf.isAvailable() && s.config.twoFactor.required != TwoFactorSignInOptions::Required::Never;
    const QFuture<TwoFactorStatus> twoFactorStatus = content.twoFactor.offered ? tf.status(user.id)
                                                                               : QtFuture::makeReadyFuture(TwoFactorStatus());
    const bool database = s.config.sessionStrategy() == SessionOptions::Strategy::Database;
    content.sessionKind = database ? Pages::AccountContent::SessionKind::Database
        : account.canRevokeJwtSessions() ? Pages::AccountContent::SessionKind::JwtRevocable
                                         : Pages::AccountContent::SessionKind::JwtOnly;
    const QFuture<QList<AccountSession>> sessions = database ? account.sessions(user.id, databaseToken(s))
                                                             : QtFuture::makeReadyFuture(QList<AccountSession>());
    // The password section only for a person with a built-in password, where one is configured.
    const QFuture<bool> password = builtinPasswords(s) ? account.hasPassword(user.id) : QtFuture::makeReadyFuture(false);
    // The linked accounts only where an OAuth/OIDC provider is configured (or one is linked).
    content.linksOffered = !SignInMethods::of(s.config.providers).linkProviders.isEmpty();
    // An adapter without AdminStore cannot list them: the section stays empty, the page works.
    const QFuture<QList<AccountLink>> links = account.linkedAccounts(user.id).onFailed(
        [](const MissingAdapterMethods &) { return QList<AccountLink>(); });
    // The passkeys only where a WebAuthn provider is configured; without an AccountStore they
    // cannot be listed, and the section offers adding one only.
    QFuture<QList<AccountPasskey>> passkeys = QtFuture::makeReadyFuture(QList<AccountPasskey>());
    if (const Provider *provider = passkeyProvider(s)) {
        content.passkeyProvider = provider->id;
        content.scripts.append(PageResponses::passkeyScriptUrl(s));
        passkeys = account.passkeys(user.id).onFailed([](const MissingAdapterMethods &) { return QList<AccountPasskey>(); });
    }
    passkeys = continueWith(twoFactorStatus, [passkeys](const TwoFactorStatus &) { return passkeys; });
    return continueWith(passkeys, [state, account, content, sessions, password, links, twoFactorStatus, userId = user.id](const QList<AccountPasskey> &keys) mutable {
        const TwoFactorStatus status = twoFactorStatus.result();
        content.twoFactor.enrolled = status.enrolled;
        content.twoFactor.enrolledAt = status.enrolledAt.value_or(QDateTime());
        content.twoFactor.recoveryCodesLeft = status.recoveryCodesLeft;
        for (const AccountPasskey &key : keys)
            content.passkeys.append({key.id, key.name, key.createdAt, key.lastUsedAt, key.backedUp, key.transports});
        return continueWith(links, [state, account, content, sessions, password, userId](const QList<AccountLink> &linked) mutable {
            QStringList linkedProviders;
            for (const AccountLink &link : linked) {
                content.links.append({link.id, providerName(*state, link.provider), link.linkedAt});
                linkedProviders.append(link.provider);
            }
            for (const Provider &provider : state->config.providers) {
                if ((provider.type == u"oauth" || provider.type == u"oidc") && !linkedProviders.contains(provider.id))
                    content.linkable.append({provider.id, provider.name.isEmpty() ? provider.id : provider.name});
            }
            return continueWith(sessions, [state, account, content, password, userId](const QList<AccountSession> &list) mutable {
                return showSessions(state, account, content, password, userId, list);
            });
        });
    });
}

QFuture<AuthResponse> showSessions(const State &state, const Account &account, Pages::AccountContent content,
                                   const QFuture<bool> &password, const QString &userId, const QList<AccountSession> &list)
{
    for (const AccountSession &session : list) {
        content.sessions.append({session.id, session.current, session.createdAt, session.lastActive,
                                 session.clientAddress, session.browser, session.operatingSystem});
    }
    return continueWith(password, [state, account, content, userId](bool hasPassword) mutable {
        content.password = hasPassword;
        content.passwordMinimum = kMinimumPasswordLength;
        content.passwordMaximum = kMaximumPasswordLength;
        return continueWith(account.recentActivity(userId, 20), [state, content](const QList<AuditEvent> &events) mutable {
            for (const AuditEvent &event : events)
                content.activity.append({event.time, event.type, event.provider, event.clientAddress});
            return PageResponses::account(*state, content);
        });
    });
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

QFuture<AuthResponse> change(const State &state, const AdapterUser &user)
{
    const RequestState &s = *state;
    const Account account(s.config.adapter, s.config.session);
    const QString what = s.param(QStringLiteral("action"));
    if (what == u"setName") {
        return recover(account.setName(user.id, s.param(QStringLiteral("name")), changeOf(s))
                           .then(QtFuture::Launch::Sync, [state](const AccountProfile &) {
                               return backToPage(*state, QStringLiteral("nameSaved"));
                           }),
                       [state](std::exception_ptr error) {
                           try {
                               std::rethrow_exception(error);
                           } catch (const InvalidAccountInput &) {
                               return backToPage(*state, QStringLiteral("invalidName"));
                           } catch (...) {
                               return errorResponse(*state, std::current_exception());
                           }
                       });
    }
    if (what == u"endSession") {
        return recover(account.endSession(user.id, s.param(QStringLiteral("sessionId")), changeOf(s))
                           .then(QtFuture::Launch::Sync, [state] { return backToPage(*state, QStringLiteral("sessionEnded")); }),
                       [state](std::exception_ptr error) {
                           try {
                               std::rethrow_exception(error);
                           } catch (const AccountRecordNotFound &) {
                               return backToPage(*state, QStringLiteral("sessionNotFound"));
                           } catch (...) {
                               return errorResponse(*state, std::current_exception());
                           }
                       });
    }
    if (what == u"changePassword")
        return changePassword(state, account, user);
    if (what == u"unlinkAccount")
        return unlinkAccount(state, account, user);
    if (what == u"renamePasskey") {
        // A new name cannot lock anyone out: no recent sign-in asked, as for the display name.
        return recover(account.renamePasskey(user.id, s.param(QStringLiteral("passkeyId")), s.param(QStringLiteral("name")), changeOf(s))
                           .then(QtFuture::Launch::Sync, [state] { return backToPage(*state, QStringLiteral("passkeyRenamed")); }),
                       [state](std::exception_ptr error) {
                           try {
                               std::rethrow_exception(error);
                           } catch (const AccountRecordNotFound &) {
                               return backToPage(*state, QStringLiteral("passkeyNotFound"));
                           } catch (const InvalidAccountInput &) {
                               return backToPage(*state, QStringLiteral("invalidPasskeyName"));
                           } catch (...) {
                               return errorResponse(*state, std::current_exception());
                           }
                       });
    }
    if (what == u"removePasskey")
        return removePasskey(state, account, user);
    if (what == u"twoFactorBegin" || what == u"twoFactorConfirm" || what == u"twoFactorNewCodes" || what == u"twoFactorRemove") {
        if (SiteTwoFactor::of(s).isAvailable() && s.config.twoFactor.required != TwoFactorSignInOptions::Required::Never)
            return twoFactorChange(state, account, user, what);
    }
    if (what == u"endOthers") {
        return account.endOtherSessions(user.id, databaseToken(s), changeOf(s)).then(QtFuture::Launch::Sync, [state](qint64) {
            return backToPage(*state, QStringLiteral("othersEnded"), renewedJwt(*state));
        });
    }
    if (what == u"endAll") {
        return account.endAllSessions(user.id, changeOf(s)).then(QtFuture::Launch::Sync, [state](qint64) {
            // This browser's session has ended too: its cookie goes, and the sign-in page
            // comes back here.
            const RequestState &s = *state;
            AuthResponse response = toSignIn(s);
            response.cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
            return response;
        });
    }
    AuthResponse refused = AuthResponse::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("UnknownAction")}}, 400);
    return QtFuture::makeReadyFuture(s.withCookies(refused));
}

} // namespace

QFuture<AuthResponse> account(const State &state)
{
    const RequestState &s = *state;
    if (!s.config.pages.accountPage)  // turned off: as if there were no such action
        return QtFuture::makeReadyFuture(s.withCookies(AuthResponse::json(QStringLiteral("Bad request."), 400)));
    if (!s.isPost() && !s.config.pages.account.isEmpty())
        return QtFuture::makeReadyFuture(PageResponses::toCustomPage(s, RequestState::Page::Account, s.query));
    if (!s.config.adapter)
        return QtFuture::makeReadyFuture(errorResponse(s, MissingAdapter(QStringLiteral("the account page needs an adapter"))));
    if (s.isPost()) {
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        if (const QString reason = crossSiteReason(s); !reason.isEmpty()) {
            AuthResponse refused = AuthResponse::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("AccessDenied")}}, 403);
            refused.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
            return QtFuture::makeReadyFuture(s.withCookies(refused));
        }
    }
    QFuture<AuthResponse> response = continueWith(currentUser(state),
        [state](const std::optional<AdapterUser> &user) -> QFuture<AuthResponse> {
            if (!user)
                return QtFuture::makeReadyFuture(toSignIn(*state));
            return state->isPost() ? change(state, *user) : showPage(state, *user);
        });
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::Actions
