// The secrets of a configuration file as the admin API shows them: masked on the way out, the
// stored ones put back where a mask returns, moved with their provider, never into a field that
// is shown; and the one save of the file (FILE.bak, then an atomic replace).
#include "config/configsecrets.h"

#include <gatehouse/configfile.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;

namespace {

QJsonObject stored()
{
    return QJsonObject{
        {"secret", QJsonArray{"newest-secret-0123456789abcdef", "older-secret-0123456789abcdef"}},
        {"adapter", QJsonObject{{"url", "postgres://gate:db-pass@db.example/gatehouse"}, {"passwordFile", "/etc/gatehouse/db"}}},
        {"providers", QJsonArray{QJsonObject{{"id", "github"}, {"clientId", "gh"}, {"clientSecret", "gh-secret"}},
                                 QJsonObject{{"id", "google"}, {"clientId", "go"}, {"clientSecret", "go-secret"}},
                                 QJsonObject{{"id", "email"}, {"type", "email"}, {"apiKey", "mail-key"},
                                             {"server", QJsonObject{{"host", "smtp"}, {"auth", QJsonObject{{"user", "u"}, {"pass", "smtp-pass"}}}}}},
                                 QJsonObject{{"id", "credentials"}, {"type", "credentials"},
                                             {"formFields", QJsonObject{{"password", QJsonObject{{"label", "Password"}}}}}}}},
        {"events", QJsonObject{{"webhooks", QJsonArray{QJsonObject{{"url", "https://siem.example/hook"}, {"signingSecret", "hook-secret"}}}}}},
        {"theme", QJsonObject{{"brandColor", "#123456"}}},
    };
}

const QStringList kSecrets = {"newest-secret-0123456789abcdef", "older-secret-0123456789abcdef", "db-pass", "gh-secret",
                              "go-secret", "mail-key", "smtp-pass", "hook-secret"};

} // namespace

class TestConfigSecrets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everySecretMasked()
    {
        const QJsonObject masked = ConfigSecrets::masked(stored());
        const QByteArray text = QJsonDocument(masked).toJson();
        for (const QString &secret : kSecrets)
            QVERIFY2(!text.contains(secret.toUtf8()), qPrintable(secret));
        QCOMPARE(masked.value("secret").toArray(), (QJsonArray{"(masked secret[0])", "(masked secret[1])"}));
        QCOMPARE(masked.value("adapter").toObject().value("url").toString(), QStringLiteral("postgres://gate:********@db.example/gatehouse"));
        // What is no secret shows: file names, labels, colours.
        QCOMPARE(masked.value("adapter").toObject().value("passwordFile").toString(), QStringLiteral("/etc/gatehouse/db"));
        QCOMPARE(masked.value("theme"), stored().value("theme"));
        QCOMPARE(masked.value("providers").toArray().at(3), stored().value("providers").toArray().at(3));
        const QStringList found = ConfigSecrets::secretsOf(stored());
        QCOMPARE(QSet<QString>(found.cbegin(), found.cend()), QSet<QString>(kSecrets.cbegin(), kSecrets.cend()));
    }

    void masksComeBackAsTheSecrets()
    {
        const QJsonObject masked = ConfigSecrets::masked(stored());
        QCOMPARE(ConfigSecrets::unmasked(masked, stored()), stored());

        // Reordered: each secret moves with its provider.
        QJsonObject reordered = masked;
        QJsonArray providers = masked.value("providers").toArray();
        const QJsonValue first = providers.at(0);
        providers[0] = providers.at(1);
        providers[1] = first;
        reordered.insert("providers", providers);
        const QJsonArray restored = ConfigSecrets::unmasked(reordered, stored()).value("providers").toArray();
        QCOMPARE(restored.at(0).toObject().value("clientSecret").toString(), QStringLiteral("go-secret"));
        QCOMPARE(restored.at(1).toObject().value("clientSecret").toString(), QStringLiteral("gh-secret"));

        // A new value replaces the secret; a mask in a field that is shown stays a mask.
        QJsonObject changed = masked;
        providers = masked.value("providers").toArray();
        QJsonObject github = providers.at(0).toObject();
        github.insert("clientSecret", "a-new-secret");
        github.insert("name", "(masked providers[1].clientSecret)");
        providers[0] = github;
        changed.insert("providers", providers);
        changed.insert("theme", QJsonObject{{"buttonText", "(masked secret[0])"}});
        const QJsonObject result = ConfigSecrets::unmasked(changed, stored());
        QCOMPARE(result.value("providers").toArray().at(0).toObject().value("clientSecret").toString(), QStringLiteral("a-new-secret"));
        QCOMPARE(result.value("providers").toArray().at(0).toObject().value("name").toString(),
                 QStringLiteral("(masked providers[1].clientSecret)"));
        QCOMPARE(result.value("theme").toObject().value("buttonText").toString(), QStringLiteral("(masked secret[0])"));

        // A URL given another host keeps no password it did not bring.
        QJsonObject moved = masked;
        moved.insert("adapter", QJsonObject{{"url", "postgres://gate:********@elsewhere.example/gatehouse"}});
        QCOMPARE(ConfigSecrets::unmasked(moved, stored()).value("adapter").toObject().value("url").toString(),
                 QStringLiteral("postgres://gate:********@elsewhere.example/gatehouse"));
    }

    void savedWithBackup()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("gatehouse.json");
        ConfigFileWrite written = writeConfigFile(path, QJsonObject{{"basePath", "/auth"}});
        QVERIFY(written.ok());
        QVERIFY(!QFile::exists(configBackupPath(path)));
        written = writeConfigFile(path, QJsonObject{{"basePath", "/login"}});
        QVERIFY(written.ok());
        QFile backup(configBackupPath(path));
        QVERIFY(backup.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(backup.readAll()).object().value("basePath").toString(), QStringLiteral("/auth"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), configFileContents(QJsonObject{{"basePath", "/login"}}));

        // No backup can be kept (a folder in its place): nothing is written.
        QVERIFY(QFile::remove(configBackupPath(path)));
        QVERIFY(QDir().mkdir(configBackupPath(path)));
        written = writeConfigFile(path, QJsonObject{{"basePath", "/other"}});
        QVERIFY(!written.ok());
        QCOMPARE(written.failure, ConfigFileWrite::Failure::Backup);
        QCOMPARE(written.path, configBackupPath(path));
        file.seek(0);
        QCOMPARE(file.readAll(), configFileContents(QJsonObject{{"basePath", "/login"}}));
    }
};

QTEST_GUILESS_MAIN(TestConfigSecrets)
#include "tst_configsecrets.moc"
