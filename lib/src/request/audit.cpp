#include "request/audit.h"

#include "core/logging.h"

#include <gatehouse/adaptererror.h>

namespace Gatehouse::Audit {

void record(const RequestState &state, const QString &type, const QString &userId, const QString &provider,
            const QJsonObject &detail)
{
    AuditStore *store = state.stores().audit.get();
    if (!store)
        return;
    AuditEvent event;
    event.time = QDateTime::currentDateTimeUtc();
    event.type = type;
    event.userId = userId;
    event.provider = provider;
    event.clientAddress = state.clientAddress.isNull() ? QString() : state.clientAddress.toString();
    event.detail = detail;
    store->appendAudit(event).then(QtFuture::Launch::Sync, [](QFuture<qint64> written) {
        try {
            written.waitForFinished();
        } catch (const AdapterError &e) {
            // While the database is down, StoreHealth logs the outage once and counts the calls
            // that failed meanwhile, this one included: a line per lost event would flood the log.
            if (e.reason() == AdapterError::Reason::Unavailable)
                qCDebug(lcCore) << "could not write the audit log:" << e.what();
            else
                qCWarning(lcCore) << "could not write the audit log:" << e.what();
        } catch (const std::exception &e) {
            qCWarning(lcCore) << "could not write the audit log:" << e.what();
        }
    });
}

} // namespace Gatehouse::Audit
