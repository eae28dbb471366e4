// Which action label Auth::handle() counts a request under (gatehouse_http_request_duration_seconds):
// the route table's, so that every endpoint has its own and a client's path never becomes one.
#include "support/engineclient.h"

#include <gatehouse/metrics.h>

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

//! The count of requests labelled \a action so far (0 before the first).
int countOf(const QByteArray &action)
{
    const QByteArray prefix = "\ngatehouse_http_request_duration_seconds_count{action=\"" + action + "\"} ";
    const QByteArray text = Metrics::exposition();
    const qsizetype at = text.indexOf(prefix);
    if (at < 0)
        return 0;
    const qsizetype start = at + prefix.size();
    return text.mid(start, text.indexOf('\n', start) - start).toInt();
}

} // namespace

class TestRequestMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        Metrics::setEnabled(true);
    }

    void countedUnderTheRoutesLabel_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("label");
        QTest::newRow("session") << QByteArray("GET") << "/auth/session" << QByteArray("session");
        QTest::newRow("csrf") << QByteArray("GET") << "/auth/csrf" << QByteArray("csrf");
        QTest::newRow("providers") << QByteArray("GET") << "/auth/providers" << QByteArray("providers");
        QTest::newRow("sign-in page") << QByteArray("GET") << "/auth/signin" << QByteArray("signin");
        QTest::newRow("sign-in with a provider") << QByteArray("POST") << "/auth/signin/credentials" << QByteArray("signin");
        QTest::newRow("error page") << QByteArray("GET") << "/auth/error?error=AccessDenied" << QByteArray("error");
        // Once missing from the engine's own list, and counted as "other".
        QTest::newRow("two-factor page") << QByteArray("GET") << "/auth/two-factor" << QByteArray("two-factor");
        QTest::newRow("two-factor code") << QByteArray("POST") << "/auth/two-factor" << QByteArray("two-factor");
        QTest::newRow("password reset") << QByteArray("GET") << "/auth/reset-password" << QByteArray("reset-password");
        QTest::newRow("forward auth") << QByteArray("GET") << "/auth/authz/forward-auth" << QByteArray("authz");
        QTest::newRow("nginx auth_request") << QByteArray("HEAD") << "/auth/authz/auth-request" << QByteArray("authz");
        // A malformed path under a known action keeps that action's label; anything else is
        // "other", never a label of the client's choosing.
        QTest::newRow("session with a provider") << QByteArray("GET") << "/auth/session/x" << QByteArray("session");
        QTest::newRow("unknown action") << QByteArray("GET") << "/auth/no-such-action" << QByteArray("other");
        QTest::newRow("outside the base path") << QByteArray("GET") << "/elsewhere/session" << QByteArray("other");
    }

    void countedUnderTheRoutesLabel()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, label);
        Config config;
        config.secret = {QStringLiteral("gatehouse-metrics-test-secret-0123456789")};
        config.trustHost = true;
        Provider credentials;
        credentials.id = QStringLiteral("credentials");
        credentials.type = QStringLiteral("credentials");
        credentials.authorize = [](const QJsonObject &, const AuthRequest &) {
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
        };
        config.providers = {credentials};
        const Auth auth(config);
        EngineClient client(auth);

        const int before = countOf(label);
        const int otherBefore = countOf("other");
        AuthRequest request;
        request.method = method;
        request.url = QUrl(QStringLiteral("http://127.0.0.1:9300") + path);
        client.send(request);
        QCOMPARE(countOf(label), before + 1);
        if (label != "other")
            QCOMPARE(countOf("other"), otherBefore);
        QVERIFY(!Metrics::exposition().contains("no-such-action"));
    }
};

QTEST_GUILESS_MAIN(TestRequestMetrics)
#include "tst_requestmetrics.moc"
