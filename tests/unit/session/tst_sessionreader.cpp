// One reader of the current session (session/sessionreader.h): GET /auth/session, the
// forward-auth check and Auth::session() agree on the same cookie, for every session kind:
// who is signed in, the session the application sees, and the token each writes back (the
// jwt callback's claims, with the engine's own sign-in time), or that there is none, or that
// the store cannot tell. And what the reader tells of the sign-in (signInRecord): when, and by
// which steps (the second-factor level), for sessions begun through the engine's sign-in.
#include "request/enginedata.h"
#include "session/sessionreader.h"
#include "support/engineclient.h"
#include "support/outageadapter.h"
#include "support/totpcode.h"

#include <gatehouse/errors.h>
#include <gatehouse/jwt.h>
#include <gatehouse/memoryadapter.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/twofactor.h>

#include <QJsonArray>
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
//! How the session of a signInRecord row began.
enum class Steps { Password, PasswordAndCode, PasswordAndRecoveryCode, EmailLink, BeforeTheRecord };

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
Q_DECLARE_METATYPE(Steps)
Q_DECLARE_METATYPE(SecondFactorLevel)

namespace {

const QString kPassword = QStringLiteral("correct horse battery");

/*!
 * The reader called as the engine's consumers call it, on \a cookie: no callbacks, no
 * cookies, and the sign-in's details where \a details.
 */
CurrentSession readDirectly(const Config &config, const QString &cookie, bool details)
{
    AuthRequest request;
    request.url = QUrl(kOrigin + QStringLiteral("/auth/account"));
    request.headers = {{"host", "127.0.0.1:9300"}, {"cookie", (kCookie + QLatin1Char('=') + cookie).toUtf8()}};
    auto state = std::make_shared<RequestState>(std::make_shared<EngineData>(config), std::make_shared<Config>(config), request);
    state->cookies = CookieSet::resolve(false, config.cookies);
    state->requestCookies = request.cookies();
    SessionReadOptions options;
    options.callbacks = false;
    options.signInDetails = details;
    return wait(readSession(state, options));
}

//! A six-digit code of \a key that is valid now, waiting while the current step is nearly over.
QString codeNow(const QByteArray &key)
{
    for (int i = 0; i < 100 && QDateTime::currentSecsSinceEpoch() % 30 > 25; ++i)
        QTest::qWait(100);
    return Testing::totpCode(key, QDateTime::currentSecsSinceEpoch());
}

} // namespace

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
            // A token of the app's own: a claim added, the sign-in time and steps forged.
            config.callbacks.jwt = [](const JwtParams &params) {
                QJsonObject token = params.token;
                token.insert(QStringLiteral("role"), QStringLiteral("admin"));
                token.insert(QStringLiteral("auth_time"), 1000.0);
                token.insert(QStringLiteral("amr"), QJsonArray{"pwd", "otp", "mfa"});
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
                                              {"auth_time", double(kSignedInAt)}, {"amr", QJsonArray{"pwd"}}},
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
            // With an AccountStore the sign-in time and steps stay the engine's, whatever the callback returned.
            if (!storeDown) {
                QCOMPARE(rolled.value("auth_time").toDouble(), double(kSignedInAt));
                QCOMPARE(rolled.value("amr").toArray(), QJsonArray{"pwd"});
            }
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

    void signInRecord_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<Steps>("steps");
        QTest::addColumn<QStringList>("amr");
        QTest::addColumn<SecondFactorLevel>("level");

        for (const Kind kind : {Kind::Jwt, Kind::Database}) {
            const char *k = kind == Kind::Jwt ? "jwt" : "database";
            QTest::addRow("%s, password", k) << kind << Steps::Password << QStringList{"pwd"} << SecondFactorLevel::OneFactor;
            QTest::addRow("%s, password and code", k)
                << kind << Steps::PasswordAndCode << QStringList{"pwd", "otp", "mfa"} << SecondFactorLevel::TwoFactors;
            QTest::addRow("%s, password and recovery code", k)
                << kind << Steps::PasswordAndRecoveryCode << QStringList{"pwd", "recovery", "mfa"} << SecondFactorLevel::TwoFactors;
            QTest::addRow("%s, email link", k) << kind << Steps::EmailLink << QStringList{"email"} << SecondFactorLevel::OneFactor;
            // A session begun before Gatehouse recorded the steps: its time is known, its level is not.
            QTest::addRow("%s, begun before the record", k)
                << kind << Steps::BeforeTheRecord << QStringList() << SecondFactorLevel::NotRecorded;
        }
    }

    void signInRecord()
    {
        QFETCH(Kind, kind);
        QFETCH(Steps, steps);
        QFETCH(QStringList, amr);
        QFETCH(SecondFactorLevel, level);

        auto memory = std::make_shared<MemoryAdapter>();
        AdapterUser alice;
        alice.email = QStringLiteral("alice@example.test");
        const QString userId = memory->createUser(alice).result().id;
        setUserPassword(memory, userId, kPassword).waitForFinished();
        QList<VerificationRequest> mailed;
        Provider email;
        email.id = email.name = email.type = QStringLiteral("email");
        email.options = QJsonObject{{"from", "Gatehouse <no-reply@example.test>"}};
        email.sendVerificationRequest = [&mailed](const VerificationRequest &request) {
            mailed.append(request);
            return QtFuture::makeReadyFuture();
        };
        Config config;
        config.secret = {kSecret};
        config.trustHost = true;
        config.adapter = memory;
        config.session.strategy = kind == Kind::Jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        config.providers = {passwordCredentialsProvider(memory), email};

        // An authenticator app for the rows with a second step (its enrolment spends the code of the step before).
        QByteArray key;
        QStringList recoveryCodes;
        if (steps == Steps::PasswordAndCode || steps == Steps::PasswordAndRecoveryCode) {
            const TwoFactor twoFactor(memory, {kSecret});
            key = Testing::base32Decode(twoFactor.beginEnrolment(userId, alice.email).result().secret);
            recoveryCodes = twoFactor.confirmEnrolment(userId, Testing::totpCode(key, QDateTime::currentSecsSinceEpoch() - 30)).result();
        }

        const Auth auth(config);
        EngineClient client(auth, kOrigin);
        const QDateTime before = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC);
        if (steps == Steps::BeforeTheRecord) {
            // What the engine wrote before the steps were recorded: the time alone.
            if (kind == Kind::Jwt) {
                client.cookies.insert(kCookie, Jwt::encode({QJsonObject{{"sub", userId}, {"email", alice.email},
                                                                        {"auth_time", double(before.toSecsSinceEpoch())}},
                                                            {kSecret}, kCookie}));
            } else {
                const AdapterSession session{QStringLiteral("session-reader-before-the-record"), userId,
                                             QDateTime::currentDateTimeUtc().addDays(1)};
                memory->createSession(session).waitForFinished();
                memory->recordSessionDetails({session.sessionToken, userId, before, QString(), QString()}).waitForFinished();
                client.cookies.insert(kCookie, session.sessionToken);
            }
        } else if (steps == Steps::EmailLink) {
            const Reply asked = client.postForm(QStringLiteral("/auth/signin/email"),
                                                {{"csrfToken", client.csrfToken()}, {"email", alice.email}});
            QCOMPARE(asked.response.status, 302);
            QCOMPARE(mailed.size(), 1);
            const Reply followed = client.get(mailed.constLast().url.mid(kOrigin.size()));
            QCOMPARE(followed.response.status, 302);
        } else {
            const Reply first = client.postForm(QStringLiteral("/auth/callback/credentials"),
                                                {{"csrfToken", client.csrfToken()}, {"email", alice.email}, {"password", kPassword}});
            QCOMPARE(first.response.status, 302);
            if (steps != Steps::Password) {
                QCOMPARE(first.location(), QByteArray("http://127.0.0.1:9300/auth/two-factor"));
                const QString code = steps == Steps::PasswordAndCode ? codeNow(key) : recoveryCodes.constFirst();
                const Reply second = client.postForm(QStringLiteral("/auth/two-factor"), {{"csrfToken", client.csrfToken()}, {"code", code}});
                QCOMPARE(second.response.status, 302);
            }
        }
        const QDateTime after = QDateTime::currentDateTimeUtc();
        const QString cookie = client.cookies.value(kCookie);
        QVERIFY(!cookie.isEmpty());

        const CurrentSession read = readDirectly(config, cookie, true);
        QVERIFY(read.signedIn());
        QCOMPARE(read.userId(), userId);
        QCOMPARE(SignInRecord::toAmr(read.signInSteps()), amr);
        QCOMPARE(read.secondFactor(), level);
        QVERIFY2(read.signInTime() >= before && read.signInTime() <= after, qPrintable(read.signInTime().toString(Qt::ISODate)));

        if (kind == Kind::Database) {
            // Without signInDetails (the session endpoint, forward auth) no details are read.
            const CurrentSession plain = readDirectly(config, cookie, false);
            QVERIFY(plain.signedIn());
            QVERIFY(!plain.signInTime().isValid());
            QCOMPARE(plain.secondFactor(), SecondFactorLevel::NotRecorded);
        } else {
            // The record is inside the token: the session endpoint's roll keeps it as it was.
            const Reply rolled = client.get(QStringLiteral("/auth/session"));
            const SetCookie *reissued = rolled.cookie(kCookie);
            QVERIFY(reissued);
            const CurrentSession again = readDirectly(config, reissued->value, false);
            QCOMPARE(SignInRecord::toAmr(again.signInSteps()), amr);
            QCOMPARE(again.signInTime(), read.signInTime());
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionReader)
#include "tst_sessionreader.moc"
