// Security notices end to end on a SQLite file: real sign-ins, password changes and two-factor
// changes through the library, mailed by SecurityNotifier through libcurl to npm smtp-server on
// 127.0.0.1, read back as delivered. A mail server that is down loses nothing across a restart;
// two notifiers on one database mail each notice once.
#include "../../unit/mail/receivedmessage.h"
#include "../email/smtpsink.h"
#include "support/engineclient.h"
#include "support/totpcode.h"

#include <gatehouse/account.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/securitynotices.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using Gatehouse::Testing::base32Decode;
using Gatehouse::Testing::totpCode;

namespace {

const QString kOrigin = QStringLiteral("http://127.0.0.1:9300");
const QString kSecret = QStringLiteral("gatehouse-e2e-test-secret-0123456789abcdef");
const QString kPassword = QStringLiteral("correct horse battery");
const QByteArray kFirefox = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0";
const QByteArray kChrome =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const QByteArray kSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                           "Version/18.0 Safari/605.1.15";
const QByteArray kEdge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

} // namespace

class TestSecurityNoticesE2E : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<SmtpSink> m_sink;
    QString m_url;
    std::shared_ptr<SqlAdapter> m_adapter;
    std::unique_ptr<Auth> m_auth;
    Config m_config;
    QString m_alice;
    int m_databases = 0;

    Config configFor(quint16 smtpPort) const
    {
        Config config;
        config.secret = {kSecret};
        config.trustHost = true;
        config.url = QUrl(kOrigin + QStringLiteral("/auth"));
        config.adapter = m_adapter;
        config.session.strategy = SessionOptions::Strategy::Database;
        Provider email;
        email.id = QStringLiteral("email");
        email.name = QStringLiteral("Email");
        email.type = QStringLiteral("email");
        email.options = {{"server", QJsonObject{{"host", "127.0.0.1"}, {"port", smtpPort}, {"ignoreTLS", true},
                                                {"connectionTimeout", 3000}, {"sendTimeout", 5000}}},
                         {"from", "Gatehouse E2E <no-reply@example.test>"}, {"rateLimit", false}};
        config.providers = {passwordCredentialsProvider(m_adapter), email};
        return config;
    }

    bool open()
    {
        m_sink = std::make_unique<SmtpSink>();
        if (!m_sink->error().isEmpty()) {
            qWarning("%s", qPrintable(m_sink->error()));
            return false;
        }
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("notices%1.db").arg(++m_databases));
        m_adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(m_url));
        if (!m_adapter)
            return false;
        m_adapter->migrate().waitForFinished();
        AdapterUser alice;
        alice.email = QStringLiteral("alice@example.test");
        m_alice = m_adapter->createUser(alice).result().id;
        setUserPassword(m_adapter, m_alice, kPassword).waitForFinished();
        m_config = configFor(m_sink->port());
        m_auth = std::make_unique<Auth>(m_config);
        return true;
    }

    std::unique_ptr<SecurityNotifier> notifier(const std::shared_ptr<Adapter> &adapter, const Config &config)
    {
        auto made = std::make_unique<SecurityNotifier>(config, adapter);
        made->setClockForTesting({}, std::chrono::seconds(0));  // read every event at once
        return made;
    }

    void signIn(const QByteArray &userAgent, const QByteArray &language = "en")
    {
        EngineClient browser(*m_auth);
        const QList<QPair<QByteArray, QByteArray>> headers{{"user-agent", userAgent}, {"accept-language", language}};
        browser.get(QStringLiteral("/auth/signin"), headers);
        const Reply reply = browser.postForm(QStringLiteral("/auth/callback/credentials"),
                                             {{"csrfToken", browser.csrfToken()}, {"email", QStringLiteral("alice@example.test")},
                                              {"password", kPassword}, {"callbackUrl", kOrigin + QStringLiteral("/welcome")}},
                                             headers);
        QCOMPARE(reply.response.status, 302);
        QCOMPARE(reply.response.header("location"), (kOrigin + QStringLiteral("/welcome")).toUtf8());
    }

    //! The events the engine recorded are written in the background: wait until \a count are.
    void waitForAudit(const QString &type, int count)
    {
        AuditFilter filter;
        filter.type = type;
        filter.userId = m_alice;
        QTRY_COMPARE_WITH_TIMEOUT(m_adapter->auditEvents(filter, 100).result().size(), count, 5000);
    }

    int deliver(SecurityNotifier &notices)
    {
        QFuture<int> round = notices.deliverPending();
        round.waitForFinished();
        return round.result();
    }

    QStringList subjects() const
    {
        QStringList all;
        for (const SinkMessage &m : m_sink->messages())
            all.append(ReceivedMessage::parse(m.raw).headers.value("subject"));
        return all;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    void eachEventIsToldOnce()
    {
        QVERIFY(open());
        const auto notices = notifier(m_adapter, m_config);
        QCOMPARE(notices->unavailableReason(), QString());
        // A first sign-in, and another with the same browser: no news.
        signIn(kFirefox);
        signIn(kFirefox);
        waitForAudit(QStringLiteral("signIn"), 2);
        QCOMPARE(deliver(*notices), 0);
        // A browser and system not seen before: told, with where, when and which.
        signIn(kChrome);
        waitForAudit(QStringLiteral("signIn"), 3);
        // Two-factor on, a recovery code used, two-factor off; the password changed.
        const TwoFactor twoFactor(m_adapter, {QStringLiteral("notices e2e seal secret")});
        const QByteArray key = base32Decode(twoFactor.beginEnrolment(m_alice, QStringLiteral("alice@example.test")).result().secret);
        twoFactor.confirmEnrolment(m_alice, totpCode(key, QDateTime::currentSecsSinceEpoch())).result();
        const QStringList codes = twoFactor.regenerateRecoveryCodes(m_alice).result();
        QCOMPARE(twoFactor.verify(m_alice, codes.first()).result(), SecondFactor::RecoveryCode);
        twoFactor.remove(m_alice, {}).result();
        const Account account(m_adapter);
        account.changePassword(m_alice, kPassword, QStringLiteral("a brand new staple"), QString(),
                               {QStringLiteral("203.0.113.5"), QString::fromUtf8(kFirefox)}).waitForFinished();
        waitForAudit(QStringLiteral("passwordChange"), 1);

        QCOMPARE(deliver(*notices), 5);
        QVERIFY(m_sink->waitForMessages(5));
        // In the order the audit log stored them, which background writes may swap: by subject.
        QMap<QString, ReceivedMessage> bySubject;
        for (const SinkMessage &m : m_sink->messages()) {
            QCOMPARE(m.rcptTo, QStringList{QStringLiteral("alice@example.test")});
            const ReceivedMessage parsed = ReceivedMessage::parse(m.raw);
            bySubject.insert(parsed.headers.value("subject"), parsed);
        }
        const QString newDeviceSubject = QStringLiteral("A new sign-in to your account on 127.0.0.1:9300");
        const QString recoverySubject = QStringLiteral("A recovery code was used to sign in to 127.0.0.1:9300");
        const QString changedSubject = QStringLiteral("Your password on 127.0.0.1:9300 was changed");
        QCOMPARE(bySubject.keys(), (QStringList{newDeviceSubject, recoverySubject,
                                                QStringLiteral("Two-factor sign-in was turned off for your account on 127.0.0.1:9300"),
                                                QStringLiteral("Two-factor sign-in was turned on for your account on 127.0.0.1:9300"),
                                                changedSubject}));
        const ReceivedMessage newDevice = bySubject.value(newDeviceSubject);
        QCOMPARE(newDevice.link(), kOrigin + QStringLiteral("/auth/account"));
        QVERIFY2(newDevice.text.contains(QStringLiteral("Browser: Chrome on Windows")), qPrintable(newDevice.text));
        QVERIFY(newDevice.text.contains(QStringLiteral("From: ")));
        QVERIFY(newDevice.text.contains(QStringLiteral("When: %1").arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd")))));
        QVERIFY(newDevice.text.contains(QStringLiteral("sign out everywhere and change your password")));
        QVERIFY(bySubject.value(recoverySubject).text.contains(QStringLiteral("Recovery codes left: 9")));
        const ReceivedMessage changed = bySubject.value(changedSubject);
        QVERIFY(changed.text.contains(QStringLiteral("From: 203.0.113.5")));
        QVERIFY(changed.text.contains(QStringLiteral("Browser: Firefox on Linux")));
        // Told once: another round, and a notifier started afresh, mail nothing more.
        QCOMPARE(deliver(*notices), 0);
        QCOMPARE(deliver(*notifier(m_adapter, m_config)), 0);
        QTest::qWait(200);
        QCOMPARE(m_sink->messages().size(), 5);
    }

    void inTheLanguageOfTheLatestSignIn()
    {
        QVERIFY(open());
        const auto notices = notifier(m_adapter, m_config);
        QCOMPARE(deliver(*notices), 0);  // started before the events: its place is made now
        signIn(kFirefox, "de-DE,de;q=0.9");
        signIn(kChrome, "de-DE,de;q=0.9");
        waitForAudit(QStringLiteral("signIn"), 2);
        const Account account(m_adapter);
        account.changePassword(m_alice, kPassword, QStringLiteral("ein ganz neues Passwort"), QString()).waitForFinished();
        waitForAudit(QStringLiteral("passwordChange"), 1);
        QCOMPARE(deliver(*notices), 2);
        QVERIFY(m_sink->waitForMessages(2));
        QCOMPARE(subjects(), (QStringList{QStringLiteral("Neue Anmeldung bei Ihrem Konto auf 127.0.0.1:9300"),
                                          QString::fromUtf8("Ihr Passwort auf 127.0.0.1:9300 wurde geändert")}));
        QVERIFY(ReceivedMessage::parse(m_sink->messages().at(0).raw).text.contains(QStringLiteral("Browser: Chrome on Windows")));
    }

    void switchedOffInTheConfiguration()
    {
        QVERIFY(open());
        Config config = m_config;
        config.account.notices.passwordChange = false;
        const auto notices = notifier(m_adapter, config);
        QCOMPARE(deliver(*notices), 0);
        // Told of: a sign-in from a second browser. Not told of: the password change.
        signIn(kFirefox);
        signIn(kChrome);
        const Account account(m_adapter);
        account.changePassword(m_alice, kPassword, QStringLiteral("a brand new staple"), QString()).waitForFinished();
        waitForAudit(QStringLiteral("passwordChange"), 1);
        waitForAudit(QStringLiteral("signIn"), 2);
        QCOMPARE(deliver(*notices), 1);
        QVERIFY(m_sink->waitForMessages(1));
        QCOMPARE(subjects(), QStringList{QStringLiteral("A new sign-in to your account on 127.0.0.1:9300")});
        QTest::qWait(200);
        QCOMPARE(m_sink->messages().size(), 1);

        config.account.notices = {false, false, false, false, false, false, false};
        QCOMPARE(notifier(m_adapter, config)->unavailableReason(), QStringLiteral("account.notices turns every notice off"));
        Config noUrl = m_config;
        noUrl.url = QUrl();
        QCOMPARE(notifier(m_adapter, noUrl)->unavailableReason(),
                 QStringLiteral("url (AUTH_URL) is not set: the notices link to the account page"));
        Config noMail = m_config;
        noMail.providers.removeLast();
        QCOMPARE(notifier(m_adapter, noMail)->unavailableReason(),
                 QStringLiteral("no email provider with an SMTP server to mail the notices"));
    }

    void turnedOffByThePerson()
    {
        QVERIFY(open());
        const auto notices = notifier(m_adapter, m_config);
        QCOMPARE(deliver(*notices), 0);
        const Account account(m_adapter);
        const QString newSignIn = QStringLiteral("A new sign-in to your account on 127.0.0.1:9300");
        // Told of: the sign-in from Chrome, though the notice was turned off right after it (an
        // intruder cannot hide their own sign-in). Not told of: Safari's, after the choice.
        signIn(kFirefox);
        signIn(kChrome);
        waitForAudit(QStringLiteral("signIn"), 2);
        account.setNoticeEnabled(m_alice, QStringLiteral("newDevice"), false).waitForFinished();
        signIn(kSafari);
        waitForAudit(QStringLiteral("signIn"), 3);
        QCOMPARE(deliver(*notices), 1);
        QVERIFY(m_sink->waitForMessages(1));
        QCOMPARE(subjects(), QStringList{newSignIn});
        const ReceivedMessage told = ReceivedMessage::parse(m_sink->messages().first().raw);
        QVERIFY2(told.text.contains(QStringLiteral("Browser: Chrome on Windows")), qPrintable(told.text));

        // The notices a person cannot turn off still go out.
        account.changePassword(m_alice, kPassword, QStringLiteral("a brand new staple"), QString()).waitForFinished();
        waitForAudit(QStringLiteral("passwordChange"), 1);
        QCOMPARE(deliver(*notices), 1);
        QVERIFY(m_sink->waitForMessages(2));

        // On again: the next new browser is told.
        account.setNoticeEnabled(m_alice, QStringLiteral("newDevice"), true).waitForFinished();
        EngineClient browser(*m_auth);
        const QList<QPair<QByteArray, QByteArray>> headers{{"user-agent", kEdge}};
        browser.get(QStringLiteral("/auth/signin"), headers);
        QCOMPARE(browser.postForm(QStringLiteral("/auth/callback/credentials"),
                                  {{"csrfToken", browser.csrfToken()}, {"email", QStringLiteral("alice@example.test")},
                                   {"password", QStringLiteral("a brand new staple")}},
                                  headers).response.status, 302);
        waitForAudit(QStringLiteral("signIn"), 4);
        QCOMPARE(deliver(*notices), 1);
        QVERIFY(m_sink->waitForMessages(3));
        QCOMPARE(subjects().count(newSignIn), 2);
        QTest::qWait(200);
        QCOMPARE(m_sink->messages().size(), 3);
    }

    void mailServerDownLosesNothingAcrossARestart()
    {
        QVERIFY(open());
        const quint16 downPort = m_sink->port();
        m_sink->stop();
        {
            const auto notices = notifier(m_adapter, m_config);
            QCOMPARE(deliver(*notices), 0);
            const Account account(m_adapter);
            account.changePassword(m_alice, kPassword, QStringLiteral("a brand new staple"), QString()).waitForFinished();
            waitForAudit(QStringLiteral("passwordChange"), 1);
            QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral(
                "^the security notice of audit event \\d+ \\(passwordChange\\) could not be mailed, try 1; trying again in 5 s: ")));
            QCOMPARE(deliver(*notices), 0);
            // Before the back-off has passed, the next round does not try again.
            QCOMPARE(deliver(*notices), 0);
        }
        Q_UNUSED(downPort);
        // The server restarts with the mail server back (on a new port): the notice goes out, once.
        m_sink = std::make_unique<SmtpSink>();
        QVERIFY2(m_sink->error().isEmpty(), qPrintable(m_sink->error()));
        const auto restarted = notifier(m_adapter, configFor(m_sink->port()));
        QCOMPARE(deliver(*restarted), 1);
        QVERIFY(m_sink->waitForMessages(1));
        QCOMPARE(subjects(), QStringList{QStringLiteral("Your password on 127.0.0.1:9300 was changed")});
        QCOMPARE(deliver(*restarted), 0);
    }

    void twoServersMailEachNoticeOnce()
    {
        QVERIFY(open());
        std::shared_ptr<SqlAdapter> second(SqlAdapter::fromUrl(m_url));
        QVERIFY(second);
        Config secondConfig = m_config;
        secondConfig.adapter = second;
        const auto one = notifier(m_adapter, m_config);
        const auto other = notifier(second, secondConfig);
        // Both start before anything happened (a new cursor starts at the newest event).
        QCOMPARE(deliver(*one), 0);
        QCOMPARE(deliver(*other), 0);
        const Account account(m_adapter);
        account.changePassword(m_alice, kPassword, QStringLiteral("a brand new staple"), QString()).waitForFinished();
        waitForAudit(QStringLiteral("passwordChange"), 1);
        QFuture<int> a = one->deliverPending();
        QFuture<int> b = other->deliverPending();
        a.waitForFinished();
        b.waitForFinished();
        QCOMPARE(a.result() + b.result(), 1);
        // The one that holds the place stops: the other takes over at once.
        const bool oneHeld = a.result() == 1;
        SecurityNotifier &holder = oneHeld ? *one : *other;
        SecurityNotifier &waiting = oneHeld ? *other : *one;
        holder.stop();
        account.changePassword(m_alice, QStringLiteral("a brand new staple"), QStringLiteral("and yet another one"), QString())
            .waitForFinished();
        waitForAudit(QStringLiteral("passwordChange"), 2);
        QCOMPARE(deliver(waiting), 1);
        QVERIFY(m_sink->waitForMessages(2));
        QTest::qWait(200);
        QCOMPARE(m_sink->messages().size(), 2);
    }

    void signUpIsNoNews()
    {
        QVERIFY(open());
        const auto notices = notifier(m_adapter, m_config);
        QCOMPARE(deliver(*notices), 0);
        // What the engine records when a person signs up with GitHub, and a link ten minutes later.
        const QDateTime now = QDateTime::currentDateTimeUtc().addSecs(-1200);
        const auto append = [this](const QString &type, const QDateTime &when) {
            AuditEvent event;
            event.type = type;
            event.userId = m_alice;
            event.provider = QStringLiteral("github");
            event.time = when;
            m_adapter->appendAudit(event).waitForFinished();
        };
        append(QStringLiteral("createUser"), now);
        append(QStringLiteral("linkAccount"), now.addSecs(1));
        append(QStringLiteral("linkAccount"), now.addSecs(600));
        QCOMPARE(deliver(*notices), 1);
        QVERIFY(m_sink->waitForMessages(1));
        const ReceivedMessage linked = ReceivedMessage::parse(m_sink->messages().first().raw);
        QCOMPARE(linked.headers.value("subject"), QStringLiteral("An account was linked to your account on 127.0.0.1:9300"));
        QVERIFY(linked.text.contains(QStringLiteral("Account: github")));
    }
};

QTEST_MAIN(TestSecurityNoticesE2E)
#include "tst_securitynoticese2e.moc"
