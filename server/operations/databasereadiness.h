#pragma once
/*! \file databasereadiness.h  /readyz's database checks: it answers, and its schema is this build's. */
#include "operations/readiness.h"

#include <gatehouse/storehealth.h>

#include <QFuture>

#include <functional>
#include <memory>

namespace Gatehouse {

/*!
 * Reports two outcomes: \c database (a query answers) and \c schema (the version recorded in
 * the database is the one this build migrates to; another server may have migrated it further
 * during a rolling upgrade). The query is the schema version's: one indexed read.
 * The database's own error goes to the log, not into the public reason. While the store's
 * tracker (SqlAdapter::health()) has it down, the check says so, with since when, and leaves
 * the log to the tracker, which has said it once already; the query still runs, so that a
 * server no request reaches any more (taken out of the balancer) notices the database is back.
 */
class DatabaseReadiness final : public ReadinessCheck
{
public:
    /*!
     * \a schemaVersion reads the version recorded in the database (SqlAdapter::schemaVersion);
     * \a storeStatus is what the store's tracker knows (SqlAdapter::health); may be empty.
     */
    DatabaseReadiness(std::function<QFuture<int>()> schemaVersion, int buildVersion,
                      std::function<StoreStatus()> storeStatus = {});

    QStringList checks() const override;
    void run(std::function<void(QList<ReadinessOutcome>)> done) override;

private:
    std::function<QFuture<int>()> m_schemaVersion;
    int m_buildVersion;
    std::function<StoreStatus()> m_storeStatus;
    //! Logged once per change; shared with a run in flight, which may outlive this check.
    std::shared_ptr<QString> m_lastError = std::make_shared<QString>();
};

} // namespace Gatehouse
