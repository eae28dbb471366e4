#include "session/databasesession.h"

#include "crypto/random.h"

namespace Gatehouse {

DatabaseSession::DatabaseSession(Adapter &adapter, const SessionOptions &options, const CookieOption &cookie)
    : m_adapter(adapter), m_options(options), m_cookie(cookie)
{
}

QString DatabaseSession::token(const QMap<QString, QString> &requestCookies) const
{
    return requestCookies.value(m_cookie.name);
}

QFuture<std::optional<SessionAndUser>> DatabaseSession::read(const QString &token) const
{
    Adapter *adapter = &m_adapter;
    const qint64 maxAge = m_options.maxAge;
    const qint64 updateAge = m_options.updateAge;
    return m_adapter.getSessionAndUser(token).then(QtFuture::Launch::Sync,
        [adapter, token, maxAge, updateAge](const std::optional<SessionAndUser> &found)
            -> QFuture<std::optional<SessionAndUser>> {
            const QDateTime now = QDateTime::currentDateTimeUtc();
            if (!found)
                return QtFuture::makeReadyFuture(std::optional<SessionAndUser>());
            if (found->session.expires <= now) {
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
