// Two gatehouse-servers on a PostgreSQL primary and its synchronous streaming standby, under a
// bounded load of session reads, sign-ins, sign-in link requests and sign-outs; the primary's
// postmaster is killed (SIGKILL) and the standby promoted. No answer removes a session cookie
// (but a sign-out's), the answers during the switch are the outage's (503 with Retry-After, or
// the error page's Unavailable), never a 500; both servers serve again within 10 s of the
// promotion without a restart, and /readyz says not ready in between; every session, sign-in
// link and sign-out whose request got a success answer is in the new primary, and the sessions
// of before are valid on both servers. Then the old primary comes back as a standby of the new
// one (pg_rewind) and the same runs the other way.
#include "integration/server/serverharness.h"
#include "support/httpload.h"
#include "support/postgresserver.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUrl>

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <thread>

using namespace Gatehouse::Testing;

namespace {

const QByteArray kCookieName = "authjs.session-token";
const QString kDatabase = QStringLiteral("gatehouse");
//! The load: each thread sends a request, then waits this long; at most kMaxRequests each.
constexpr int kThreads = 4;
constexpr std::chrono::milliseconds kPace{15};
constexpr int kMaxRequests = 3000;
//! What the issue promises: served again within this long of the promotion.
constexpr qint64 kBackWithinMs = 10000;

// (No raw string literal: moc would take the "//" of a URL for a comment.)
QString writeConfig(const QTemporaryDir &dir, const QString &databaseUrl)
{
    QFile script(dir.filePath(QStringLiteral("callbacks.js")));
    if (script.open(QIODevice::WriteOnly))
        script.write("function authorize(credentials, request) {\n"
                     "  if (credentials.password !== \"pw\")\n"
                     "    return null;\n"
                     "  return { id: credentials.username, name: credentials.username,\n"
                     "           email: credentials.username + \"@example.test\" };\n"
                     "}\n"
                     "// The link is stored; nobody needs the mail.\n"
                     "function sendLink(params) { return true; }\n");
    script.close();
    const QJsonObject credentials{{"id", "credentials"},
                                  {"type", "credentials"},
                                  {"name", "Credentials"},
                                  {"credentials", QJsonObject{{"username", QJsonObject{{"label", "Username"}}},
                                                              {"password", QJsonObject{{"label", "Password"}, {"type", "password"}}}}},
                                  {"authorize", "authorize"}};
    const QJsonObject email{{"id", "email"}, {"type", "email"}, {"name", "Email"}, {"from", "no-reply@example.test"},
                            {"server", "smtp://127.0.0.1:9"}, {"sendVerificationRequest", "sendLink"},
                            // One test client asks for hundreds of links.
                            {"rateLimit", QJsonObject{{"perAddress", 1000000}, {"perClient", 1000000}}}};
    const QJsonObject config{{"basePath", "/auth"},
                             {"trustHost", true},
                             {"session", QJsonObject{{"strategy", "database"}}},
                             {"callbacksScript", script.fileName()},
                             {"adapter", QJsonObject{{"url", databaseUrl}}},
                             {"rateLimit", QJsonObject{{"enabled", false}}},
                             {"providers", QJsonArray{credentials, email}}};
    const QString path = dir.filePath(QStringLiteral("gatehouse.json"));
    replaceFile(path, QJsonDocument(config).toJson());
    return path;
}

int countMatches(const QString &log, const QString &pattern)
{
    return int(log.count(QRegularExpression(pattern, QRegularExpression::MultilineOption)));
}

//! One request of the failover load and what it got.
struct Sent
{
    enum Kind { Session, SignIn, MagicLink, SignOut };
    Kind kind = Session;
    int server = 0;             //!< index into the servers' ports
    QByteArray subject;         //!< the session token read or signed out, the link's address
    LoadAnswer answer;
};

/*!
 * kThreads threads, each going round: a session read (its own long-lived session), a sign-in,
 * a session read, a sign-in link for an address never used before, a session read, a sign-out
 * of the oldest session its own sign-ins made; the servers taken in turn.
 */
class FailoverLoad
{
public:
    FailoverLoad(QList<quint16> ports, CsrfPair csrf, QList<QByteArray> sessions, QString round)
        : m_ports(std::move(ports)), m_csrf(std::move(csrf)), m_sessions(std::move(sessions)), m_round(std::move(round))
    {
    }
    ~FailoverLoad() { stop(); }

    void start()
    {
        m_started = std::chrono::steady_clock::now();
        for (int t = 0; t < kThreads; ++t)
            m_workers.emplace_back([this, t] { run(t); });
    }
    void stop()
    {
        m_stop = true;
        for (std::thread &worker : m_workers)
            worker.join();
        m_workers.clear();
    }
    qint64 now() const
    {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - m_started).count();
    }
    QList<Sent> sent() const
    {
        std::lock_guard lock(m_mutex);
        return m_sent;
    }
    //! Whether every server has answered a session read sent after \a since with 200.
    bool everyServerServedSince(qint64 since) const
    {
        QSet<int> served;
        std::lock_guard lock(m_mutex);
        for (const Sent &s : m_sent) {
            if (s.kind == Sent::Session && s.answer.sentAtMs > since && s.answer.status == 200)
                served.insert(s.server);
        }
        return served.size() == m_ports.size();
    }

private:
    void run(int thread)
    {
        const QByteArray form = "Content-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\nCookie: "
            + m_csrf.cookie;
        QList<QByteArray> mine;  // sessions this thread's sign-ins made, oldest first
        for (int n = 0; n < kMaxRequests && !m_stop; ++n) {
            Sent s;
            s.server = (n + thread) % int(m_ports.size());
            LoadRequest request;
            switch (n % 6) {
            case 1:
                s.kind = Sent::SignIn;
                request = {"POST", "/auth/callback/credentials", form + "\r\n",
                           "csrfToken=" + m_csrf.token + "&username=loader" + QByteArray::number(thread) + "&password=pw", {}};
                break;
            case 3:
                s.kind = Sent::MagicLink;
                s.subject = QStringLiteral("link-%1-%2-%3@example.test").arg(QString(m_round).replace(u' ', u'-')).arg(thread).arg(n).toUtf8();
                request = {"POST", "/auth/signin/email", form + "\r\n",
                           "csrfToken=" + m_csrf.token + "&email=" + QUrl::toPercentEncoding(QString::fromUtf8(s.subject)), {}};
                break;
            case 5:
                // Every other round, so that half of the sessions stay to be looked for.
                if (n % 12 == 5 && !mine.isEmpty()) {
                    s.kind = Sent::SignOut;
                    s.subject = mine.takeFirst();
                    request = {"POST", "/auth/signout", form + "; " + kCookieName + '=' + s.subject + "\r\n",
                               "csrfToken=" + m_csrf.token, {}};
                    break;
                }
                Q_FALLTHROUGH();
            default:
                s.kind = Sent::Session;
                s.subject = m_sessions.at(thread % m_sessions.size());
                request = getSession(s.subject);
                break;
            }
            const qint64 sentAt = now();
            s.answer = HttpLoad::send(m_ports.at(s.server), request);
            s.answer.sentAtMs = sentAt;
            if (s.kind == Sent::SignIn && s.answer.status == 302 && !cookieSet(s.answer, kCookieName).isEmpty())
                mine.append(cookieSet(s.answer, kCookieName));
            {
                std::lock_guard lock(m_mutex);
                m_sent.append(s);
            }
            std::this_thread::sleep_for(kPace);
        }
    }

    const QList<quint16> m_ports;
    const CsrfPair m_csrf;
    const QList<QByteArray> m_sessions;
    const QString m_round;
    std::chrono::steady_clock::time_point m_started;
    std::atomic<bool> m_stop{false};
    std::vector<std::thread> m_workers;
    mutable std::mutex m_mutex;
    QList<Sent> m_sent;
};

//! The rows of \a sql's first column on \a pg, one a line.
QSet<QByteArray> column(PostgresServer &pg, const QString &sql)
{
    QString output;
    if (!pg.execute(kDatabase, sql, &output))
        return {};
    QSet<QByteArray> rows;
    for (const QString &line : output.split(u'\n', Qt::SkipEmptyParts))
        rows.insert(line.trimmed().toUtf8());
    return rows;
}

//! Whether \a primary has a synchronous standby streaming (30 s at most).
bool waitForSyncStandby(PostgresServer &primary)
{
    const QDeadlineTimer deadline(30000);
    QString state;
    while (!deadline.hasExpired()) {
        if (primary.execute(kDatabase, QStringLiteral("SELECT sync_state FROM pg_stat_replication"), &state)
            && state == QLatin1String("sync"))
            return true;
        QThread::msleep(100);
    }
    qWarning("no synchronous standby within 30 s: pg_stat_replication.sync_state \"%s\"", qPrintable(state));
    return false;
}

//! Makes every commit on \a pg wait for a synchronous standby (any), or no longer.
bool setSynchronousStandby(PostgresServer &pg, bool on)
{
    return pg.execute(QStringLiteral("postgres"), on ? QStringLiteral("ALTER SYSTEM SET synchronous_standby_names = '*'")
                                                     : QStringLiteral("ALTER SYSTEM RESET synchronous_standby_names"))
        && pg.execute(QStringLiteral("postgres"), QStringLiteral("SELECT pg_reload_conf()"));
}

} // namespace

class TestPostgresFailover : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QList<ServerUnderTest *> m_servers;
    QList<QByteArray> m_sessions;       //!< signed in before any switch; valid throughout
    QList<int> m_outagesLogged;         //!< per server: outage lines before the current switch
    QList<qsizetype> m_logShown;        //!< per server: how much of its log was shown

    static void configure(PostgresServer &pg)
    {
        pg.setSetting(QStringLiteral("synchronous_commit"), QStringLiteral("on"));  // a commit waits for the standby
        // pg_rewind needs checksums (or wal_log_hints) and full-page writes from before the two part.
        pg.setDataChecksums(true);
        pg.setSetting(QStringLiteral("full_page_writes"), QStringLiteral("on"));
    }

    /*!
     * Kills \a primary under the load and promotes \a standby; checks what the test's header
     * says and prints the figures of this switch (\a round names it).
     */
    void failOver(PostgresServer &primary, PostgresServer &standby, const QString &round)
    {
        QVERIFY(waitForSyncStandby(primary));
        QList<quint16> ports;
        for (ServerUnderTest *server : std::as_const(m_servers))
            ports.append(server->port());
        const CsrfPair csrf = fetchCsrf(ports.first());
        QVERIFY(!csrf.cookie.isEmpty() && !csrf.token.isEmpty());
        const QSet<QByteArray> sessionsBefore = column(primary, QStringLiteral("SELECT \"sessionToken\" FROM sessions"));
        QVERIFY(!sessionsBefore.isEmpty());

        const auto readiness = [&ports] {
            QList<int> statuses;
            for (const quint16 port : std::as_const(ports))
                statuses.append(HttpLoad::send(port, {"GET", "/readyz", {}, {}, {}}).status);
            return statuses;
        };
        QCOMPARE(readiness(), (QList<int>{200, 200}));

        FailoverLoad load(ports, csrf, m_sessions, round);
        load.start();
        QTest::qWait(2000);
        const qint64 killing = load.now();
        primary.kill();
        // What a failover manager takes to decide (2 s); the servers meanwhile find no primary,
        // and say so to the balancer.
        QTRY_COMPARE_WITH_TIMEOUT(readiness(), (QList<int>{503, 503}), 5000);
        QTest::qWait(int(std::max<qint64>(0, 2000 - (load.now() - killing))));
        const qint64 promoting = load.now();
        QString error;
        QVERIFY2(standby.promote(&error), qPrintable(error));
        // The new primary has no standby yet: commits must not wait for one.
        QVERIFY(setSynchronousStandby(standby, false));
        const qint64 promoted = load.now();
        const QDeadlineTimer back(kBackWithinMs + 5000);
        while (!load.everyServerServedSince(promoting) && !back.hasExpired())
            QTest::qWait(50);
        QTRY_COMPARE_WITH_TIMEOUT(readiness(), (QList<int>{200, 200}), 10000);
        QTest::qWait(1000);
        load.stop();
        const QList<Sent> sent = load.sent();

        // The operator's view of the switch, for the record (and for a failure below).
        for (int i = 0; i < m_servers.size(); ++i) {
            const QString log = m_servers[i]->log();
            for (const QString &line : log.mid(m_logShown.value(i)).split(u'\n')) {
                if (line.contains(QLatin1String("gatehouse.storage")) || line.contains(QLatin1String(" warning gatehouse.core")))
                    qInfo("%s, server %d log: %s", qPrintable(round), i, qPrintable(line));
            }
            m_logShown[i] = log.size();
        }

        // Each server is back when its first 200 to a session read sent after the promotion came
        // in: every request sent later is served (one on its way then may still have failed).
        QList<qint64> recovered(ports.size(), std::numeric_limits<qint64>::max());
        for (const Sent &s : sent) {
            if (s.kind == Sent::Session && s.answer.sentAtMs > promoting && s.answer.status == 200)
                recovered[s.server] = std::min(recovered[s.server], s.answer.sentAtMs + s.answer.elapsedMs);
        }
        for (int i = 0; i < ports.size(); ++i)
            QVERIFY2(recovered[i] - promoting <= kBackWithinMs,
                     qPrintable(QStringLiteral("server %1 was not back within %2 ms of the promotion").arg(i).arg(kBackWithinMs)));

        int unavailable = 0, redirectedUnavailable = 0, signInsAcknowledged = 0, linksAcknowledged = 0, signOuts = 0;
        // A sign-out answers 302 whatever the database says; one sent while the server was
        // serving waited for the session's deletion, so that deletion was acknowledged.
        QSet<QByteArray> acknowledgedSessions, signedOut, acknowledgedSignOuts, acknowledgedLinks;
        qint64 slowest = 0;
        for (const Sent &s : sent) {
            const LoadAnswer &a = s.answer;
            const QByteArray base = "http://127.0.0.1:" + QByteArray::number(ports.at(s.server));
            const QString what = QStringLiteral("%1: request kind %2 to server %3 sent at %4 ms (killed at %5 ms, promoted "
                                                "at %6-%7 ms, this server back at %8 ms): %9 %10 %11")
                                     .arg(round).arg(int(s.kind)).arg(s.server).arg(a.sentAtMs).arg(killing)
                                     .arg(promoting).arg(promoted).arg(recovered[s.server]).arg(a.status)
                                     .arg(QString::fromUtf8(a.location), a.error + QString::fromUtf8(a.body.left(160)));
            QVERIFY2(a.status != 0, qPrintable(what));
            QVERIFY2(a.elapsedMs < 10000, qPrintable(what + QStringLiteral(" after %1 ms").arg(a.elapsedMs)));
            slowest = qMax(slowest, a.elapsedMs);
            // Served before the kill and once this server is back; in between, the outage's answers.
            const bool served = a.sentAtMs < killing - 200 || a.sentAtMs > recovered[s.server];
            if (s.kind != Sent::SignOut)
                QVERIFY2(!removesCookie(a, kCookieName), qPrintable(what));
            switch (s.kind) {
            case Sent::Session:
                if (a.status == 503) {
                    QVERIFY2(!served && a.retryAfter == "5", qPrintable(what));
                    QCOMPARE(QJsonDocument::fromJson(a.body).object().value(QStringLiteral("error")).toString(),
                             QStringLiteral("Unavailable"));
                    ++unavailable;
                } else {
                    QVERIFY2(a.status == 200 && sessionEmail(a) == QLatin1String("keeper@example.test"), qPrintable(what));
                }
                break;
            case Sent::SignIn:
                QVERIFY2(a.status == 302, qPrintable(what));
                if (a.location == base) {
                    const QByteArray token = cookieSet(a, kCookieName);
                    QVERIFY2(!token.isEmpty(), qPrintable(what));
                    acknowledgedSessions.insert(token);
                    ++signInsAcknowledged;
                } else {
                    QVERIFY2(!served && a.location == base + "/auth/error?error=Unavailable", qPrintable(what));
                    ++redirectedUnavailable;
                }
                break;
            case Sent::MagicLink:
                QVERIFY2(a.status == 302, qPrintable(what));
                if (a.location.startsWith(base + "/auth/verify-request")) {
                    acknowledgedLinks.insert(s.subject);
                    ++linksAcknowledged;
                } else {
                    QVERIFY2(!served && a.location == base + "/auth/error?error=Unavailable", qPrintable(what));
                    ++redirectedUnavailable;
                }
                break;
            case Sent::SignOut:  // the cookie goes whatever the database says (README: When the database is down)
                QVERIFY2(a.status == 302 && removesCookie(a, kCookieName), qPrintable(what));
                signedOut.insert(s.subject);
                if (served)
                    acknowledgedSignOuts.insert(s.subject);
                ++signOuts;
                break;
            }
        }
        QVERIFY2(signInsAcknowledged >= 10 && linksAcknowledged >= 10 && acknowledgedSignOuts.size() >= 5,
                 qPrintable(QStringLiteral("%1 sign-ins, %2 links, %3 sign-outs").arg(signInsAcknowledged).arg(linksAcknowledged).arg(signOuts)));

        // Nothing acknowledged is lost: every session of a sign-in answered with success (and not
        // signed out since), and every sign-in link answered with the verify-request page, is in the
        // new primary; so is every session of before.
        const QSet<QByteArray> sessionsAfter = column(standby, QStringLiteral("SELECT \"sessionToken\" FROM sessions"));
        const QSet<QByteArray> linksAfter = column(standby, QStringLiteral("SELECT identifier FROM verification_token "
                                                                            "WHERE identifier LIKE 'link-%'"));
        int sessionsKept = 0, sessionsFound = 0, linksFound = 0, signOutsFound = 0;
        for (const QByteArray &token : std::as_const(acknowledgedSessions)) {
            if (signedOut.contains(token))
                continue;
            ++sessionsKept;
            QVERIFY2(sessionsAfter.contains(token), qPrintable(round + QStringLiteral(": an acknowledged session is lost")));
            ++sessionsFound;
        }
        for (const QByteArray &token : std::as_const(acknowledgedSignOuts)) {
            QVERIFY2(!sessionsAfter.contains(token), qPrintable(round + QStringLiteral(": an acknowledged sign-out is undone")));
            ++signOutsFound;
        }
        for (const QByteArray &link : std::as_const(acknowledgedLinks)) {
            QVERIFY2(linksAfter.contains(link), qPrintable(round + QStringLiteral(": the acknowledged link of %1 is lost").arg(QString::fromUtf8(link))));
            ++linksFound;
        }
        for (const QByteArray &token : sessionsBefore) {
            if (!signedOut.contains(token))
                QVERIFY2(sessionsAfter.contains(token), qPrintable(round + QStringLiteral(": a session of before is lost")));
        }
        // The sessions of before answer on both servers as they did.
        for (const quint16 port : std::as_const(ports)) {
            for (const QByteArray &token : std::as_const(m_sessions))
                QCOMPARE(sessionEmail(HttpLoad::send(port, getSession(token))), QStringLiteral("keeper@example.test"));
        }

        // The operator's log: the outage once each way (twice when a probe still reached a
        // backend of the killed server), no line per request.
        for (int i = 0; i < m_servers.size(); ++i) {
            const QString log = m_servers[i]->log();
            const int down = countMatches(log, QStringLiteral("warning gatehouse\\.storage: database .* is unreachable: "));
            const int up = countMatches(log, QStringLiteral("info gatehouse\\.storage: database .* is reachable again after "));
            QCOMPARE(up, down);
            const int now = down - m_outagesLogged.value(i);
            QVERIFY2(now >= 1 && now <= 2, qPrintable(QStringLiteral("server %1 logged %2 outages in %3").arg(i).arg(now).arg(round)));
            m_outagesLogged[i] = down;
            QVERIFY(m_servers[i]->isRunning());
        }

        qInfo("%s: %lld requests; during the switch %d answered 503 (session reads) and %d were sent to the error "
              "page with error=Unavailable (sign-ins, sign-in links), none 500; first 200 from server 0 %lld ms and from "
              "server 1 %lld ms after pg_ctl promote was run (it returned after %lld ms); acknowledged writes: %d sign-ins "
              "(%d of them not signed out since: %d found in the new primary), %d sign-in links (%d found), %d of %d "
              "sign-outs sent while serving (%d found deleted); %lld sessions of before, all found; the slowest "
              "answer took %lld ms",
              qPrintable(round), qint64(sent.size()), unavailable, redirectedUnavailable, recovered[0] - promoting,
              recovered[1] - promoting, promoted - promoting, signInsAcknowledged, sessionsKept, sessionsFound,
              linksAcknowledged, linksFound, int(acknowledgedSignOuts.size()), signOuts, signOutsFound,
              qint64(sessionsBefore.size()), slowest);
    }

private Q_SLOTS:
    void primaryKilledStandbyPromotedAndBack()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QVERIFY(m_dir.isValid());
        QString error;
        PostgresServer first;
        PostgresServer second;
        configure(first);
        configure(second);
        QVERIFY2(first.start(&error), qPrintable(error));
        QVERIFY2(first.createDatabase(kDatabase, &error), qPrintable(error));
        // In the cluster's files (copied to the standby), which pg_rewind's crash recovery reads:
        // the WAL back to where the two part stays for pg_rewind.
        QVERIFY(first.execute(QStringLiteral("postgres"), QStringLiteral("ALTER SYSTEM SET wal_keep_size = '256MB'")));
        QVERIFY(first.execute(QStringLiteral("postgres"), QStringLiteral("SELECT pg_reload_conf()")));
        QVERIFY2(second.startStandbyOf(first, &error), qPrintable(error));
        QVERIFY(setSynchronousStandby(first, true));
        QVERIFY(waitForSyncStandby(first));

        // The URL of the issue: both hosts, the one that takes writes wins.
        const QString url = QStringLiteral("postgresql://postgres@127.0.0.1:%1,127.0.0.1:%2/%3")
                                .arg(first.port()).arg(second.port()).arg(kDatabase);
        const QString config = writeConfig(m_dir, url);
        ServerUnderTest a;
        ServerUnderTest b;
        m_servers = {&a, &b};
        m_outagesLogged = {0, 0};
        m_logShown = {0, 0};
        QVERIFY2(a.start(config, m_dir.path()), qPrintable(a.log()));
        QVERIFY2(b.start(config, m_dir.path()), qPrintable(b.log()));
        QVERIFY2(a.log().contains(QStringLiteral("database: postgresql://postgres@127.0.0.1:%1,127.0.0.1:%2/%3?target_session_attrs=read-write")
                                      .arg(first.port()).arg(second.port()).arg(kDatabase)),
                 qPrintable(a.log()));

        for (int i = 0; i < kThreads; ++i) {
            Browser browser(m_servers[i % 2]->baseUrl());
            const QString location = browser.signIn(QStringLiteral("credentials"),
                                                    {{QStringLiteral("username"), QStringLiteral("keeper")},
                                                     {QStringLiteral("password"), QStringLiteral("pw")}});
            QCOMPARE(location, m_servers[i % 2]->baseUrl());
            m_sessions.append(browser.cookie(QString::fromLatin1(kCookieName)).toUtf8());
        }

        failOver(first, second, QStringLiteral("first failover"));
        if (QTest::currentTestFailed())
            return;

        // The old primary follows the new one (rewound to where they parted), synchronously.
        QVERIFY2(first.rewindAsStandbyOf(second, &error), qPrintable(error));
        QVERIFY(setSynchronousStandby(second, true));
        failOver(second, first, QStringLiteral("failover back"));
    }
};

QTEST_GUILESS_MAIN(TestPostgresFailover)
#include "tst_postgresfailover.moc"
