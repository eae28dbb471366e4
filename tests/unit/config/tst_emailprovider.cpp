// The keys of an email provider in the JSON configuration: the SMTP server with its TLS
// options and time-outs, the sender, the rate limit and the JavaScript overrides, each
// checked with the key path of what is wrong.
#include <gatehouse/configloader.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;

namespace {

const QString kSecret = QStringLiteral("0123456789abcdef0123456789abcdef-test");

// A self-signed certificate (CN gatehouse-test-ca), only ever parsed.
const QByteArray kCertificate = "-----BEGIN CERTIFICATE-----\n"
    "MIIBkDCCATWgAwIBAgIUe6nrKgig7vkz6F57iIM4+pF97DIwCgYIKoZIzj0EAwIw\n"
    "HDEaMBgGA1UEAwwRZ2F0ZWhvdXNlLXRlc3QtY2EwIBcNMjYxMTIzMTM0NDUzWhgP\n"
    "MjEyNjEwMzAxMzQ0NTNaMBwxGjAYBgNVBAMMEWdhdGVob3VzZS10ZXN0LWNhMFkw\n"
    "EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE3yClbutidq0cN1cmz3gMef8JdLMFtiKH\n"
    "2jD0TaQASk9b6mo6Ahqkks0MH66PzZBCSxO3+5dE9+Agdex2CGv98KNTMFEwHQYD\n"
    "VR0OBBYEFDyyJK1WwxxwZrzwl0be/cmLrsrgMB8GA1UdIwQYMBaAFDyyJK1Wwxxw\n"
    "Zrzwl0be/cmLrsrgMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIh\n"
    "AMrIHphxPKjpLBOjlTEcaVMi6dju+HJrCpFO9tUKIWJSAiEAwoQYY+57U8+KZ+8q\n"
    "Smt2j5AR+jS35UfVM73pPnYEa3I=\n"
    "-----END CERTIFICATE-----\n";

QStringList render(const QList<ConfigProblem> &problems)
{
    QStringList result;
    for (const ConfigProblem &problem : problems)
        result.append(problem.toString());
    return result;
}

//! A configuration with one email provider: \a provider's keys added to a valid one.
QJsonObject withEmailProvider(const QJsonObject &provider, bool script = false)
{
    QJsonObject email{{"id", "email"}, {"name", "Email"}, {"type", "email"}, {"from", "Gatehouse <no-reply@example.test>"},
                      {"server", "smtp://127.0.0.1:2525"}};
    for (auto it = provider.constBegin(); it != provider.constEnd(); ++it) {
        if (it->isNull())
            email.remove(it.key());
        else
            email.insert(it.key(), *it);
    }
    QJsonObject config{{"adapter", QJsonObject{{"url", "sqlite:///tmp/gatehouse-email-config.db"}}},
                       {"providers", QJsonArray{email}}};
    if (script)
        config.insert("callbacksScript", "callbacks.js");
    return config;
}

QJsonObject object(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class TestEmailProviderConfig : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    ConfigResult load(const QJsonObject &json) const
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("AUTH_SECRET"), kSecret);
        return loadConfig(json, env, m_dir.path());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile cert(m_dir.filePath("ca.pem"));
        QVERIFY(cert.open(QIODevice::WriteOnly));
        cert.write(kCertificate);
        cert.close();
        QFile notPem(m_dir.filePath("not-a-cert.pem"));
        QVERIFY(notPem.open(QIODevice::WriteOnly));
        notPem.write("hello\n");
        notPem.close();
        QFile script(m_dir.filePath("callbacks.js"));  // the loader only needs it to exist
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.close();
    }

    void everyServerKey()
    {
        const ConfigResult result = load(withEmailProvider(object(R"({
            "server": {"host": "mail.example.test", "port": 587, "requireTLS": true,
                       "auth": {"user": "mailer", "pass": "secret"},
                       "tls": {"rejectUnauthorized": true, "ca": "ca.pem"},
                       "connectionTimeout": 5000, "sendTimeout": 20000},
            "rateLimit": {"perAddress": 3, "perClient": 10, "windowSeconds": 600},
            "normalizeIdentifier": "normalize", "sendVerificationRequest": "sendMail",
            "maxAge": 3600})"), true));
        QVERIFY2(result.isValid(), qPrintable(render(result.problems).join('\n')));
        QCOMPARE(render(result.problems), QStringList());
        const QJsonObject options = result.config.providers.value(0).options;
        const QJsonObject server = options.value("server").toObject();
        // The file's certificates travel with the provider; the path is gone.
        QCOMPARE(server.value("tls").toObject().value("ca").toString(), QString::fromLatin1(kCertificate));
        QCOMPARE(server.value("tls").toObject().value("rejectUnauthorized"), QJsonValue(true));
        QCOMPARE(server.value("connectionTimeout").toInt(), 5000);
        QCOMPARE(server.value("sendTimeout").toInt(), 20000);
        QCOMPARE(options.value("rateLimit").toObject().value("perAddress").toInt(), 3);
        QCOMPARE(options.value("normalizeIdentifier").toString(), QStringLiteral("normalize"));
        QCOMPARE(options.value("sendVerificationRequest").toString(), QStringLiteral("sendMail"));
    }

    void inlinePemCertificate()
    {
        const ConfigResult result = load(withEmailProvider(QJsonObject{
            {"server", QJsonObject{{"host", "127.0.0.1"}, {"tls", QJsonObject{{"ca", QString::fromLatin1(kCertificate)}}}}}}));
        QVERIFY2(result.isValid(), qPrintable(render(result.problems).join('\n')));
        QCOMPARE(result.config.providers.value(0).options.value("server").toObject().value("tls").toObject().value("ca").toString(),
                 QString::fromLatin1(kCertificate));
    }

    void ownSenderNeedsNoServer()
    {
        const ConfigResult result = load(withEmailProvider(
            QJsonObject{{"server", QJsonValue::Null}, {"sendVerificationRequest", "sendMail"}}, true));
        QVERIFY2(result.isValid(), qPrintable(render(result.problems).join('\n')));
    }

    void errors_data()
    {
        QTest::addColumn<QJsonObject>("provider");
        QTest::addColumn<bool>("script");
        QTest::addColumn<QStringList>("expected");
        const auto row = [](const char *name, const char *provider, const QStringList &expected, bool script = false) {
            QTest::newRow(name) << object(provider) << script << expected;
        };
        row("ca file missing", R"({"server": {"host": "127.0.0.1", "tls": {"ca": "missing.pem"}}})",
            {"providers[0].server.tls.ca: cannot read %DIR%/missing.pem: No such file or directory"});
        row("ca file not PEM", R"({"server": {"host": "127.0.0.1", "tls": {"ca": "not-a-cert.pem"}}})",
            {R"(providers[0].server.tls.ca: %DIR%/not-a-cert.pem holds no PEM certificate ("-----BEGIN CERTIFICATE-----..."))"});
        row("tls keys", R"({"server": {"host": "127.0.0.1", "tls": {"rejectUnauthorised": false, "cert": "x.pem"}}})",
            {"providers[0].server.tls.cert: unknown key",
             R"(providers[0].server.tls.rejectUnauthorised: unknown key (did you mean "rejectUnauthorized"?))"});
        row("tls not an object", R"({"server": {"host": "127.0.0.1", "tls": true}})",
            {"providers[0].server.tls: must be an object"});
        row("rejectUnauthorized not a boolean", R"({"server": {"host": "127.0.0.1", "tls": {"rejectUnauthorized": "no"}}})",
            {"providers[0].server.tls.rejectUnauthorized: must be true or false"});
        row("time-outs", R"({"server": {"host": "127.0.0.1", "connectionTimeout": 0, "sendTimeout": "30s"}})",
            {"providers[0].server.connectionTimeout: must be an integer from 1 to 600000",
             "providers[0].server.sendTimeout: must be an integer from 1 to 600000"});
        row("time-out too long", R"({"server": {"host": "127.0.0.1", "sendTimeout": 600001}})",
            {"providers[0].server.sendTimeout: must be an integer from 1 to 600000"});
        row("server missing", R"({"server": null})",
            {"providers[0].server: missing (an smtp:// URL or an object {host, port, ...})"});
        row("server without host", R"({"server": {"port": 25}})",
            {"providers[0].server.host: missing or not a host name"});
        row("server URL scheme", R"({"server": "http://mail.example.test"})",
            {"providers[0].server: must be an smtp:// or smtps:// URL or an object {host, port, ...}"});
        row("contradicting TLS flags", R"({"server": {"host": "127.0.0.1", "secure": true, "ignoreTLS": true}})",
            {"providers[0].server: ignoreTLS contradicts secure"});
        row("from missing", R"({"from": null})",
            {R"(providers[0].from: missing (the sender, e.g. "Example <no-reply@example.com>"))"});
        row("from with two addresses", R"({"from": "a@example.test,b@example.test"})",
            {"providers[0].from: has an address that contains ',' or ';' (only one address is accepted)"});
        row("rate limit keys", R"({"rateLimit": {"perAddress": 0, "perIp": 3, "windowSeconds": 604801}})",
            {"providers[0].rateLimit.perAddress: must be an integer from 1 to 1000000",
             "providers[0].rateLimit.windowSeconds: must be an integer from 1 to 604800",
             R"(providers[0].rateLimit.perIp: unknown key)"});
        row("rate limit shape", R"({"rateLimit": "yes"})",
            {"providers[0].rateLimit: must be false or an object {perAddress, perClient, windowSeconds}"});
        row("normalizeIdentifier without script", R"({"normalizeIdentifier": "normalize"})",
            {R"(providers[0].normalizeIdentifier: needs "callbacksScript")"});
        row("sendVerificationRequest not a name", R"({"sendVerificationRequest": "function (p) {}"})",
            {"providers[0].sendVerificationRequest: must be the name of a JavaScript function"}, true);
        row("generateVerificationToken", R"({"generateVerificationToken": "token"})",
            {"providers[0].generateVerificationToken: cannot be set in the JSON configuration (it takes functions)"}, true);
    }

    void errors()
    {
        QFETCH(QJsonObject, provider);
        QFETCH(bool, script);
        QFETCH(QStringList, expected);
        const ConfigResult result = load(withEmailProvider(provider, script));
        expected.replaceInStrings(QStringLiteral("%DIR%"), m_dir.path());
        QCOMPARE(render(result.errors()), expected);
    }

    void rateLimitOffIsAWarning()
    {
        const ConfigResult result = load(withEmailProvider(QJsonObject{{"rateLimit", false}}));
        QVERIFY(result.isValid());
        QCOMPARE(render(result.warnings()),
                 QStringList{"providers[0].rateLimit: off: anyone can make the server send any number of sign-in mails to any address"});
    }
};

QTEST_GUILESS_MAIN(TestEmailProviderConfig)
#include "tst_emailprovider.moc"
