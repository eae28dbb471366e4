#pragma once
/*
 * "Sign out everywhere" for JWT sessions: a per-user "not before" time in the AccountStore
 * (lib/src/account/README.md). A token issued before it is refused wherever a session is read.
 */
#include "storage/stores.h"

#include <QFuture>
#include <QJsonObject>

#include <optional>

namespace Gatehouse::JwtRevocation {

/*!
 * Whether the JWT \a claims were issued (\c iat) before the "not before" time of their stored
 * user (\c sub), when that is known without asking the store: false without an AccountStore or
 * a subject; the answer of a recent read (NotBeforeCache). Nullopt: ask isRevoked(). Claims
 * without a usable \c iat (missing, not a number, out of range) count as issued before any
 * "not before": only a token encoded elsewhere with the secret can lack it.
 * The common case costs no future, which on every session read would cost more than the answer.
 */
std::optional<bool> knownRevoked(const Stores &stores, const QJsonObject &claims);

/*!
 * The same, asking the store (and keeping its answer a few seconds). A store that fails does not
 * refuse the token (logged at debug level: the store logs its outage itself): JWT sessions
 * outlive a database outage, and a revocation applies again once it answers.
 */
QFuture<bool> isRevoked(const Stores &stores, const QJsonObject &claims);

} // namespace Gatehouse::JwtRevocation
