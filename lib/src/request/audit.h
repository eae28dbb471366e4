#pragma once
/*
 * The persisted audit log (gatehouse_audit): sign-ins, failures, sign-outs, new users and
 * linked accounts, with time, user, provider and client address. Written only when the
 * adapter implements AuditStore; never holds a secret. Writing never delays a response.
 */
#include "request/requeststate.h"

namespace Gatehouse::Audit {

void record(const RequestState &state, const QString &type, const QString &userId, const QString &provider,
            const QJsonObject &detail = {});

} // namespace Gatehouse::Audit
