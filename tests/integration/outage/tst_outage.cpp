// gatehouse-server through a database outage, database sessions (issue: "A database outage signs
// everyone out"). A signed-in browser's GET /auth/session is driven steadily while PostgreSQL is
// killed (SIGKILL to the postmaster) and started again, and while an SQLite file is moved away
// (with its -wal and -shm files, under open connections) and back. No answer removes the session
// cookie; the answers during the outage are 503 with Retry-After; every answer arrives within
// 2 s; afterwards the same cookie has the same session, without a restart; the log has one line
// when the database goes, one when it is back, and nothing per request. GET /readyz names the
// database while PostgreSQL is down and is ready again after.
#include "integration/server/serverharness.h"
#include "support/httpload.h"
#include "support/postgresserver.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace Gatehouse::Testing;

namespace {

const QString kEmail = QStringLiteral("alice@example.test");
const QString kPassword = QStringLiteral("alice-outage-password");
const QByteArray kCookieName = "authjs.session-token";

// (No raw string literal: moc would take the "//" of a URL for a comment.)
QByteArray configFor(const QString &databaseUrl)
{
    const QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "builtin"}};
    const QJsonObject config{{"basePath", "/auth"},
                             {"trustHost", true},
                             {"adapter", QJsonObject{{"url", databaseUrl}}},
                             {"session", QJsonObject{{"strategy", "database"}}},
                             {"providers", QJsonArray{provider}}};
    return QJsonDocument(config).toJson();
}

//! The times of an outage on the load's clock: being stopped at \c stopping, down from \c down;
//! being brought back from \c restoring; back at \c up.
/*!
 * No answer may take this long. The database's own time-outs are a second or two; this is well
 * above them, so a loaded machine cannot fail it, and far below what a request waiting on a dead
 * database would take (the kernel's TCP time-outs, minutes).
 */
constexpr qint64 kNeverHangsMs = 10000;

struct Outage
{
    qint64 stopping = 0;       //!< when the database was being stopped (requests on their way may fail)
    qint64 down = 0;
    qint64 restoring = 0;
    qint64 up = 0;
    qint64 noticedWithin = 0;  //!< how long after \c down the server may still answer 200
};

//! GET /auth/session with the session cookie \a cookie.
LoadRequest sessionRequest(const QByteArray &cookie)
{
    return {"GET", "/auth/session", "Accept: application/json\r\nCookie: " + cookie + "\r\n", {}};
}

int countMatches(const QString &log, const QString &pattern)
{
    return int(log.count(QRegularExpression(pattern, QRegularExpression::MultilineOption)));
}

} // namespace

class TestOutage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    /*!
     * Migrates the database of \a config, adds Alice with a password, starts \a server and signs
     * Alice in; \a cookie receives "authjs.session-token=<token>".
     */
    void prepare(ServerUnderTest &server, const QString &config, QByteArray &cookie)
    {
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), config});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        const CommandResult added = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), kEmail, QStringLiteral("--name"),
                                                      QStringLiteral("Alice"), QStringLiteral("--password-stdin"),
                                                      QStringLiteral("--config"), config},
                                                     kPassword.toUtf8() + '\n');
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        QVERIFY(server.start(config, m_dir.path()));
        Browser browser(server.baseUrl());
        const QString location = browser.signIn(QStringLiteral("credentials"),
                                                {{QStringLiteral("email"), kEmail}, {QStringLiteral("password"), kPassword}});
        QVERIFY2(!location.contains(QLatin1String("error")), qPrintable(location));
        const QString token = browser.cookie(QString::fromLatin1(kCookieName));
        QVERIFY(!token.isEmpty());
        cookie = kCookieName + '=' + token.toUtf8();
        QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), kEmail);
    }

    //! What every run must show; the figures go to the test's output for the record.
    void verify(const QList<LoadAnswer> &answers, const Outage &outage, const QByteArray &cookie, const QString &log)
    {
        QVERIFY(!answers.isEmpty());
        // Back when the first request sent after the database came back was served: from then on
        // every request is (a lost connection is opened anew on its next use). Anchored on what
        // the server did, not on a fixed delay a loaded machine could outlast.
        qint64 recovered = std::numeric_limits<qint64>::max();
        for (const LoadAnswer &a : answers) {
            if (a.sentAtMs > outage.up && a.status == 200)
                recovered = std::min(recovered, a.sentAtMs);
        }
        QVERIFY2(recovered != std::numeric_limits<qint64>::max(), "no request was served after the database came back");
        int during = 0, unavailable = 0;
        qint64 slowest = 0;
        for (const LoadAnswer &a : answers) {
            const QString at = QStringLiteral("answer sent at %1 ms (outage %2-%3 ms, back at %4 ms): status %5 %6")
                                   .arg(a.sentAtMs).arg(outage.down).arg(outage.restoring).arg(outage.up).arg(a.status)
                                   .arg(a.error + QString::fromUtf8(a.body.left(200)));
            QVERIFY2(a.status != 0, qPrintable(at));
            QVERIFY2(a.elapsedMs < kNeverHangsMs, qPrintable(at + QStringLiteral(", after %1 ms").arg(a.elapsedMs)));
            slowest = qMax(slowest, a.elapsedMs);
            // The session cookie is never removed nor changed: a 200 writes it again as it was.
            for (const QByteArray &set : a.setCookies) {
                if (set.startsWith(kCookieName + '='))
                    QVERIFY2(set.startsWith(cookie + ';'), qPrintable(at + QStringLiteral(": Set-Cookie ") + QString::fromLatin1(set)));
            }
            QVERIFY2(a.status == 200 || a.status == 503, qPrintable(at));
            if (a.status == 200)
                QVERIFY2(a.body.contains(kEmail.toUtf8()), qPrintable(at));
            if (a.status == 503) {
                ++unavailable;
                QCOMPARE(a.retryAfter, QByteArray("5"));
                QCOMPARE(QJsonDocument::fromJson(a.body).object().value(QStringLiteral("error")).toString(),
                         QStringLiteral("Unavailable"));
            }
            if (a.sentAtMs < outage.stopping - 200)
                QVERIFY2(a.status == 200, qPrintable(at));
            // (One sent just before the database is brought back may find it back.)
            if (a.sentAtMs > outage.down + outage.noticedWithin && a.sentAtMs < outage.restoring - 100) {
                ++during;
                QVERIFY2(a.status == 503, qPrintable(at));
            }
            if (a.sentAtMs > recovered)
                QVERIFY2(a.status == 200, qPrintable(at));
        }
        QVERIFY2(during >= 20, qPrintable(QString::number(during)));
        QVERIFY2(answers.last().status == 200, "the same cookie has its session again");
        qInfo("%lld answers, %d of them 503; the slowest took %lld ms; the outage lasted %lld ms; served again %lld ms after",
              qint64(answers.size()), unavailable, slowest, outage.up - outage.down, recovered - outage.up);

        // The operator's log: the outage once when it starts and once when it ends, no line per request.
        const QStringList lines = log.split(u'\n');
        for (const QString &line : lines) {
            if (line.contains(QLatin1String("gatehouse.storage")) || line.contains(QLatin1String(" warning ")))
                qInfo("log: %s", qPrintable(line));
        }
        QCOMPARE(countMatches(log, QStringLiteral("warning gatehouse\\.storage: database .* is unreachable: ")), 1);
        QCOMPARE(countMatches(log, QStringLiteral("info gatehouse\\.storage: database .* is reachable again after .* down; "
                                                  "\\d+ calls failed meanwhile$")),
                 1);
        // The one above and at most one summary; readiness's own line is the postgres test's.
        QVERIFY(countMatches(log, QStringLiteral(" warning gatehouse\\.(?!server: readiness: not ready: database: )")) <= 2);
        // Qt's PostgreSQL driver says "FATAL: terminating connection due to unexpected postmaster
        // exit" for each connection idle at the kill: one a connection (4), not one a request.
        QVERIFY(countMatches(log, QStringLiteral(" warning (?!gatehouse\\.)")) <= 4);
        // The tracker has said it: readiness adds no line of the database's error.
        QCOMPARE(countMatches(log, QStringLiteral("readiness: the database does not answer")), 0);
    }

    //! GET /readyz's status and its "database" check.
    static std::pair<int, QJsonObject> readiness(Browser &browser)
    {
        const auto [status, body] = browser.get(QStringLiteral("/readyz"));
        for (const QJsonValue check : QJsonDocument::fromJson(body).object().value(QStringLiteral("checks")).toArray()) {
            if (check.toObject().value(QStringLiteral("check")).toString() == QLatin1String("database"))
                return {status, check.toObject()};
        }
        return {status, {}};
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void postgresKilledAndStartedAgain()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        PostgresServer pg;
        QString error;
        QVERIFY2(pg.start(&error), qPrintable(error));
        QVERIFY2(pg.createDatabase(QStringLiteral("outage"), &error), qPrintable(error));
        const QString config = m_dir.filePath(QStringLiteral("postgres.json"));
        QVERIFY(replaceFile(config, configFor(pg.url(QStringLiteral("outage")))));
        ServerUnderTest server;
        QByteArray cookie;
        prepare(server, config, cookie);
        if (QTest::currentTestFailed())
            return;

        HttpLoad load(server.port(), {sessionRequest(cookie)}, 2, std::chrono::milliseconds(25));
        load.start();
        QTest::qWait(1500);
        Outage outage;
        outage.stopping = load.now();
        Browser probe(server.baseUrl());
        QCOMPARE(readiness(probe).first, 200);
        pg.kill();
        outage.down = load.now();
        // Readiness (a balancer's probe) reports the database down, by name, while it is.
        QTest::qWait(1000);
        QTRY_COMPARE_WITH_TIMEOUT(readiness(probe).first, 503, 10000);
        const QJsonObject down = readiness(probe).second;
        QCOMPARE(down.value(QStringLiteral("ok")).toBool(true), false);
        QVERIFY2(down.value(QStringLiteral("reason")).toString().startsWith(QStringLiteral("the database cannot be reached (since ")),
                 qPrintable(QJsonDocument(down).toJson(QJsonDocument::Compact)));
        QTest::qWait(int(std::max<qint64>(0, 4000 - (load.now() - outage.down))));
        outage.restoring = load.now();
        QVERIFY2(pg.start(&error), qPrintable(error));
        outage.up = load.now();
        QTest::qWait(2500);
        QTRY_COMPARE_WITH_TIMEOUT(readiness(probe).first, 200, 10000);
        QCOMPARE(readiness(probe).second.value(QStringLiteral("ok")).toBool(), true);
        load.stop();
        verify(load.answers(), outage, cookie, server.log());
        const QString log = server.log();
        QCOMPARE(countMatches(log, QStringLiteral("warning gatehouse\\.server: readiness: not ready: database: the database "
                                                  "cannot be reached \\(since ")),
                 1);
        QCOMPARE(countMatches(log, QStringLiteral("readiness: ready again")), 1);
    }

    void sqliteFileMovedAwayAndBack()
    {
        // As root, chmod does not keep the server out; a file moved away (its connections still
        // open on it) does, as an operator's mistake or a restore in progress would.
        const QString folder = m_dir.filePath(QStringLiteral("sqlite"));
        const QString away = m_dir.filePath(QStringLiteral("away"));
        QVERIFY(QDir().mkpath(folder) && QDir().mkpath(away));
        const QString file = folder + QStringLiteral("/gatehouse.db");
        const QString config = m_dir.filePath(QStringLiteral("sqlite.json"));
        QVERIFY(replaceFile(config, configFor(QStringLiteral("sqlite://") + file)));
        ServerUnderTest server;
        QByteArray cookie;
        prepare(server, config, cookie);
        if (QTest::currentTestFailed())
            return;
        const QStringList suffixes{QString(), QStringLiteral("-wal"), QStringLiteral("-shm")};
        // Away: the database first, so nothing opens it without its write-ahead log. Back: the
        // log and its index first, for the same reason (a database found alone gets a new, empty
        // log beside it, and the one moved in after it is not the one the others read).
        const auto move = [&suffixes](const QString &from, const QString &to, bool databaseLast) {
            QStringList order = suffixes;
            if (databaseLast)
                std::reverse(order.begin(), order.end());
            for (const QString &suffix : order) {
                if (QFile::exists(from + suffix) && !QFile::rename(from + suffix, to + suffix))
                    return false;
            }
            return true;
        };

        HttpLoad load(server.port(), {sessionRequest(cookie)}, 2, std::chrono::milliseconds(25));
        load.start();
        QTest::qWait(1500);
        Outage outage;
        outage.noticedWithin = 300;  // each connection looks at its file every 250 ms at most
        outage.stopping = load.now();
        QVERIFY(move(file, away + QStringLiteral("/gatehouse.db"), false));
        outage.down = load.now();
        QTest::qWait(4000);
        outage.restoring = load.now();
        QVERIFY(!QFile::exists(file));  // not created anew, empty, in the meantime
        QVERIFY(move(away + QStringLiteral("/gatehouse.db"), file, true));
        outage.up = load.now();
        QTest::qWait(2500);
        load.stop();
        verify(load.answers(), outage, cookie, server.log());
    }
};

QTEST_GUILESS_MAIN(TestOutage)
#include "tst_outage.moc"
