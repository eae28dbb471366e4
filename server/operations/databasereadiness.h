#pragma once
/*! \file databasereadiness.h  /readyz's database checks: it answers, and its schema is this build's. */
#include "operations/readiness.h"

#include <QFuture>

#include <functional>
#include <memory>

namespace Gatehouse {

/*!
 * Reports two outcomes: \c database (a query answers) and \c schema (the version recorded in
 * the database is the one this build migrates to; another server may have migrated it further
 * during a rolling upgrade). The query is the schema version's: one indexed read.
 * The database's own error goes to the log, not into the public reason.
 */
class DatabaseReadiness final : public ReadinessCheck
{
public:
    //! \a schemaVersion reads the version recorded in the database (SqlAdapter::schemaVersion).
    DatabaseReadiness(std::function<QFuture<int>()> schemaVersion, int buildVersion);

    QStringList checks() const override;
    void run(std::function<void(QList<ReadinessOutcome>)> done) override;

private:
    std::function<QFuture<int>()> m_schemaVersion;
    int m_buildVersion;
    //! Logged once per change; shared with a run in flight, which may outlive this check.
    std::shared_ptr<QString> m_lastError = std::make_shared<QString>();
};

} // namespace Gatehouse
