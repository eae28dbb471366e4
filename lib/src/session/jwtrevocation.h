#pragma once
/*
 * "Sign out everywhere" for JWT sessions: a per-user "not before" time in the AccountStore
 * (lib/src/account/README.md). A token issued before it is refused wherever a session is read.
 */
#include "storage/stores.h"

#include <QFuture>
#include <QJsonObject>

namespace Gatehouse::JwtRevocation {

/*!
 * Whether the JWT \a claims were issued (\c iat) before the "not before" time of their stored
 * user (\c sub). False at once without an AccountStore, a subject or an \c iat. A store that
 * fails does not refuse the token (logged at debug level: the store logs its outage itself):
 * JWT sessions outlive a database outage, and a revocation applies again once it answers.
 */
QFuture<bool> isRevoked(const Stores &stores, const QJsonObject &claims);

} // namespace Gatehouse::JwtRevocation
