#include "request/enginedata.h"

#include "request/storeratelimiter.h"

#include <QMutexLocker>

namespace Gatehouse {

namespace {
std::unique_ptr<RateLimiter> limiterFor(const Stores &stores)
{
    if (stores.rateLimits)
        return std::make_unique<StoreRateLimiter>(*stores.rateLimits);
    return std::make_unique<MemoryRateLimiter>();
}
} // namespace

EngineData::EngineData(const QStringList &secrets, const std::shared_ptr<Adapter> &adapter)
    : m_secrets(secrets)
    , m_jwe(secrets.isEmpty() ? nullptr : std::make_shared<const Jose::JweCodec>(secrets))
    , m_stores(std::make_shared<const Stores>(Stores::of(adapter)))
    , m_rateLimiter(limiterFor(*m_stores))
{
}

EngineData::EngineData(const Config &config)
    : EngineData(config.secret, config.adapter)
{
    if (m_stores->accountTokens)
        m_tokens.emplace(config, m_stores->accountTokens);
}

std::shared_ptr<const Stores> EngineData::storesFor(const std::shared_ptr<Adapter> &adapter) const
{
    if (adapter == m_stores->adapter)
        return m_stores;
    return std::make_shared<const Stores>(Stores::of(adapter));
}

std::shared_ptr<const Jose::JweCodec> EngineData::jwe(const QStringList &secrets) const
{
    if (m_jwe && secrets == m_secrets)
        return m_jwe;
    QMutexLocker lock(&m_mutex);
    if (const auto it = m_otherCodecs.constFind(secrets); it != m_otherCodecs.constEnd())
        return *it;
    if (m_otherCodecs.size() >= 16)  // a lazy configuration that rotates secrets: stay bounded
        m_otherCodecs.clear();
    auto codec = std::make_shared<const Jose::JweCodec>(secrets);
    m_otherCodecs.insert(secrets, codec);
    return codec;
}

std::shared_ptr<const OidcProvider::SigningKeyCache> EngineData::oidcSigningKeys() const
{
    QMutexLocker lock(&m_mutex);
    if (!m_oidcKeys && m_stores->oidcKeys && !m_secrets.isEmpty()) {
        m_oidcKeys = std::make_shared<const OidcProvider::SigningKeyCache>(
            m_stores->oidcKeys, std::make_shared<const OidcProvider::KeyBox>(m_secrets));
    }
    return m_oidcKeys;
}

} // namespace Gatehouse
