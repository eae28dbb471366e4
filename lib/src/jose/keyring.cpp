#include "jose/keyring.h"

#include <QLatin1String>

#include <stdexcept>

namespace Gatehouse::Jose {

KeySet::KeySet(const QStringList &secrets, const QString &salt)
{
    m_keys.reserve(size_t(secrets.size()));
    for (const QString &secret : secrets)
        m_keys.push_back(std::make_unique<const DerivedKey>(secret, salt));
}

const DerivedKey *KeySet::findByProtectedHeader(QStringView encodedHeader) const
{
    for (const auto &key : m_keys) {
        if (encodedHeader == QLatin1String(key->protectedHeader()))
            return key.get();
    }
    return nullptr;
}

const DerivedKey *KeySet::findByKid(QStringView kid) const
{
    for (const auto &key : m_keys) {
        if (kid == QLatin1String(key->kid()))
            return key.get();
    }
    return nullptr;
}

KeyRing::KeyRing(QStringList secrets)
    : m_secrets(std::move(secrets))
{
    if (m_secrets.isEmpty())
        throw std::invalid_argument("Gatehouse JWE: no secret configured (MissingSecret)");
    for (const QString &secret : m_secrets) {
        if (secret.isEmpty())
            throw std::invalid_argument("Gatehouse JWE: a configured secret is empty");
    }
}

KeyRing::~KeyRing() = default;

const KeySet &KeyRing::keySet(const QString &salt) const
{
    {
        const QReadLocker locker(&m_lock);
        const auto it = m_sets.find(salt);
        if (it != m_sets.end())
            return *it->second;
    }
    const QWriteLocker locker(&m_lock);
    const auto it = m_sets.find(salt);   // another thread may have derived it meanwhile
    if (it != m_sets.end())
        return *it->second;
    auto set = std::make_unique<const KeySet>(m_secrets, salt);
    return *m_sets.emplace(salt, std::move(set)).first->second;
}

} // namespace Gatehouse::Jose
