// What an operator's tools ask gatehouse-server: the probes GET /healthz and GET /readyz (a
// database whose schema is not this build's is reported by name, then ready again), systemd's
// notifications to a NOTIFY_SOCKET listener of the test's own (READY=1, WATCHDOG=1 at the
// interval asked for, RELOADING=1 and READY=1 around a SIGHUP that reloads, STOPPING=1), and
// `gatehouse-server backup` of a database in use.
#include "serverharness.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSocketNotifier>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Gatehouse::Testing;

namespace {

QByteArray config(const QString &providerName)
{
    return QStringLiteral(R"({
  "basePath": "/auth", "trustHost": true,
  "session": {"strategy": "database"},
  "providers": [{"id": "credentials", "type": "credentials", "name": "%1", "authorize": "builtin"}],
  "adapter": {"url": "sqlite:gatehouse.db"}
})").arg(providerName).toUtf8();
}

//! A datagram socket where gatehouse-server sends its sd_notify(3) messages, as systemd's.
class NotifyListener
{
public:
    explicit NotifyListener(const QString &path) : m_path(path)
    {
        m_fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        sockaddr_un address = {};
        address.sun_family = AF_UNIX;
        const QByteArray bytes = QFile::encodeName(path);
        std::memcpy(address.sun_path, bytes.constData(), size_t(std::min<qsizetype>(bytes.size(), sizeof address.sun_path - 1)));
        m_bound = ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
    }
    ~NotifyListener()
    {
        ::close(m_fd);
        ::unlink(QFile::encodeName(m_path).constData());
    }
    bool isBound() const { return m_bound; }

    //! Every message so far, in order (each one "KEY=value" lines).
    QStringList messages()
    {
        char buffer[4096];
        for (;;) {
            const ssize_t size = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (size <= 0)
                break;
            m_messages.append(QString::fromUtf8(buffer, size));
        }
        return m_messages;
    }
    //! Waits (at most \a timeoutMs) until a message after the first \a from has a line \a line.
    int waitFor(const QString &line, int from = 0, int timeoutMs = 10000)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            const QStringList all = messages();
            for (int i = from; i < all.size(); ++i) {
                if (all.at(i).split(u'\n').contains(line))
                    return i;
            }
            QTest::qWait(20);
        }
        return -1;
    }

private:
    QString m_path;
    int m_fd = -1;
    bool m_bound = false;
    QStringList m_messages;
};

QJsonObject json(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

} // namespace

class TestServerOperations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void healthAndReadiness();
    void systemdNotifications();
    void backupOfDatabaseInUse();
};

void TestServerOperations::healthAndReadiness()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral("Password"))));
    ServerUnderTest server;
    QVERIFY(server.start(file, dir.path()));
    Browser browser(server.baseUrl());

    auto [status, body] = browser.get(QStringLiteral("/healthz"));
    QCOMPARE(status, 200);
    QCOMPARE(json(body), (QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}}));

    std::tie(status, body) = browser.get(QStringLiteral("/readyz"));
    QCOMPARE(status, 200);
    QCOMPARE(json(body).value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
    const QJsonArray checks = json(body).value(QStringLiteral("checks")).toArray();
    QCOMPARE(checks.size(), 2);
    QCOMPARE(checks.at(0).toObject().value(QStringLiteral("check")).toString(), QStringLiteral("database"));
    QCOMPARE(checks.at(1).toObject().value(QStringLiteral("check")).toString(), QStringLiteral("schema"));
    QVERIFY(checks.at(0).toObject().value(QStringLiteral("ok")).toBool());
    QVERIFY(checks.at(1).toObject().value(QStringLiteral("ok")).toBool());
    // The probes never touch a session: no cookie is set.
    QVERIFY(browser.cookies().isEmpty());

    // Another server migrated the database further (a rolling upgrade): this one is not ready.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer"));
        db.setDatabaseName(dir.filePath(QStringLiteral("gatehouse.db")));
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(QStringLiteral("SELECT MAX(version) FROM gatehouse_schema_version")) && query.next());
        const int newer = query.value(0).toInt() + 1;
        QVERIFY(query.exec(QStringLiteral("INSERT INTO gatehouse_schema_version (version, description, \"appliedAt\") "
                                              "VALUES (%1, 'from a newer build', '2026-01-01T00:00:00Z')")
                               .arg(newer)));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("newer"));
    QTRY_COMPARE_WITH_TIMEOUT(browser.get(QStringLiteral("/readyz")).first, 503, 5000);
    std::tie(status, body) = browser.get(QStringLiteral("/readyz"));
    QCOMPARE(json(body).value(QStringLiteral("status")).toString(), QStringLiteral("unavailable"));
    const QJsonObject schema = json(body).value(QStringLiteral("checks")).toArray().at(1).toObject();
    QCOMPARE(schema.value(QStringLiteral("check")).toString(), QStringLiteral("schema"));
    QCOMPARE(schema.value(QStringLiteral("ok")).toBool(), false);
    QVERIFY2(schema.value(QStringLiteral("reason")).toString().contains(QStringLiteral("this build's is")),
             body.constData());
    // Still alive: only readiness fails.
    QCOMPARE(browser.get(QStringLiteral("/healthz")).first, 200);
    // Logged once however often it is probed.
    for (int i = 0; i < 3; ++i) {
        QTest::qWait(1100);
        QCOMPARE(browser.get(QStringLiteral("/readyz")).first, 503);
    }
    QCOMPARE(server.log().count(QStringLiteral("readiness: not ready: schema:")), 1);

    // Wrong method, and the engine still answers everything else.
    QNetworkAccessManager nam;
    QNetworkRequest post(QUrl(server.baseUrl() + QStringLiteral("/healthz")));
    std::unique_ptr<QNetworkReply> reply(nam.post(post, QByteArray()));
    QTRY_VERIFY(reply->isFinished());
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 405);
    QCOMPARE(browser.get(QStringLiteral("/auth/providers")).first, 200);
}

void TestServerOperations::systemdNotifications()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral("Before"))));
    NotifyListener listener(dir.filePath(QStringLiteral("notify")));
    QVERIFY(listener.isBound());

    ServerUnderTest server;
    server.setEnvironment(QStringLiteral("NOTIFY_SOCKET"), dir.filePath(QStringLiteral("notify")));
    server.setEnvironment(QStringLiteral("WATCHDOG_USEC"), QStringLiteral("400000"));   // 0.4 s: pings every 0.2 s
    QVERIFY(server.start(file, dir.path()));

    const int ready = listener.waitFor(QStringLiteral("READY=1"));
    QVERIFY2(ready >= 0, qPrintable(listener.messages().join(QStringLiteral(" | "))));
    QVERIFY(listener.messages().at(ready).contains(QStringLiteral("STATUS=serving on http://127.0.0.1:")));

    // The watchdog: WATCHDOG=1 again and again, from the event loop.
    const int firstPing = listener.waitFor(QStringLiteral("WATCHDOG=1"), ready);
    QVERIFY(firstPing >= 0);
    QVERIFY(listener.waitFor(QStringLiteral("WATCHDOG=1"), firstPing + 1, 2000) > firstPing);

    // SIGHUP: RELOADING=1 with MONOTONIC_USEC, then READY=1, and the new configuration serves.
    QVERIFY(replaceFile(file, config(QStringLiteral("After"))));
    const int before = int(listener.messages().size());
    server.signal(SIGHUP);
    const int reloading = listener.waitFor(QStringLiteral("RELOADING=1"), before);
    QVERIFY2(reloading >= 0, qPrintable(listener.messages().join(QStringLiteral(" | "))));
    QVERIFY(listener.messages().at(reloading).contains(QStringLiteral("MONOTONIC_USEC=")));
    QVERIFY(listener.waitFor(QStringLiteral("READY=1"), reloading + 1) > reloading);
    Browser browser(server.baseUrl());
    QCOMPARE(json(browser.get(QStringLiteral("/auth/providers")).second)
                 .value(QStringLiteral("credentials")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("After"));

    // An invalid file: still RELOADING=1 then READY=1 (the old configuration serves on).
    QVERIFY(replaceFile(file, "{ not json"));
    const int beforeBad = int(listener.messages().size());
    server.signal(SIGHUP);
    const int badReload = listener.waitFor(QStringLiteral("RELOADING=1"), beforeBad);
    QVERIFY(badReload >= 0);
    const int readyAgain = listener.waitFor(QStringLiteral("READY=1"), badReload + 1);
    QVERIFY(readyAgain > badReload);
    QVERIFY(listener.messages().at(readyAgain).contains(QStringLiteral("refused")));

    server.signal(SIGTERM);
    QVERIFY(listener.waitFor(QStringLiteral("STOPPING=1"), readyAgain) > readyAgain);
}

void TestServerOperations::backupOfDatabaseInUse()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gatehouse.json"));
    QVERIFY(replaceFile(file, config(QStringLiteral("Password"))));
    const QString database = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("gatehouse.db"));
    QCOMPARE(runServerCommand({QStringLiteral("migrate"), QStringLiteral("--database"), database}).exitCode, 0);
    QCOMPARE(runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("kept@example.test"),
                               QStringLiteral("--password-stdin"), QStringLiteral("--database"), database},
                              "a-good-password\n").exitCode,
             0);
    ServerUnderTest server;
    QVERIFY(server.start(file, dir.path()));
    Browser browser(server.baseUrl());
    QVERIFY(!browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("kept@example.test")},
                                                             {QStringLiteral("password"), QStringLiteral("a-good-password")}})
                 .contains(QStringLiteral("error")));

    const QString copy = dir.filePath(QStringLiteral("copy.db"));
    const CommandResult backup = runServerCommand({QStringLiteral("backup"), copy, QStringLiteral("--database"), database});
    QVERIFY2(backup.exitCode == 0, qPrintable(backup.err));
    QVERIFY(backup.out.contains(QStringLiteral("backed up")));
    struct stat info = {};
    QCOMPARE(::stat(QFile::encodeName(copy).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, mode_t(0600));
    // The copy is a whole database: its user is there, with the session the server stored.
    const CommandResult list = runServerCommand({QStringLiteral("user"), QStringLiteral("list"), QStringLiteral("--database"),
                                                 QStringLiteral("sqlite://") + copy});
    QVERIFY2(list.exitCode == 0 && list.out.contains(QStringLiteral("kept@example.test")), qPrintable(list.out + list.err));

    // Never over an existing file.
    const CommandResult again = runServerCommand({QStringLiteral("backup"), copy, QStringLiteral("--database"), database});
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.contains(QStringLiteral("exists")), qPrintable(again.err));
}

QTEST_GUILESS_MAIN(TestServerOperations)
#include "tst_serveroperations.moc"
