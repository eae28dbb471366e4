#pragma once
/*! \file sections.h  Readers for the object-valued top-level keys of a configuration. */
#include "config/jsonreader.h"

#include <gatehouse/config.h>
#include <gatehouse/configloader.h>
#include <gatehouse/serversettings.h>

#include <QProcessEnvironment>

namespace Gatehouse::ConfigDetail {

//! \c session.
void readSession(ObjectReader &root, SessionOptions &session);
//! \c jwt
void readJwt(ObjectReader &root, JwtOptions &jwt);
//! \c cookies; \a secureDefault is the \c secure attribute of overrides that do not set it.
void readCookies(ObjectReader &root, CookiesOptions &cookies, bool secureDefault);
//! \c pages
void readPages(ObjectReader &root, PagesOptions &pages);
//! \c account
void readAccount(ObjectReader &root, AccountOptions &account);
//! \c theme
void readTheme(ObjectReader &root, Theme &theme);
//! \c experimental
void readExperimental(ObjectReader &root, ExperimentalOptions &experimental);
//! \c rateLimit
//! \c twoFactor: required (never/optional/always), maxAge, requiredGroups.
void readTwoFactor(ObjectReader &root, TwoFactorSignInOptions &twoFactor);
void readRateLimit(ObjectReader &root, RateLimitOptions &rateLimit);
//! trustedProxies: a list of addresses or subnets.
void readTrustedProxies(ObjectReader &root, QList<QPair<QHostAddress, int>> &trustedProxies);
//! \c server (gatehouse-server's own settings)
void readServer(ObjectReader &root, ServerSettings &server);
//! \c admin: the admin API's settings; after readAdapter() (the API needs a database)
void readAdmin(ObjectReader &root, ServerSettings &server);
//! \c adapter, with \c DATABASE_URL as the fallback for \c adapter.url and \c DATABASE_PASSWORD
//! for \c adapter.passwordFile (relative to \a baseDir)
void readAdapter(ObjectReader &root, const QProcessEnvironment &env, const QString &baseDir, ServerSettings &server);
//! \c callbacksScript (resolved against \a baseDir), \c callbacks and \c events (with its
//! \c webhooks: readWebhooks()); after readAdapter()
void readScript(ObjectReader &root, const QString &baseDir, ServerSettings &server);

//! \c events.webhooks of the \c events object \a events; secret files relative to \a baseDir
void readWebhooks(ObjectReader &events, const QString &baseDir, ServerSettings &server);

} // namespace Gatehouse::ConfigDetail
