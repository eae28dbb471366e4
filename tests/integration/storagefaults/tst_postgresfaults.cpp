// gatehouse-server under a bounded load while PostgreSQL is killed (SIGKILL to the postmaster)
// and started again, database sessions. Every request is answered within 2 s: what needs the
// database answers 503 (JSON) or ends on the error page, what does not (CSRF token, providers,
// the sign-in page, a request without a session) answers 200 throughout; the outage is logged
// once; the server serves again without a restart; no user or session committed before the
// fault, nor during the load, is lost.
#include "integration/server/serverharness.h"
#include "support/httpload.h"
#include "support/postgresserver.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <algorithm>
#include <limits>

using namespace Gatehouse::Testing;

namespace {

const QByteArray kCookieName = "authjs.session-token";

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
                     "}\n");
    script.close();
    const QJsonObject provider{{"id", "credentials"},
                              {"type", "credentials"},
                              {"name", "Credentials"},
                              {"credentials", QJsonObject{{"username", QJsonObject{{"label", "Username"}}},
                                                          {"password", QJsonObject{{"label", "Password"}, {"type", "password"}}}}},
                              {"authorize", "authorize"}};
    const QJsonObject config{{"basePath", "/auth"},
                             {"trustHost", true},
                             {"session", QJsonObject{{"strategy", "database"}}},
                             {"callbacksScript", script.fileName()},
                             {"adapter", QJsonObject{{"url", databaseUrl}}},
                             {"rateLimit", QJsonObject{{"enabled", false}}},
                             {"providers", QJsonArray{provider}}};
    const QString path = dir.filePath(QStringLiteral("gatehouse.json"));
    replaceFile(path, QJsonDocument(config).toJson());
    return path;
}

int countMatches(const QString &log, const QString &pattern)
{
    return int(log.count(QRegularExpression(pattern, QRegularExpression::MultilineOption)));
}

} // namespace

class TestPostgresFaults : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void killedUnderLoad()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QVERIFY(m_dir.isValid());
        PostgresServer pg;
        pg.setSetting(QStringLiteral("synchronous_commit"), QStringLiteral("on"));  // what a commit promises
        QString error;
        QVERIFY2(pg.start(&error), qPrintable(error));
        QVERIFY2(pg.createDatabase(QStringLiteral("faults"), &error), qPrintable(error));
        const QString config = writeConfig(m_dir, pg.url(QStringLiteral("faults")));
        ServerUnderTest server;
        QVERIFY(server.start(config, m_dir.path()));
        const quint16 port = server.port();
        const QByteArray base = server.baseUrl().toUtf8();

        // Committed before the fault: ten signed-in users, and the two of the load.
        QList<QByteArray> before;
        QStringList names;
        for (int i = 0; i < 10; ++i)
            names.append(QStringLiteral("user%1").arg(i));
        names << QStringLiteral("leaver") << QStringLiteral("loader");
        for (const QString &name : names) {
            Browser browser(server.baseUrl());
            const QString location = browser.signIn(QStringLiteral("credentials"),
                                                    {{QStringLiteral("username"), name}, {QStringLiteral("password"), QStringLiteral("pw")}});
            QCOMPARE(location.toUtf8(), base);
            before.append(browser.cookie(QString::fromLatin1(kCookieName)).toUtf8());
        }
        const LoadAnswer csrf = HttpLoad::send(port, {"GET", "/auth/csrf", {}, {}, {}});
        const QByteArray csrfCookie = "authjs.csrf-token=" + cookieSet(csrf, "authjs.csrf-token");
        const QByteArray csrfToken = QJsonDocument::fromJson(csrf.body).object().value(QStringLiteral("csrfToken")).toString().toUtf8();
        const QByteArray form = "application/x-www-form-urlencoded";

        enum Kind { Session, Csrf, Providers, SignIn, OtherSession, SignOut, SignInPage, NoSession };
        const QList<LoadRequest> requests{
            getSession(before[0]),
            {"GET", "/auth/csrf", {}, {}, {}},
            {"GET", "/auth/providers", {}, {}, {}},
            {"POST", "/auth/callback/credentials", "Content-Type: " + form + "\r\nCookie: " + csrfCookie + "\r\n",
             "csrfToken=" + csrfToken + "&username=loader&password=pw", {}},
            getSession(before[1]),
            {"POST", "/auth/signout",
             "Content-Type: " + form + "\r\nCookie: " + csrfCookie + "; " + kCookieName + '=' + before[10] + "\r\n",
             "csrfToken=" + csrfToken, {}},
            {"GET", "/auth/signin", {}, {}, {}},
            getSession({}),
        };
        HttpLoad load(port, requests, 4, std::chrono::milliseconds(20));
        load.start();
        QTest::qWait(1500);
        const qint64 killing = load.now();
        pg.kill();
        const qint64 down = load.now();
        QTest::qWait(2000);
        const LoadAnswer page = HttpLoad::send(port, {"GET", "/auth/error?error=Unavailable", {}, {}, {}});
        QTest::qWait(2000);
        const qint64 restoring = load.now();
        QVERIFY2(pg.start(&error), qPrintable(error));
        const qint64 up = load.now();
        QTest::qWait(3000);
        load.stop();
        const QList<LoadAnswer> answers = load.answers();

        QCOMPARE(page.status, 503);
        QCOMPARE(page.retryAfter, QByteArray("5"));
        QVERIFY(page.body.contains("The sign-in service is temporarily unavailable."));

        // Back when the first session read sent after the database came back was served: from
        // then on every request is (anchored on what the server did, not on a fixed delay).
        qint64 recovered = std::numeric_limits<qint64>::max();
        for (const LoadAnswer &a : answers) {
            if (a.sentAtMs > up && a.request == Session && a.status == 200)
                recovered = std::min(recovered, a.sentAtMs);
        }
        QVERIFY2(recovered != std::numeric_limits<qint64>::max(), "no session was read after the database came back");
        QList<int> perKind(requests.size(), 0);
        QList<std::pair<QByteArray, qint64>> signedInDuringLoad;  // session token, sent at
        qint64 slowest = 0;
        int failedOver = 0;
        for (const LoadAnswer &a : answers) {
            const QString what = QStringLiteral("request %1 sent at %2 ms (down %3-%4 ms, up at %5 ms): %6 %7 %8")
                                     .arg(a.request).arg(a.sentAtMs).arg(down).arg(restoring).arg(up).arg(a.status)
                                     .arg(QString::fromUtf8(a.location), a.error + QString::fromUtf8(a.body.left(120)));
            QVERIFY2(a.status != 0, qPrintable(what));
            // Well above the database's time-outs (a second or two), far below a hang's minutes.
            QVERIFY2(a.elapsedMs < 10000, qPrintable(what + QStringLiteral(" after %1 ms").arg(a.elapsedMs)));
            slowest = qMax(slowest, a.elapsedMs);
            ++perKind[a.request];
            const bool outage = a.sentAtMs > down && a.sentAtMs < restoring;
            // Requests on their way while it is killed may go either way.
            const bool served = a.sentAtMs < killing - 200 || a.sentAtMs > recovered;
            switch (a.request) {
            case Csrf:
            case Providers:
            case SignInPage:
                QVERIFY2(a.status == 200, qPrintable(what));  // no database needed
                break;
            case NoSession:
                QVERIFY2(a.status == 200 && a.body == "null", qPrintable(what));
                break;
            case Session:
            case OtherSession:
                QVERIFY2(!removesCookie(a, kCookieName), qPrintable(what));
                if (served)
                    QVERIFY2(a.status == 200 && sessionEmail(a).startsWith(QLatin1String("user")), qPrintable(what));
                if (outage) {
                    QVERIFY2(a.status == 503 && a.retryAfter == "5", qPrintable(what));
                    QCOMPARE(QJsonDocument::fromJson(a.body).object().value(QStringLiteral("error")).toString(),
                             QStringLiteral("Unavailable"));
                    ++failedOver;
                }
                break;
            case SignIn:
                QVERIFY2(a.status == 302, qPrintable(what));
                if (a.location == base) {
                    QVERIFY2(!outage, qPrintable(what));
                    signedInDuringLoad.append({cookieSet(a, kCookieName), a.sentAtMs});
                } else {
                    QVERIFY2(a.location == base + "/auth/error?error=Unavailable", qPrintable(what));
                    QVERIFY2(!served, qPrintable(what));
                }
                break;
            case SignOut:  // the cookie goes whatever the database says
                QVERIFY2(a.status == 302 && removesCookie(a, kCookieName), qPrintable(what));
                break;
            }
        }
        for (int count : perKind)
            QVERIFY(count > 5);
        QVERIFY2(failedOver >= 20, qPrintable(QString::number(failedOver)));
        QVERIFY(signedInDuringLoad.size() >= 5);
        qInfo("%lld requests in %lld ms, %d session reads answered 503 during the outage, %lld sign-ins succeeded; "
              "the slowest answer took %lld ms",
              qint64(answers.size()), up + 3000, failedOver, qint64(signedInDuringLoad.size()), slowest);

        // Nothing committed is lost: the sessions of before the fault and of the load's sign-ins.
        for (int i = 0; i < 10; ++i)
            QCOMPARE(sessionEmail(HttpLoad::send(port, getSession(before[i]))), QStringLiteral("user%1@example.test").arg(i));
        for (const auto &[token, sentAt] : signedInDuringLoad) {
            const QString email = sessionEmail(HttpLoad::send(port, getSession(token)));
            QVERIFY2(email == QLatin1String("loader@example.test"),
                     qPrintable(QStringLiteral("the session of a sign-in sent at %1 ms (killed at %2 ms): %3").arg(sentAt).arg(killing).arg(email)));
        }
        QString users;
        QVERIFY(pg.execute(QStringLiteral("faults"), QStringLiteral("SELECT count(*) FROM users"), &users));
        QCOMPARE(users.toInt(), 12);

        const QString log = server.log();
        for (const QString &line : log.split(u'\n')) {
            if (line.contains(QLatin1String(" warning ")) || line.contains(QLatin1String("gatehouse.storage")))
                qInfo("log: %s", qPrintable(line));
        }
        // One outage; or two when a backend that outlived the killed server still answered the
        // first probe (its "reachable again" comes milliseconds after the first line). Each ends.
        const int outages = countMatches(log, QStringLiteral("warning gatehouse\\.storage: database .* is unreachable: "));
        QVERIFY2(outages == 1 || outages == 2, qPrintable(QString::number(outages)));
        QCOMPARE(countMatches(log, QStringLiteral("info gatehouse\\.storage: database .* is reachable again after ")), outages);
        QCOMPARE(countMatches(log, QStringLiteral(" warning gatehouse\\.(?!server: configuration warning)")), outages);
        // Qt's PostgreSQL driver says FATAL once for each connection idle at the kill (4 at most).
        QVERIFY(countMatches(log, QStringLiteral(" warning (?!gatehouse\\.)")) <= 4);
        QVERIFY(server.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestPostgresFaults)
#include "tst_postgresfaults.moc"
