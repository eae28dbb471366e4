// One reader of the current session (session/sessionreader.h): GET /auth/session, the
// forward-auth check and Auth::session() agree on the same cookie, for every session kind:
// who is signed in, the session the application sees, and the token each writes back (the
// jwt callback's claims, with the engine's own sign-in time), or that there is none, or that
// the store cannot tell.
#include "support/engineclient.h"
#include "support/outageadapter.h"

#include <gatehouse/errors.h>
#include <gatehouse/jwt.h>
#include <gatehouse/memoryadapter.h>

#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using Gatehouse::Testing::OutageAdapter;

namespace {

const QString kSecret = QStringLiteral("session-reader-secret-session-reader-0123");
const QString kCookie = QStringLiteral("authjs.session-token");
const QString kOrigin = QStringLiteral("http://127.0.0.1:9300");
//! The sign-in time written into every JWT of these tests.
constexpr qint64 kSignedInAt = 1'790'000'000;

enum class Kind { Jwt, Database };
enum class Expect { SignedIn, SignedOut, Unavailable };

//! What the three readers answered for one cookie.
struct Answers
{
    Reply session;       //!< GET /auth/session
    Reply forwardAuth;   //!< GET /auth/authz/auth-request
    std::optional<QJsonObject> programmatic;  //!< Auth::session()
    bool programmaticUnavailable = false;     //!< Auth::session() failed with SessionUnavailable
};

template<typename T>
T wait(QFuture<T> future)
{
    for (int i = 0; i < 1000 && !future.isFinished(); ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return future.result();
}

QJsonObject claimsOf(const QString &token)
{
    QJsonObject claims = Jwt::decode({token, {kSecret}, kCookie}).value_or(QJsonObject());
    for (const char *varies : {"iat", "exp", "jti"})
        claims.remove(QLatin1String(varies));
    return claims;
}

QJsonObject withoutExpires(QJsonObject session)
{
    session.remove(QStringLiteral("expires"));
    return session;
}

} // namespace

Q_DECLARE_METATYPE(Kind)
Q_DECLARE_METATYPE(Expect)

class TestSessionReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readersAgree_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<bool>("jwtCallback");
        QTest::addColumn<bool>("sessionCallback");
        QTest::addColumn<bool>("revoked");
        QTest::addColumn<bool>("storeDown");
        QTest::addColumn<Expect>("expect");

        QTest::newRow("jwt") << Kind::Jwt << false << false << false << false << Expect::SignedIn;
        QTest::newRow("jwt, jwt callback") << Kind::Jwt << true << false << false << false << Expect::SignedIn;
        QTest::newRow("jwt, session callback") << Kind::Jwt << false << true << false << false << Expect::SignedIn;
        QTest::newRow("jwt, both callbacks") << Kind::Jwt << true << true << false << false << Expect::SignedIn;
        QTest::newRow("jwt, signed out everywhere") << Kind::Jwt << true << true << true << false << Expect::SignedOut;
        // JWT sessions outlive a store that is down.
        QTest::newRow("jwt, store down") << Kind::Jwt << true << true << false << true << Expect::SignedIn;
        QTest::newRow("database") << Kind::Database << false << false << false << false << Expect::SignedIn;
        QTest::newRow("database, session callback") << Kind::Database << false << true << false << false << Expect::SignedIn;
        QTest::newRow("database, jwt callback (unused)") << Kind::Database << true << false << false << false << Expect::SignedIn;
        QTest::newRow("database, session deleted") << Kind::Database << true << true << true << false << Expect::SignedOut;
        QTest::newRow("database, store down") << Kind::Database << true << true << false << true << Expect::Unavailable;
    }

    void readersAgree()
    {
        QFETCH(Kind, kind);
        QFETCH(bool, jwtCallback);
        QFETCH(bool, sessionCallback);
        QFETCH(bool, revoked);
        QFETCH(bool, storeDown);
        QFETCH(Expect, expect);

        // A store down is an OutageAdapter (no AccountStore: no sign-in time, no revocation).
        auto outage = std::make_shared<OutageAdapter>();
        const std::shared_ptr<MemoryAdapter> memory = storeDown ? outage->memory : std::make_shared<MemoryAdapter>();
        AdapterUser alice;
        alice.name = QStringLiteral("Alice");
        alice.email = QStringLiteral("alice@example.test");
        const QString userId = memory->createUser(alice).result().id;

        Config config;
        config.secret = {kSecret};
        config.trustHost = true;
        config.adapter = storeDown ? std::shared_ptr<Adapter>(outage) : std::shared_ptr<Adapter>(memory);
        config.session.strategy = kind == Kind::Jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        config.session.updateAge = 0;  // every read rolls the session: forward auth writes its cookie too
        config.access.defaultPolicy.kind = AccessPolicy::Kind::SignedIn;
        if (jwtCallback) {
            // A token of the app's own: a claim added, the sign-in time dropped and forged.
            config.callbacks.jwt = [](const JwtParams &params) {
                QJsonObject token = params.token;
                token.insert(QStringLiteral("role"), QStringLiteral("admin"));
                token.insert(QStringLiteral("auth_time"), 1000.0);
                return QtFuture::makeReadyFuture(std::optional<QJsonObject>(token));
            };
        }
        if (sessionCallback) {
            config.callbacks.session = [](const SessionParams &params) {
                QJsonObject session = params.session;
                session.insert(QStringLiteral("role"), params.token.value(QStringLiteral("role")).toString(QStringLiteral("reader")));
                return QtFuture::makeReadyFuture(session);
            };
        }

        QString cookie;
        if (kind == Kind::Jwt) {
            cookie = Jwt::encode({QJsonObject{{"sub", userId}, {"name", "Alice"}, {"email", "alice@example.test"},
                                              {"auth_time", double(kSignedInAt)}},
                                  {kSecret}, kCookie});
            if (revoked)
                memory->setSessionsNotBefore(userId, QDateTime::currentDateTimeUtc().addSecs(60)).waitForFinished();
        } else {
            cookie = QStringLiteral("session-reader-database-token");
            AdapterSession session{cookie, userId, QDateTime::currentDateTimeUtc().addDays(1)};
            memory->createSession(session).waitForFinished();
            if (revoked)
                memory->deleteSession(cookie).waitForFinished();
        }
        if (storeDown)
            outage->goDown();

        const Auth auth(config);
        Answers answers;
        {
            EngineClient client(auth, kOrigin);
            client.cookies.insert(kCookie, cookie);
            answers.session = client.get(QStringLiteral("/auth/session"));
        }
        {
            EngineClient client(auth, kOrigin);
            client.cookies.insert(kCookie, cookie);
            answers.forwardAuth = client.get(QStringLiteral("/auth/authz/auth-request"),
                                             {{"x-original-url", "http://app.example.test/page"}});
        }
        AuthRequest request;
        request.url = QUrl(kOrigin + QStringLiteral("/app/page"));
        request.headers = {{"host", "127.0.0.1:9300"}, {"cookie", (kCookie + QLatin1Char('=') + cookie).toUtf8()}};
        try {
            answers.programmatic = wait(auth.session(request));
        } catch (const SessionUnavailable &) {
            answers.programmaticUnavailable = true;
        }

        const SetCookie *sessionCookie = answers.session.cookie(kCookie);
        const SetCookie *forwardCookie = answers.forwardAuth.cookie(kCookie);
        switch (expect) {
        case Expect::SignedIn: {
            QCOMPARE(answers.session.response.status, 200);
            QCOMPARE(answers.forwardAuth.response.status, 200);
            QVERIFY(!answers.programmaticUnavailable);
            QVERIFY(answers.programmatic);
            const QJsonObject shown = answers.session.json().object();
            QCOMPARE(shown.value("user").toObject().value("email").toString(), alice.email);
            QCOMPARE(answers.forwardAuth.response.header("remote-email"), alice.email.toUtf8());
            // The session the application sees: the same through the endpoint and Auth::session().
            QCOMPARE(withoutExpires(*answers.programmatic), withoutExpires(shown));
            QCOMPARE(shown.contains("role"), sessionCallback);
            // Both roll the session, and write back the same session.
            QVERIFY(sessionCookie);
            QVERIFY(forwardCookie);
            if (kind == Kind::Database) {
                QCOMPARE(sessionCookie->value, cookie);
                QCOMPARE(forwardCookie->value, cookie);
                break;
            }
            const QJsonObject rolled = claimsOf(sessionCookie->value);
            QCOMPARE(claimsOf(forwardCookie->value), rolled);
            QCOMPARE(rolled.value("sub").toString(), userId);
            QCOMPARE(rolled.contains("role"), jwtCallback);
            // With an AccountStore the sign-in time stays the engine's, whatever the callback returned.
            if (!storeDown)
                QCOMPARE(rolled.value("auth_time").toDouble(), double(kSignedInAt));
            break;
        }
        case Expect::SignedOut:
            QCOMPARE(answers.session.response.body, QByteArray("null"));
            QVERIFY(sessionCookie);  // deleted
            QVERIFY(sessionCookie->value.isEmpty());
            QCOMPARE(answers.forwardAuth.response.status, 401);
            QVERIFY(!forwardCookie);
            QVERIFY(!answers.programmaticUnavailable);
            QVERIFY(!answers.programmatic);
            break;
        case Expect::Unavailable:
            QCOMPARE(answers.session.response.status, 503);
            QCOMPARE(answers.forwardAuth.response.status, 503);
            QVERIFY(answers.programmaticUnavailable);
            // The session may well be there: nobody deletes its cookie.
            QVERIFY(!sessionCookie);
            QVERIFY(!forwardCookie);
            break;
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionReader)
#include "tst_sessionreader.moc"
