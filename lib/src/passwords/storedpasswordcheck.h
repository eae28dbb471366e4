#pragma once
/*
 * The one check of a password against the hash kept for it: Gatehouse's own Argon2id as before,
 * or a hash another system wrote (legacyhashes/), which the caller then replaces with Argon2id.
 * Slow: run it on the password hashing pool.
 */
#include <QByteArrayView>
#include <QString>

namespace Gatehouse {

struct StoredPasswordCheck
{
    bool matches = false;
    QString foreignScheme; //!< when it matched a foreign hash: its scheme ("bcrypt"), to rehash and audit
};

/*!
 * Whether \a password matches \a storedHash. An Argon2id hash with Gatehouse's parameters is
 * its own and checked exactly as it always was; any other (an Argon2id with other parameters
 * included) is read by parseLegacyHash(). A hash that cannot be used
 * (unknown, malformed, beyond the cost limits) matches nothing, costs what a check of Argon2id
 * costs, and is logged by its problem, never by its value.
 */
StoredPasswordCheck checkStoredPassword(QByteArrayView password, const QString &storedHash);

} // namespace Gatehouse
