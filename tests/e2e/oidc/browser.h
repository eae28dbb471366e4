#pragma once
/*
 * A browser for the end-to-end flows: the engine runs in-process (EngineClient, origin
 * http://127.0.0.1:9300) and every other URL is fetched over loopback with a cookie jar, so a
 * redirect chain through a real identity provider can be followed to its end.
 */
#include "support/engineclient.h"

#include <QNetworkAccessManager>
#include <QStringList>

namespace Gatehouse::Test {

class Browser
{
public:
    explicit Browser(const Auth &auth);

    /*!
     * Follows \a location (absolute) until the engine answers with something other than a
     * redirect to another site, and returns that answer. A failure on the way (a non-redirect
     * answer elsewhere, more than 20 hops, a hop taking over 10 s) is a reply with status -1
     * whose body says what happened.
     */
    Reply follow(const QByteArray &location);
    /*!
     * Follows \a location through other sites until it points at the engine and returns that
     * URL without requesting it (to tamper with a callback); empty on failure, see \c error.
     */
    QUrl toEngine(const QByteArray &location);
    //! GET \a url on the engine (path and query).
    Reply open(const QUrl &url);
    //! GET \a url elsewhere with the cookie jar: status (0 after 10 s without answer), Location, body.
    struct Fetched
    {
        int status = 0;
        QByteArray location;
        QByteArray body;
    };
    Fetched fetch(const QUrl &url);
    //! POST signin/<provider> with the CSRF token (and \a fields), then follow() the redirect.
    Reply signIn(const QString &provider, const QList<QPair<QString, QString>> &fields = {},
                 const QString &query = {});

    EngineClient engine;
    QStringList visited;     //!< every URL of the last follow(), in order
    QByteArray lastAuthorizationUrl;  //!< the first redirect of the last signIn()
    QString error;           //!< why the last toEngine() failed
    QStringList stopAt;      //!< other origins where toEngine() stops (another engine's)

private:
    QNetworkAccessManager m_nam;
};

} // namespace Gatehouse::Test
