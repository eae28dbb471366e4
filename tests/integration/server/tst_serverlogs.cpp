// gatehouse-server's log as an operator reads it: JSON lines (server.logFormat, --log-format)
// with the request fields and never a query; syslog priorities when standard error is the
// journal's stream; and no secret, password, session token, CSRF token or cookie in a debug-level
// log of a whole sign-in and sign-out.
#include "serverharness.h"

#include <QFile>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>

using namespace Gatehouse::Testing;

namespace {

QByteArray config(const QString &extra = {})
{
    return QStringLiteral(R"({
  "basePath": "/auth", "trustHost": true,
  "session": {"strategy": "database"},
  "providers": [{"id": "credentials", "type": "credentials", "name": "Password", "authorize": "builtin"}],
  "adapter": {"url": "sqlite:gatehouse.db"}%1
})").arg(extra).toUtf8();
}

QStringList lines(const QString &log)
{
    QStringList result = log.split(u'\n');
    result.removeAll(QString());
    return result;
}

//! Stops the server with SIGTERM and waits for its last line.
void stop(ServerUnderTest &server)
{
    server.signal(SIGTERM);
    server.waitForLog(QStringLiteral("stopped"), 10000);
}

} // namespace

class TestServerLogs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jsonLines();
    void commandLineWinsOverFile();
    void journalPriorities();
    void noSecretsInDebugLog();
};

void TestServerLogs::jsonLines()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "server": {"logFormat": "json"})"))));
    ServerUnderTest server;
    QVERIFY(server.start(file, dir.path()));

    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(server.baseUrl()
                                 + QStringLiteral("/auth/signin?callbackUrl=%2F%3Ftoken%3Dquery-value-never-logged")));
    request.setRawHeader("X-Request-Id", "proxy-request-17");
    std::unique_ptr<QNetworkReply> reply(nam.get(request));
    QTRY_VERIFY(reply->isFinished());
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    Browser browser(server.baseUrl());
    QCOMPARE(browser.get(QStringLiteral("/healthz")).first, 200);
    stop(server);

    const QString log = server.log();
    QVERIFY(!log.contains(QStringLiteral("query-value-never-logged")));
    QJsonObject signinLine;
    QJsonObject healthLine;
    int count = 0;
    for (const QString &line : lines(log)) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError && document.isObject(), qPrintable(line));
        const QJsonObject object = document.object();
        for (const char *key : {"time", "level", "category", "message"})
            QVERIFY2(object.value(QLatin1String(key)).isString(), qPrintable(line));
        QVERIFY2(QDateTime::fromString(object.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs).isValid(),
                 qPrintable(line));
        if (object.value(QStringLiteral("path")) == QStringLiteral("/auth/signin"))
            signinLine = object;
        if (object.value(QStringLiteral("path")) == QStringLiteral("/healthz"))
            healthLine = object;
        ++count;
    }
    QVERIFY2(count > 5, qPrintable(log));
    QCOMPARE(signinLine.value(QStringLiteral("category")).toString(), QStringLiteral("gatehouse.http"));
    QCOMPARE(signinLine.value(QStringLiteral("level")).toString(), QStringLiteral("info"));
    QCOMPARE(signinLine.value(QStringLiteral("requestId")).toString(), QStringLiteral("proxy-request-17"));
    QCOMPARE(signinLine.value(QStringLiteral("method")).toString(), QStringLiteral("GET"));
    QCOMPARE(signinLine.value(QStringLiteral("status")).toInt(), 200);
    QVERIFY(signinLine.value(QStringLiteral("durationUs")).toInteger(-1) >= 0);
    QCOMPARE(signinLine.value(QStringLiteral("client")).toString(), QStringLiteral("127.0.0.1"));
    // Without an X-Request-Id the server makes one: 16 hex digits.
    QVERIFY2(QRegularExpression(QStringLiteral("^[0-9a-f]{16}$"))
                 .match(healthLine.value(QStringLiteral("requestId")).toString()).hasMatch(),
             qPrintable(QJsonDocument(healthLine).toJson()));
}

void TestServerLogs::commandLineWinsOverFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "server": {"logFormat": "json"})"))));
    ServerUnderTest server;
    server.setExtraArguments({QStringLiteral("--log-format"), QStringLiteral("text")});
    QVERIFY(server.start(file, dir.path()));
    QVERIFY(server.waitForLog(QStringLiteral("listening on")));
    for (const QString &line : lines(server.log()))
        QVERIFY2(!line.startsWith(u'{'), qPrintable(line));
    QVERIFY(server.log().contains(QStringLiteral(" info gatehouse.server: gatehouse-server ")));

    const CommandResult bad = runServerCommand({QStringLiteral("--log-format"), QStringLiteral("xml")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains(QStringLiteral("--log-format must be text or json")));
}

void TestServerLogs::journalPriorities()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    // A configuration warning, so that the log has a line of each priority.
    QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "rateLimit": {"enabled": false})"))));
    const QString logFile = dir.filePath(QStringLiteral("journal.log"));
    QFile created(logFile);
    QVERIFY(created.open(QIODevice::WriteOnly));
    created.close();
    struct stat info = {};
    QCOMPARE(::stat(QFile::encodeName(logFile).constData(), &info), 0);
    ServerUnderTest server;
    server.setLogFile(logFile);
    // systemd names the stream it connected to the journal this way.
    server.setEnvironment(QStringLiteral("JOURNAL_STREAM"),
                          QStringLiteral("%1:%2").arg(qulonglong(info.st_dev)).arg(qulonglong(info.st_ino)));
    QVERIFY(server.start(file, dir.path()));
    QVERIFY(server.waitForLog(QStringLiteral("listening on")));

    const QStringList all = lines(server.log());
    const QRegularExpression prefixed(QStringLiteral("^<[0-7]>(debug|info|warning|error|fatal) "));
    for (const QString &line : all)
        QVERIFY2(prefixed.match(line).hasMatch(), qPrintable(line));
    QVERIFY(std::any_of(all.cbegin(), all.cend(), [](const QString &line) {
        return line.startsWith(QLatin1String("<4>warning gatehouse.server: configuration warning: rateLimit.enabled"));
    }));
    QVERIFY(std::any_of(all.cbegin(), all.cend(), [](const QString &line) {
        return line.startsWith(QLatin1String("<6>info gatehouse.server: gatehouse-server "));
    }));

    // Another file than the journal's: no prefixes (standard error was redirected).
    ServerUnderTest other;
    other.setEnvironment(QStringLiteral("JOURNAL_STREAM"), QStringLiteral("1:1"));
    QVERIFY(other.start(file, dir.path()));
    QVERIFY(other.waitForLog(QStringLiteral("listening on")));
    QVERIFY(!other.log().contains(QStringLiteral("<6>")));
}

void TestServerLogs::noSecretsInDebugLog()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "debug": true, "server": {"logFormat": "json"})"))));
    const QString password = QStringLiteral("Password-Never-Logged-4711");
    const QString database = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("gatehouse.db"));
    QCOMPARE(runServerCommand({QStringLiteral("migrate"), QStringLiteral("--database"), database}).exitCode, 0);
    QCOMPARE(runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("debug@example.test"),
                               QStringLiteral("--password-stdin"), QStringLiteral("--database"), database},
                              password.toUtf8() + '\n').exitCode,
             0);
    ServerUnderTest server;
    // Every category at debug level, Qt's own included.
    server.setEnvironment(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=true"));
    QVERIFY(server.start(file, dir.path()));
    Browser browser(server.baseUrl());
    const QString location = browser.signIn(QStringLiteral("credentials"),
                                            {{QStringLiteral("email"), QStringLiteral("debug@example.test")},
                                             {QStringLiteral("password"), password}});
    QVERIFY2(!location.contains(QStringLiteral("error")), qPrintable(location));
    QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), QStringLiteral("debug@example.test"));
    const QString csrfToken = QJsonDocument::fromJson(browser.get(QStringLiteral("/auth/csrf")).second)
                                  .object().value(QStringLiteral("csrfToken")).toString();
    QStringList secrets = {serverSecret(), password, csrfToken};
    int tokens = 0;
    for (const QNetworkCookie &cookie : browser.cookies()) {
        // The callback-URL cookie holds a URL the log may name; the others are secrets.
        if (!cookie.name().contains("session-token") && !cookie.name().contains("csrf-token"))
            continue;
        ++tokens;
        secrets << QString::fromUtf8(cookie.value());
        // A cookie value as it travels: percent-encoded parts may be logged decoded.
        secrets << QUrl::fromPercentEncoding(cookie.value());
    }
    QCOMPARE(tokens, 2);   // the session and the CSRF cookie
    QCOMPARE(browser.signOut(), 302);
    stop(server);

    const QString log = server.log();
    QVERIFY2(log.contains(QStringLiteral("\"level\":\"debug\"")), "the log has no debug line: debug logging was off");
    QVERIFY(log.contains(QStringLiteral("/auth/callback/credentials")));
    for (const QString &secret : std::as_const(secrets)) {
        QVERIFY(secret.size() >= 16);
        // The token's halves (a CSRF cookie is "token|hash") must not appear either.
        for (const QString &part : secret.split(u'|')) {
            const qsizetype at = part.size() < 16 ? -1 : log.indexOf(part);
            QVERIFY2(at < 0, qPrintable(QStringLiteral("logged: %1 in %2").arg(part, log.mid(log.lastIndexOf(u'\n', at) + 1, 400))));
        }
    }
}

QTEST_GUILESS_MAIN(TestServerLogs)
#include "tst_serverlogs.moc"
