// `gatehouse-server oidc clients|keys|rotate-keys` against a running server on a SQLite file:
// what an operator sees, a rotation the server publishes, and the refusals (a rotation under
// way, secrets that do not open the stored keys, a wrong command line).
#include "serverharness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Gatehouse::Testing;

class TestServerOidcKeys : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_config;
    ServerUnderTest m_server;

    QString writeConfig(const QString &name, const QString &secret)
    {
        const QJsonObject config{
            {"url", QStringLiteral("http://127.0.0.1:%1/auth").arg(m_server.port())},
            {"secret", secret},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"providers", QJsonArray{QJsonObject{{"id", "builtin"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}}}},
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{
                QJsonObject{{"clientId", "grafana"}, {"clientSecret", "grafana-secret-0123456789abcdef"},
                            {"redirectUris", QJsonArray{"https://grafana.example.test/login/generic_oauth"}},
                            {"scopes", QJsonArray{"openid", "profile", "email", "groups"}},
                            {"access", QJsonObject{{"groups", QJsonArray{"admins"}}}}},
                QJsonObject{{"clientId", "desktop"}, {"public", true}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}},
                            {"consent", false}, {"idTokenSignedResponseAlg", "EdDSA"}},
            }}}},
        };
        const QString path = m_dir.filePath(name);
        return replaceFile(path, QJsonDocument(config).toJson()) ? path : QString();
    }

    CommandResult oidc(const QString &action, const QString &config)
    {
        return runServerCommand({QStringLiteral("oidc"), action, QStringLiteral("--config"), config});
    }

    static QStringList publishedKids(const QString &baseUrl)
    {
        Browser browser(baseUrl);
        const auto [status, body] = browser.get(QStringLiteral("/auth/oidc/jwks"));
        QStringList kids;
        for (const QJsonValue &key : QJsonDocument::fromJson(body).object().value("keys").toArray())
            kids.append(key.toObject().value("kid").toString());
        return status == 200 ? kids : QStringList{QStringLiteral("status %1").arg(status)};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_server.reservePort();
        m_config = writeConfig(QStringLiteral("gatehouse.json"), QStringLiteral("keys-secret-0123456789abcdef-0123456789"));
        QVERIFY(!m_config.isEmpty());
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), m_config});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
    }

    void clientsAreListed()
    {
        const CommandResult listed = oidc(QStringLiteral("clients"), m_config);
        QCOMPARE(listed.exitCode, 0);
        QVERIFY2(listed.out.startsWith(QStringLiteral("grafana\n")), qPrintable(listed.out));
        QVERIFY(listed.out.contains(QStringLiteral("redirect URIs: https://grafana.example.test/login/generic_oauth")));
        QVERIFY(listed.out.contains(QStringLiteral("access:        groups admins")));
        QVERIFY(listed.out.contains(QStringLiteral("\ndesktop\n  kind:          public (PKCE, no secret)")));
        QVERIFY(listed.out.contains(QStringLiteral("ID tokens:     EdDSA")));
        QVERIFY2(!listed.out.contains(QStringLiteral("grafana-secret")), "a client secret was printed");
    }

    void rotationIsPublishedBeforeItSigns()
    {
        QCOMPARE(oidc(QStringLiteral("keys"), m_config).out,
                 QStringLiteral("no signing keys yet: the first server to sign a token makes them\n"));
        ServerUnderTest &server = m_server;
        QVERIFY2(server.start(m_config, m_dir.path()), qPrintable(server.log()));
        const QStringList first = publishedKids(server.baseUrl());
        QCOMPARE(first.size(), 3);

        CommandResult keys = oidc(QStringLiteral("keys"), m_config);
        QCOMPARE(keys.exitCode, 0);
        QCOMPARE(keys.out.count(QStringLiteral(" signing ")), 3);
        for (const QString &kid : first)
            QVERIFY2(keys.out.contains(kid), qPrintable(keys.out));

        const CommandResult rotated = oidc(QStringLiteral("rotate-keys"), m_config);
        QVERIFY2(rotated.exitCode == 0, qPrintable(rotated.err));
        QCOMPARE(rotated.out.count(QStringLiteral("(generation 2) is published now and signs from ")), 3);
        QCOMPARE(rotated.out.count(QStringLiteral("(generation 1) signs until then and stays published until ")), 3);

        keys = oidc(QStringLiteral("keys"), m_config);
        QCOMPARE(keys.out.count(QStringLiteral(" signing ")), 3);
        QCOMPARE(keys.out.count(QStringLiteral(" next ")), 3);

        // A second rotation before the first took over is refused, and changes nothing.
        const CommandResult again = oidc(QStringLiteral("rotate-keys"), m_config);
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains(QStringLiteral("a rotation is under way")), qPrintable(again.err));
        QCOMPARE(oidc(QStringLiteral("keys"), m_config).out.count(u'\n'), 7);  // a header and six keys

        // The server publishes the next keys beside the signing ones (a reload reads them at
        // once; without one, within a minute).
        server.signal(SIGHUP);
        QVERIFY(server.waitForLog(QStringLiteral("configuration reloaded")));
        const QStringList after = publishedKids(server.baseUrl());
        QCOMPARE(after.size(), 6);
        for (const QString &kid : first)
            QVERIFY(after.contains(kid));
    }

    void otherSecretsAddNothing()
    {
        const QString other = writeConfig(QStringLiteral("other.json"), QStringLiteral("another-secret-0123456789abcdef-01234567"));
        const QString before = oidc(QStringLiteral("keys"), m_config).out;
        const CommandResult refused = oidc(QStringLiteral("rotate-keys"), other);
        QCOMPARE(refused.exitCode, 1);
        // Refused for the rotation under way or for the secrets; either way nothing was added.
        QVERIFY2(refused.err.contains(QStringLiteral("do not open")) || refused.err.contains(QStringLiteral("under way")),
                 qPrintable(refused.err));
        QCOMPARE(oidc(QStringLiteral("keys"), m_config).out, before);
    }

    // Keys unpublished for longer than a session lives go with the next rotation; the ones that
    // sign or are still published stay.
    void retiredKeysGoWithALaterRotation()
    {
        const QString before = oidc(QStringLiteral("keys"), m_config).out;
        QCOMPARE(before.count(u'\n'), 7);  // generations 1 and 2 of three algorithms
        {
            // Sixty days on: generation 2 took over long ago, generation 1 is unpublished for longer
            // than the 30-day sessions.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("age-keys"));
            db.setDatabaseName(m_dir.filePath(QStringLiteral("gatehouse.db")));
            QVERIFY(db.open());
            QSqlQuery age(db);
            QVERIFY(age.prepare(QStringLiteral("UPDATE gatehouse_oidc_keys SET \"createdAt\" = ?")));
            age.addBindValue(QDateTime::currentDateTimeUtc().addDays(-60).toString(Qt::ISODateWithMs));
            QVERIFY(age.exec());
            QCOMPARE(age.numRowsAffected(), 6);
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("age-keys"));
        const CommandResult listed = oidc(QStringLiteral("keys"), m_config);
        QCOMPARE(listed.out.count(QStringLiteral(" retired ")), 3);
        QCOMPARE(listed.out.count(QStringLiteral("; removed by a rotation from ")), 3);

        const CommandResult rotated = oidc(QStringLiteral("rotate-keys"), m_config);
        QVERIFY2(rotated.exitCode == 0, qPrintable(rotated.err));
        QCOMPARE(rotated.out.count(QStringLiteral("(generation 3) is published now and signs from ")), 3);
        QCOMPARE(rotated.out.count(QStringLiteral("removed the retired ")), 3);
        const QString after = oidc(QStringLiteral("keys"), m_config).out;
        QCOMPARE(after.count(u'\n'), 7);  // generations 2 (signing) and 3 (next)
        QVERIFY(!after.contains(QStringLiteral(" retired ")));
        QCOMPARE(after.count(QStringLiteral(" signing ")), 3);
        QCOMPARE(after.count(QStringLiteral(" next ")), 3);
        int gone = 0;
        for (const QString &line : listed.out.split(u'\n')) {
            if (!line.contains(QStringLiteral(" retired ")))
                continue;
            const QString kid = line.section(u' ', 3, 3, QString::SectionSkipEmpty);
            QVERIFY2(rotated.out.contains(QStringLiteral(" key %1 (generation 1), unpublished since ").arg(kid)), qPrintable(rotated.out));
            QVERIFY2(!after.contains(kid), qPrintable(after));
            ++gone;
        }
        QCOMPARE(gone, 3);
    }

    void wrongCommandLines_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no action") << QStringList{"oidc"} << 2 << "usage: oidc clients|keys|rotate-keys";
        QTest::newRow("unknown action") << QStringList{"oidc", "rotate"} << 2 << "usage: oidc clients|keys|rotate-keys";
        QTest::newRow("no configuration") << QStringList{"oidc", "keys"} << 2 << "needs --config FILE";
    }

    void wrongCommandLines()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const CommandResult result = runServerCommand(arguments);
        QCOMPARE(result.exitCode, exitCode);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
    }

    void aConfigurationWithoutTheProvider()
    {
        const QString path = m_dir.filePath(QStringLiteral("plain.json"));
        QVERIFY(replaceFile(path, QJsonDocument(QJsonObject{
            {"secret", "plain-secret-0123456789abcdef-0123456789"},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"providers", QJsonArray{QJsonObject{{"id", "builtin"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}}}}}).toJson()));
        const CommandResult result = oidc(QStringLiteral("clients"), path);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("has no \"oidcProvider\"")), qPrintable(result.err));
    }
};

QTEST_GUILESS_MAIN(TestServerOidcKeys)
#include "tst_serveroidckeys.moc"
