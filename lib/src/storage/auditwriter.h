#pragma once
/*
 * The one way the engine writes an audit event, whoever records it (a request's sign-in or
 * sign-out, an Account change): the write never delays or fails what it records, and an
 * unavailable store is logged at debug level only, because StoreHealth already reports the
 * outage once and counts the calls that failed meanwhile.
 */
#include <gatehouse/auditstore.h>

namespace Gatehouse {

//! Appends \a event to \a store in the background; does nothing without a store.
void writeAudit(AuditStore *store, const AuditEvent &event);

} // namespace Gatehouse
