#pragma once
/*!
 * \file auditeventjson.h  The one JSON form of an audit event that leaves the box: a line of the
 * admin API's audit pull and the body of a webhook delivery, so a receiver reads both alike.
 */
#include <gatehouse/auditstore.h>

#include <QByteArray>

namespace Gatehouse {

//! \a event as compact JSON: \c id, \c time (UTC, ms), \c type, \c userId, \c provider,
//! \c clientAddress (null when empty) and \c detail.
QByteArray auditEventJson(const AuditEvent &event);

} // namespace Gatehouse
