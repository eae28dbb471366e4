#pragma once
/*! \file keyring.h  Derived JWE keys for every configured secret, derived once and shared. */
#include "jose/derivedkey.h"

#include <QReadWriteLock>
#include <QStringList>
#include <QStringView>

#include <map>
#include <memory>
#include <vector>

namespace Gatehouse::Jose {

/*!
 * The keys of one salt: one DerivedKey per secret, in the order of the secrets. The first
 * encrypts; any of them decrypts (secret rotation: newest secret first).
 */
class KeySet
{
public:
    KeySet(const QStringList &secrets, const QString &salt);
    Q_DISABLE_COPY_MOVE(KeySet)

    //! The key new tokens are encrypted with: the first secret's.
    const DerivedKey &encryptionKey() const { return *m_keys.front(); }
    //! The key whose protected header is \a encodedHeader (the first part of a token), if any.
    const DerivedKey *findByProtectedHeader(QStringView encodedHeader) const;
    //! The key whose \c kid is \a kid, if any.
    const DerivedKey *findByKid(QStringView kid) const;

    qsizetype size() const { return qsizetype(m_keys.size()); }
    const DerivedKey &at(qsizetype i) const { return *m_keys[size_t(i)]; }

private:
    std::vector<std::unique_ptr<const DerivedKey>> m_keys;
};

/*!
 * Derives the keys of each salt on first use and keeps them. Built once from the configured
 * secrets and shared by every serving thread: keySet() may be called concurrently.
 *
 * Salts are cookie names from the configuration. Never pass a value taken from a request: each
 * new salt adds an entry that lives as long as the ring.
 */
class KeyRing
{
public:
    //! Throws std::invalid_argument when \a secrets is empty or holds an empty secret.
    explicit KeyRing(QStringList secrets);
    ~KeyRing();
    Q_DISABLE_COPY_MOVE(KeyRing)

    const QStringList &secrets() const { return m_secrets; }

    //! The keys for \a salt, derived on the first call for that salt. The reference stays
    //! valid as long as the ring.
    const KeySet &keySet(const QString &salt) const;

private:
    const QStringList m_secrets;
    mutable QReadWriteLock m_lock;
    mutable std::map<QString, std::unique_ptr<const KeySet>> m_sets;
};

} // namespace Gatehouse::Jose
