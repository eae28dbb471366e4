#pragma once
/*! \file metrics.h  Gatehouse's Prometheus metrics: switch counting on, read the page. */
#include <gatehouse/global.h>

#include <QByteArray>

namespace Gatehouse::Metrics {

/*!
 * Starts (or stops) counting in this process. Off by default: then every recording point is a
 * single relaxed atomic load. The bundled server turns it on when \c server.metricsListen is set.
 */
GATEHOUSE_EXPORT void setEnabled(bool enabled);
GATEHOUSE_EXPORT bool isEnabled();

/*!
 * Every family in Prometheus' text exposition format (version 0.0.4): requests, sign-ins,
 * rate-limit refusals, mails, OAuth provider calls, storage queries, session lookup batches,
 * connections, configuration reloads, build info and the process_* families. Serve it with
 * contentType() on an address of its own, never on the public one. Thread-safe.
 */
GATEHOUSE_EXPORT QByteArray exposition();
//! \c text/plain; version=0.0.4; charset=utf-8
GATEHOUSE_EXPORT QByteArray contentType();

//! Counts one configuration reload, \a accepted or refused (for servers that reload).
GATEHOUSE_EXPORT void recordConfigurationReload(bool accepted);

} // namespace Gatehouse::Metrics
