#pragma once
/*
 * The parts of a configured engine that outlive a request and are shared by all serving
 * threads: key material, page translations, the rate limiter. Immutable or internally locked.
 */
#include "core/ratelimiter.h"
#include "jose/jwe.h"
#include "pages/pagetranslator.h"

#include <QHash>
#include <QMutex>
#include <QStringList>
#include <memory>

namespace Gatehouse {

class EngineData
{
public:
    explicit EngineData(const QStringList &secrets);

    //! The JWE codec for \a secrets (the configured ones, or a lazy configuration's).
    std::shared_ptr<const Jose::JweCodec> jwe(const QStringList &secrets) const;
    const Pages::PageTranslator &translator() const { return m_translator; }
    RateLimiter &rateLimiter() const { return *m_rateLimiter; }

private:
    QStringList m_secrets;
    std::shared_ptr<const Jose::JweCodec> m_jwe;
    Pages::PageTranslator m_translator;
    std::unique_ptr<RateLimiter> m_rateLimiter;
    mutable QMutex m_mutex;
    mutable QHash<QStringList, std::shared_ptr<const Jose::JweCodec>> m_otherCodecs;
};

} // namespace Gatehouse
