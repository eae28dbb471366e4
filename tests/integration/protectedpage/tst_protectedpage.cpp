// The example application end to end over real HTTP on loopback: the dashboard redirects to
// the sign-in page, signing in through the mounted endpoints opens it, /api/me returns the session.
#include "exampleapp.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

class TestProtectedPage : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    QString m_base;

    QNetworkReply *send(QNetworkReply *reply)
    {
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        return reply;
    }
    QNetworkReply *get(const QString &path)
    {
        QNetworkRequest request(QUrl(m_base + path));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        return send(m_nam.get(request));
    }

private Q_SLOTS:
    void signInOpensTheDashboard()
    {
        const Gatehouse::Auth auth(Example::configuration(QStringLiteral("example-secret-example-secret-000001")));
        QHttpServer server;
        Gatehouse::HttpServerIntegration gatehouse(auth);
        Example::installRoutes(server, auth, gatehouse);
        const quint16 port = server.listen(QHostAddress::LocalHost, 0);
        QVERIFY(port);
        m_base = QStringLiteral("http://127.0.0.1:%1").arg(port);
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));

        std::unique_ptr<QNetworkReply> denied(get("/dashboard"));
        QCOMPARE(denied->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 302);
        QCOMPARE(denied->rawHeader("Location"),
                 (m_base + "/auth/signin?callbackUrl=" + QUrl::toPercentEncoding(m_base + "/dashboard")).toUtf8());

        std::unique_ptr<QNetworkReply> csrf(get("/auth/csrf"));
        const QString token = QJsonDocument::fromJson(csrf->readAll()).object().value("csrfToken").toString();
        QCOMPARE(token.size(), 64);
        QNetworkRequest post(QUrl(m_base + "/auth/callback/credentials"));
        post.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        post.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        QUrlQuery form;
        form.addQueryItem("csrfToken", token);
        form.addQueryItem("username", "alice");
        form.addQueryItem("password", "alice-password");
        form.addQueryItem("callbackUrl", "/dashboard");
        std::unique_ptr<QNetworkReply> signedIn(send(m_nam.post(post, form.toString(QUrl::FullyEncoded).toUtf8())));
        QCOMPARE(signedIn->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 302);
        QCOMPARE(signedIn->rawHeader("Location"), (m_base + "/dashboard").toUtf8());

        std::unique_ptr<QNetworkReply> page(get("/dashboard"));
        QCOMPARE(page->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        QCOMPARE(page->readAll(), QByteArray("<h1>Hello Alice</h1>"));

        std::unique_ptr<QNetworkReply> me(get("/api/me"));
        QCOMPARE(QJsonDocument::fromJson(me->readAll()).object().value("user").toObject().value("name").toString(),
                 QStringLiteral("Alice"));
    }
};

QTEST_GUILESS_MAIN(TestProtectedPage)
#include "tst_protectedpage.moc"
