#include "request/audit.h"

#include "storage/auditwriter.h"

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
    writeAudit(store, event);
}

} // namespace Gatehouse::Audit
