#include "request/enginedata.h"

#include "request/storeratelimiter.h"

#include <QMutexLocker>

namespace Gatehouse {

namespace {
std::unique_ptr<RateLimiter> limiterFor(Adapter *adapter)
{
    if (auto *store = dynamic_cast<GatehouseStore *>(adapter))
        return std::make_unique<StoreRateLimiter>(*store);
    return std::make_unique<MemoryRateLimiter>();
}
} // namespace

EngineData::EngineData(const QStringList &secrets, const std::shared_ptr<Adapter> &adapter)
    : m_secrets(secrets)
    , m_jwe(secrets.isEmpty() ? nullptr : std::make_shared<const Jose::JweCodec>(secrets))
    , m_adapter(adapter)
    , m_rateLimiter(limiterFor(adapter.get()))
{
}

EngineData::EngineData(const Config &config)
    : EngineData(config.secret, config.adapter)
{
    if (auto store = std::dynamic_pointer_cast<AccountTokenStore>(config.adapter))
        m_tokens.emplace(config, std::move(store));
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

} // namespace Gatehouse
