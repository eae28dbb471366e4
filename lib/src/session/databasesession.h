#pragma once
/*
 * The database session strategy: the cookie holds only a random session token; the session
 * lives in storage. Reading a session deletes it when expired or when its user is disabled
 * (UserStateStore::setUserDisabled), and extends it by maxAge at most once per updateAge.
 */
#include "core/cookies.h"
#include "storage/stores.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/auth.h>
#include <gatehouse/config.h>

#include <QFuture>
#include <optional>

namespace Gatehouse {

/*!
 * What reading a database session found. Only the store's answer "none", or a session that has
 * expired or whose user is disabled, is SignedOut; a store that failed to answer is
 * Unavailable, and the session may well be there: its cookie must stay.
 */
struct SessionRead
{
    SessionStatus status = SessionStatus::SignedOut;
    std::optional<SessionAndUser> session;  //!< SignedIn: the session and its user
    std::optional<AdapterError> error;      //!< Unavailable: what the store failed with
    bool extended = false;                  //!< SignedIn: this read extended the session (write its cookie)
};

class DatabaseSession
{
public:
    //! Sessions in \a stores' adapter, the disabled users of its UserStateStore if it has one.
    DatabaseSession(const Stores &stores, const SessionOptions &options, const CookieOption &cookie);

    //! The session token of the request, or an empty string.
    QString token(const QMap<QString, QString> &requestCookies) const;
    /*!
     * The session and user for \a token, extended when due; SignedOut when unknown, expired or
     * of a disabled user (such a session is deleted from storage); Unavailable when the store
     * failed to look it up (any AdapterError: a database that is down, a missing table, ...).
     * Never fails. An extension or a deletion that fails is logged (debug) and changes nothing:
     * the session is answered as it was found.
     */
    QFuture<SessionRead> read(const QString &token) const;
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
