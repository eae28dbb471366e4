#pragma once
/*
 * The admin API's operations on the server's configuration file (README.md: the list): read with
 * every secret masked, check a proposed configuration as the server would load it, and save it
 * as the admin app's editor saves (writeConfigFile(): FILE.bak, an atomic replace), then have
 * the server reload it. A save names the version it was based on: a file changed since is a 409,
 * never overwritten. Saves are one at a time.
 */
#include "adminapi/bearer.h"

#include <gatehouse/adminapi.h>
#include <gatehouse/authresponse.h>

#include <QMutex>

namespace Gatehouse::AdminApiDetail {

//! The scopes of the configuration operations.
inline const QString kConfigRead = QStringLiteral("config:read");
inline const QString kConfigWrite = QStringLiteral("config:write");

//! The file the server was started with, and the one lock its saves take.
struct ConfigAccess
{
    AdminConfigFile file;
    QMutex saving;
};

//! Answers \a request for \a path (\c {"config"} or \c {"config", "check"}); \a access is null
//! when the server has no configuration file.
AuthResponse serveConfig(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                         const std::shared_ptr<ConfigAccess> &access);

} // namespace Gatehouse::AdminApiDetail
