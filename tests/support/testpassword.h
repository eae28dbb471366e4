#pragma once
/*! \file testpassword.h  Test users' passwords, each distinct one hashed once per process. */
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>

#include <QHash>

namespace Gatehouse::Testing {

/*!
 * Gives user \a userId (address \a email) the password \a password with setUserPassword(), but
 * hashes each distinct password once per process and stores that hash for the next users: an
 * Argon2id hash is 19 MiB and, under the sanitizers, about 0.1 s of CPU, and tests that make
 * the same users for every row made hundreds. Sign-ins check the stored hash as always.
 */
inline void setTestPassword(const std::shared_ptr<SqlAdapter> &adapter, const QString &userId, const QString &email,
                            const QString &password)
{
    static QHash<QString, QString> hashes;  // password -> its Argon2id hash
    if (const auto known = hashes.constFind(password); known != hashes.cend()) {
        adapter->setPassword(userId, *known).waitForFinished();
        return;
    }
    setUserPassword(adapter, userId, password).waitForFinished();
    if (const std::optional<PasswordCredential> stored = adapter->passwordHash(email).result())
        hashes.insert(password, stored->hash);
}

} // namespace Gatehouse::Testing
