#include "core/origin.h"

#include <QTest>

using namespace Gatehouse;

class TestOrigin : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolve_data()
    {
        QTest::addColumn<bool>("trustHost");
        QTest::addColumn<QString>("authUrl");
        QTest::addColumn<QByteArray>("proto");
        QTest::addColumn<QByteArray>("host");
        QTest::addColumn<QString>("origin");
        QTest::addColumn<bool>("trusted");
        QTest::addColumn<bool>("secure");
        QTest::newRow("untrusted") << false << "" << QByteArray() << QByteArray() << "http://127.0.0.1:9300" << false << false;
        QTest::newRow("trusted") << true << "" << QByteArray() << QByteArray() << "http://127.0.0.1:9300" << true << false;
        QTest::newRow("forwarded proto") << true << "" << QByteArray("https") << QByteArray() << "https://127.0.0.1:9300" << true << true;
        QTest::newRow("forwarded host") << true << "" << QByteArray("https, http") << QByteArray("auth.example.test, x")
                                        << "https://auth.example.test" << true << true;
        QTest::newRow("forwarded ignored untrusted") << false << "" << QByteArray("https") << QByteArray("evil.example")
                                                     << "http://127.0.0.1:9300" << false << false;
        QTest::newRow("AUTH_URL wins") << false << "https://app.example.test/auth" << QByteArray("http") << QByteArray("evil.example")
                                       << "https://app.example.test" << true << true;
        // Found by tests/fuzz (redirect): an AUTH_URL without a scheme gave an empty origin that
        // was trusted, and "//evil.example/x" then joined it as an off-site callback URL.
        QTest::newRow("AUTH_URL without scheme") << false << "//[::1]:3000" << QByteArray() << QByteArray() << ""
                                                 << false << false;
        QTest::newRow("bogus proto") << true << "" << QByteArray("javascript") << QByteArray() << "http://127.0.0.1:9300" << true << false;
    }
    void resolve()
    {
        QFETCH(bool, trustHost);
        QFETCH(QString, authUrl);
        QFETCH(QByteArray, proto);
        QFETCH(QByteArray, host);
        QFETCH(QString, origin);
        QFETCH(bool, trusted);
        QFETCH(bool, secure);
        Config config;
        config.trustHost = trustHost;
        config.url = QUrl(authUrl);
        AuthRequest request;
        request.url = QUrl("http://127.0.0.1:9300/auth/session");
        if (!proto.isEmpty())
            request.headers.append({"X-Forwarded-Proto", proto});
        if (!host.isEmpty())
            request.headers.append({"X-Forwarded-Host", host});
        const RequestOrigin o = resolveOrigin(request, config);
        QCOMPARE(o.origin, origin);
        QCOMPARE(o.trusted, trusted);
        QCOMPARE(o.secure, secure);
    }
};

QTEST_GUILESS_MAIN(TestOrigin)
#include "tst_origin.moc"
