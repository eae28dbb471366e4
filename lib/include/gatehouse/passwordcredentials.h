#pragma once
/*! \file passwordcredentials.h  Built-in password sign-in: Argon2id hashes kept in the store. */
#include <gatehouse/adapter.h>
#include <gatehouse/global.h>
#include <gatehouse/provider.h>

#include <QFuture>
#include <memory>

namespace Gatehouse {

/*!
 * A \c credentials provider that checks an email address and a password against the Argon2id
 * hash stored for the user (\c gatehouse_passwords). Its \c options carry
 * \c "authorize": \c "builtin", which tells the engine that the user it returns is a stored one.
 *
 * A stored hash written by another system (bcrypt, sha-crypt, PBKDF2, scrypt, ...: the schemes of
 * lib/src/legacyhashes/README.md) signs in too; the first sign-in that matches it stores the
 * password's Argon2id hash in its place and audits \c passwordRehash (detail \c from: the old
 * scheme's name). A hash beyond the cost limits signs nobody in.
 *
 * Hashing runs on a small thread pool owned by the provider, never on a serving thread. An
 * unknown address or a disabled credential costs the same time as a wrong password.
 *
 * \a store must also implement UserStateStore (SqlAdapter and MemoryAdapter do); otherwise this
 * throws an AuthError naming the problem.
 */
GATEHOUSE_EXPORT Provider passwordCredentialsProvider(std::shared_ptr<Adapter> store,
                                                      const QString &id = QStringLiteral("credentials"),
                                                      const QString &name = QStringLiteral("Password"));

//! Hashes \a password (Argon2id, off the calling thread) and stores it for \a userId. Keeps
//! \a store alive while it works and lets go of it before it finishes (as setUserDisabled()).
GATEHOUSE_EXPORT QFuture<void> setUserPassword(std::shared_ptr<Adapter> store, const QString &userId,
                                               const QString &password);

//! The length a new built-in password must have, in characters (UTF-16 code units).
inline constexpr int kMinimumPasswordLength = 8;
inline constexpr int kMaximumPasswordLength = 1024;

//! Why a new built-in password is refused (newPasswordProblem()).
enum class NewPasswordProblem {
    None,           //!< acceptable
    Empty,
    TooShort,       //!< fewer than kMinimumPasswordLength characters
    TooLong,        //!< more than kMaximumPasswordLength characters
    IsEmailAddress, //!< the user's own e-mail address (in any case)
};

/*!
 * The one rule for a new built-in password, wherever it is set: the account page and
 * Account::changePassword(), `gatehouse-server user`, the admin app.  email is the user's
 * address (may be empty when not known yet).
 */
GATEHOUSE_EXPORT NewPasswordProblem newPasswordProblem(const QString &password, const QString &email);

/*!
 * True when \a userId has a built-in password that is not disabled and \a password matches it.
 * Runs on the hashing pool; a user without one costs the same time as a wrong password.
 */
GATEHOUSE_EXPORT QFuture<bool> checkUserPassword(std::shared_ptr<Adapter> store, const QString &userId,
                                                 const QString &password);

/*!
 * True when \a userId has a built-in password (disabled or not): whether changing it makes sense.
 */
GATEHOUSE_EXPORT QFuture<bool> hasUserPassword(std::shared_ptr<Adapter> store, const QString &userId);

} // namespace Gatehouse
