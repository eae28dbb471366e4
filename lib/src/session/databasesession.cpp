#include "session/databasesession.h"

#include "core/futures.h"
#include "crypto/random.h"

namespace Gatehouse {

DatabaseSession::DatabaseSession(const Stores &stores, const SessionOptions &options, const CookieOption &cookie)
    : m_adapter(*stores.adapter), m_userState(stores.userState.get()), m_options(options), m_cookie(cookie)
{
}

QString DatabaseSession::token(const QMap<QString, QString> &requestCookies) const
{
    return requestCookies.value(m_cookie.name);
}

namespace {

using Found = std::optional<SessionAndUser>;

/*!
 * What a read makes of the stored session \a found: nothing when there is none, it has expired or
 * its user is \a disabled (the row is deleted then); otherwise the session, extended by maxAge
 * at most once per updateAge.
 */
QFuture<Found> settleRead(Adapter *adapter, const QString &token, qint64 maxAge, qint64 updateAge,
                          const Found &found, bool disabled)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!found)
        return QtFuture::makeReadyFuture(Found());
    // A disabled user's session ends like an expired one (disabling deletes them already; this
    // covers one started meanwhile).
    if (found->session.expires <= now || disabled)
        return continueWith(adapter->deleteSession(token), [](const std::optional<AdapterSession> &) { return Found(); });
    // The session was last extended at expires - maxAge.
    const QDateTime due = found->session.expires.addSecs(updateAge - maxAge);
    if (now < due)
        return QtFuture::makeReadyFuture(found);
    const AdapterSessionUpdate update = AdapterSessionUpdate(token).setExpires(now.addSecs(maxAge));
    SessionAndUser extended = *found;
    update.applyTo(extended.session);
    return continueWith(adapter->updateSession(update),
                        [extended](const std::optional<AdapterSession> &) { return Found(extended); });
}

} // namespace

QFuture<std::optional<SessionAndUser>> DatabaseSession::read(const QString &token) const
{
    Adapter *adapter = &m_adapter;
    const qint64 maxAge = m_options.maxAge;
    const qint64 updateAge = m_options.updateAge;
    // A store with a UserStateStore reads the user's disabled flag in the same step; any other
    // store knows no disabled users.
    if (UserStateStore *store = m_userState) {
        return continueWith(store->getSessionAndUserState(token),
            [adapter, token, maxAge, updateAge](const std::optional<SessionAndUserState> &read) {
                const Found found = read ? Found(SessionAndUser{read->session, read->user}) : Found();
                return settleRead(adapter, token, maxAge, updateAge, found, read && read->userDisabled);
            });
    }
    return continueWith(adapter->getSessionAndUser(token), [adapter, token, maxAge, updateAge](const Found &found) {
        return settleRead(adapter, token, maxAge, updateAge, found, false);
    });
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
