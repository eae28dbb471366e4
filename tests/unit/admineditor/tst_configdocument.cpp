// ConfigDocument: edits by key path, the server loader's problems at their fields (in the
// language of the installed translator), atomic save with a backup, unknown keys kept.
#include "configdocument.h"

#include <gatehouse/configloader.h>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using Gatehouse::Admin::ConfigDocument;

class TestConfigDocument : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &content)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) != content.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    static QJsonObject read(const QString &path)
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object();
    }
    static constexpr const char *Config = "{\n"
"  \"basePath\": \"/auth\",\n"
"  \"session\": {\"strategy\": \"jwt\", \"maxAge\": 86400},\n"
"  \"x-deployment\": {\"owner\": \"ops\", \"tags\": [\"a\", \"b\"]},\n"
"  \"providers\": [\n"
"    {\"id\": \"corp\", \"type\": \"oidc\", \"name\": \"Corp SSO\", \"clientId\": \"abc\", \"clientSecret\": \"s3cret\",\n"
"     \"issuer\": \"https://sso.example.test/realms/main\", \"x-note\": \"kept\"}\n"
"  ]\n"
"}";

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void readsValuesByKeyPath()
    {
        ConfigDocument document;
        QVERIFY2(document.open(write("read.json", Config)), qPrintable(document.errorString()));
        QCOMPARE(document.value("session.maxAge").toInt(), 86400);
        QCOMPARE(document.value("providers[0].clientSecret").toString(), QString("s3cret"));
        QVERIFY(!document.value("session.updateAge").isValid());
        QVERIFY(!document.contains("theme.brandColor"));
        QCOMPARE(document.providerCount(), 1);
        QCOMPARE(document.providerType(0), QString("oidc"));
        QCOMPARE(document.providerTitle(0), QString("Corp SSO"));
        QVERIFY(!document.isModified());
    }

    void showsEachProblemAtItsField()
    {
        ConfigDocument document;
        QVERIFY(document.open(write("problems.json", Config)));
        // "x-deployment" is unknown to the loader: a problem, but kept (see below).
        document.setValue("theme.brandColor", "not-a-colour");
        document.setValue("session.maxAge", "soon");
        document.setValue("providers[0].issuer", "ftp://example.test");
        QCOMPARE(document.problemAt("theme.brandColor"), QString("not a CSS colour"));
        QVERIFY2(!document.problemAt("session.maxAge").isEmpty(), qPrintable(document.problemsUnder("session")));
        QVERIFY2(!document.problemAt("providers[0].issuer").isEmpty(), qPrintable(document.problemsUnder("providers")));
        QVERIFY(document.problemAt("basePath").isEmpty());
        QVERIFY(document.errorCount() >= 3);
        QVERIFY(document.problemsUnder("providers[0]").contains("providers[0].issuer: "));

        document.setValue("theme.brandColor", "#ff0000");
        document.setValue("session.maxAge", 3600);
        QVERIFY(document.problemAt("theme.brandColor").isEmpty());
        QVERIFY(document.problemAt("session.maxAge").isEmpty());
    }

    void showsProblemsInTheInstalledLanguage()
    {
        ConfigDocument document;
        QVERIFY(document.open(write("german.json", Config)));
        document.setValue("session.maxAge", "12x");
        document.setValue("providers[0].checks", QVariantList{"pkce", "stat"});
        QCOMPARE(document.problemAt("session.maxAge"), QString("must be a positive integer"));

        // The library's catalogue, as gatehouse-admin installs it for German: the messages
        // follow at once, placeholders filled, and go back to English when it is removed.
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/gatehouse/i18n/gatehouse_config_de.qm")));
        QSignalSpy changed(&document, &ConfigDocument::problemsChanged);
        QVERIFY(QCoreApplication::installTranslator(&german));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(document.problemAt("session.maxAge"), QString("muss eine positive ganze Zahl sein"));
        QCOMPARE(document.problemAt("providers[0].checks[1]"),
                 QString::fromUtf8("muss einer dieser Werte sein: none, state, nonce, pkce (meinten Sie „state“?)"));
        QVERIFY(document.problemsUnder("session").startsWith("session.maxAge: muss eine"));
        // A new problem arrives translated too.
        document.setValue("theme.brandColor", "not-a-colour");
        QCOMPARE(document.problemAt("theme.brandColor"), QString("keine CSS-Farbe"));

        QVERIFY(QCoreApplication::removeTranslator(&german));
        QCOMPARE(document.problemAt("session.maxAge"), QString("must be a positive integer"));
        QCOMPARE(document.problemAt("theme.brandColor"), QString("not a CSS colour"));
        // What the server logs stays English whatever is installed.
        QVERIFY(QCoreApplication::installTranslator(&german));
        Gatehouse::ConfigLoadOptions options;
        options.requireSecret = false;
        const Gatehouse::ConfigResult loaded = Gatehouse::loadConfig(document.json(), {}, m_dir.path(), options);
        bool found = false;
        for (const Gatehouse::ConfigProblem &problem : loaded.problems) {
            if (problem.path == QLatin1String("session.maxAge")) {
                found = true;
                QCOMPARE(problem.toString(), QString("session.maxAge: must be a positive integer"));
                QCOMPARE(problem.translatedString(), QString("session.maxAge: muss eine positive ganze Zahl sein"));
                QCOMPARE(problem.sourceText, QString("must be a positive integer"));
            }
        }
        QVERIFY(found);
        QCoreApplication::removeTranslator(&german);
    }

    void savesAtomicallyWithBackupAndKeepsUnknownKeys()
    {
        ConfigDocument document;
        const QString path = write("save.json", Config);
        QVERIFY(document.open(path));
        QSignalSpy saved(&document, &ConfigDocument::saved);
        document.setValue("session.maxAge", 3600);
        document.setValue("theme.brandColor", "#123456");
        document.setValue("basePath", QString());   // empty: the key goes, the default applies
        QVERIFY(document.isModified());
        // The server's loader rejects keys it does not know; saving them needs the force.
        QCOMPARE(document.problemAt("x-deployment"), QString("unknown key"));
        QVERIFY(!document.save());
        QVERIFY2(document.save(true), qPrintable(document.errorString()));
        QCOMPARE(saved.size(), 1);
        QVERIFY(!document.isModified());

        const QJsonObject written = read(path);
        QCOMPARE(written.value("session").toObject().value("maxAge").toInt(), 3600);
        QCOMPARE(written.value("session").toObject().value("strategy").toString(), QString("jwt"));
        QCOMPARE(written.value("theme").toObject().value("brandColor").toString(), QString("#123456"));
        QVERIFY(!written.contains("basePath"));
        QCOMPARE(written.value("x-deployment"), QJsonDocument::fromJson(Config).object().value("x-deployment"));
        QCOMPARE(written.value("providers").toArray().at(0).toObject().value("x-note").toString(), QString("kept"));

        const QJsonObject backup = read(path + ".bak");
        QCOMPARE(backup, QJsonDocument::fromJson(Config).object());
        QVERIFY(!QFile::exists(path + ".tmp"));
    }

    void refusesToSaveErrorsUnlessForced()
    {
        ConfigDocument document;
        const QString path = write("errors.json", "{\"basePath\": \"/auth\"}");
        QVERIFY(document.open(path));
        document.setValue("session.strategy", "cookies");
        QVERIFY(!document.problemAt("session.strategy").isEmpty());
        QVERIFY(!document.save());
        QVERIFY(document.errorString().contains("error"));
        QCOMPARE(read(path).value("session").toObject(), QJsonObject());
        QVERIFY(document.save(true));
        QCOMPARE(read(path).value("session").toObject().value("strategy").toString(), QString("cookies"));
    }

    void reportsSyntaxErrorsWithPosition()
    {
        ConfigDocument document;
        QVERIFY(!document.open(write("broken.json", "{\n  \"basePath\": \"/auth\",\n  \"session\": {\n}")));
        QVERIFY2(document.errorString().contains("broken.json:"), qPrintable(document.errorString()));
        QVERIFY(!document.isLoaded());
        QVERIFY(!document.open(m_dir.filePath("missing.json")));
        QVERIFY(document.errorString().contains("missing.json"));
    }

    void addsAndRemovesProviders()
    {
        ConfigDocument document;
        QVERIFY(document.open(write("providers.json", "{}")));
        QVERIFY(document.builtinProviderIds().contains("github"));
        QCOMPARE(document.addBuiltinProvider("github"), 0);
        QCOMPARE(document.addBuiltinProvider("no-such-provider"), -1);
        QCOMPARE(document.value("providers[0]").toMap(), (QVariantMap{{"id", "github"}}));
        QCOMPARE(document.providerType(0), QString("oauth"));
        QVERIFY(document.isBuiltinProvider(0));
        QCOMPARE(document.providerTitle(0), QString("GitHub"));
        bool secretMasked = false;
        for (const QVariant &field : document.providerFields(0)) {
            const QVariantMap map = field.toMap();
            if (map.value("key") == "clientSecret")
                secretMasked = map.value("kind") == "secret";
        }
        QVERIFY(secretMasked);

        QCOMPARE(document.addCustomProvider("oidc"), 1);
        QCOMPARE(document.addCustomProvider("oidc"), 2);
        QCOMPARE(document.value("providers[1].id").toString(), QString("oidc"));
        QCOMPARE(document.value("providers[2].id").toString(), QString("oidc-2"));
        QCOMPARE(document.providerType(2), QString("oidc"));
        // A custom OIDC provider without issuer or endpoints: the loader says what is missing.
        QVERIFY2(!document.problemAt("providers[2].issuer").isEmpty() || !document.problemAt("providers[2].clientId").isEmpty(),
                 qPrintable(document.problemsUnder("providers[2]")));

        document.removeProvider(1);
        QCOMPARE(document.providerCount(), 2);
        QCOMPARE(document.value("providers[1].id").toString(), QString("oidc-2"));
    }
};

QTEST_GUILESS_MAIN(TestConfigDocument)
#include "tst_configdocument.moc"
