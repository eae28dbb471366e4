// Email sign-in through gatehouse-server as a user runs it: a JSON configuration on disk, a
// SQLite database, the callbacks script, the server process on a free loopback port driven over
// HTTP, and npm smtp-server as the mail server.
// - STARTTLS with a self-signed certificate is refused by default and accepted with
//   server.tls.ca naming the certificate file; AUTH PLAIN; the provider's rate limit.
// - normalizeIdentifier and sendVerificationRequest in JavaScript: what they return, throw or
//   reject, and what is left of a token whose mail was never sent.
// - A user disabled with `gatehouse-server user disable` is refused at its link (AccessDenied),
//   and signs in again once enabled.
// - 50 link requests for one address at the same moment, from 50 client addresses, on SQLite, on
//   PostgreSQL and over two servers on one PostgreSQL: each is counted before its mail is sent,
//   so no more than the provider's perAddress mails go out (issue 33).
#include "../../unit/mail/receivedmessage.h"
#include "smtpsink.h"
#include "integration/server/serverharness.h"
#include "support/httpload.h"
#include "support/postgresserver.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <memory>

using namespace Gatehouse::Test;

namespace {

const char callbacksScript[] = R"JS(
// Plus addressing folds onto the main mailbox; blocked.test is refused; "list:" answers with
// two addresses, which the server's own checks must still refuse.
function normalize(email) {
    var address = String(email).trim().toLowerCase();
    if (/@blocked\.test$/.test(address))
        throw new Error("blocked domain");
    if (address.indexOf("list:") === 0)
        return address.slice(5) + ",victim@example.test";
    return address.replace(/\+[^@]*@/, "@");
}

// Logs what it was given; "reject@" and "throw@" addresses fail the way a mail API can.
function sendMail(params) {
    console.log("sendVerificationRequest " + JSON.stringify({
        identifier: params.identifier, url: params.url, token: params.token, expires: params.expires,
        provider: params.provider, brandColor: params.theme.brandColor, method: params.request.method }));
    if (params.identifier.indexOf("reject@") === 0)
        return Promise.reject(new Error("mail API answered 503"));
    if (params.identifier.indexOf("throw@") === 0)
        throw new Error("mail API unreachable");
    return new Promise(function (resolve) { resolve({ id: "queued" }); });
}
)JS";

//! The JSON object of the \a n-th (0-based) sendVerificationRequest line in \a server's log,
//! waiting at most 10 s.
QJsonObject sentRequest(Gatehouse::Testing::ServerUnderTest &server, int n)
{
    static const QRegularExpression line(QStringLiteral("sendVerificationRequest (\\{.*\\})\\n"));
    const QDeadlineTimer deadline(10000);
    while (true) {
        QList<QJsonObject> found;
        for (auto it = line.globalMatch(server.log()); it.hasNext();)
            found.append(QJsonDocument::fromJson(it.next().captured(1).toUtf8()).object());
        if (found.size() > n)
            return found.at(n);
        if (deadline.hasExpired())
            return {};
        QTest::qWait(20);
    }
}

//! A browser: cookies, no automatic redirects.
class Browser
{
public:
    explicit Browser(QString base) : m_base(std::move(base)) { m_nam.setCookieJar(new QNetworkCookieJar(&m_nam)); }

    std::unique_ptr<QNetworkReply> get(const QString &pathOrUrl)
    {
        return finish(m_nam.get(request(pathOrUrl)));
    }

    //! POSTs signin/email for \a email (with the CSRF token) and returns the Location.
    QString requestLink(const QString &email)
    {
        const QString csrf = QJsonDocument::fromJson(get(QStringLiteral("/auth/csrf"))->readAll())
                                 .object().value(QStringLiteral("csrfToken")).toString();
        QNetworkRequest r = request(QStringLiteral("/auth/signin/email"));
        r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/x-www-form-urlencoded"));
        QUrlQuery form;
        for (const auto &[name, value] : {std::pair{QStringLiteral("csrfToken"), csrf}, std::pair{QStringLiteral("email"), email},
                                          std::pair{QStringLiteral("callbackUrl"), QStringLiteral("/welcome")}})
            form.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
        return location(finish(m_nam.post(r, form.toString(QUrl::FullyEncoded).toUtf8())));
    }

    //! Follows a sign-in link; returns the Location.
    QString follow(const QString &link) { return location(get(link)); }

    QString sessionEmail()
    {
        return QJsonDocument::fromJson(get(QStringLiteral("/auth/session"))->readAll())
            .object().value(QStringLiteral("user")).toObject().value(QStringLiteral("email")).toString();
    }

    QString url(const QString &path) const { return m_base + path; }

private:
    static QString location(const std::unique_ptr<QNetworkReply> &reply)
    {
        return QString::fromUtf8(reply->rawHeader("Location"));
    }

    QNetworkRequest request(const QString &pathOrUrl) const
    {
        QNetworkRequest r(QUrl(pathOrUrl.startsWith(QLatin1String("http")) ? pathOrUrl : m_base + pathOrUrl));
        r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        return r;
    }

    static std::unique_ptr<QNetworkReply> finish(QNetworkReply *reply)
    {
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        return std::unique_ptr<QNetworkReply>(reply);
    }

    QString m_base;
    QNetworkAccessManager m_nam;
};

} // namespace

class TestEmailServer : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    TestCertificate m_cert;
    int m_configs = 0;
    std::unique_ptr<Gatehouse::Testing::PostgresServer> m_pg;
    QString m_pgUnavailable;

    //! Writes a configuration with \a provider as its email provider; returns the file name.
    QString writeConfig(QJsonObject provider)
    {
        ++m_configs;
        provider.insert(QStringLiteral("id"), QStringLiteral("email"));
        provider.insert(QStringLiteral("type"), QStringLiteral("email"));
        provider.insert(QStringLiteral("name"), QStringLiteral("Email"));
        provider.insert(QStringLiteral("from"), QStringLiteral("Gatehouse E2E <no-reply@example.test>"));
        const QJsonObject config{
            {"basePath", "/auth"},
            {"trustHost", true},
            {"theme", QJsonObject{{"brandColor", "#0a7d5a"}}},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://%1/gatehouse-%2.db").arg(m_dir.path()).arg(m_configs)}}},
            {"callbacksScript", "callbacks.js"},
            {"providers", QJsonArray{provider}}};
        const QString name = m_dir.filePath(QStringLiteral("gatehouse-%1.json").arg(m_configs));
        QFile file(name);
        if (file.open(QIODevice::WriteOnly))
            file.write(QJsonDocument(config).toJson());
        return name;
    }

    QJsonObject startTlsServer(quint16 port, bool withCa)
    {
        QJsonObject server{{"host", "127.0.0.1"}, {"port", port}, {"requireTLS", true},
                           {"auth", QJsonObject{{"user", "mailer"}, {"pass", "s3cret pass"}}},
                           {"connectionTimeout", 5000}, {"sendTimeout", 10000}};
        if (withCa)
            server.insert(QStringLiteral("tls"), QJsonObject{{"ca", "cert.pem"}});  // next to the configuration
        return server;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cert = TestCertificate::create(m_dir.path());
        QVERIFY2(m_cert.error.isEmpty(), qPrintable(m_cert.error));
        QFile script(m_dir.filePath(QStringLiteral("callbacks.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(callbacksScript);
        m_pgUnavailable = Gatehouse::Testing::PostgresServer::unavailableReason();
        if (m_pgUnavailable.isEmpty()) {
            m_pg = std::make_unique<Gatehouse::Testing::PostgresServer>();
            QString error;
            QVERIFY2(m_pg->start(&error), qPrintable(error));
        }
    }

    void selfSignedStartTlsIsRefusedByDefault()
    {
        SmtpSink sink({m_cert.keyFile, m_cert.certFile, false, QStringLiteral("mailer"), QStringLiteral("s3cret pass")});
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        Gatehouse::Testing::ServerUnderTest server;
        const bool started = server.start(writeConfig({{"server", startTlsServer(sink.port(), false)}}));
        QVERIFY2(started, qPrintable(server.log()));
        Browser browser(server.baseUrl());
        QCOMPARE(browser.requestLink(QStringLiteral("frank@example.test")), browser.url("/auth/signin?error=EmailSignin"));
        QVERIFY(sink.messages().isEmpty());
        QVERIFY2(server.log().contains(QStringLiteral("EmailSignin")), qPrintable(server.log()));
    }

    void startTlsWithConfiguredCaAndNormalizeIdentifier()
    {
        SmtpSink sink({m_cert.keyFile, m_cert.certFile, false, QStringLiteral("mailer"), QStringLiteral("s3cret pass")});
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        Gatehouse::Testing::ServerUnderTest server;
        const bool started = server.start(writeConfig({{"server", startTlsServer(sink.port(), true)},
                                                          {"normalizeIdentifier", "normalize"},
                                                          {"rateLimit", QJsonObject{{"perAddress", 2}, {"perClient", 50}}}}));
        QVERIFY2(started, qPrintable(server.log()));
        Browser browser(server.baseUrl());
        const QString verifyRequest = browser.url("/auth/verify-request?provider=email&type=email");

        QCOMPARE(browser.requestLink(QStringLiteral("  Erin+News@Example.TEST ")), verifyRequest);
        QVERIFY(sink.waitForMessages(1));
        const SinkMessage delivered = sink.messages().first();
        QVERIFY(delivered.secure);
        QCOMPARE(delivered.user, QStringLiteral("mailer"));
        QCOMPARE(delivered.rcptTo, QStringList{"erin@example.test"});
        const ReceivedMessage mail = ReceivedMessage::parse(delivered.raw);
        QCOMPARE(mail.headers.value("from"), QStringLiteral("Gatehouse E2E <no-reply@example.test>"));
        QVERIFY(mail.link().endsWith(QStringLiteral("&email=erin%40example.test")));
        QCOMPARE(browser.follow(mail.link()), browser.url("/welcome"));
        QCOMPARE(browser.sessionEmail(), QStringLiteral("erin@example.test"));

        // The JavaScript normaliser refuses by throwing; what it returns is checked like any address.
        Browser other(server.baseUrl());
        QCOMPARE(other.requestLink(QStringLiteral("eve@blocked.test")), other.url("/auth/signin?error=EmailSignin"));
        QCOMPARE(other.requestLink(QStringLiteral("list:eve@example.test")), other.url("/auth/error?error=Configuration"));
        QCOMPARE(sink.messages().size(), 1);

        // perAddress 2: the normalised address has one more mail, then it is limited.
        QCOMPARE(other.requestLink(QStringLiteral("erin+again@example.test")), verifyRequest);
        QCOMPARE(other.requestLink(QStringLiteral("ERIN@example.test")), other.url("/auth/signin?error=EmailSignin"));
        QVERIFY(sink.waitForMessages(2));
        QTest::qWait(200);
        QCOMPARE(sink.messages().size(), 2);
    }

    void disabledUserIsRefusedUntilEnabled()
    {
        SmtpSink sink({m_cert.keyFile, m_cert.certFile, false, QStringLiteral("mailer"), QStringLiteral("s3cret pass")});
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        const QString config = writeConfig({{"server", startTlsServer(sink.port(), true)}});
        Gatehouse::Testing::ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const QString gina = QStringLiteral("gina@example.test");
        const QString verifyRequest = server.baseUrl() + QStringLiteral("/auth/verify-request?provider=email&type=email");
        const auto userCommand = [&config](const QString &action, const QString &email) {
            return Gatehouse::Testing::runServerCommand({QStringLiteral("user"), action, email, QStringLiteral("--config"), config});
        };
        // The link in the n-th (1-based) mail.
        const auto link = [&sink](int n) {
            return sink.waitForMessages(n) ? ReceivedMessage::parse(sink.messages().at(n - 1).raw).link() : QString();
        };

        Browser browser(server.baseUrl());
        QCOMPARE(browser.requestLink(gina), verifyRequest);
        QCOMPARE(browser.follow(link(1)), browser.url("/welcome"));
        QCOMPARE(browser.sessionEmail(), gina);

        Gatehouse::Testing::CommandResult r = userCommand(QStringLiteral("disable"), gina);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("ended 1 database session")), qPrintable(r.out));
        QCOMPARE(browser.sessionEmail(), QString());

        // The mail still goes out (the form does not tell who is disabled); its link is refused.
        Browser refused(server.baseUrl());
        QCOMPARE(refused.requestLink(gina), verifyRequest);
        QCOMPARE(refused.follow(link(2)), refused.url("/auth/error?error=AccessDenied"));
        QCOMPARE(refused.sessionEmail(), QString());
        QVERIFY2(server.log().contains(QStringLiteral("AccessDenied")), qPrintable(server.log()));

        r = userCommand(QStringLiteral("enable"), gina);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(refused.requestLink(gina), verifyRequest);
        QCOMPARE(refused.follow(link(3)), refused.url("/welcome"));
        QCOMPARE(refused.sessionEmail(), gina);
    }

    void javaScriptSendVerificationRequest()
    {
        Gatehouse::Testing::ServerUnderTest server;
        const bool started = server.start(writeConfig({{"sendVerificationRequest", "sendMail"},
                                                          {"normalizeIdentifier", "normalize"},
                                                          {"maxAge", 600}}));
        QVERIFY2(started, qPrintable(server.log()));
        Browser browser(server.baseUrl());

        QCOMPARE(browser.requestLink(QStringLiteral("Dana+news@Example.test")),
                 browser.url("/auth/verify-request?provider=email&type=email"));
        const QJsonObject sent = sentRequest(server, 0);
        QVERIFY2(!sent.isEmpty(), qPrintable(server.log()));
        QCOMPARE(sent.value("identifier").toString(), QStringLiteral("dana@example.test"));
        QCOMPARE(sent.value("token").toString().size(), 64);
        QVERIFY(sent.value("url").toString().startsWith(browser.url("/auth/callback/email?callbackUrl=")));
        const qint64 lifetime = QDateTime::currentDateTimeUtc().secsTo(
            QDateTime::fromString(sent.value("expires").toString(), Qt::ISODateWithMs));
        QVERIFY2(lifetime > 590 && lifetime <= 600, qPrintable(sent.value("expires").toString()));
        const QJsonObject provider = sent.value("provider").toObject();
        QCOMPARE(provider.value("id").toString(), QStringLiteral("email"));
        QCOMPARE(provider.value("name").toString(), QStringLiteral("Email"));
        QCOMPARE(provider.value("from").toString(), QStringLiteral("Gatehouse E2E <no-reply@example.test>"));
        QCOMPARE(provider.value("maxAge").toInt(), 600);
        QCOMPARE(sent.value("brandColor").toString(), QStringLiteral("#0a7d5a"));
        QCOMPARE(sent.value("method").toString(), QStringLiteral("POST"));
        QCOMPARE(browser.follow(sent.value("url").toString()), browser.url("/welcome"));
        QCOMPARE(browser.sessionEmail(), QStringLiteral("dana@example.test"));

        // A rejected Promise and a throw are EmailSignin, and the link they were given is dead.
        int logged = 1;
        for (const QString &address : {QStringLiteral("reject@example.test"), QStringLiteral("throw@example.test")}) {
            Browser visitor(server.baseUrl());
            QCOMPARE(visitor.requestLink(address), visitor.url("/auth/signin?error=EmailSignin"));
            const QJsonObject failed = sentRequest(server, logged++);
            QCOMPARE(failed.value("identifier").toString(), address);
            QCOMPARE(visitor.follow(failed.value("url").toString()), visitor.url("/auth/error?error=Verification"));
            QCOMPARE(visitor.sessionEmail(), QString());
        }
        // A refused address never reaches the sender.
        QCOMPARE(browser.requestLink(QStringLiteral("eve@blocked.test")), browser.url("/auth/signin?error=EmailSignin"));
        QTest::qWait(200);
        QVERIFY(!server.log().contains(QStringLiteral("\"identifier\":\"eve@blocked.test\"")));
    }

    void parallelLinkRequests_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("servers");
        QTest::newRow("sqlite, one server") << QStringLiteral("sqlite") << 1;
        QTest::newRow("postgresql, one server") << QStringLiteral("postgresql") << 1;
        QTest::newRow("postgresql, two servers") << QStringLiteral("postgresql") << 2;
    }

    void parallelLinkRequests()
    {
        using namespace Gatehouse::Testing;
        QFETCH(QString, backend);
        QFETCH(int, servers);
        if (backend == QLatin1String("postgresql") && !m_pg)
            QSKIP(qPrintable(m_pgUnavailable));
        constexpr int kRequests = 50;
        constexpr int kPerAddress = 3;
        // Long enough that the burst ends well inside it on a loaded machine; checked below. Each
        // "sent" answer waits for its mail to be accepted over TLS: with four tests at once beside
        // a build, the burst on two servers took 5.7 s.
        constexpr qint64 kWindowMs = 10000;
        const QByteArray victim = "victim@example.test";

        SmtpSink sink;
        QVERIFY2(sink.error().isEmpty(), qPrintable(sink.error()));
        const QString name = QStringLiteral("linkburst-%1").arg(++m_configs);
        QString url = QStringLiteral("sqlite://%1/%2.db").arg(m_dir.path(), name);
        if (backend == QLatin1String("postgresql")) {
            QString error;
            QVERIFY2(m_pg->createDatabase(name, &error), qPrintable(error));
            url = m_pg->url(name);
        }
        const QJsonObject provider{
            {"id", "email"}, {"type", "email"}, {"name", "Email"}, {"from", "no-reply@example.test"},
            {"server", QStringLiteral("smtp://127.0.0.1:%1").arg(sink.port())},
            {"rateLimit", QJsonObject{{"perAddress", kPerAddress}, {"perClient", 1000}, {"windowSeconds", kWindowMs / 1000}}}};
        const QJsonObject config{
            {"basePath", "/auth"},
            {"trustHost", true},
            {"adapter", QJsonObject{{"url", url}}},
            // The test plays the proxy in front of the servers, and names each client's address.
            {"trustedProxies", QJsonArray{"127.0.0.1"}},
            {"providers", QJsonArray{provider}}};
        const QString configFile = m_dir.filePath(name + QStringLiteral(".json"));
        QVERIFY(replaceFile(configFile, QJsonDocument(config).toJson()));
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), configFile});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));

        std::vector<std::unique_ptr<ServerUnderTest>> running;
        QList<quint16> ports;
        for (int i = 0; i < servers; ++i) {
            running.push_back(std::make_unique<ServerUnderTest>());
            QVERIFY2(running.back()->start(configFile), qPrintable(running.back()->log()));
            ports.append(running.back()->port());
        }
        const CsrfPair csrf = fetchCsrf(ports.first());   // the servers share the secret
        QVERIFY(!csrf.cookie.isEmpty() && !csrf.token.isEmpty());
        const auto linkRequest = [&](const QByteArray &client, quint16 port) {
            LoadRequest post;
            post.method = "POST";
            post.target = "/auth/signin/email";
            post.port = port;
            post.headers = "Content-Type: application/x-www-form-urlencoded\r\nCookie: " + csrf.cookie
                + "\r\nX-Forwarded-For: " + client + "\r\n";
            post.body = "csrfToken=" + csrf.token + "&email=" + QUrl::toPercentEncoding(QString::fromLatin1(victim));
            return post;
        };
        // "sent", "limited" or the oddity, by the answer's Location.
        const auto outcome = [](const LoadAnswer &answer, quint16 port) {
            const QByteArray base = "http://127.0.0.1:" + QByteArray::number(port) + "/auth/";
            if (answer.status == 302 && answer.location == base + "verify-request?provider=email&type=email")
                return QStringLiteral("sent");
            if (answer.status == 302 && answer.location == base + "signin?error=EmailSignin")
                return QStringLiteral("limited");
            return QStringLiteral("%1 %2 %3").arg(answer.status).arg(QString::fromLatin1(answer.location), answer.error);
        };

        QList<LoadRequest> burst;
        for (int i = 0; i < kRequests; ++i)
            burst.append(linkRequest("127.0.5." + QByteArray::number(i + 2), ports.at(i % ports.size())));
        const QDeadlineTimer windowEnds = waitForRateLimitWindowStart(kWindowMs);
        const QList<LoadAnswer> answers = HttpLoad::sendAtOnce(ports.first(), burst, 30000);
        QMap<QString, int> outcomes;
        for (int i = 0; i < answers.size(); ++i)
            ++outcomes[outcome(answers.at(i), ports.at(i % ports.size()))];
        qInfo().noquote() << "answers to the burst:" << QDebug::toString(outcomes);
        const int sent = outcomes.value(QStringLiteral("sent"));
        QVERIFY2(sent >= 1 && sent <= kPerAddress, qPrintable(QDebug::toString(outcomes)));
        QCOMPARE(outcomes.value(QStringLiteral("limited")), kRequests - sent);

        // Inside the window, from yet another client: still limited, and no mail.
        QVERIFY2(windowEnds.remainingTime() > 1000,
                 qPrintable(QStringLiteral("the burst ended %1 ms before the window: too late to tell a refusal from its end")
                                .arg(windowEnds.remainingTime())));
        const quint16 last = ports.last();
        QCOMPARE(outcome(HttpLoad::send(last, linkRequest("127.0.6.1", last)), last), QStringLiteral("limited"));
        // Each "sent" answer came after its mail was accepted: the sink holds exactly that many.
        QVERIFY(sink.waitForMessages(sent));
        QCOMPARE(sink.messages().size(), sent);
        for (const SinkMessage &message : sink.messages())
            QCOMPARE(message.rcptTo, QStringList{QString::fromLatin1(victim)});

        // Once the window has passed the address gets its mail again.
        QCOMPARE(retryWhileLimited(kWindowMs, QStringLiteral("limited"), [&](int n) {
                     return outcome(HttpLoad::send(last, linkRequest("127.0.6." + QByteArray::number(n), last)), last);
                 }),
                 QStringLiteral("sent"));
        QVERIFY(sink.waitForMessages(sent + 1));
        QCOMPARE(sink.messages().size(), sent + 1);
    }
};

QTEST_GUILESS_MAIN(TestEmailServer)
#include "tst_emailserver.moc"
