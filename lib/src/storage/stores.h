#pragma once
/*!
 * \file stores.h  Which of Gatehouse's store interfaces an adapter offers, found once: the
 * engine resolves them when it is built and keeps them (EngineData); the functions that take
 * an adapter (setUserDisabled(), the built-in passwords, AccessTokens) resolve them here too.
 */
#include "storage/notbeforecache.h"

#include <gatehouse/accountstore.h>
#include <gatehouse/accounttokenstore.h>
#include <gatehouse/adapter.h>
#include <gatehouse/adminstore.h>
#include <gatehouse/auditfeedstore.h>
#include <gatehouse/admintokenstore.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/noticepreferencestore.h>
#include <gatehouse/oidccodestore.h>
#include <gatehouse/oidcconsentstore.h>
#include <gatehouse/oidcgrantstore.h>
#include <gatehouse/oidckeystore.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/passwordresetstore.h>
#include <gatehouse/ratelimitstore.h>
#include <gatehouse/twofactorstore.h>
#include <gatehouse/userstatestore.h>
#include <gatehouse/usertransferstore.h>
#include <gatehouse/webhookstore.h>

#include <memory>

namespace Gatehouse {

//! An adapter and the interfaces it implements. Each pointer shares ownership of the adapter.
struct Stores
{
    std::shared_ptr<Adapter> adapter;

    //! The interfaces \a adapter implements (none for a null adapter).
    static Stores of(std::shared_ptr<Adapter> adapter);

    // What the adapter offers beyond the Adapter contract; null where it does not.
    std::shared_ptr<AuditStore> audit;
    std::shared_ptr<UserStateStore> userState;
    std::shared_ptr<RateLimitStore> rateLimits;
    std::shared_ptr<AdminStore> admin;
    std::shared_ptr<AccountTokenStore> accountTokens;
    std::shared_ptr<AccountStore> account;
    //! With \c account: the adapter's JWT "not before" times read lately (one per adapter).
    std::shared_ptr<NotBeforeCache> notBefore;
    std::shared_ptr<TwoFactorStore> twoFactor;
    std::shared_ptr<GroupStore> groups;
    std::shared_ptr<OidcKeyStore> oidcKeys;
    std::shared_ptr<OidcCodeStore> oidcCodes;
    std::shared_ptr<OidcGrantStore> oidcGrants;
    std::shared_ptr<OidcConsentStore> oidcConsents;
    std::shared_ptr<OidcSessionStore> oidcSessions;
    std::shared_ptr<PasswordResetStore> passwordResets;
    std::shared_ptr<AuditFeedStore> auditFeed;
    std::shared_ptr<AdminTokenStore> adminTokens;
    std::shared_ptr<UserTransferStore> transfers;
    std::shared_ptr<NoticePreferenceStore> noticePreferences;
    std::shared_ptr<WebhookStore> webhooks;
};

} // namespace Gatehouse
