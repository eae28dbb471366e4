#pragma once
/*
 * The database session strategy: the cookie holds only a random session token; the session
 * lives in storage. Reading a session deletes it when expired or when its user is disabled
 * (UserStateStore::setUserDisabled), and extends it by maxAge at most once per updateAge.
 */
#include "core/cookies.h"
#include "storage/stores.h"

#include <gatehouse/config.h>

#include <QFuture>
#include <optional>

namespace Gatehouse {

class DatabaseSession
{
public:
    //! Sessions in \a stores' adapter, the disabled users of its UserStateStore if it has one.
    DatabaseSession(const Stores &stores, const SessionOptions &options, const CookieOption &cookie);

    //! The session token of the request, or an empty string.
    QString token(const QMap<QString, QString> &requestCookies) const;
    /*!
     * The session and user for \a token, extended when due; nullopt when unknown, expired or
     * of a disabled user (such a session is deleted from storage).
     */
    QFuture<std::optional<SessionAndUser>> read(const QString &token) const;
    //! A new session for \a userId, expiring after maxAge.
    QFuture<AdapterSession> create(const QString &userId) const;
    //! The cookie that holds \a session's token until it expires.
    QList<SetCookie> write(const AdapterSession &session, const QMap<QString, QString> &requestCookies) const;

private:
    Adapter &m_adapter;
    UserStateStore *m_userState;
    const SessionOptions &m_options;
    const CookieOption &m_cookie;
};

} // namespace Gatehouse
