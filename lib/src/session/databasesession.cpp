#include "session/databasesession.h"

#include "crypto/random.h"

#include <gatehouse/gatehousestore.h>

namespace Gatehouse {

DatabaseSession::DatabaseSession(Adapter &adapter, const SessionOptions &options, const CookieOption &cookie)
    : m_adapter(adapter), m_options(options), m_cookie(cookie)
{
}

QString DatabaseSession::token(const QMap<QString, QString> &requestCookies) const
{
    return requestCookies.value(m_cookie.name);
}

namespace {

/*!
 * The session and its user, or nullopt; \c true beside it when the user is disabled. A store
 * that is also a GatehouseStore answers both in one step; any other store knows no disabled users.
 */
QFuture<std::pair<std::optional<SessionAndUser>, bool>> sessionAndUserState(Adapter &adapter, const QString &token)
{
    using Found = std::pair<std::optional<SessionAndUser>, bool>;
    if (auto *store = dynamic_cast<GatehouseStore *>(&adapter)) {
        return store->getSessionAndUserState(token).then(QtFuture::Launch::Sync,
            [](const std::optional<SessionAndUserState> &found) {
                return found ? Found(SessionAndUser{found->session, found->user}, found->userDisabled) : Found();
            });
    }
    return adapter.getSessionAndUser(token).then(QtFuture::Launch::Sync,
        [](const std::optional<SessionAndUser> &found) { return Found(found, false); });
}

} // namespace

QFuture<std::optional<SessionAndUser>> DatabaseSession::read(const QString &token) const
{
    Adapter *adapter = &m_adapter;
    const qint64 maxAge = m_options.maxAge;
    const qint64 updateAge = m_options.updateAge;
    return sessionAndUserState(m_adapter, token).then(QtFuture::Launch::Sync,
        [adapter, token, maxAge, updateAge](const std::pair<std::optional<SessionAndUser>, bool> &read)
            -> QFuture<std::optional<SessionAndUser>> {
            const QDateTime now = QDateTime::currentDateTimeUtc();
            const std::optional<SessionAndUser> &found = read.first;
            if (!found)
                return QtFuture::makeReadyFuture(std::optional<SessionAndUser>());
            // A disabled user's session ends like an expired one (disabling deletes them
            // already; this covers one started meanwhile).
            if (found->session.expires <= now || read.second) {
                return adapter->deleteSession(token).then(QtFuture::Launch::Sync,
                    [](const std::optional<AdapterSession> &) { return std::optional<SessionAndUser>(); });
            }
            // Extend at most once per updateAge: the session was last extended at expires - maxAge.
            const QDateTime due = found->session.expires.addSecs(updateAge - maxAge);
            if (now < due)
                return QtFuture::makeReadyFuture(found);
            AdapterSessionUpdate update;
            update.sessionToken = token;
            update.expires = now.addSecs(maxAge);
            SessionAndUser extended = *found;
            extended.session.expires = *update.expires;
            return adapter->updateSession(update).then(QtFuture::Launch::Sync,
                [extended](const std::optional<AdapterSession> &) { return std::optional<SessionAndUser>(extended); });
        })
        .unwrap();
}

QFuture<AdapterSession> DatabaseSession::create(const QString &userId) const
{
    AdapterSession session;
    session.sessionToken = m_options.generateSessionToken ? m_options.generateSessionToken() : Crypto::randomUuid();
    session.userId = userId;
    session.expires = QDateTime::currentDateTimeUtc().addSecs(m_options.maxAge);
    return m_adapter.createSession(session);
}

QList<SetCookie> DatabaseSession::write(const AdapterSession &session, const QMap<QString, QString> &requestCookies) const
{
    CookieOption cookie = m_cookie;
    cookie.options.expires = session.expires;
    return Cookies::write(cookie, session.sessionToken, requestCookies);
}

} // namespace Gatehouse
