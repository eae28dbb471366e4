#include "storage/auditwriter.h"

#include "storage/logging.h"

#include <gatehouse/adaptererror.h>

#include <exception>

namespace Gatehouse {

namespace {

void logFailure(const std::exception &e)
{
    const auto *adapterError = dynamic_cast<const AdapterError *>(&e);
    // A line per lost event while the database is down would flood the log (see the header).
    if (adapterError && adapterError->reason() == AdapterError::Reason::Unavailable)
        qCDebug(lcStorage) << "could not write the audit log:" << e.what();
    else
        qCWarning(lcStorage) << "could not write the audit log:" << e.what();
}

} // namespace

void writeAudit(AuditStore *store, const AuditEvent &event)
{
    if (!store)
        return;
    try {
        store->appendAudit(event).then(QtFuture::Launch::Sync, [](QFuture<qint64> written) {
            try {
                written.waitForFinished();
            } catch (const std::exception &e) {
                logFailure(e);
            }
        });
    } catch (const std::exception &e) {
        logFailure(e); // a store that refuses at once must not fail the change either
    }
}

} // namespace Gatehouse
