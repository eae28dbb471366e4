#pragma once
/*!
 * \file adminclient.h  gatehouse-admin's client at the OpenID Provider: what \c admin adds to
 * \c oidcProvider, so that the people of \c admin.groups sign in to administer through
 * Gatehouse's own sign-in (passwords, the second factor, passkeys) from the desktop app.
 */
#include "config/jsonreader.h"

#include <gatehouse/config.h>
#include <gatehouse/serversettings.h>

namespace Gatehouse::ConfigDetail {

/*!
 * With \a admin enabled: the public client AdminSettings::clientId() in \a provider (which is
 * created when absent), PKCE, the loopback redirect URIs of a native app (RFC 8252 §7.3: any
 * port), refresh tokens, and access for \a admin's groups only (nobody without groups). A
 * configured client of that id is an error at \c admin in \a root.
 */
void addAdminClient(ObjectReader &root, const AdminSettings &admin, std::optional<OidcProviderOptions> &provider);

} // namespace Gatehouse::ConfigDetail
