// ConfigReloader in-process: a valid file replaces the LiveEngine's Auth, an invalid one keeps
// it and is logged with key paths, restart-only settings are logged as such, and the file
// watch reacts to a save (debounced). Also the password rules of `gatehouse-server user` and
// the binding of "authorize": "builtin" to the stored passwords.
#include "builtinpasswords.h"
#include "configreloader.h"
#include "liveengine.h"
#include "passwordinput.h"

#include <gatehouse/memoryadapter.h>
#include <gatehouse/passwordcredentials.h>

#include <QFile>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;

namespace {

QByteArray configText(const QString &name, const QString &extra = {})
{
    return QStringLiteral(R"({"secret": "a-secret-that-is-long-enough-for-the-tests-0123",
  "providers": [{"id": "credentials", "type": "credentials", "name": "%1", "authorize": "builtin"}],
  "adapter": {"url": "sqlite::memory:"}%2})").arg(name, extra).toUtf8();
}

bool save(const QString &path, const QByteArray &contents)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(contents) == contents.size() && file.commit();
}

QString providerName(const LiveEngine &engine)
{
    return engine.current()->config().providers.value(0).name;
}

// Collects the messages logged while it lives.
class LogCapture
{
public:
    LogCapture() { s_messages.clear(); m_previous = qInstallMessageHandler(&LogCapture::handler); }
    ~LogCapture() { qInstallMessageHandler(m_previous); }
    QString text() const { return s_messages.join(u'\n'); }

private:
    static void handler(QtMsgType, const QMessageLogContext &, const QString &message) { s_messages.append(message); }
    static inline QStringList s_messages;
    QtMessageHandler m_previous = nullptr;
};

} // namespace

class TestConfigReloader : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<MemoryAdapter> m_adapter = std::make_shared<MemoryAdapter>();

    ServerConfiguration load(const QString &file)
    {
        return loadServerConfiguration(file, QProcessEnvironment(), ConfigLoadOptions());
    }
    // The engine of \a file as serve() makes it.
    LiveEngine engineFor(const ServerConfiguration &configuration)
    {
        Config config = configuration.loaded.config;
        config.adapter = m_adapter;
        bindBuiltinPasswords(config, m_adapter);
        return LiveEngine(Auth(config));
    }

private Q_SLOTS:
    void validReplacesInvalidKeeps()
    {
        const QString file = m_dir.filePath(QStringLiteral("valid.json"));
        QVERIFY(save(file, configText(QStringLiteral("Password"))));
        const ServerConfiguration initial = load(file);
        QVERIFY(initial.loaded.isValid());
        LiveEngine engine = engineFor(initial);
        ConfigReloader reloader(file, [this, file] { return load(file); }, engine, initial, m_adapter);
        const std::shared_ptr<const Auth> before = engine.current();

        QVERIFY(save(file, configText(QStringLiteral("Passwort"), QStringLiteral(R"(, "server": {"threads": 3})"))));
        {
            LogCapture log;
            QVERIFY(reloader.reload(QStringLiteral("test")));
            QVERIFY2(log.text().contains(QLatin1String("server.threads changed from \"0\" to \"3\"")), qPrintable(log.text()));
        }
        QCOMPARE(providerName(engine), QStringLiteral("Passwort"));
        // The builtin provider of the new engine checks the stored passwords.
        QVERIFY(engine.current()->config().providers.value(0).authorize);
        // A request that started before the reload keeps its engine alive.
        QCOMPARE(before->config().providers.value(0).name, QStringLiteral("Password"));

        QVERIFY(save(file, configText(QStringLiteral("Broken"), QStringLiteral(R"(, "basePath": "no-slash", "pages": {"signIn": 4})"))));
        LogCapture log;
        QSignalSpy rejected(&reloader, &ConfigReloader::rejected);
        QVERIFY(!reloader.reload(QStringLiteral("test")));
        QCOMPARE(rejected.size(), 1);
        QVERIFY2(log.text().contains(QLatin1String("configuration reload: error: basePath: must start with \"/\"")), qPrintable(log.text()));
        QVERIFY2(log.text().contains(QLatin1String("configuration reload: error: pages.signIn")), qPrintable(log.text()));
        QVERIFY(log.text().contains(QLatin1String("still serving the previous configuration")));
        QCOMPARE(providerName(engine), QStringLiteral("Passwort"));

        // Not JSON at all: the one problem names the file, line and column.
        QVERIFY(save(file, "{\"providers\": ["));
        QVERIFY(!reloader.reload(QStringLiteral("test")));
        QVERIFY2(log.text().contains(QLatin1String("JSON syntax error")), qPrintable(log.text()));
        QCOMPARE(providerName(engine), QStringLiteral("Passwort"));
    }

    void webhooksChangeTakesARestart()
    {
        QFile secret(m_dir.filePath(QStringLiteral("hook.secret")));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("3f9a1c0e7b5d2468ace13579bdf02468\n");
        secret.close();
        secret.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const auto withWebhook = [](const QString &events) {
            // (No raw string literal: moc would take the "//" of the URL for a comment.)
            return QStringLiteral(", \"events\": {\"webhooks\": [{\"url\": \"https://siem.example/hook\", "
                                  "\"secretFile\": \"hook.secret\", \"events\": [%1]}]}")
                .arg(events);
        };
        const QString file = m_dir.filePath(QStringLiteral("webhooks.json"));
        QVERIFY(save(file, configText(QStringLiteral("Password"), withWebhook(QStringLiteral("\"signIn\"")))));
        const ServerConfiguration initial = load(file);
        QVERIFY(initial.loaded.isValid());
        QCOMPARE(initial.loaded.server.webhooks.size(), 1);
        LiveEngine engine = engineFor(initial);
        ConfigReloader reloader(file, [this, file] { return load(file); }, engine, initial, m_adapter);
        const QString restart = QStringLiteral("events.webhooks changed: this takes a restart");
        {
            // Another key changed: the webhooks are the same, nothing said of them.
            QVERIFY(save(file, configText(QStringLiteral("Passwort"), withWebhook(QStringLiteral("\"signIn\"")))));
            LogCapture log;
            QVERIFY(reloader.reload(QStringLiteral("test")));
            QVERIFY2(!log.text().contains(restart), qPrintable(log.text()));
        }
        QVERIFY(save(file, configText(QStringLiteral("Passwort"), withWebhook(QStringLiteral("\"signIn\", \"signOut\"")))));
        LogCapture log;
        QVERIFY(reloader.reload(QStringLiteral("test")));
        QVERIFY2(log.text().contains(restart), qPrintable(log.text()));
        QVERIFY2(!log.text().contains(QLatin1String("3f9a1c0e")), qPrintable(log.text()));  // never the secret
    }

    void watchesTheFile()
    {
        const QString file = m_dir.filePath(QStringLiteral("watched.json"));
        QVERIFY(save(file, configText(QStringLiteral("One"))));
        const ServerConfiguration initial = load(file);
        LiveEngine engine = engineFor(initial);
        ConfigReloader reloader(file, [this, file] { return load(file); }, engine, initial, m_adapter);
        reloader.setDebounceInterval(50);
        QSignalSpy reloaded(&reloader, &ConfigReloader::reloaded);

        // Saving the same contents again is not a change.
        QVERIFY(save(file, configText(QStringLiteral("One"))));
        QTest::qWait(500);
        QCOMPARE(reloaded.size(), 0);
        // Another file appearing in the folder is not either.
        QVERIFY(save(m_dir.filePath(QStringLiteral("unrelated.db")), "x"));
        QTest::qWait(500);
        QCOMPARE(reloaded.size(), 0);

        QVERIFY(save(file, configText(QStringLiteral("Two"))));
        QVERIFY(reloaded.wait(5000));
        QCOMPARE(providerName(engine), QStringLiteral("Two"));
        // Still watched after the rename replaced the file.
        QVERIFY(save(file, configText(QStringLiteral("Three"))));
        QVERIFY(reloaded.wait(5000));
        QCOMPARE(providerName(engine), QStringLiteral("Three"));
    }

    void builtinSignsInWithStoredPasswords()
    {
        Config config;
        Provider provider;
        provider.id = QStringLiteral("credentials");
        provider.name = QStringLiteral("Password");
        provider.type = QStringLiteral("credentials");
        provider.options = {{QStringLiteral("authorize"), QStringLiteral("builtin")}};
        config.providers = {provider};
        QVERIFY_THROWS_EXCEPTION(AuthError, bindBuiltinPasswords(config, nullptr));

        AdapterUser user;
        user.email = QStringLiteral("carol@example.test");
        const AdapterUser created = m_adapter->createUser(user).result();
        setUserPassword(m_adapter, created.id, QStringLiteral("carol-password")).waitForFinished();
        bindBuiltinPasswords(config, m_adapter);
        const Provider &bound = config.providers.at(0);
        QVERIFY(bound.options.value(QStringLiteral("credentials")).isArray());   // the built-in email + password fields
        const auto attempt = [&](const QString &password) {
            return bound.authorize({{QStringLiteral("email"), QStringLiteral("Carol@example.test")},
                                    {QStringLiteral("password"), password}},
                                   AuthRequest()).result();
        };
        QCOMPARE(attempt(QStringLiteral("carol-password")).value_or(QJsonObject()).value(QStringLiteral("id")).toString(), created.id);
        QVERIFY(!attempt(QStringLiteral("wrong-password")));
        m_adapter->setPasswordDisabled(created.id, true).waitForFinished();
        QVERIFY(!attempt(QStringLiteral("carol-password")));
    }

    void passwordRules()
    {
        QCOMPARE(passwordProblem(QString(), QStringLiteral("a@b.c")), QStringLiteral("the password is empty"));
        QVERIFY(passwordProblem(QStringLiteral("1234567"), QStringLiteral("a@b.c")).contains(QLatin1String("too short")));
        QVERIFY(passwordProblem(QString(1025, u'x'), QStringLiteral("a@b.c")).contains(QLatin1String("too long")));
        QVERIFY(passwordProblem(QStringLiteral("Long@Example.test"), QStringLiteral("long@example.test"))
                    .contains(QLatin1String("email address")));
        QCOMPARE(passwordProblem(QStringLiteral("12345678"), QStringLiteral("a@b.c")), QString());
    }
};

QTEST_GUILESS_MAIN(TestConfigReloader)
#include "tst_configreloader.moc"
