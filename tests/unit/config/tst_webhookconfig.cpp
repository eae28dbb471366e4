// events.webhooks as the configuration check reads it: a webhook's URL, its secret file and its
// event types; every wrong entry names its key and the problem, and nothing wrong is kept.
#include "problemtexts.h"

#include <gatehouse/serversettings.h>

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

class TestWebhookConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aWebhookIsRead();
    void errors_data();
    void errors();
    void plainHttpToAnotherMachineIsAWarning();

private:
    ServerConfigResult load(const QByteArray &json);
    QTemporaryDir m_dir;
};

void TestWebhookConfig::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const auto write = [this](const QString &name, const QByteArray &content) {
        QFile file(m_dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    };
    write(QStringLiteral("hook.secret"), "3f9a1c0e7b5d2468ace13579bdf02468\n");
    write(QStringLiteral("short.secret"), "tooshort\n");
}

ServerConfigResult TestWebhookConfig::load(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", json.constData());
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), QStringLiteral("0123456789abcdef0123456789abcdef-test"));
    return loadServerConfig(document.object(), env, m_dir.path());
}

void TestWebhookConfig::aWebhookIsRead()
{
    const ServerConfigResult result = load(R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"},
        "events": {"webhooks": [
            {"url": "https://siem.example/hook", "secretFile": "hook.secret", "events": ["signIn", "signInFailed", "signIn"]},
            {"url": "http://127.0.0.1:8080/audit", "secretFile": "hook.secret"}]}})");
    QCOMPARE(render(result.problems), QStringList());
    QCOMPARE(result.server.webhooks.size(), 2);
    const WebhookSettings &siem = result.server.webhooks.at(0);
    QCOMPARE(siem.url, QUrl(QStringLiteral("https://siem.example/hook")));
    QCOMPARE(siem.secret, QStringLiteral("3f9a1c0e7b5d2468ace13579bdf02468"));
    QCOMPARE(siem.events, (QStringList{QStringLiteral("signIn"), QStringLiteral("signInFailed")}));
    QVERIFY(result.server.webhooks.at(1).events.isEmpty());  // every event
    QVERIFY(load(R"({"providers": []})").server.webhooks.isEmpty());
}

void TestWebhookConfig::errors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected");
    const auto row = [](const char *name, const QByteArray &webhooks, const QStringList &expected) {
        QTest::newRow(name) << QByteArray(R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "events": {"webhooks": )"
                                          + webhooks + "}}")
                            << expected;
    };
    row("not a list", R"({"url": "https://siem.example/hook"})",
        {R"(events.webhooks: must be a list of webhooks, for example [{"url": "https://siem.example/hook", "secretFile": "webhook.secret"}])"});
    row("not an object", R"(["https://siem.example/hook"])",
        {R"(events.webhooks[0]: must be an object with "url" and "secretFile")"});
    row("nothing given", R"([{}])",
        {"events.webhooks[0].url: is missing: the http or https URL the events are POSTed to",
         "events.webhooks[0].secretFile: is missing: the file with the secret the deliveries are signed with"});
    row("not an http URL", R"([{"url": "ftp://siem.example/hook", "secretFile": "hook.secret"}])",
        {"events.webhooks[0].url: must be an http or https URL"});
    row("no secret file", R"([{"url": "https://siem.example/hook", "secretFile": "missing.secret"}])",
        {"events.webhooks[0].secretFile: cannot read %DIR%/missing.secret: No such file or directory"});
    row("short secret", R"([{"url": "https://siem.example/hook", "secretFile": "short.secret"}])",
        {"events.webhooks[0].secretFile: the secret is shorter than 16 characters (make one with: openssl rand -hex 32)"});
    row("events not a list", R"([{"url": "https://siem.example/hook", "secretFile": "hook.secret", "events": "signIn"}])",
        {R"(events.webhooks[0].events: must be a list of audit event types, for example ["signIn", "signInFailed"]; leave it out for every event)"});
    row("events empty", R"([{"url": "https://siem.example/hook", "secretFile": "hook.secret", "events": []}])",
        {R"(events.webhooks[0].events: must be a list of audit event types, for example ["signIn", "signInFailed"]; leave it out for every event)"});
    row("bad event names", R"([{"url": "https://siem.example/hook", "secretFile": "hook.secret", "events": ["signIn", 7, "sign in"]}])",
        {R"(events.webhooks[0].events[1]: must be an audit event type: 1 to 64 letters and digits, for example "signIn")",
         R"(events.webhooks[0].events[2]: must be an audit event type: 1 to 64 letters and digits, for example "signIn")"});
    row("unknown key", R"([{"url": "https://siem.example/hook", "secretFile": "hook.secret", "secret": "x"}])",
        {"events.webhooks[0].secret: unknown key"});
    row("the same URL twice", R"([{"url": "https://siem.example/hook", "secretFile": "hook.secret"},
                                  {"url": "https://siem.example/hook", "secretFile": "hook.secret"}])",
        {"events.webhooks[1].url: the same URL as events.webhooks[0]"});
    QTest::newRow("without a database")
        << QByteArray(R"({"providers": [], "events": {"webhooks": [{"url": "https://siem.example/hook", "secretFile": "hook.secret"}]}})")
        << QStringList{"events.webhooks: webhooks need a database (adapter.url or DATABASE_URL): the audit log there is their outbox"};
}

void TestWebhookConfig::errors()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const ServerConfigResult result = load(json);
    expected.replaceInStrings(QStringLiteral("%DIR%"), m_dir.path());
    QCOMPARE(render(result.errors()), expected);
    QVERIFY(!result.isValid());
}

void TestWebhookConfig::plainHttpToAnotherMachineIsAWarning()
{
    const ServerConfigResult result = load(R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"},
        "events": {"webhooks": [{"url": "http://siem.example/hook", "secretFile": "hook.secret"}]}})");
    QCOMPARE(render(result.errors()), QStringList());
    QCOMPARE(render(result.warnings()),
             QStringList{"events.webhooks[0].url: plain http to another machine: the events travel unencrypted (signed, but readable)"});
    QCOMPARE(result.server.webhooks.size(), 1);
}

QTEST_MAIN(TestWebhookConfig)
#include "tst_webhookconfig.moc"
