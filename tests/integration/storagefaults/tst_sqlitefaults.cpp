// gatehouse-server on an SQLite file that fails under it, database sessions: the file made
// read-only (chattr +i, which stops root's writes too, also through open files), removed, or
// its disk full (a file-size limit on the server process). Each time requests get clear errors
// (the error page; 503 for a session that cannot be read), the server does not crash and,
// where the file comes back, serves again without a restart, and PRAGMA integrity_check says ok
// afterwards with nothing committed lost.
#include "integration/server/serverharness.h"
#include "support/httpload.h"
#include "support/serverprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace Gatehouse::Testing;

namespace {

const QByteArray kCookieName = "authjs.session-token";
const QStringList kSuffixes{QString(), QStringLiteral("-wal"), QStringLiteral("-shm")};

//! A server on an SQLite file of its own, with a signed-in user "first".
struct Site
{
    QTemporaryDir dir;
    QString file;
    QString config;
    QByteArray base;
    QByteArray firstSession;

    Site()
    {
        QDir().mkpath(dir.filePath(QStringLiteral("db")));
        file = dir.filePath(QStringLiteral("db/gatehouse.db"));
        QFile script(dir.filePath(QStringLiteral("callbacks.js")));
        if (script.open(QIODevice::WriteOnly))
            script.write("function authorize(credentials, request) {\n"
                         "  return { id: credentials.username, name: credentials.username,\n"
                         "           email: credentials.username + \"@example.test\" };\n"
                         "}\n");
        script.close();
        const QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Credentials"},
                                  {"credentials", QJsonObject{{"username", QJsonObject{{"label", "Username"}}}}},
                                  {"authorize", "authorize"}};
        const QJsonObject json{{"basePath", "/auth"},
                               {"trustHost", true},
                               {"session", QJsonObject{{"strategy", "database"}}},
                               {"callbacksScript", script.fileName()},
                               {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + file}}},
                               {"rateLimit", QJsonObject{{"enabled", false}}},
                               {"providers", QJsonArray{provider}}};
        config = dir.filePath(QStringLiteral("gatehouse.json"));
        replaceFile(config, QJsonDocument(json).toJson());
    }
};

//! A credentials sign-in of \a name: the answer (a redirect) with its session cookie, if any.
LoadAnswer signIn(quint16 port, const QString &name)
{
    const LoadAnswer csrf = HttpLoad::send(port, {"GET", "/auth/csrf", {}, {}, {}});
    const QByteArray token = QJsonDocument::fromJson(csrf.body).object().value(QStringLiteral("csrfToken")).toString().toUtf8();
    return HttpLoad::send(port, {"POST", "/auth/callback/credentials",
                                 "Content-Type: application/x-www-form-urlencoded\r\nCookie: authjs.csrf-token="
                                     + cookieSet(csrf, "authjs.csrf-token") + "\r\n",
                                 "csrfToken=" + token + "&username=" + name.toUtf8(), {}});
}

LoadAnswer session(quint16 port, const QByteArray &token)
{
    return HttpLoad::send(port, {"GET", "/auth/session", "Cookie: " + kCookieName + '=' + token + "\r\n", {}, {}});
}

//! PRAGMA integrity_check of \a file, and how many users it holds ("ok, 3 users").
QString integrity(const QString &file)
{
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("integrity"));
        db.setDatabaseName(file);
        if (!db.open())
            return QStringLiteral("cannot open: ") + db.lastError().text();
        QSqlQuery check(db);
        if (!check.exec(QStringLiteral("PRAGMA integrity_check")))
            return check.lastError().text();
        QStringList lines;
        while (check.next())
            lines.append(check.value(0).toString());
        QSqlQuery users(db);
        users.exec(QStringLiteral("SELECT count(*) FROM users"));
        users.next();
        result = lines.join(u'\n') + QStringLiteral(", %1 users").arg(users.value(0).toInt());
        check.finish();
        users.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("integrity"));
    return result;
}

//! chattr on \a paths; true when it worked.
bool chattr(const QString &flag, const QStringList &paths)
{
    return runProgram(QStringLiteral("chattr"), QStringList{flag} + paths).ok;
}

} // namespace

class TestSqliteFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fileMadeReadOnly()
    {
        Site site;
        ServerUnderTest server;
        QVERIFY(server.start(site.config, site.dir.path()));
        const LoadAnswer first = signIn(server.port(), QStringLiteral("first"));
        QCOMPARE(first.status, 302);
        const QByteArray firstSession = cookieSet(first, kCookieName);
        QVERIFY(!firstSession.isEmpty());

        QStringList files;
        for (const QString &suffix : {QString(), QStringLiteral("-wal")})
            files.append(site.file + suffix);
        if (!chattr(QStringLiteral("+i"), files))
            QSKIP("chattr +i does not work on this file system (it needs ext4, XFS or Btrfs)");
        // Whatever happens below, the files must become deletable again.
        const std::shared_ptr<void> restore(nullptr, [&files](void *) { chattr(QStringLiteral("-i"), files); });

        // Reading works; writing fails clearly, and nobody is signed out.
        const LoadAnswer read = session(server.port(), firstSession);
        QCOMPARE(read.status, 200);
        QCOMPARE(sessionEmail(read), QStringLiteral("first@example.test"));
        for (int i = 0; i < 3; ++i) {
            const LoadAnswer refused = signIn(server.port(), QStringLiteral("newcomer"));
            QCOMPARE(refused.status, 302);
            QVERIFY2(refused.location.startsWith(server.baseUrl().toUtf8() + "/auth/error?error="), refused.location.constData());
            QVERIFY(cookieSet(refused, kCookieName).isEmpty());
        }
        // A connection open before the change cannot write its file ("disk I/O error"); one
        // opened after it, SQLite opens read-only ("attempt to write a readonly database").
        QVERIFY2(server.waitForLog(QStringLiteral("database error: ")), qPrintable(server.log().right(3000)));
        QVERIFY2(server.log().contains(QRegularExpression(QStringLiteral("database error: (disk I/O error|attempt to write a readonly database)"))),
                 qPrintable(server.log().right(3000)));
        for (const QString &line : server.log().split(u'\n')) {
            if (line.contains(QLatin1String("database error: ")))
                qInfo("log: %s", qPrintable(line));
        }
        QCOMPARE(session(server.port(), firstSession).status, 200);
        QVERIFY(server.isRunning());

        // Writable again: served without a restart.
        QVERIFY(chattr(QStringLiteral("-i"), files));
        const LoadAnswer welcome = signIn(server.port(), QStringLiteral("newcomer"));
        QCOMPARE(welcome.location, server.baseUrl().toUtf8());
        QCOMPARE(sessionEmail(session(server.port(), cookieSet(welcome, kCookieName))), QStringLiteral("newcomer@example.test"));
        server.signal(SIGTERM);
        QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 10000);
        QCOMPARE(integrity(site.file), QStringLiteral("ok, 2 users"));
    }

    void fileRemoved()
    {
        Site site;
        ServerUnderTest server;
        QVERIFY(server.start(site.config, site.dir.path()));
        const LoadAnswer first = signIn(server.port(), QStringLiteral("first"));
        const QByteArray firstSession = cookieSet(first, kCookieName);
        QVERIFY(!firstSession.isEmpty());

        // Removed while its connections are open (another name keeps the data for the check).
        const QString kept = site.dir.filePath(QStringLiteral("kept.db"));
        for (const QString &suffix : kSuffixes) {
            if (QFile::exists(site.file + suffix)) {
                QVERIFY(::link(QFile::encodeName(site.file + suffix).constData(), QFile::encodeName(kept + suffix).constData()) == 0);
                QVERIFY(QFile::remove(site.file + suffix));
            }
        }
        QTest::qWait(300);  // connections look at their file every 250 ms at most
        const LoadAnswer read = session(server.port(), firstSession);
        QCOMPARE(read.status, 503);
        QCOMPARE(read.retryAfter, QByteArray("5"));
        QVERIFY(cookieSet(read, kCookieName).isEmpty());
        const LoadAnswer refused = signIn(server.port(), QStringLiteral("newcomer"));
        QCOMPARE(refused.location, server.baseUrl().toUtf8() + "/auth/error?error=Unavailable");
        QVERIFY2(server.waitForLog(QStringLiteral("is unreachable: the database file %1 is missing").arg(site.file)),
                 qPrintable(server.log().right(3000)));
        QVERIFY(!QFile::exists(site.file));  // no empty database in its place
        QVERIFY(server.isRunning());
        server.signal(SIGTERM);
        QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 10000);
        QCOMPARE(integrity(kept), QStringLiteral("ok, 1 users"));
    }

    void diskFull()
    {
        Site site;
        QByteArray firstSession;
        {
            ServerUnderTest setup;
            QVERIFY(setup.start(site.config, site.dir.path()));
            firstSession = cookieSet(signIn(setup.port(), QStringLiteral("first")), kCookieName);
            QVERIFY(!firstSession.isEmpty());
        }
        // An empty write-ahead log, and room for a few sign-ins past the file's size.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("checkpoint"));
            db.setDatabaseName(site.file);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")), qPrintable(q.lastError().text()));
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("checkpoint"));
        const qint64 limit = QFileInfo(site.file).size() + 64 * 1024;

        ServerUnderTest server;
        server.setFileSizeLimit(limit);
        QVERIFY(server.start(site.config, site.dir.path()));
        QList<std::pair<QString, QByteArray>> signedIn;  // name, session token
        LoadAnswer refused;
        for (int i = 0; i < 400 && refused.status == 0; ++i) {
            const QString name = QStringLiteral("filler%1").arg(i);
            const LoadAnswer answer = signIn(server.port(), name);
            QCOMPARE(answer.status, 302);
            if (answer.location == server.baseUrl().toUtf8())
                signedIn.append({name, cookieSet(answer, kCookieName)});
            else
                refused = answer;
        }
        QVERIFY2(refused.location.startsWith(server.baseUrl().toUtf8() + "/auth/error?error="), refused.location.constData());
        QVERIFY(!signedIn.isEmpty());
        QVERIFY2(server.waitForLog(QStringLiteral("database error: ")), qPrintable(server.log().right(3000)));
        const QString log = server.log();
        QVERIFY2(log.contains(QLatin1String("database or disk is full")) || log.contains(QLatin1String("disk I/O error")),
                 qPrintable(log.right(3000)));
        for (const QString &line : log.split(u'\n')) {
            if (line.contains(QLatin1String("database error: ")))
                qInfo("log: %s", qPrintable(line));
        }
        // Full, not broken: sessions are read, another sign-in is refused the same way.
        QCOMPARE(sessionEmail(session(server.port(), firstSession)), QStringLiteral("first@example.test"));
        QVERIFY(signIn(server.port(), QStringLiteral("latecomer")).location.startsWith(server.baseUrl().toUtf8() + "/auth/error?error="));
        QVERIFY(server.isRunning());

        // Room again (the limit lifted): served without a restart.
        QVERIFY(runProgram(QStringLiteral("prlimit"), {QStringLiteral("--pid"), QString::number(server.processId()),
                                                       QStringLiteral("--fsize=unlimited")}).ok);
        const LoadAnswer welcome = signIn(server.port(), QStringLiteral("latecomer"));
        QCOMPARE(welcome.location, server.baseUrl().toUtf8());
        // Nothing that was committed is lost (a refused sign-in may have stored its user, not its session).
        for (const auto &[name, token] : signedIn)
            QCOMPARE(sessionEmail(session(server.port(), token)), name + QStringLiteral("@example.test"));
        server.signal(SIGTERM);
        QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 10000);
        const QString checked = integrity(site.file);
        QVERIFY2(checked.startsWith(QLatin1String("ok, ")), qPrintable(checked));
        QVERIFY(checked.section(u' ', 1, 1).toInt() >= signedIn.size() + 2);
        qInfo("%lld sign-ins fitted in %lld bytes; then: %s", qint64(signedIn.size()), limit, qPrintable(checked));
    }
};

QTEST_GUILESS_MAIN(TestSqliteFaults)
#include "tst_sqlitefaults.moc"
