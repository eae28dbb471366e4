#pragma once
/*!
 * \file twofactor.h  Two-factor sign-in: authenticator apps (TOTP, RFC 6238) and recovery codes.
 *
 * \code
 * Gatehouse::TwoFactor twoFactor(adapter, config.secret, {QStringLiteral("Example")});
 * // Enrolment: show the QR code (or the secret as text), then confirm with the first code.
 * twoFactor.beginEnrolment(userId, email).then([](const Gatehouse::TotpEnrolmentOffer &offer) { ... });
 * twoFactor.confirmEnrolment(userId, typedCode).then([](const QStringList &recoveryCodes) { ... });
 * // At sign-in, after the first factor:
 * twoFactor.verify(userId, typedCodeOrRecoveryCode).then([](Gatehouse::SecondFactor used) { ... });
 * \endcode
 *
 * Codes are RFC 6238's defaults that every app accepts (HMAC-SHA1, 6 digits, 30 s), with one
 * step of clock skew each way. A code is accepted once: a step's code, or an older one, never
 * again after it was accepted, also across servers sharing a database. Secrets are stored sealed
 * with a key derived from the configured secrets (rotating them keeps enrolments working while
 * the old secret stays in the list); recovery codes only as hashes. Every change, success and
 * failure is an audit event when the adapter keeps an audit log (AuditStore).
 *
 * Futures fail with the errors below, MissingAdapterMethods (the adapter is no TwoFactorStore)
 * or the store's AdapterError.
 *
 * An Auth engine asks for the code itself, after every first factor (Config::twoFactor): the
 * \c twoFactor callback (Callbacks::twoFactor, callbacks.h) is the hook that decides the step
 * per sign-in, and PagesOptions::twoFactor (config.h) puts the step on the application's own
 * page. This class is for an application's own flows and tools.
 */
#include <gatehouse/adapter.h>
#include <gatehouse/errors.h>
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace Gatehouse {

//! The code is wrong, was used already, or is outside the accepted window: never told apart.
GATEHOUSE_AUTH_ERROR(InvalidTwoFactorCode, Configuration)

//! The user has no authenticator for the operation (none at all, or none awaiting confirmation).
GATEHOUSE_AUTH_ERROR(TwoFactorNotEnrolled, Configuration)

//! The user has a confirmed authenticator already: remove it before enrolling another.
GATEHOUSE_AUTH_ERROR(TwoFactorAlreadyEnrolled, Configuration)

//! Too many wrong codes for the user lately: no code is checked until the window has passed.
GATEHOUSE_AUTH_ERROR(TooManyTwoFactorAttempts, Configuration)

//! What an authenticator app needs to enrol: show the QR code, and the secret for typing.
struct GATEHOUSE_EXPORT TotpEnrolmentOffer
{
    QString secret;     //!< base32, upper case, no padding
    QString uri;        //!< the \c otpauth://totp/... URI the QR code holds
    QString qrCodeSvg;  //!< a standalone SVG document of the QR code, safe to inline in a page
};

//! Where a user stands with two-factor sign-in.
struct GATEHOUSE_EXPORT TwoFactorStatus
{
    bool enrolled = false;                //!< a confirmed authenticator: sign-in asks for a code
    bool pending = false;                 //!< an enrolment waiting for its first code
    std::optional<QDateTime> enrolledAt;  //!< when it was confirmed
    int recoveryCodesLeft = 0;
};

//! What completed a second step.
enum class SecondFactor { Totp, RecoveryCode };

//! Who asks, for the audit event.
struct GATEHOUSE_EXPORT TwoFactorChange
{
    QString clientAddress;
    bool byAdministrator = false;   //!< an administrator acting on another user (\c by: \c admin)
    //! With byAdministrator: the audit's \c by instead of \c admin (the admin API names its caller).
    QString by;
    //! With byAdministrator: the audit's \c operator, the operating system account of the CLI or
    //! of gatehouse-admin on a database (none when empty).
    QString operatorName;
};

//! Options of TwoFactor.
struct GATEHOUSE_EXPORT TwoFactorOptions
{
    //! The name apps show above the code (the \c issuer of the URI), e.g. the site's name.
    QString issuer = QStringLiteral("Gatehouse");
    //! The current time; empty: the system clock. For tests and simulations.
    std::function<QDateTime()> clock;
    /*!
     * verify() and confirmEnrolment() refuse every code of a user with this many wrong ones
     * (codes or recovery codes) in the last \c failureWindowSeconds, counted across servers when
     * the adapter keeps rate limits (RateLimitStore); each attempt is counted before it is checked,
     * so concurrent guesses cannot exceed it; a success clears the count. Sign-in adds a limit per address.
     */
    int maxFailures = 5;
    qint64 failureWindowSeconds = 300;
};

class TwoFactorPrivate;

/*!
 * Two-factor operations over an adapter that implements TwoFactorStore (SqlAdapter and
 * MemoryAdapter do). Copies are cheap and share one instance; it is immutable and may be used
 * from several threads at once.
 */
class GATEHOUSE_EXPORT TwoFactor
{
public:
    /*!
     * Operations on \a adapter's records; \a secrets are the configured secrets, newest first
     * (\c AUTH_SECRET, then \c AUTH_SECRET_1..3), from which the key sealing TOTP secrets is
     * derived. Throws std::invalid_argument when \a secrets is empty or holds an empty one.
     */
    TwoFactor(std::shared_ptr<Adapter> adapter, const QStringList &secrets, const TwoFactorOptions &options = {});
    ~TwoFactor();
    TwoFactor(const TwoFactor &);
    TwoFactor &operator=(const TwoFactor &);

    //! True when the adapter keeps two-factor records (implements TwoFactorStore).
    bool isAvailable() const;

    /*!
     * Starts enrolling an authenticator app for \a userId with a new secret, replacing an
     * enrolment that was never confirmed. \a accountName is what the app shows under the issuer
     * (usually the email address). TwoFactorAlreadyEnrolled when the user has a confirmed one.
     * Audit: \c twoFactorEnrolBegin.
     */
    QFuture<TotpEnrolmentOffer> beginEnrolment(const QString &userId, const QString &accountName,
                                               const TwoFactorChange &change = {}) const;
    /*!
     * Completes the enrolment with the first \a code the app shows and returns the new recovery
     * codes (ten, shown to the person once: only their hashes are kept). InvalidTwoFactorCode
     * for a wrong code (audit \c twoFactorEnrolFailure), TooManyTwoFactorAttempts after
     * TwoFactorOptions::maxFailures wrong codes (counted with verify()'s), TwoFactorNotEnrolled
     * when no enrolment awaits confirmation. Audit: \c twoFactorEnrol.
     */
    QFuture<QStringList> confirmEnrolment(const QString &userId, const QString &code,
                                          const TwoFactorChange &change = {}) const;
    /*!
     * Checks \a code, a code of the app or a recovery code, as the second step of \a userId's
     * sign-in, and returns which it was; a recovery code is used up. InvalidTwoFactorCode for a
     * wrong, replayed or expired code (audit \c twoFactorFailure), TooManyTwoFactorAttempts after
     * TwoFactorOptions::maxFailures of them, TwoFactorNotEnrolled when the user has no confirmed
     * authenticator. Audit: \c twoFactorVerify.
     */
    QFuture<SecondFactor> verify(const QString &userId, const QString &code, const TwoFactorChange &change = {}) const;
    /*!
     * Replaces the recovery codes of \a userId with ten new ones and returns them (the old ones
     * stop working). TwoFactorNotEnrolled without a confirmed authenticator. Audit:
     * \c twoFactorRecoveryCodes.
     */
    QFuture<QStringList> regenerateRecoveryCodes(const QString &userId, const TwoFactorChange &change = {}) const;
    /*!
     * Removes the authenticator of \a userId, confirmed or pending, and the recovery codes:
     * sign-in asks for no second step any more. True when there was one. Callers ask the person
     * to sign in again first, as for other account changes. Audit: \c twoFactorRemove.
     */
    QFuture<bool> remove(const QString &userId, const TwoFactorChange &change = {}) const;
    //! Whether \a userId has an authenticator, and how many recovery codes are left.
    QFuture<TwoFactorStatus> status(const QString &userId) const;

private:
    std::shared_ptr<const TwoFactorPrivate> d;
};

} // namespace Gatehouse
