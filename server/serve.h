#pragma once
/*! \file serve.h  The default command of gatehouse-server: serve the engine over HTTP. */
#include <QString>

#include <optional>

namespace Gatehouse {

struct ServeOptions
{
    QString configFile;            //!< empty: configuration from the environment only
    QString listen;                //!< --listen; empty: server.listen of the configuration
    std::optional<int> threads;    //!< --threads; unset: server.threads of the configuration
    bool dev = false;              //!< --dev: an ephemeral secret when none is configured
};

/*!
 * Loads and checks the configuration, starts the engine behind an HttpServerPool and serves
 * until SIGTERM or SIGINT. Returns the process exit code: 1 when the configuration is invalid,
 * no secret is configured (MissingSecretError) or the address cannot be bound.
 */
int serve(const ServeOptions &options);

} // namespace Gatehouse
