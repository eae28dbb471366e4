#pragma once
/*
 * The rules of a password reset link's token (README.md): 32 random bytes, base64url in the
 * link; only their SHA-256 is stored; a link binds to the password hash it was issued for, so a
 * password changed another way voids it; it expires; it is spent on use (the store's).
 */
#include <gatehouse/passwordresetstore.h>

#include <QDateTime>
#include <QString>

#include <optional>

namespace Gatehouse::ResetToken {

//! A new link's token and the hash that is stored of it.
struct Issued
{
    QString token;  //!< goes into the mail only; never stored, never logged
    QString hash;
};

Issued issue();

//! The stored hash of \a token; nullopt for anything that is not a token as issue() makes them
//! (altered, truncated, padded): such a link is refused without asking the store.
std::optional<QString> hashOf(QStringView token);

//! What a link records of the password hash it was issued for (not the hash itself).
QString passwordStamp(const QString &passwordHash);

enum class Problem {
    None,
    Unknown,          //!< no such link: never issued, used, or voided by a newer one
    Expired,
    PasswordChanged,  //!< the password is not the one the link was issued for (or there is none)
};

/*!
 * Whether \a record may set a new password at \a now, when the person's stored password hash is
 * \a passwordHash (nullopt: none). The stamp is compared in constant time.
 */
Problem check(const std::optional<PasswordResetRecord> &record, const QDateTime &now,
              const std::optional<QString> &passwordHash);

//! The audit reason of \a problem ("unknown", "expired", "passwordChanged").
QString reasonOf(Problem problem);

} // namespace Gatehouse::ResetToken
