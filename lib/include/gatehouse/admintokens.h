#pragma once
/*!
 * \file admintokens.h  The admin API's bearer tokens (lib/src/adminapi/README.md): issued with a
 * name, scopes and an expiry; shown once; stored as their SHA-256 only; listed; revoked; every
 * issue and revocation audited with who did it. gatehouse-server's \c admin-token command and
 * the admin API use these; the store is AdminTokenStore.
 */
#include <gatehouse/adapter.h>
#include <gatehouse/admintokenstore.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QStringList>

#include <memory>
#include <optional>

namespace Gatehouse::AdminTokens {

/*!
 * The scopes a token can hold, in the order they are listed: users:read, users:write,
 * audit:read, config:read (the configuration, secrets masked), config:write (check and save it).
 */
GATEHOUSE_EXPORT QStringList knownScopes();

/*!
 * The scopes of \a text, comma-separated ("users:read,users:write"), each known, none twice,
 * in knownScopes()' order; nullopt with the reason in \a problem otherwise.
 */
GATEHOUSE_EXPORT std::optional<QStringList> parseScopes(const QString &text, QString *problem);

/*!
 * A lifetime such as "90d", "12h" or "30m": a whole number of days, hours or minutes, at least
 * one minute and at most 3650 days; seconds, or nullopt with the reason in \a problem.
 */
GATEHOUSE_EXPORT std::optional<qint64> parseLifetime(const QString &text, QString *problem);

/*!
 * Why \a name cannot name a token, or empty when it can: 1 to 64 characters of A-Z a-z 0-9
 * . _ - (it appears as "token:NAME" in the audit log and on command lines).
 */
GATEHOUSE_EXPORT QString nameProblem(const QString &name);

//! A token just issued: \c token is shown once and never stored.
struct GATEHOUSE_EXPORT Issued
{
    QString token;
    AdminTokenRecord record;
};

/*!
 * Issues a token named \a name with \a scopes, valid for \a lifetimeSeconds, on behalf of
 * \a by (the audit's "by"). Audited as \c adminTokenCreate (name, scopes, expires, by); the
 * audit is written before the future finishes. Fails with AdapterError Reason::Conflict when the
 * name is taken (revoked tokens keep theirs), with an AuthError when \a store does not implement
 * AdminTokenStore.
 */
GATEHOUSE_EXPORT QFuture<Issued> issue(std::shared_ptr<Adapter> store, const QString &name, const QStringList &scopes,
                                       qint64 lifetimeSeconds, const QString &by);

/*!
 * Revokes the token \a name on behalf of \a by: true when it was revoked now, false when there
 * is no such token or it was revoked before. Audited as \c adminTokenRevoke (name, by) when
 * revoked; every server sharing the database refuses the token at its next request.
 */
GATEHOUSE_EXPORT QFuture<bool> revoke(std::shared_ptr<Adapter> store, const QString &name, const QString &by);

//! Every token (no secret in them: hashes only), by name.
GATEHOUSE_EXPORT QFuture<QList<AdminTokenRecord>> list(std::shared_ptr<Adapter> store);

/*!
 * The stored hash of \a token (lower-case hex SHA-256); nullopt for anything that is not a token
 * as issue() makes them ("gha_" and 43 base64url characters), which is refused without a look-up.
 */
GATEHOUSE_EXPORT std::optional<QString> hashOf(QStringView token);

} // namespace Gatehouse::AdminTokens
