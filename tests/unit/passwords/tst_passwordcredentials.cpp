// Built-in password sign-in through the engine, over a MemoryAdapter: database sessions for
// stored users, refusals that look alike, disabled credentials and users, and the audit trail.
#include "support/engineclient.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/memoryadapter.h>
#include <gatehouse/passwordcredentials.h>

#include <QDir>
#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

class TestPasswordCredentials : public QObject
{
    Q_OBJECT

    std::shared_ptr<MemoryAdapter> m_adapter;
    QString m_userId;

    Reply signIn(EngineClient &client, const QString &email, const QString &password)
    {
        const QString csrf = client.csrfToken();
        return client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"email", email}, {"password", password}});
    }

    Config config()
    {
        Config c;
        c.secret = {QStringLiteral("password-secret-password-secret-0001")};
        c.trustHost = true;
        c.adapter = m_adapter;
        c.providers = {passwordCredentialsProvider(m_adapter)};
        return c;
    }

private Q_SLOTS:
    void init()
    {
        m_adapter = std::make_shared<MemoryAdapter>();
        AdapterUser user;
        user.email = QStringLiteral("demo@example.test");
        user.name = QStringLiteral("Demo");
        m_userId = m_adapter->createUser(user).result().id;
        setUserPassword(m_adapter, m_userId, QStringLiteral("demo-password")).waitForFinished();
    }

    void setUserPasswordLetsGoOfTheAdapterBeforeFinishing()
    {
        // The hash is made on another thread, whose continuation stores it: once the future has
        // finished, the caller's reference is the only one (see userstate.h).
        QCOMPARE(m_adapter.use_count(), 1);
        for (int round = 0; round < 5; ++round) {
            setUserPassword(m_adapter, m_userId, QStringLiteral("another-password-%1").arg(round)).waitForFinished();
            QCOMPARE(m_adapter.use_count(), 1);
        }
        try {
            setUserPassword(m_adapter, QStringLiteral("no-such-user"), QStringLiteral("demo-password")).waitForFinished();
            QFAIL("a password was set for an unknown user");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::NotFound);
        }
        QCOMPARE(m_adapter.use_count(), 1);
    }

    void settingPasswordsLeavesNoThreadBehind()
    {
        // Each call used to make a hashing pool of its own, destroyed on one of its threads: that
        // thread then waited for itself for ever.
        const auto threads = [] { return QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(); };
        const qsizetype before = threads();
        for (int round = 0; round < 8; ++round)
            setUserPassword(m_adapter, m_userId, QStringLiteral("password-%1").arg(round)).waitForFinished();
        // Polled, not slept on: a thread that is ending may take a moment on a loaded machine.
        QTRY_VERIFY2_WITH_TIMEOUT(threads() <= before + 2,
                                  qPrintable(QStringLiteral("%1 threads before, %2 after").arg(before).arg(threads())), 5000);
    }

    void signsInTheStoredUser()
    {
        Auth auth(config());
        EngineClient client(auth);
        Reply r = signIn(client, " Demo@Example.test", "demo-password");
        QCOMPARE(r.location(), QByteArray("http://127.0.0.1:9300"));
        const auto stored = m_adapter->getSessionAndUser(client.cookies.value("authjs.session-token")).result();
        QVERIFY(stored);
        QCOMPARE(stored->user.id, m_userId);
        QCOMPARE(client.get("/auth/session").json().object().value("user").toObject().value("name").toString(), QStringLiteral("Demo"));
        // No second user, no extra account.
        QCOMPARE(m_adapter->countUsers(QString()).result(), 1);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("email");
        QTest::addColumn<QString>("password");
        QTest::newRow("wrong password") << "demo@example.test" << "nope";
        QTest::newRow("unknown user") << "nobody@example.test" << "demo-password";
        QTest::newRow("empty") << "" << "";
    }
    void refusals()
    {
        QFETCH(QString, email);
        QFETCH(QString, password);
        Auth auth(config());
        EngineClient client(auth);
        QCOMPARE(signIn(client, email, password).location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?error=CredentialsSignin&code=credentials"));
        QVERIFY(!client.cookies.contains("authjs.session-token"));
    }

    void disabledCredential()
    {
        m_adapter->setPasswordDisabled(m_userId, true).waitForFinished();
        Auth auth(config());
        EngineClient client(auth);
        QVERIFY(signIn(client, "demo@example.test", "demo-password").location().endsWith("code=credentials"));
    }

    void newPasswordRule()
    {
        // The one rule of the account page, `gatehouse-server user` and the admin app.
        const QString email = QStringLiteral("demo@example.test");
        QCOMPARE(newPasswordProblem(QString(), email), NewPasswordProblem::Empty);
        QCOMPARE(newPasswordProblem(QStringLiteral("1234567"), email), NewPasswordProblem::TooShort);
        QCOMPARE(newPasswordProblem(QStringLiteral("12345678"), email), NewPasswordProblem::None);
        QCOMPARE(newPasswordProblem(QString(kMaximumPasswordLength, u'x'), email), NewPasswordProblem::None);
        QCOMPARE(newPasswordProblem(QString(kMaximumPasswordLength + 1, u'x'), email), NewPasswordProblem::TooLong);
        QCOMPARE(newPasswordProblem(QStringLiteral("Demo@Example.TEST"), email), NewPasswordProblem::IsEmailAddress);
        QCOMPARE(newPasswordProblem(QStringLiteral("Demo@Example.TEST"), QString()), NewPasswordProblem::None);
    }

    void checkingAUsersPassword()
    {
        QVERIFY(checkUserPassword(m_adapter, m_userId, QStringLiteral("demo-password")).result());
        QVERIFY(!checkUserPassword(m_adapter, m_userId, QStringLiteral("demo-passwort")).result());
        QVERIFY(!checkUserPassword(m_adapter, QStringLiteral("no-such-user"), QStringLiteral("demo-password")).result());
        QVERIFY(hasUserPassword(m_adapter, m_userId).result());
        AdapterUser other;
        other.email = QStringLiteral("other@example.test");
        const QString otherId = m_adapter->createUser(other).result().id;
        QVERIFY(!hasUserPassword(m_adapter, otherId).result());
        QVERIFY(!checkUserPassword(m_adapter, otherId, QStringLiteral("demo-password")).result());
        // A disabled credential is still there, but never matches.
        m_adapter->setPasswordDisabled(m_userId, true).waitForFinished();
        QVERIFY(hasUserPassword(m_adapter, m_userId).result());
        QVERIFY(!checkUserPassword(m_adapter, m_userId, QStringLiteral("demo-password")).result());
    }

    void disabledUser_data()
    {
        QTest::addColumn<SessionOptions::Strategy>("strategy");
        QTest::newRow("database sessions") << SessionOptions::Strategy::Database;
        QTest::newRow("JWT sessions") << SessionOptions::Strategy::Jwt;
    }
    void disabledUser()
    {
        // Unlike a disabled password, a disabled user is refused as by a signIn callback
        // returning false, after the right password, with either session strategy.
        QFETCH(SessionOptions::Strategy, strategy);
        m_adapter->setUserDisabled(m_userId, true).waitForFinished();
        Config c = config();
        c.session.strategy = strategy;
        Auth auth(c);
        EngineClient client(auth);
        QCOMPARE(signIn(client, "demo@example.test", "demo-password").location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied"));
        QVERIFY(!client.cookies.contains("authjs.session-token"));
        QVERIFY(signIn(client, "demo@example.test", "wrong").location().endsWith("code=credentials"));
        const QList<AuditEvent> events = m_adapter->auditEvents({}, 10).result();
        QCOMPARE(events.size(), 2);
        QCOMPARE(events.at(1).type, QStringLiteral("signInFailed"));
        QCOMPARE(events.at(1).userId, m_userId);
        QCOMPARE(events.at(1).detail.value("code").toString(), QStringLiteral("disabled"));

        m_adapter->setUserDisabled(m_userId, false).waitForFinished();
        QCOMPARE(signIn(client, "demo@example.test", "demo-password").location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY(client.cookies.contains("authjs.session-token"));
    }

    void foreignHashSignsInOnceThenIsArgon2id_data()
    {
        QTest::addColumn<QString>("foreignHash");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("scheme");
        // Apache's documented apr1 example, and Drepper's sha512-crypt vector.
        QTest::newRow("apr1") << "$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/" << "myPassword" << "apr1";
        QTest::newRow("sha512-crypt")
            << "$6$saltstring$svn8UoSVapNtMuq1ukKS4tPQd8iKwSMHWjl/O817G3uBnIFNjnQJuesI68u4OTLiBFdcbYEdFCoEOfaS35inz1"
            << "Hello world!" << "sha512-crypt";
        // Argon2id with parameters other than Gatehouse's (as Authelia writes it; this one by the
        // argon2 command): foreign too, so it becomes Gatehouse's Argon2id.
        QTest::newRow("argon2id, other parameters")
            << "$argon2id$v=19$m=8192,t=3,p=2$c29tZXNhbHRzb21lc2FsdA$WhoELTVCDxA0tKNHq8bZhJ7JiYCl47pcvKCv8yqwM4g" << "password"
            << "argon2id";
    }
    void foreignHashSignsInOnceThenIsArgon2id()
    {
        QFETCH(QString, foreignHash);
        QFETCH(QString, password);
        QFETCH(QString, scheme);
        m_adapter->setPassword(m_userId, foreignHash).waitForFinished();
        Auth auth(config());
        EngineClient client(auth);
        const QString email = QStringLiteral("demo@example.test");
        QVERIFY(signIn(client, email, password + QLatin1Char('x')).location().endsWith("code=credentials"));
        QCOMPARE(m_adapter->passwordHash(email).result()->hash, foreignHash);
        QVERIFY(checkUserPassword(m_adapter, m_userId, password).result());

        QCOMPARE(signIn(client, email, password).location(), QByteArray("http://127.0.0.1:9300"));
        const QString rehashed = m_adapter->passwordHash(email).result()->hash;
        QVERIFY2(rehashed.startsWith(QLatin1String("$argon2id$v=19$m=19456,t=2,p=1$")), qPrintable(rehashed));
        AuditFilter filter;
        filter.type = QStringLiteral("passwordRehash");
        QList<AuditEvent> events;
        QTRY_COMPARE((events = m_adapter->auditEvents(filter, 10).result()).size(), 1);
        QCOMPARE(events.first().userId, m_userId);
        QCOMPARE(events.first().detail.value("from").toString(), scheme);

        EngineClient again(auth);
        QCOMPARE(signIn(again, email, password).location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(m_adapter->passwordHash(email).result()->hash, rehashed);
        QCOMPARE(m_adapter->auditEvents(filter, 10).result().size(), 1);
    }

    void unusableStoredHashSignsNobodyIn_data()
    {
        QTest::addColumn<QString>("stored");
        QTest::newRow("bcrypt cost 31") << "$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
        QTest::newRow("{SHA}") << "{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=";
        QTest::newRow("plain text") << "demo-password";
    }
    void unusableStoredHashSignsNobodyIn()
    {
        QFETCH(QString, stored);
        m_adapter->setPassword(m_userId, stored).waitForFinished();
        Auth auth(config());
        EngineClient client(auth);
        QVERIFY(signIn(client, "demo@example.test", "demo-password").location().endsWith("code=credentials"));
        QVERIFY(!checkUserPassword(m_adapter, m_userId, QStringLiteral("demo-password")).result());
        QCOMPARE(m_adapter->passwordHash(QStringLiteral("demo@example.test")).result()->hash, stored);
    }

    void auditTrail()
    {
        Auth auth(config());
        EngineClient client(auth);
        signIn(client, "demo@example.test", "wrong");
        signIn(client, "demo@example.test", "demo-password");
        const QString csrf = client.csrfToken();
        client.postForm("/auth/signout", {{"csrfToken", csrf}});
        const QList<AuditEvent> events = m_adapter->auditEvents({}, 10).result();
        QStringList types;
        for (const AuditEvent &e : events)
            types.prepend(e.type);
        QCOMPARE(types, (QStringList{"signInFailed", "signIn", "signOut"}));
        QCOMPARE(events.at(1).userId, m_userId);
        QCOMPARE(events.at(1).provider, QStringLiteral("credentials"));
        QCOMPARE(events.at(1).clientAddress, QStringLiteral("127.0.0.1"));
        QCOMPARE(events.at(2).detail.value("code").toString(), QStringLiteral("credentials"));
    }

    void pageShowsEmailAndPasswordFields()
    {
        Auth auth(config());
        EngineClient client(auth);
        const QByteArray page = client.get("/auth/signin").response.body;
        QVERIFY(page.contains("name=\"email\""));
        QVERIFY(page.contains("type=\"password\""));
    }
};

QTEST_GUILESS_MAIN(TestPasswordCredentials)
#include "tst_passwordcredentials.moc"
