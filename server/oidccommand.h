#pragma once
/*! \file oidccommand.h  `gatehouse-server oidc ...`: the OpenID Provider's clients and signing keys. */
#include "databasecommand.h"

#include <QString>

namespace Gatehouse {

//! One `oidc` command line.
struct OidcCommand
{
    QString action;       //!< "clients", "keys" or "rotate-keys"
    QString configFile;   //!< --config (needed: the clients, the secrets)
    QString databaseUrl;  //!< --database: wins over the configuration's adapter.url
};

//! The actions of `oidc`.
QStringList oidcActions();

/*!
 * Runs \a command:
 * - \c clients lists the configured clients (id, kind, redirect URIs, scopes, access, consent,
 *   ID token algorithm); no database is needed;
 * - \c keys lists the stored signing keys and where each stands (signing, next, retiring, retired);
 * - \c rotate-keys adds the next key of each algorithm, sealed with the configured secrets:
 *   published at once, signing two minutes later; the running servers pick it up themselves.
 * Returns 0, 1 with the reason on stderr, or 2 for a wrong command line.
 */
int oidcCommand(const OidcCommand &command);

} // namespace Gatehouse
