// Email sign-in end to end: the engine mails real sign-in links through libcurl to npm
// smtp-server on 127.0.0.1; the test reads each message as delivered, follows its link and
// checks the session. Plain SMTP, STARTTLS with AUTH PLAIN, implicit TLS, and the failures.
#include "../../unit/signin/recordingadapter.h"
#include "support/engineclient.h"
#include "../../unit/mail/receivedmessage.h"
#include "smtpsink.h"

#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <thread>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString kOrigin = QStringLiteral("http://127.0.0.1:9300");
const QByteArray kVerifyRequest = "http://127.0.0.1:9300/auth/verify-request?provider=email&type=email";
const QByteArray kVerificationError = "http://127.0.0.1:9300/auth/error?error=Verification";
const QByteArray kEmailSigninError = "http://127.0.0.1:9300/auth/signin?error=EmailSignin";

Config configFor(const std::shared_ptr<Adapter> &adapter, const QJsonObject &server)
{
    Config config;
    config.secret = {QStringLiteral("gatehouse-e2e-test-secret-0123456789abcdef")};
    config.trustHost = true;
    config.adapter = adapter;
    Provider email;
    email.id = QStringLiteral("email");
    email.name = QStringLiteral("Email");
    email.type = QStringLiteral("email");
    email.options = {{"server", server}, {"from", "Gatehouse E2E <no-reply@example.test>"}, {"rateLimit", false}};
    config.providers = {email};
    return config;
}

QJsonObject plainServer(quint16 port)
{
    return {{"host", "127.0.0.1"}, {"port", port}, {"ignoreTLS", true}, {"connectionTimeout", 5000}, {"sendTimeout", 10000}};
}

Reply requestLink(EngineClient &client, const QString &email)
{
    return client.postForm(QStringLiteral("/auth/signin/email"),
                           {{"csrfToken", client.csrfToken()}, {"email", email}, {"callbackUrl", "/welcome"}});
}

QString pathOf(const QString &link)
{
    return link.mid(kOrigin.size());
}

bool hasSessionCookie(const AuthResponse &response)
{
    return std::any_of(response.cookies.cbegin(), response.cookies.cend(),
                       [](const SetCookie &c) { return c.name == QLatin1String("authjs.session-token") && !c.value.isEmpty(); });
}

} // namespace

class TestEmailE2E : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_certDir;
    TestCertificate m_cert;

    //! The link of the newest message of \a sink, once \a count messages are there.
    QString linkOf(const SmtpSink &sink, int count)
    {
        if (!sink.waitForMessages(count))
            return {};
        return ReceivedMessage::parse(sink.messages().at(count - 1).raw).link();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_certDir.isValid());
        m_cert = TestCertificate::create(m_certDir.path());
        QVERIFY2(m_cert.error.isEmpty(), qPrintable(m_cert.error));
    }

    void plainSmtpSignIn()
    {
        SmtpSink sink;
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(configFor(adapter, plainServer(sink.port())));
        EngineClient browser(auth);

        QCOMPARE(requestLink(browser, QStringLiteral("Alice@Example.TEST")).location(), kVerifyRequest);
        QVERIFY(sink.waitForMessages(1));
        const SinkMessage delivered = sink.messages().first();
        QCOMPARE(delivered.mailFrom, QStringLiteral("no-reply@example.test"));
        QCOMPARE(delivered.rcptTo, QStringList{"alice@example.test"});
        QVERIFY(!delivered.secure);
        const ReceivedMessage mail = ReceivedMessage::parse(delivered.raw);
        QCOMPARE(mail.headers.value("subject"), QStringLiteral("Sign in to 127.0.0.1:9300"));
        QCOMPARE(mail.headers.value("to"), QStringLiteral("alice@example.test"));
        const QString link = mail.link();
        QVERIFY2(link.startsWith(QStringLiteral("http://127.0.0.1:9300/auth/callback/email?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fwelcome&token=")),
                 qPrintable(link));
        QVERIFY(mail.html.contains(QStringLiteral("href=\"") + QString(link).replace(u'&', QStringLiteral("&amp;")) + u'"'));

        // Following the link signs in; the session names the address.
        Reply signedIn = browser.get(pathOf(link));
        QCOMPARE(signedIn.location(), QByteArray("http://127.0.0.1:9300/welcome"));
        QVERIFY(hasSessionCookie(signedIn.response));
        const QJsonObject session = browser.get(QStringLiteral("/auth/session")).json().object();
        QCOMPARE(session.value("user").toObject().value("email").toString(), QStringLiteral("alice@example.test"));

        // The link works once.
        EngineClient other(auth);
        QCOMPARE(other.get(pathOf(link)).location(), kVerificationError);
        QCOMPARE(browser.get(pathOf(link)).location(), kVerificationError);
    }

    void expiredLinkFails()
    {
        SmtpSink sink;
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        adapter->expireTokens = true;
        Auth auth(configFor(adapter, plainServer(sink.port())));
        EngineClient browser(auth);
        QCOMPARE(requestLink(browser, QStringLiteral("bob@example.test")).location(), kVerifyRequest);
        const QString link = linkOf(sink, 1);
        QVERIFY(!link.isEmpty());
        Reply refused = browser.get(pathOf(link));
        QCOMPARE(refused.location(), kVerificationError);
        QVERIFY(!hasSessionCookie(refused.response));
    }

    void wrongEmailWithRightTokenFails()
    {
        SmtpSink sink;
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(configFor(adapter, plainServer(sink.port())));
        EngineClient victim(auth);
        requestLink(victim, QStringLiteral("carol@example.test"));
        const QString link = linkOf(sink, 1);
        QVERIFY(link.endsWith(QStringLiteral("&email=carol%40example.test")));
        EngineClient attacker(auth);
        QString forged = link;
        forged.replace(QStringLiteral("&email=carol%40example.test"), QStringLiteral("&email=mallory%40example.test"));
        Reply refused = attacker.get(pathOf(forged));
        QCOMPARE(refused.location(), kVerificationError);
        QVERIFY(!hasSessionCookie(refused.response));
        QCOMPARE(victim.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300/welcome"));
    }

    void concurrentClicksGiveOneSession()
    {
        SmtpSink sink;
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(configFor(adapter, plainServer(sink.port())));
        EngineClient browser(auth);
        requestLink(browser, QStringLiteral("dave@example.test"));
        const QString link = linkOf(sink, 1);
        QVERIFY(!link.isEmpty());
        AuthRequest click;
        click.method = "GET";
        click.url = QUrl(link);
        click.remoteAddress = QHostAddress(QStringLiteral("127.0.0.1"));
        QSemaphore ready;
        QSemaphore go;
        AuthResponse results[2];
        std::thread clicks[2];
        for (int i = 0; i < 2; ++i) {
            clicks[i] = std::thread([&, i] {
                ready.release();
                go.acquire();
                results[i] = auth.handle(click).result();
            });
        }
        ready.acquire(2);
        go.release(2);
        for (std::thread &t : clicks)
            t.join();
        QCOMPARE(int(hasSessionCookie(results[0])) + int(hasSessionCookie(results[1])), 1);
        const QByteArray refused = hasSessionCookie(results[0]) ? results[1].header("location") : results[0].header("location");
        QCOMPARE(refused, kVerificationError);
    }

    void startTlsWithAuthPlain()
    {
        SmtpSink sink({m_cert.keyFile, m_cert.certFile, false, QStringLiteral("mailer"), QStringLiteral("s3cret pass")});
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        const QJsonObject server{{"host", "127.0.0.1"}, {"port", sink.port()}, {"requireTLS", true},
                                 {"auth", QJsonObject{{"user", "mailer"}, {"pass", "s3cret pass"}}},
                                 {"tls", QJsonObject{{"ca", QString::fromLatin1(m_cert.pem)}}}};
        Auth auth(configFor(adapter, server));
        EngineClient browser(auth);
        QCOMPARE(requestLink(browser, QStringLiteral("erin@example.test")).location(), kVerifyRequest);
        QVERIFY(sink.waitForMessages(1));
        const SinkMessage delivered = sink.messages().first();
        QVERIFY(delivered.secure);
        QCOMPARE(delivered.user, QStringLiteral("mailer"));
        QCOMPARE(browser.get(pathOf(ReceivedMessage::parse(delivered.raw).link())).location(),
                 QByteArray("http://127.0.0.1:9300/welcome"));
    }

    void startTlsFailures_data()
    {
        QTest::addColumn<QString>("password");
        QTest::addColumn<bool>("trustCertificate");
        QTest::newRow("wrong password") << "wrong" << true;
        QTest::newRow("untrusted certificate") << "s3cret pass" << false;
    }

    void startTlsFailures()
    {
        QFETCH(QString, password);
        QFETCH(bool, trustCertificate);
        SmtpSink sink({m_cert.keyFile, m_cert.certFile, false, QStringLiteral("mailer"), QStringLiteral("s3cret pass")});
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        QJsonObject server{{"host", "127.0.0.1"}, {"port", sink.port()},
                           {"auth", QJsonObject{{"user", "mailer"}, {"pass", password}}}};
        if (trustCertificate)
            server.insert(QStringLiteral("tls"), QJsonObject{{"ca", QString::fromLatin1(m_cert.pem)}});
        Auth auth(configFor(adapter, server));
        EngineClient browser(auth);
        QCOMPARE(requestLink(browser, QStringLiteral("frank@example.test")).location(), kEmailSigninError);
        QVERIFY(sink.messages().isEmpty());
        const VerificationToken created = adapter->createdTokens().first();
        QVERIFY(!adapter->store.useVerificationToken(created.identifier, created.token).result());
    }

    void implicitTls()
    {
        SmtpSink sink({m_cert.keyFile, m_cert.certFile, true, QString(), QString()});
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        auto adapter = std::make_shared<RecordingAdapter>();
        const QJsonObject server{{"host", "127.0.0.1"}, {"port", sink.port()}, {"secure", true},
                                 {"tls", QJsonObject{{"ca", QString::fromLatin1(m_cert.pem)}}}};
        Auth auth(configFor(adapter, server));
        EngineClient browser(auth);
        QCOMPARE(requestLink(browser, QStringLiteral("gina@example.test")).location(), kVerifyRequest);
        QVERIFY(sink.waitForMessages(1));
        QVERIFY(sink.messages().first().secure);
    }

    void smtpDownIsEmailSignin()
    {
        SmtpSink sink;
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        const quint16 port = sink.port();
        sink.stop();
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(configFor(adapter, plainServer(port)));
        EngineClient browser(auth);
        QCOMPARE(requestLink(browser, QStringLiteral("hank@example.test")).location(), kEmailSigninError);
        // The token of the mail that never left is gone: nobody can use it.
        const QList<VerificationToken> created = adapter->createdTokens();
        QCOMPARE(created.size(), 1);
        QVERIFY(!adapter->store.useVerificationToken(created.first().identifier, created.first().token).result());
    }
};

QTEST_GUILESS_MAIN(TestEmailE2E)
#include "tst_emaile2e.moc"
