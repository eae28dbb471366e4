#pragma once
/*
 * Values that must work once although they travel in cookies and URLs, where a replay carries
 * them again: a WebAuthn challenge, an OAuth authorization code. The store records each use,
 * atomically (RateLimitStore::hitRateLimit, a limit of one for the value's lifetime), so of
 * replays at the same moment, also on other servers sharing the database, only the first goes
 * on.
 */
#include "request/requeststate.h"

#include <QFuture>

namespace Gatehouse::SingleUse {

/*!
 * Records the use of \a value, of kind \a kind ("webauthn-challenge", ...), valid for
 * \a lifetimeSeconds; finishes with true for its first use, false for any other while it is
 * valid. Only a hash of the value is stored. Without a RateLimitStore (no adapter, or one of
 * Auth.js's contract only) there is nowhere to record it: always true. Fails with the store's
 * AdapterError.
 */
QFuture<bool> claim(const RequestState &state, const QString &kind, const QByteArray &value, qint64 lifetimeSeconds);

} // namespace Gatehouse::SingleUse
