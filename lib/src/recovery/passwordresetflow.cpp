#include "recovery/passwordresetflow.h"
#include "oidclogout/sessionend.h"

#include "core/futures.h"
#include "core/ratelimitkeys.h"
#include "core/logging.h"
#include "mail/address.h"
#include "recovery/resettoken.h"
#include "request/audit.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "signin/emailsettings.h"

#include <gatehouse/account.h>
#include <gatehouse/passwordcredentials.h>

#include <QUrlQuery>

namespace Gatehouse::PasswordResetFlow {

namespace {

using Step = Pages::PasswordResetContent::Step;

QDateTime now(const RequestState &s)
{
    return s.config.account.clock ? s.config.account.clock().toUTC() : QDateTime::currentDateTimeUtc();
}

AuthResponse page(const RequestState &s, Step step, const QString &notice = {}, const QString &token = {})
{
    Pages::PasswordResetContent content;
    content.step = step;
    content.notice = notice;
    content.token = token;
    content.passwordMinimum = kMinimumPasswordLength;
    content.passwordMaximum = kMaximumPasswordLength;
    return PageResponses::passwordReset(s, content);
}

QFuture<AuthResponse> ready(AuthResponse response)
{
    return QtFuture::makeReadyFuture(std::move(response));
}

void audit(const RequestState &s, const QString &type, const QString &userId, const QJsonObject &detail)
{
    Audit::record(s, type, userId, QString(), detail);
}

QJsonObject refused(const QString &reason)
{
    return {{QStringLiteral("refused"), reason}};
}

// Rate-limit keys: every request counts, not only failures (a request is no guess, but each
// one can send a mail).
QString addressKey(const QString &email)
{
    return RateLimitKeys::passwordResetAddress(email);
}

QString clientKey(const RequestState &s)
{
    return RateLimitKeys::passwordResetClient(s.clientAddress.toString());
}

QString personKey(const QString &userId)
{
    return RateLimitKeys::passwordResetUser(userId);
}

//! Counts one attempt under each of \a limits before anything is checked; true when all allow it.
QFuture<bool> takeAttempts(const RequestState &s, const QList<AttemptLimit> &limits)
{
    const RateLimitOptions &rl = s.config.rateLimit;
    if (!rl.enabled)
        return QtFuture::makeReadyFuture(true);
    return s.engine.rateLimiter().tryAttempts(limits, rl.windowSeconds).then(QtFuture::Launch::Sync, [](const QString &refusedBy) {
        return refusedBy.isEmpty();
    });
}

//! Who an address names, as the request sees it.
struct Target
{
    std::optional<AdapterUser> user;
    std::optional<PasswordCredential> credential;  //!< the user's own built-in password
    bool disabled = false;
};

QFuture<Target> lookUp(const State &state, const QString &email)
{
    UserStateStore *userState = state->stores().userState.get();
    return continueWith(userState->passwordHash(email), [state, email, userState](const std::optional<PasswordCredential> &credential) {
        return continueWith(state->config.adapter->getUserByEmail(email), [state, credential, userState](const std::optional<AdapterUser> &user) {
            Target target;
            target.user = user;
            if (credential && user && credential->userId == user->id)
                target.credential = credential;
            // An unknown address asks the store as much as a known one does.
            const QString id = user ? user->id : QString();
            QFuture<bool> disabled = user ? userState->isUserDisabled(id)
                                          : state->stores().passwordResets->passwordReset(ResetToken::issue().hash)
                                                .then(QtFuture::Launch::Sync, [](const std::optional<PasswordResetRecord> &) { return false; });
            return continueWith(disabled, [target](bool isDisabled) {
                Target found = target;
                found.disabled = isDisabled || (found.credential && found.credential->disabled);
                return found;
            });
        });
    });
}

//! Sends \a kind of mail to \a email with \a url as its first link, without waiting for it.
void mailInBackground(const State &state, const PasswordResetOffer &offer, const QString &email, const QString &url,
                      Mail::PasswordResetMailKind kind)
{
    const RequestState &s = *state;
    const EmailFlow::EmailSettings settings = EmailFlow::EmailSettings::fromProvider(*offer.mail);
    Mail::SignInMailRequest mail;
    mail.server = settings.server;
    mail.from = settings.from;
    mail.to = email;
    mail.content.url = url;
    const QUrl origin(s.origin.origin);
    mail.content.host = origin.authority(QUrl::FullyEncoded);
    mail.content.origin = s.origin.origin;
    mail.content.theme = s.config.theme;
    mail.content.language = s.engine.translator().negotiate(s.request.header("accept-language"));
    const int minutes = int((s.config.account.passwordReset.lifetime + 59) / 60);
    // The state keeps the engine (and its mailer) alive until the mail is handed over.
    s.engine.mailer().sendPasswordResetMail(mail, kind, minutes).then([state](QFuture<void> sent) {
        try {
            sent.waitForFinished();
        } catch (const std::exception &e) {
            qCWarning(lcCore).noquote() << "a password reset mail could not be sent:" << e.what();
        } catch (...) {
            qCWarning(lcCore) << "a password reset mail could not be sent";
        }
    });
}

QFuture<AuthResponse> answerTarget(const State &state, const PasswordResetOffer &offer, const QString &email, const Target &t)
{
    const RequestState &s = *state;
    if (!t.user || t.disabled) {
        // No mail is due; the store is asked as often as for a mail that is (one attempt counted,
        // one look-up in place of storing a link), so the time does not tell the cases apart.
        const QString userId = t.user ? t.user->id : QString();
        const QString key = t.user ? personKey(userId) : RateLimitKeys::passwordResetUnknown(email);
        const QString reason = t.user ? QStringLiteral("disabled") : QStringLiteral("unknownAddress");
        return continueWith(takeAttempts(s, {{key, s.config.rateLimit.maxFailuresPerIdentifier}}), [state, userId, reason](bool) {
            QFuture<bool> looked = state->stores().passwordResets->passwordReset(ResetToken::issue().hash)
                                       .then(QtFuture::Launch::Sync, [](const std::optional<PasswordResetRecord> &) { return true; });
            return continueWith(looked, [state, userId, reason](bool) {
                audit(*state, QStringLiteral("passwordResetRequest"), userId, refused(reason));
                return page(*state, Step::Sent);
            });
        });
    }
    const QString userId = t.user->id;
    return continueWith(takeAttempts(s, {{personKey(userId), s.config.rateLimit.maxFailuresPerIdentifier}}),
        [state, offer, email, t, userId](bool allowed) -> QFuture<AuthResponse> {
            const RequestState &s = *state;
            if (!allowed) {
                audit(s, QStringLiteral("passwordResetRequest"), userId, refused(QStringLiteral("rate_limited")));
                return ready(page(s, Step::Sent));
            }
            if (!t.credential) {
                // No password to reset (an OAuth-only account): say how they sign in; none is made.
                // A look-up in place of storing a link, as for the addresses that get no mail, so
                // the time does not tell whether an account has a password.
                QFuture<bool> looked = s.stores().passwordResets->passwordReset(ResetToken::issue().hash)
                                           .then(QtFuture::Launch::Sync, [](const std::optional<PasswordResetRecord> &) { return true; });
                return continueWith(looked, [state, offer, email, userId](bool) {
                    const RequestState &s = *state;
                    mailInBackground(state, offer, email, s.pageUrl(RequestState::Page::SignIn),
                                     Mail::PasswordResetMailKind::NoPassword);
                    audit(s, QStringLiteral("passwordResetRequest"), userId, {{QStringLiteral("outcome"), QStringLiteral("noPassword")}});
                    return page(s, Step::Sent);
                });
            }
            const ResetToken::Issued issued = ResetToken::issue();
            const QDateTime issuedAt = now(s);
            PasswordResetRecord record{issued.hash, userId, ResetToken::passwordStamp(t.credential->hash),
                                       issuedAt.addSecs(s.config.account.passwordReset.lifetime), issuedAt};
            QFuture<bool> stored = s.stores().passwordResets->createPasswordReset(record).then(QtFuture::Launch::Sync, [] { return true; });
            return continueWith(stored, [state, offer, email, userId, token = issued.token](bool) {
                const RequestState &s = *state;
                QUrlQuery query{{QStringLiteral("token"), token}};
                const QString url = s.baseUrl + QStringLiteral("/reset-password?") + query.toString(QUrl::FullyEncoded);
                mailInBackground(state, offer, email, url, Mail::PasswordResetMailKind::Reset);
                audit(s, QStringLiteral("passwordResetRequest"), userId, {{QStringLiteral("outcome"), QStringLiteral("mailed")}});
                return page(s, Step::Sent);
            });
        });
}

//! The link of \a token as the person's current records judge it; the user when it works.
struct LinkCheck
{
    QString reason;                       //!< empty: the link works
    std::optional<PasswordResetRecord> record;
    std::optional<AdapterUser> user;
};

QFuture<LinkCheck> checkLink(const State &state, const QString &tokenHash)
{
    return continueWith(state->stores().passwordResets->passwordReset(tokenHash), [state](const std::optional<PasswordResetRecord> &record) {
        if (!record)
            return QtFuture::makeReadyFuture(LinkCheck{ResetToken::reasonOf(ResetToken::Problem::Unknown), record, std::nullopt});
        return continueWith(state->config.adapter->getUser(record->userId), [state, record](const std::optional<AdapterUser> &user) {
            if (!user || user->email.isEmpty())
                return QtFuture::makeReadyFuture(LinkCheck{ResetToken::reasonOf(ResetToken::Problem::Unknown), record, user});
            UserStateStore *userState = state->stores().userState.get();
            return continueWith(userState->passwordHash(user->email.trimmed().toLower()),
                [state, record, user, userState](const std::optional<PasswordCredential> &credential) {
                    std::optional<QString> hash;
                    if (credential && credential->userId == user->id && !credential->disabled)
                        hash = credential->hash;
                    const ResetToken::Problem problem = ResetToken::check(record, now(*state), hash);
                    if (problem != ResetToken::Problem::None)
                        return QtFuture::makeReadyFuture(LinkCheck{ResetToken::reasonOf(problem), record, user});
                    return continueWith(userState->isUserDisabled(user->id), [record, user](bool disabled) {
                        return LinkCheck{disabled ? QStringLiteral("disabled") : QString(), record, user};
                    });
                });
        });
    });
}

AuthResponse invalidLink(const RequestState &s, const QString &userId, const QString &reason)
{
    audit(s, QStringLiteral("passwordResetFailed"), userId, refused(reason));
    return page(s, Step::InvalidLink);
}

QString noticeOf(NewPasswordProblem problem)
{
    switch (problem) {
    case NewPasswordProblem::None: return {};
    case NewPasswordProblem::Empty:
    case NewPasswordProblem::TooShort: return QStringLiteral("passwordTooShort");
    case NewPasswordProblem::TooLong: return QStringLiteral("passwordTooLong");
    case NewPasswordProblem::IsEmailAddress: return QStringLiteral("passwordIsEmail");
    }
    return QStringLiteral("passwordTooShort");
}

//! After the new password is stored: every session ends, the sign-in failures are forgotten.
QFuture<AuthResponse> finish(const State &state, const PasswordResetOffer &offer, const AdapterUser &user)
{
    const RequestState &s = *state;
    const AccountChange change{s.clientAddress.isNull() ? QString() : s.clientAddress.toString(),
                               QString::fromUtf8(s.request.header("user-agent"))};
    QFuture<qint64> voided = s.stores().passwordResets->deletePasswordResets(user.id);
    return continueWith(voided, [state, offer, user, change](qint64) {
        const RequestState &s = *state;
        return continueWith(Account(s.config.adapter, s.config.session).endAllSessions(user.id, change),
            [state, offer, user](qint64 ended) {
                const RequestState &s = *state;
                OidcLogout::allSessionsEnded(s, user.id);
                // The identifier key of the built-in passwords' sign-in (credentialsflow.cpp).
                const QString signInKey = RateLimitKeys::credentialsIdentifier(offer.passwords->id, user.email.trimmed().toCaseFolded());
                QFuture<void> cleared = s.config.rateLimit.enabled ? s.engine.rateLimiter().reset(signInKey) : QtFuture::makeReadyFuture();
                return continueWith(cleared.then(QtFuture::Launch::Sync, [] { return true; }), [state, user, ended](bool) {
                    audit(*state, QStringLiteral("passwordReset"), user.id, {{QStringLiteral("sessionsEnded"), ended}});
                    return page(*state, Step::Done);
                });
            });
    });
}

/*!
 * The posted address as the e-mail sign-in takes it: normalised and checked (mail/address.h), or
 * the e-mail provider's normalizeIdentifier and then the same checks; nullopt when refused.
 */
QFuture<std::optional<QString>> normalizedEmail(const RequestState &s, const PasswordResetOffer &offer)
{
    const QJsonValue input = s.body.value(QStringLiteral("email"));
    const QString raw = input.isString() ? input.toString() : QString();
    const auto &normalize = offer.mail->normalizeIdentifier;
    if (!normalize) {
        const Mail::AddressCheck address = Mail::normalizeAddress(raw);
        return QtFuture::makeReadyFuture(address.isValid() ? std::optional(address.address) : std::nullopt);
    }
    QFuture<QString> custom;
    try {
        custom = normalize(raw);
    } catch (...) {
        custom = failedFuture<QString>(std::current_exception());
    }
    return custom.then(QtFuture::Launch::Sync, [](QFuture<QString> done) -> std::optional<QString> {
        try {
            done.waitForFinished();  // rethrows what the normaliser failed with
            if (done.resultCount() < 1)
                return std::nullopt;
            const Mail::AddressCheck address = Mail::checkAddress(done.result());
            return address.isValid() ? std::optional(address.address) : std::nullopt;
        } catch (...) {
            return std::nullopt;
        }
    });
}

} // namespace

AuthResponse requestPage(const RequestState &state)
{
    return page(state, Step::Request);
}

QFuture<AuthResponse> request(const State &state, const PasswordResetOffer &offer)
{
    QFuture<AuthResponse> response = continueWith(normalizedEmail(*state, offer), [state, offer](const std::optional<QString> &address) -> QFuture<AuthResponse> {
        const RequestState &s = *state;
        if (!address) {
            audit(s, QStringLiteral("passwordResetRequest"), QString(), refused(QStringLiteral("invalidAddress")));
            return ready(page(s, Step::Request, QStringLiteral("invalidEmail")));
        }
        const QString email = *address;
        const RateLimitOptions &rl = s.config.rateLimit;
        return continueWith(
            takeAttempts(s, {{clientKey(s), rl.maxFailuresPerAddress}, {addressKey(email), rl.maxFailuresPerIdentifier}}),
            [state, offer, email](bool allowed) -> QFuture<AuthResponse> {
                if (!allowed) {
                    audit(*state, QStringLiteral("passwordResetRequest"), QString(), refused(QStringLiteral("rate_limited")));
                    return ready(page(*state, Step::Sent));
                }
                return continueWith(lookUp(state, email), [state, offer, email](const Target &target) {
                    return answerTarget(state, offer, email, target);
                });
            });
    });
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

QFuture<AuthResponse> linkPage(const State &state)
{
    const RequestState &s = *state;
    const QString token = s.query.queryItemValue(QStringLiteral("token"), QUrl::FullyDecoded);
    const std::optional<QString> hash = ResetToken::hashOf(token);
    if (!hash)
        return ready(invalidLink(s, QString(), QStringLiteral("malformed")));
    QFuture<AuthResponse> response = continueWith(checkLink(state, *hash), [state, token](const LinkCheck &link) {
        if (!link.reason.isEmpty())
            return invalidLink(*state, link.user ? link.user->id : QString(), link.reason);
        return page(*state, Step::NewPassword, QString(), token);
    });
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

QFuture<AuthResponse> reset(const State &state, const PasswordResetOffer &offer)
{
    const RequestState &s = *state;
    const QString token = s.body.value(QStringLiteral("token")).toString();
    const std::optional<QString> hash = ResetToken::hashOf(token);
    if (!hash)
        return ready(invalidLink(s, QString(), QStringLiteral("malformed")));
    const QString newPassword = s.body.value(QStringLiteral("newPassword")).toString();
    const QString confirmation = s.body.value(QStringLiteral("confirmPassword")).toString();
    QFuture<AuthResponse> response = continueWith(checkLink(state, *hash),
        [state, offer, token, hash = *hash, newPassword, confirmation](const LinkCheck &link) -> QFuture<AuthResponse> {
            const RequestState &s = *state;
            if (!link.reason.isEmpty())
                return ready(invalidLink(s, link.user ? link.user->id : QString(), link.reason));
            // A refused new password keeps the link: the form comes back with the token.
            if (newPassword != confirmation)
                return ready(page(s, Step::NewPassword, QStringLiteral("passwordsDiffer"), token));
            if (const NewPasswordProblem problem = newPasswordProblem(newPassword, link.user->email); problem != NewPasswordProblem::None)
                return ready(page(s, Step::NewPassword, noticeOf(problem), token));
            const AdapterUser user = *link.user;
            return continueWith(s.stores().passwordResets->usePasswordReset(hash),
                [state, offer, user, newPassword](const std::optional<PasswordResetRecord> &used) -> QFuture<AuthResponse> {
                    if (!used || used->userId != user.id)  // spent by a concurrent request
                        return ready(invalidLink(*state, user.id, ResetToken::reasonOf(ResetToken::Problem::Unknown)));
                    QFuture<bool> set = setUserPassword(state->config.adapter, user.id, newPassword).then(QtFuture::Launch::Sync, [] { return true; });
                    return continueWith(set, [state, offer, user](bool) { return finish(state, offer, user); });
                });
        });
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::PasswordResetFlow
