#include "operations/databasereadiness.h"

#include "logging.h"

#include <gatehouse/autherror.h>

#include <QFutureWatcher>
#include <QLoggingCategory>

namespace Gatehouse {

DatabaseReadiness::DatabaseReadiness(std::function<QFuture<int>()> schemaVersion, int buildVersion)
    : m_schemaVersion(std::move(schemaVersion)), m_buildVersion(buildVersion)
{
}

QStringList DatabaseReadiness::checks() const
{
    return {QStringLiteral("database"), QStringLiteral("schema")};
}

void DatabaseReadiness::run(std::function<void(QList<ReadinessOutcome>)> done)
{
    // A watcher, not QFuture::then(): the storage thread may finish the future while this thread
    // attaches the continuation (see DeliveryHome in the library).
    auto *watcher = new QFutureWatcher<int>();
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher, [watcher, lastError = m_lastError, buildVersion = m_buildVersion, done = std::move(done)] {
        watcher->deleteLater();
        QString error;
        int version = 0;
        try {
            version = watcher->future().result();
        } catch (const AuthError &e) {
            error = e.message() + (e.cause().isEmpty() ? QString() : QStringLiteral(" (%1)").arg(e.cause()));
        } catch (const std::exception &e) {
            error = QString::fromUtf8(e.what());
        }
        if (error != *lastError && !error.isEmpty())
            qCWarning(lcServer).noquote() << "readiness: the database does not answer:" << error;
        *lastError = error;
        if (!error.isEmpty()) {
            done({{QStringLiteral("database"), false, QStringLiteral("the database does not answer")},
                  {QStringLiteral("schema"), false, QStringLiteral("not checked")}});
            return;
        }
        ReadinessOutcome schema{QStringLiteral("schema"), version == buildVersion, {}};
        if (!schema.ok)
            schema.reason = QStringLiteral("the database has schema version %1; this build's is %2")
                                .arg(version)
                                .arg(buildVersion);
        done({{QStringLiteral("database"), true, {}}, schema});
    });
    watcher->setFuture(m_schemaVersion());
}

} // namespace Gatehouse
