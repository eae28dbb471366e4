#pragma once
/*! \file serverconfiguration.h  gatehouse-server's configuration: the JSON file, the environment
 *  and the callbacks script, loaded and checked together. */
#include "scriptcallbacks.h"

#include <gatehouse/serversettings.h>

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace Gatehouse {

struct ServerConfiguration
{
    //! The engine's Config (callbacks bound to the script), the server settings and every
    //! problem, the callbacks script's included.
    ServerConfigResult loaded;
    //! The callbacks script, when the configuration names one and it loaded.
    std::optional<ScriptCallbacks> script;
};

/*!
 * Loads \a file (when empty: an empty configuration, so everything comes from \a env),
 * loads the callbacks script it names, checks that every function it names exists and binds
 * them into the Config.
 */
ServerConfiguration loadServerConfiguration(const QString &file, const QProcessEnvironment &env,
                                            const ConfigLoadOptions &options);

//! loadServerConfiguration() of \a json, a file's contents not yet written (relative names against \a baseDir).
ServerConfiguration loadServerConfiguration(const QJsonObject &json, const QString &baseDir,
                                            const QProcessEnvironment &env, const ConfigLoadOptions &options);

//! A new random secret: 32 bytes from the system's CSPRNG, base64url without padding.
QString generateSecret();

} // namespace Gatehouse
