// Several gatehouse-server processes on one database, as the README's "Running several servers"
// deploys them: two servers on different loopback ports share a throwaway PostgreSQL and one
// AUTH_SECRET (database sessions). A session made through A is valid on B and sign-out on A
// ends it on B; one email sign-in link opened 100 times at once, spread over A and B, signs in
// exactly once. The same race runs against a single server on a SQLite file.
#include "concurrentgets.h"
#include "integration/server/serverharness.h"
#include "support/postgresserver.h"
#include "support/sessioncount.h"

#include <gatehouse/sqladapter.h>

#include <QCryptographicHash>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>
#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using Gatehouse::Testing::PostgresServer;

namespace {

const QString kSecret = Testing::serverSecret();
const QByteArray kSessionCookie = "authjs.session-token";
constexpr int kRacers = 100;

template<typename T>
T await(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

//! The configuration every instance shares: database sessions, credentials from callbacks.js
//! and an email provider whose links the race test makes itself (no mail is sent).
QString writeConfig(const QTemporaryDir &dir, const QString &name, const QString &databaseUrl)
{
    QFile script(dir.filePath(QStringLiteral("callbacks.js")));
    if (!script.exists() && script.open(QIODevice::WriteOnly))
        script.write("function authorize(credentials, request) {\n"
                     "  if (credentials.username === \"alice\" && credentials.password === \"alice-password\")\n"
                     "    return { id: \"1\", name: \"Alice\", email: \"alice@example.test\" };\n"
                     "  return null;\n"
                     "}\n");
    script.close();
    const QJsonObject config{
        {"basePath", "/auth"},
        {"trustHost", true},
        {"session", QJsonObject{{"strategy", "database"}}},
        {"callbacksScript", script.fileName()},
        {"adapter", QJsonObject{{"url", databaseUrl}}},
        {"rateLimit", QJsonObject{{"enabled", false}}},
        // The test plays the load balancer in front of the servers.
        {"trustedProxies", QJsonArray{"127.0.0.1"}},
        {"providers",
         QJsonArray{QJsonObject{{"id", "credentials"},
                                {"type", "credentials"},
                                {"name", "Credentials"},
                                {"credentials", QJsonObject{{"username", QJsonObject{{"label", "Username"}}},
                                                            {"password", QJsonObject{{"label", "Password"}, {"type", "password"}}}}},
                                {"authorize", "authorize"}},
                    // Port 9 (discard) on loopback: nothing is ever mailed in these tests.
                    QJsonObject{{"id", "email"}, {"type", "email"}, {"name", "Email"},
                                {"server", "smtp://127.0.0.1:9"}, {"from", "no-reply@example.test"}}}},
    };
    QFile file(dir.filePath(name + QStringLiteral(".json")));
    if (file.open(QIODevice::WriteOnly))
        file.write(QJsonDocument(config).toJson());
    return file.fileName();
}

//! A verification token as the server stores it: sha256(token + secret) in hex.
QString storedTokenHash(const QString &token)
{
    return QString::fromLatin1(QCryptographicHash::hash((token + kSecret).toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace

class TestMultiInstance : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static QNetworkReply *finish(QNetworkReply *reply)
    {
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        return reply;
    }
    static QNetworkRequest request(const QString &url, const QByteArray &cookie = {})
    {
        QNetworkRequest r{QUrl(url)};
        r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        if (!cookie.isEmpty())
            r.setRawHeader("Cookie", kSessionCookie + '=' + cookie);
        return r;
    }
    //! GET /auth/session on \a base with only the session cookie \a token: the user's email or "null".
    static QString sessionEmail(const QString &base, const QByteArray &token)
    {
        QNetworkAccessManager fresh; // no cookie jar state: only the cookie given here
        std::unique_ptr<QNetworkReply> reply(finish(fresh.get(request(base + QStringLiteral("/auth/session"), token))));
        const QByteArray body = reply->readAll();
        if (body == "null")
            return QStringLiteral("null");
        return QJsonDocument::fromJson(body).object().value("user").toObject().value("email").toString();
    }

    //! Opens one sign-in link kRacers times at once over \a ports; checks that exactly one
    //! opening signs in, and returns its session token.
    QByteArray raceOneLink(SqlAdapter &adapter, const QList<quint16> &ports)
    {
        const QString email = QStringLiteral("racer@example.test");
        const QString token = QStringLiteral("race-token-%1").arg(QDateTime::currentMSecsSinceEpoch());
        const auto stored = await(adapter.createVerificationToken(
            {email, storedTokenHash(token), QDateTime::currentDateTimeUtc().addSecs(600)}));
        if (!stored) {
            qWarning("the verification token row was not stored");
            return {};
        }
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("token"), token);
        query.addQueryItem(QStringLiteral("email"), QString::fromLatin1(QUrl::toPercentEncoding(email)));
        const QByteArray target = "/auth/callback/email?" + query.toString(QUrl::FullyEncoded).toUtf8();
        QList<RawRequest> requests;
        for (int i = 0; i < kRacers; ++i)
            requests.append({ports.at(i % ports.size()), target});

        const QList<RawResponse> answers = concurrentGets(requests, 60000);
        QList<RawResponse> winners;
        int verificationErrors = 0;
        for (const RawResponse &a : answers) {
            if (a.status == 0) {
                qWarning().noquote() << "no answer from port" << a.port << ":" << a.error;
                continue;
            }
            const QByteArray base = "http://127.0.0.1:" + QByteArray::number(a.port);
            if (a.status == 302 && a.location == base + "/auth/error?error=Verification" && a.cookie(kSessionCookie).isEmpty())
                ++verificationErrors;
            else if (a.status == 302 && a.location == base && !a.cookie(kSessionCookie).isEmpty())
                winners.append(a);
            else
                qWarning().noquote() << "unexpected answer from port" << a.port << ":" << a.status << a.location << a.setCookies;
        }
        if (winners.size() != 1 || verificationErrors != kRacers - 1) {
            qWarning() << "sign-ins:" << winners.size() << "Verification errors:" << verificationErrors << "of" << kRacers;
            return {};
        }
        return winners.first().cookie(kSessionCookie);
    }

    //! Exactly one user for the racer's address, with exactly one session row.
    static void checkOneSession(SqlAdapter &adapter, const QByteArray &sessionToken)
    {
        const auto user = await(adapter.getUserByEmail(QStringLiteral("racer@example.test")));
        QVERIFY(user);
        QCOMPARE(await(adapter.countUsers(QStringLiteral("racer@example.test"))), qint64(1));
        QCOMPARE(await(Test::countSessions(adapter, user->id)), qint64(1));
        const auto session = await(adapter.getSessionAndUser(QString::fromLatin1(sessionToken)));
        QVERIFY(session);
        QCOMPARE(session->user.email, QStringLiteral("racer@example.test"));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void twoServersOnePostgres()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QString error;
        PostgresServer pg;
        QVERIFY2(pg.start(&error), qPrintable(error));
        QVERIFY2(pg.createDatabase(QStringLiteral("gatehouse"), &error), qPrintable(error));
        const QString url = pg.url(QStringLiteral("gatehouse"));

        Testing::ServerUnderTest a;
        Testing::ServerUnderTest b;
        QVERIFY2(a.start(writeConfig(m_dir, QStringLiteral("a"), url)), qPrintable(a.log()));
        QVERIFY2(b.start(writeConfig(m_dir, QStringLiteral("b"), url)), qPrintable(b.log()));
        QVERIFY(a.port() != b.port());

        // Sign in with credentials through A, as a balancer on 127.0.0.1 would pass it on.
        QNetworkAccessManager nam;
        nam.setCookieJar(new QNetworkCookieJar(&nam));
        std::unique_ptr<QNetworkReply> csrfReply(finish(nam.get(request(a.baseUrl() + "/auth/csrf"))));
        const QString csrf = QJsonDocument::fromJson(csrfReply->readAll()).object().value("csrfToken").toString();
        QCOMPARE(csrf.size(), 64);
        QNetworkRequest post = request(a.baseUrl() + "/auth/callback/credentials");
        post.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        post.setRawHeader("X-Forwarded-For", "192.0.2.66, 198.51.100.23");
        std::unique_ptr<QNetworkReply> signIn(finish(nam.post(post, "csrfToken=" + csrf.toLatin1() + "&username=alice&password=alice-password")));
        QCOMPARE(signIn->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 302);
        QCOMPARE(signIn->rawHeader("Location"), a.baseUrl().toUtf8());
        QByteArray token;
        for (const QNetworkCookie &c : nam.cookieJar()->cookiesForUrl(QUrl(a.baseUrl())))
            if (c.name() == kSessionCookie)
                token = c.value();
        QVERIFY2(!token.isEmpty(), "A set no session cookie");

        // The database session is valid on both servers.
        QCOMPARE(sessionEmail(a.baseUrl(), token), QStringLiteral("alice@example.test"));
        QCOMPARE(sessionEmail(b.baseUrl(), token), QStringLiteral("alice@example.test"));

        // Sign out on A; B no longer knows the session, even when the old cookie is sent.
        QNetworkRequest out = request(a.baseUrl() + "/auth/signout");
        out.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        std::unique_ptr<QNetworkReply> signOut(finish(nam.post(out, "csrfToken=" + csrf.toLatin1())));
        QCOMPARE(signOut->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 302);
        QCOMPARE(sessionEmail(b.baseUrl(), token), QStringLiteral("null"));
        QCOMPARE(sessionEmail(a.baseUrl(), token), QStringLiteral("null"));

        // One sign-in link opened 100 times at once through A and B: one session.
        auto adapter = SqlAdapter::fromUrl(url, &error);
        QVERIFY2(adapter, qPrintable(error));

        // The audit log names the client the balancer saw, not the balancer (nor what the
        // client claimed in front of it).
        AuditFilter signIns;
        signIns.type = QStringLiteral("signIn");
        signIns.provider = QStringLiteral("credentials");
        const QList<AuditEvent> audited = await(adapter->auditEvents(signIns, 10));
        QCOMPARE(audited.size(), 1);
        QCOMPARE(audited.first().clientAddress, QStringLiteral("198.51.100.23"));
        const QByteArray winner = raceOneLink(*adapter, {a.port(), b.port()});
        if (winner.isEmpty())
            qWarning().noquote() << "A:" << a.log() << "\nB:" << b.log();
        QVERIFY2(!winner.isEmpty(), "the race did not end in exactly one sign-in");
        checkOneSession(*adapter, winner);
        QCOMPARE(sessionEmail(a.baseUrl(), winner), QStringLiteral("racer@example.test"));
        QCOMPARE(sessionEmail(b.baseUrl(), winner), QStringLiteral("racer@example.test"));
    }

    void oneServerOneSqliteFile()
    {
        QString error;
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("race.db"));
        Testing::ServerUnderTest server;
        QVERIFY2(server.start(writeConfig(m_dir, QStringLiteral("sqlite"), url)), qPrintable(server.log()));
        auto adapter = SqlAdapter::fromUrl(url, &error);
        QVERIFY2(adapter, qPrintable(error));
        const QByteArray winner = raceOneLink(*adapter, {server.port()});
        if (winner.isEmpty())
            qWarning().noquote() << server.log();
        QVERIFY2(!winner.isEmpty(), "the race did not end in exactly one sign-in");
        checkOneSession(*adapter, winner);
        QCOMPARE(sessionEmail(server.baseUrl(), winner), QStringLiteral("racer@example.test"));
    }
};

QTEST_GUILESS_MAIN(TestMultiInstance)
#include "tst_multiinstance.moc"
