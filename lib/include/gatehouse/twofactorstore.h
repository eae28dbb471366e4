#pragma once
/*! \file twofactorstore.h  What two-factor sign-in keeps beside the Auth.js tables: TOTP
 *  enrolments and recovery codes (\c gatehouse_totp, \c gatehouse_recovery_codes). */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QStringList>

#include <optional>

namespace Gatehouse {

//! A user's authenticator app (\c gatehouse_totp).
struct GATEHOUSE_EXPORT TotpEnrolment
{
    QString userId;
    QString sealedSecret;                   //!< the secret as TwoFactor sealed it; never the secret itself
    QDateTime createdAt;                    //!< when enrolment began (UTC)
    std::optional<QDateTime> confirmedAt;   //!< when a first valid code confirmed it; nullopt: pending
    qint64 lastTimeStep = -1;               //!< the last time step whose code was accepted; -1: none
};

/*!
 * TOTP enrolments and recovery codes. TwoFactor (twofactor.h) uses it; without it there is no
 * two-factor sign-in. Every check-and-change is atomic in the store, so it holds across
 * servers sharing a database. Futures fail with AdapterError like the adapter's; deleting a
 * user deletes its enrolment and codes.
 */
class GATEHOUSE_EXPORT TwoFactorStore
{
public:
    virtual ~TwoFactorStore();

    /*!
     * Stores \a enrolment (its \c confirmedAt and \c lastTimeStep are ignored: it starts pending)
     * in place of a pending one of the same user. Fails with Reason::Conflict when the user has a
     * confirmed enrolment, Reason::NotFound for an unknown user.
     */
    virtual QFuture<void> beginTotpEnrolment(const TotpEnrolment &enrolment) = 0;
    //! The enrolment of \a userId, pending or confirmed, or nullopt.
    virtual QFuture<std::optional<TotpEnrolment>> totpEnrolment(const QString &userId) = 0;
    /*!
     * Confirms the pending enrolment of \a userId whose sealed secret is \a sealedSecret,
     * records \a timeStep as accepted and replaces the user's recovery codes with
     * \a recoveryCodeHashes, in one transaction. False (nothing changed) when the user has no
     * such pending enrolment (another one began, or it was confirmed already).
     */
    virtual QFuture<bool> confirmTotpEnrolment(const QString &userId, const QString &sealedSecret, qint64 timeStep,
                                               const QStringList &recoveryCodeHashes) = 0;
    /*!
     * Records \a timeStep as the last accepted step of \a userId's confirmed enrolment if it is
     * greater than the one recorded: true when it was (the code is accepted), false when not
     * (a replay, an older code, no confirmed enrolment). Of concurrent callers with the same
     * step exactly one gets true.
     */
    virtual QFuture<bool> acceptTotpTimeStep(const QString &userId, qint64 timeStep) = 0;
    //! Replaces the sealed secret of \a userId's enrolment if it is still \a previous (a re-seal
    //! under the newest key); false when it was not.
    virtual QFuture<bool> resealTotpSecret(const QString &userId, const QString &previous, const QString &sealed) = 0;

    //! Replaces every recovery code of \a userId with \a hashes. Fails with Reason::NotFound
    //! when the user has no confirmed enrolment.
    virtual QFuture<void> replaceRecoveryCodes(const QString &userId, const QStringList &hashes) = 0;
    //! Uses the recovery code of \a userId with \a hash: true when there was one (it is gone
    //! now), false otherwise. Of concurrent callers exactly one gets true.
    virtual QFuture<bool> useRecoveryCode(const QString &userId, const QString &hash) = 0;
    //! How many unused recovery codes \a userId has.
    virtual QFuture<int> recoveryCodesLeft(const QString &userId) = 0;

    //! Removes \a userId's enrolment, pending or confirmed, and its recovery codes; true when
    //! there was an enrolment.
    virtual QFuture<bool> removeTwoFactor(const QString &userId) = 0;

protected:
    TwoFactorStore() = default;
    Q_DISABLE_COPY(TwoFactorStore)
};

} // namespace Gatehouse
