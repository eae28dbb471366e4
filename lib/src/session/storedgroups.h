#pragma once
/*
 * The groups stored per user (GroupStore) in a JWT session: the "groups" claim, read at sign-in
 * and again once per session.updateAge, with the time they were read in "groups_read_at".
 * Written only when the deployment uses them (AccessOptions::groupsInToken()) and the adapter
 * stores them, and only for stored users: other tokens stay exactly what Auth.js writes.
 */
#include "storage/stores.h"

#include <gatehouse/config.h>

#include <QFuture>
#include <QJsonObject>

namespace Gatehouse::StoredGroups {

inline constexpr QLatin1String kClaim{"groups"};
//! When the groups were read (seconds since the epoch); only tokens of stored users have it.
inline constexpr QLatin1String kReadAtClaim{"groups_read_at"};

//! Whether sessions under \a config carry stored groups.
bool wanted(const Stores &stores, const Config &config);

//! The groups of the stored user \a userId (empty without a GroupStore).
QFuture<QStringList> read(const Stores &stores, const QString &userId);

//! \a token with \a groups read at \a now.
QJsonObject stamp(QJsonObject token, const QStringList &groups, qint64 now);

/*!
 * Whether \a token's stored groups are due for reading again: it has them (a stored user's)
 * and they were read \a updateAge seconds ago or earlier. Tokens without them never are.
 */
bool stale(const QJsonObject &token, qint64 updateAge, qint64 now);

//! \a token with its user's (\c sub) groups read again at \a now.
QFuture<QJsonObject> refresh(const Stores &stores, const QJsonObject &token, qint64 now);

} // namespace Gatehouse::StoredGroups
