#pragma once
/*!
 * \file payload.h  What a webhook delivery carries: one audit event as a JSON object, the same
 * fields as a line of the admin API's audit pull (\c id, \c time, \c type, \c userId,
 * \c provider, \c clientAddress, \c detail), so a receiver reads both alike.
 */
#include <gatehouse/auditstore.h>

#include <QByteArray>

namespace Gatehouse::Webhooks {

//! \a event as the body of its delivery (compact JSON, UTF-8).
QByteArray payload(const AuditEvent &event);

} // namespace Gatehouse::Webhooks
