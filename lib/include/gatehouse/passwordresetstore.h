#pragma once
/*! \file passwordresetstore.h  The single-use links of "Forgot your password?", stored hashed
 *  beside the Auth.js tables (\c gatehouse_password_resets; lib/src/recovery/README.md). */
#include <gatehouse/adaptertypes.h>

#include <QDateTime>
#include <QFuture>

#include <optional>

namespace Gatehouse {

//! One issued reset link. Never the link's token itself: only its hash is stored.
struct GATEHOUSE_EXPORT PasswordResetRecord
{
    QString tokenHash;      //!< unique; the hash of the link's token
    QString userId;
    QString passwordStamp;  //!< a hash of the password hash when issued: a password changed since voids the link
    QDateTime expires;      //!< UTC
    QDateTime createdAt;    //!< UTC
};

/*!
 * The reset links every server sharing the database accepts. Futures fail with AdapterError
 * like the adapter's. Deleting a user deletes their links.
 */
class GATEHOUSE_EXPORT PasswordResetStore
{
public:
    virtual ~PasswordResetStore();

    //! Stores \a record and deletes every other link of its user: only the newest link works.
    virtual QFuture<void> createPasswordReset(const PasswordResetRecord &record) = 0;
    //! The link with \a tokenHash, or nullopt; nothing changes (the page that asks for the password).
    virtual QFuture<std::optional<PasswordResetRecord>> passwordReset(const QString &tokenHash) = 0;
    /*!
     * Deletes the link with \a tokenHash and returns it; nullopt when there is none. Of
     * concurrent callers with the same hash at most one gets it: a link is used once.
     */
    virtual QFuture<std::optional<PasswordResetRecord>> usePasswordReset(const QString &tokenHash) = 0;
    //! Deletes every link of \a userId; how many there were.
    virtual QFuture<qint64> deletePasswordResets(const QString &userId) = 0;

protected:
    PasswordResetStore() = default;
    Q_DISABLE_COPY(PasswordResetStore)
};

} // namespace Gatehouse
