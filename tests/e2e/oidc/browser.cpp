#include "browser.h"

#include <QEventLoop>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QTimer>

namespace Gatehouse::Test {

namespace {
const QString engineOrigin = QStringLiteral("http://127.0.0.1:9300");

bool onEngine(const QUrl &url)
{
    return url.toString().startsWith(engineOrigin + QLatin1Char('/'));
}
} // namespace

Browser::Browser(const Auth &auth)
    : engine(auth, engineOrigin)
{
    m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
    m_nam.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

Browser::Fetched Browser::fetch(const QUrl &url)
{
    QNetworkReply *reply = m_nam.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    Fetched fetched;
    if (reply->isFinished()) {
        fetched.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        fetched.location = reply->rawHeader("Location");
        fetched.body = reply->readAll();
    }
    delete reply;
    return fetched;
}

QUrl Browser::toEngine(const QByteArray &location)
{
    error.clear();
    QUrl url(QString::fromUtf8(location));
    for (int hop = 0; hop < 20; ++hop) {
        visited.append(url.toString());
        const bool elsewhere = std::any_of(stopAt.cbegin(), stopAt.cend(),
                                           [&](const QString &origin) { return url.toString().startsWith(origin + QLatin1Char('/')); });
        if (onEngine(url) || elsewhere)
            return url;
        const Fetched answer = fetch(url);
        if (answer.status == 0) {
            error = QStringLiteral("%1 did not answer within 10 s").arg(url.toString());
            return {};
        }
        if (answer.status < 300 || answer.status > 399 || answer.location.isEmpty()) {
            error = QStringLiteral("%1 answered %2: %3").arg(url.toString()).arg(answer.status).arg(QString::fromUtf8(answer.body.left(300)));
            return {};
        }
        url = url.resolved(QUrl(QString::fromUtf8(answer.location)));
    }
    error = QStringLiteral("more than 20 redirects");
    return {};
}

Reply Browser::open(const QUrl &url)
{
    return engine.get(url.path(QUrl::FullyEncoded) + (url.hasQuery() ? QLatin1Char('?') + url.query(QUrl::FullyEncoded) : QString()));
}

Reply Browser::follow(const QByteArray &location)
{
    visited.clear();
    QByteArray next = location;
    for (int leg = 0; leg < 5; ++leg) {
        const QUrl url = toEngine(next);
        if (url.isEmpty()) {
            Reply failed;
            failed.response.status = -1;
            failed.response.body = error.toUtf8();
            return failed;
        }
        Reply reply = open(url);
        next = reply.location();
        if (reply.response.status != 302 || next.isEmpty() || next.startsWith(engineOrigin.toUtf8()))
            return reply;
    }
    Reply failed;
    failed.response.status = -1;
    failed.response.body = "the engine kept redirecting elsewhere";
    return failed;
}

Reply Browser::signIn(const QString &provider, const QList<QPair<QString, QString>> &fields, const QString &query)
{
    QList<QPair<QString, QString>> form = {{QStringLiteral("csrfToken"), engine.csrfToken()}};
    form += fields;
    const Reply start = engine.postForm(QStringLiteral("/auth/signin/") + provider + query, form);
    lastAuthorizationUrl = start.location();
    if (start.response.status != 302 || lastAuthorizationUrl.startsWith(engineOrigin.toUtf8()))
        return start;
    return follow(lastAuthorizationUrl);
}

} // namespace Gatehouse::Test
