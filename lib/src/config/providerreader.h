#pragma once
/*! \file providerreader.h  Reads and validates the \c providers list of a configuration. */
#include "config/jsonreader.h"

#include <gatehouse/provider.h>

#include <QJsonValue>
#include <QList>
#include <QProcessEnvironment>

namespace Gatehouse::ConfigDetail {

//! What the provider checks need to know about the rest of the configuration.
struct ProviderContext
{
    bool hasScript = false;        //!< a callbacksScript is configured
    QString baseDir;               //!< relative file names (server.tls.ca) are resolved here
};

/*!
 * Reads \a providers (the value of the top-level \c providers key), fills client ids, secrets,
 * issuers and API keys from \a env, and records every problem. An entry with an \c id and no
 * \c type is the built-in provider of that id (providers.h) with the entry's keys as overrides.
 */
QList<Provider> readProviders(const QJsonValue &providers, const QProcessEnvironment &env,
                              const ProviderContext &context, ProblemList &problems);

//! True for a JavaScript identifier (the name of a function in the callbacks script).
bool isFunctionName(const QString &name);

} // namespace Gatehouse::ConfigDetail
