#include "webhooks/payload.h"

#include "storage/auditeventjson.h"

namespace Gatehouse::Webhooks {

QByteArray payload(const AuditEvent &event)
{
    return auditEventJson(event);  // the audit pull's line: a receiver reads both alike
}

} // namespace Gatehouse::Webhooks
