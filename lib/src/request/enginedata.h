#pragma once
/*
 * The parts of a configured engine that outlive a request and are shared by all serving
 * threads: key material, page translations, the rate limiter. Immutable or internally locked.
 */
#include "core/ratelimiter.h"
#include "jose/jwe.h"
#include "mail/mailer.h"
#include "oauth/oauthclient.h"
#include "oidcprovider/signingkeycache.h"
#include "pages/pagetranslator.h"

#include "storage/stores.h"

#include <gatehouse/tokens.h>

#include <QHash>
#include <QMutex>
#include <QStringList>
#include <memory>
#include <optional>

namespace Gatehouse {

class EngineData
{
public:
    /*!
     * Keys for \a secrets and what \a adapter offers beyond the Adapter contract, found once;
     * failures are counted in its RateLimitStore when it has one (shared by every server on the
     * database), otherwise in memory.
     */
    EngineData(const QStringList &secrets, const std::shared_ptr<Adapter> &adapter);
    //! The same for \a config, with access tokens when its adapter implements AccountTokenStore.
    explicit EngineData(const Config &config);

    /*!
     * What \a adapter offers: the stores found when the engine was built, or for a lazy
     * configuration with another adapter, that adapter's.
     */
    std::shared_ptr<const Stores> storesFor(const std::shared_ptr<Adapter> &adapter) const;

    //! The JWE codec for \a secrets (the configured ones, or a lazy configuration's).
    std::shared_ptr<const Jose::JweCodec> jwe(const QStringList &secrets) const;
    const Pages::PageTranslator &translator() const { return m_translator; }
    RateLimiter &rateLimiter() const { return *m_rateLimiter; }
    const Mail::Mailer &mailer() const { return m_mailer; }
    //! Outbound OAuth requests with the discovery and JWKS caches, shared by all requests.
    const OAuth::OAuthClient &oauth() const { return m_oauth; }
    //! Valid access tokens of signed-in users' accounts; null without an AccountTokenStore.
    const AccessTokens *accessTokens() const { return m_tokens ? &*m_tokens : nullptr; }
    /*!
     * The OpenID Provider's signing keys, loaded on the first call (oidcprovider/signingkeycache.h);
     * null without an OidcKeyStore or a secret. Made on demand: an engine without \c oidcProvider
     * never calls it, so nothing changes for it.
     */
    std::shared_ptr<const OidcProvider::SigningKeyCache> oidcSigningKeys() const;

private:
    QStringList m_secrets;
    std::shared_ptr<const Jose::JweCodec> m_jwe;
    Pages::PageTranslator m_translator;
    std::shared_ptr<const Stores> m_stores;  // also keeps the store of a StoreRateLimiter alive
    std::unique_ptr<RateLimiter> m_rateLimiter;
    Mail::Mailer m_mailer;
    OAuth::OAuthClient m_oauth;
    std::optional<AccessTokens> m_tokens;
    mutable QMutex m_mutex;
    mutable QHash<QStringList, std::shared_ptr<const Jose::JweCodec>> m_otherCodecs;
    mutable std::shared_ptr<const OidcProvider::SigningKeyCache> m_oidcKeys;
};

} // namespace Gatehouse
