// The Prometheus listener of gatehouse-server (server.metricsListen): off by default, on its own
// address only, and after a sign-in, a refused one, a rate-limited one, some session requests
// and a reload, /metrics shows what happened and passes `promtool check metrics`.
#include "serverharness.h"
#include "support/serverprocess.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Gatehouse::Testing;

namespace {

QByteArray config(const QString &server)
{
    return QStringLiteral(R"({
  "basePath": "/auth", "trustHost": true,
  "session": {"strategy": "database"},
  "rateLimit": {"maxFailuresPerIdentifier": 1, "identifierField": "email"},
  "providers": [{"id": "credentials", "type": "credentials", "name": "Password", "authorize": "builtin"}],
  "adapter": {"url": "sqlite:gatehouse.db"}%1
})").arg(server).toUtf8();
}

struct Answer
{
    int status = 0;
    QByteArray contentType;
    QByteArray body;
};

Answer request(const QByteArray &method, const QString &url)
{
    QNetworkAccessManager nam;
    QNetworkRequest req{QUrl(url)};
    QNetworkReply *reply = nam.sendCustomRequest(req, method);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(10000);
    Answer answer{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                  reply->header(QNetworkRequest::ContentTypeHeader).toByteArray(), reply->readAll()};
    reply->deleteLater();
    return answer;
}

//! "name{labels}" -> value of every sample line.
QHash<QString, double> samples(const QByteArray &text)
{
    QHash<QString, double> values;
    for (const QByteArray &line : text.split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const qsizetype space = line.lastIndexOf(' ');
        values.insert(QString::fromUtf8(line.left(space)), line.mid(space + 1).toDouble());
    }
    return values;
}

double sumOf(const QHash<QString, double> &values, const QString &prefix)
{
    double sum = 0;
    for (auto it = values.begin(); it != values.end(); ++it) {
        if (it.key().startsWith(prefix))
            sum += it.value();
    }
    return sum;
}

} // namespace

class TestServerMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offByDefault();
    void invalidAddressIsNamed();
    void countsWhatHappened();
};

void TestServerMetrics::offByDefault()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QString())));
    ServerUnderTest server;
    QVERIFY(server.start(file, dir.path()));
    QVERIFY(!server.log().contains(QStringLiteral("metrics:")));
    const Answer onPublic = request("GET", server.baseUrl() + QStringLiteral("/metrics"));
    QVERIFY(onPublic.status != 200);
    QVERIFY(!onPublic.body.contains("gatehouse_"));
}

void TestServerMetrics::invalidAddressIsNamed()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "server": {"metricsListen": "9464"})"))));
    CommandResult bad = runServerCommand({QStringLiteral("--config"), file});
    QVERIFY(bad.exitCode != 0);
    QVERIFY2(bad.err.contains(QStringLiteral("server.metricsListen: must be IP-ADDRESS:PORT")), qPrintable(bad.err));

    // The public address is refused: metrics are never public by accident.
    QVERIFY(replaceFile(file, config(QStringLiteral(
                                  R"(, "server": {"listen": "127.0.0.1:3000", "metricsListen": "0.0.0.0:3000"})"))));
    bad = runServerCommand({QStringLiteral("--config"), file});
    QVERIFY(bad.exitCode != 0);
    QVERIFY2(bad.err.contains(QStringLiteral("server.metricsListen: must differ from server.listen")), qPrintable(bad.err));
}

void TestServerMetrics::countsWhatHappened()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "server": {"metricsListen": "127.0.0.1:0"})"))));
    const QString database = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("gatehouse.db"));
    QCOMPARE(runServerCommand({QStringLiteral("migrate"), QStringLiteral("--database"), database}).exitCode, 0);
    QCOMPARE(runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("ada@example.test"),
                               QStringLiteral("--password-stdin"), QStringLiteral("--database"), database},
                              "Correct-Horse-4711\n").exitCode,
             0);
    ServerUnderTest server;
    QVERIFY(server.start(file, dir.path()));
    QVERIFY(server.waitForLog(QStringLiteral("metrics: http://127.0.0.1:")));
    const quint16 metricsPort = server.loggedPort(QStringLiteral("metrics:"));
    QVERIFY(metricsPort != 0);
    const QString metricsUrl = QStringLiteral("http://127.0.0.1:%1").arg(metricsPort);
    QVERIFY(server.log().contains(QStringLiteral("metrics: %1/metrics").arg(metricsUrl)));

    // What a user does: sign in, look at the session three times; a second visitor mistypes
    // the password, then is refused by the rate limit (one failure per identifier).
    Browser ada(server.baseUrl());
    QVERIFY(!ada.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("ada@example.test")},
                                                        {QStringLiteral("password"), QStringLiteral("Correct-Horse-4711")}})
                 .contains(QStringLiteral("error")));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(ada.sessionUser().value(QStringLiteral("email")).toString(), QStringLiteral("ada@example.test"));
    Browser mallory(server.baseUrl());
    for (int i = 0; i < 2; ++i) {
        QVERIFY(mallory.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("ada@example.test")},
                                                               {QStringLiteral("password"), QStringLiteral("guess")}})
                    .contains(QStringLiteral("error=CredentialsSignin")));
    }
    QVERIFY(mallory.sessionUser().isEmpty());
    // A reload of the configuration as it is.
    server.signal(SIGHUP);
    QVERIFY(server.waitForLog(QStringLiteral("configuration reloaded")));

    // Not on the public address, not under the base path.
    QVERIFY(request("GET", server.baseUrl() + QStringLiteral("/metrics")).status != 200);
    QVERIFY(!request("GET", server.baseUrl() + QStringLiteral("/auth/metrics")).body.contains("gatehouse_"));
    QCOMPARE(request("GET", metricsUrl + QStringLiteral("/auth/session")).status, 404);
    QCOMPARE(request("POST", metricsUrl + QStringLiteral("/metrics")).status, 405);

    const Answer page = request("GET", metricsUrl + QStringLiteral("/metrics"));
    QCOMPARE(page.status, 200);
    QCOMPARE(page.contentType, QByteArray("text/plain; version=0.0.4; charset=utf-8"));
    const QHash<QString, double> v = samples(page.body);
    const auto value = [&v, &page](const char *key) {
        if (!v.contains(QLatin1String(key)))
            qWarning().noquote() << "no sample" << key << "in\n" << page.body;
        return v.value(QLatin1String(key), -1);
    };
    // ada's four GET /auth/session and mallory's one; the two refused sign-ins redirect (302).
    QCOMPARE(value("gatehouse_http_requests_total{action=\"session\",status=\"200\"}"), 4.0);
    QCOMPARE(value("gatehouse_http_requests_total{action=\"callback\",status=\"302\"}"), 3.0);
    QCOMPARE(value("gatehouse_http_request_duration_seconds_count{action=\"session\"}"), 4.0);
    QCOMPARE(value("gatehouse_http_request_duration_seconds_bucket{action=\"session\",le=\"+Inf\"}"), 4.0);
    QCOMPARE(value("gatehouse_signins_total{provider=\"credentials\"}"), 1.0);
    QCOMPARE(value("gatehouse_signin_failures_total{provider=\"credentials\",reason=\"CredentialsSignin\"}"), 2.0);
    QCOMPARE(value("gatehouse_rate_limit_refusals_total{flow=\"credentials\",provider=\"credentials\",scope=\"id\"}"), 1.0);
    QVERIFY(!page.body.contains("ada@example.test"));
    // Database sessions: each GET /auth/session is one lookup. On an SQLite file a serving thread
    // reads it itself while the storage threads are idle (no batch); what it leaves to them is
    // answered in batches, never more than one a lookup.
    QVERIFY(value("gatehouse_session_lookup_batches_total") <= 4);
    QVERIFY(sumOf(v, QStringLiteral("gatehouse_storage_query_duration_seconds_count{")) >= 5);
    QCOMPARE(sumOf(v, QStringLiteral("gatehouse_storage_query_errors_total{")), 0.0);
    QVERIFY(value("gatehouse_http_open_connections") >= 1);   // this scrape's own at least
    QCOMPARE(value("gatehouse_config_reloads_total{result=\"accepted\"}"), 1.0);
    QCOMPARE(value("gatehouse_config_last_reload_successful"), 1.0);
    QCOMPARE(value("gatehouse_emails_sent_total"), 0.0);
    QVERIFY(page.body.contains("\ngatehouse_build_info{version=\""));
    QVERIFY(value("process_resident_memory_bytes") > 1e6);
    QVERIFY(value("process_open_fds") >= 3);
    QVERIFY(value("process_cpu_seconds_total") > 0);
    QVERIFY(qAbs(value("process_start_time_seconds") - QDateTime::currentSecsSinceEpoch()) < 600);

    // Prometheus' own linter has nothing to say.
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    QVERIFY2(!promtool.isEmpty(), "promtool is missing: packaging/install-deps.sh installs it (Debian's prometheus)");
    QProcess check;
    check.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    QVERIFY(check.waitForStarted());
    check.write(page.body);
    check.closeWriteChannel();
    QVERIFY(check.waitForFinished(30000));
    const QByteArray said = check.readAllStandardOutput() + check.readAllStandardError();
    QVERIFY2(check.exitCode() == 0 && said.trimmed().isEmpty(), said.constData());
}

QTEST_GUILESS_MAIN(TestServerMetrics)
#include "tst_servermetrics.moc"
