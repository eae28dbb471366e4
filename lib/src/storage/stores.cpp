#include "storage/stores.h"

namespace Gatehouse {

namespace {

//! \a adapter as a \a Store, sharing its ownership; null when it is not one.
template<typename Store>
std::shared_ptr<Store> offered(const std::shared_ptr<Adapter> &adapter)
{
    auto *store = dynamic_cast<Store *>(adapter.get());
    return store ? std::shared_ptr<Store>(adapter, store) : nullptr;
}

} // namespace

Stores Stores::of(std::shared_ptr<Adapter> adapter)
{
    Stores stores;
    stores.audit = offered<AuditStore>(adapter);
    stores.userState = offered<UserStateStore>(adapter);
    stores.rateLimits = offered<RateLimitStore>(adapter);
    stores.admin = offered<AdminStore>(adapter);
    stores.accountTokens = offered<AccountTokenStore>(adapter);
    stores.account = offered<AccountStore>(adapter);
    if (stores.account)
        stores.notBefore = NotBeforeCache::of(adapter.get());
    stores.twoFactor = offered<TwoFactorStore>(adapter);
    stores.groups = offered<GroupStore>(adapter);
    stores.transfers = offered<UserTransferStore>(adapter);
    stores.oidcKeys = offered<OidcKeyStore>(adapter);
    stores.oidcCodes = offered<OidcCodeStore>(adapter);
    stores.oidcGrants = offered<OidcGrantStore>(adapter);
    stores.oidcConsents = offered<OidcConsentStore>(adapter);
    stores.oidcSessions = offered<OidcSessionStore>(adapter);
    stores.passwordResets = offered<PasswordResetStore>(adapter);
    stores.auditFeed = offered<AuditFeedStore>(adapter);
    stores.noticePreferences = offered<NoticePreferenceStore>(adapter);
    stores.webhooks = offered<WebhookStore>(adapter);
    stores.adminTokens = offered<AdminTokenStore>(adapter);
    stores.adapter = std::move(adapter);
    return stores;
}

} // namespace Gatehouse
