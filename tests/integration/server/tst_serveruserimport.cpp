// `gatehouse-server user import` and `user export` as an operator runs them, on a real SQLite
// file and a throwaway PostgreSQL: each format with a hash made by its ecosystem's own tool
// (htpasswd, the argon2 command, Python's hashlib, passlib and Django), a refused line that
// imports nothing, --on-conflict skip, a re-run that changes nothing, then the imported person
// signing in through the HTTP form with their old password, which becomes Argon2id.
#include "serverharness.h"

#include "importfiles.h"
#include "support/postgresserver.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/sqladapter.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Gatehouse;
using namespace Gatehouse::Testing;
using namespace Gatehouse::Testing::ImportFiles;

namespace {

QByteArray builtinConfig(const QString &url)
{
    QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "builtin"}};
    QJsonObject config{{"basePath", "/auth"},
                       {"trustHost", true},
                       {"adapter", QJsonObject{{"url", url}}},
                       {"session", QJsonObject{{"strategy", "database"}}},
                       {"providers", QJsonArray{provider}}};
    return QJsonDocument(config).toJson();
}

} // namespace

class TestServerUserImport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PostgresServer> m_pg;
    QString m_pgUnavailable;
    int m_databases = 0;

    //! A fresh, migrated database on \a backend; its URL and configuration file, empty on failure.
    QString prepareDatabase(const QString &backend, QString *config)
    {
        const QString name = QStringLiteral("userimport%1").arg(++m_databases);
        QString url;
        if (backend == QLatin1String("postgresql")) {
            QString error;
            if (!m_pg->createDatabase(name, &error)) {
                qWarning("%s", qPrintable(error));
                return {};
            }
            url = m_pg->url(name);
        } else {
            url = QStringLiteral("sqlite://") + m_dir.filePath(name + QStringLiteral(".db"));
        }
        *config = m_dir.filePath(name + QStringLiteral(".json"));
        if (!replaceFile(*config, builtinConfig(url)))
            return {};
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), *config});
        if (migrated.exitCode != 0) {
            qWarning("%s", qPrintable(migrated.err));
            return {};
        }
        return url;
    }

    CommandResult user(const QStringList &arguments, const QString &config, const QByteArray &input = {})
    {
        return runServerCommand(QStringList{QStringLiteral("user")} + arguments + QStringList{QStringLiteral("--config"), config}, input);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_pgUnavailable = PostgresServer::unavailableReason();
        if (!m_pgUnavailable.isEmpty())
            return;
        m_pg = std::make_unique<PostgresServer>();
        QString error;
        QVERIFY2(m_pg->start(&error), qPrintable(error));
    }

    void importsAndSignsIn_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("format");
        for (const char *backend : {"sqlite", "postgresql"}) {
            for (const char *format : {"authelia", "htpasswd", "keycloak", "csv", "jsonl"})
                QTest::addRow("%s %s", backend, format) << QString::fromLatin1(backend) << QString::fromLatin1(format);
        }
    }

    void importsAndSignsIn()
    {
        QFETCH(QString, backend);
        QFETCH(QString, format);
        if (backend == QLatin1String("postgresql") && !m_pgUnavailable.isEmpty())
            QSKIP(qPrintable(m_pgUnavailable));
        const QString email = QStringLiteral("imported@example.test");
        QString refusedLine;
        QString scheme;
        const QByteArray contents = importFile(format, email, &refusedLine, &scheme);
        if (contents.isEmpty())
            QSKIP("the tool that writes this format's hash is not installed (packaging/install-deps.sh)");
        QString config;
        const QString url = prepareDatabase(backend, &config);
        QVERIFY(!url.isEmpty());
        const QString file = m_dir.filePath(QStringLiteral("users-%1-%2").arg(backend, format));
        QVERIFY(replaceFile(file, contents));
        const QStringList import = {QStringLiteral("import"), file, QStringLiteral("--format"), format,
                                    QStringLiteral("--email-domain"), QStringLiteral("example.test")};

        // A refused line: all or nothing imports nothing, and says which line and why.
        CommandResult r = user(import, config);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith(refusedLine + QLatin1Char('\n')), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("would have created 1, updated 0, unchanged 0, skipped 0, refused 1 of 2 users")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("nothing was imported: 1 line was refused")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QLatin1String("$2b$31$")) && !r.err.contains(QLatin1String("$2b$31$")), qPrintable(r.out));
        r = user({QStringLiteral("list")}, config);
        QVERIFY2(r.out.endsWith(QLatin1String("\n0 users\n")), qPrintable(r.out));

        // A dry run with skip: what would happen, nothing done.
        r = user(import + QStringList{QStringLiteral("--on-conflict"), QStringLiteral("skip"), QStringLiteral("--dry-run")}, config);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("dry run: nothing was changed")), qPrintable(r.out));
        r = user({QStringLiteral("list")}, config);
        QVERIFY2(r.out.endsWith(QLatin1String("\n0 users\n")), qPrintable(r.out));

        // Skip imports the rest, in one transaction.
        r = user(import + QStringList{QStringLiteral("--on-conflict"), QStringLiteral("skip")}, config);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("created 1, updated 0, unchanged 0, skipped 0, refused 1 of 2 users")), qPrintable(r.out));
        // Again: nothing changes.
        r = user(import + QStringList{QStringLiteral("--on-conflict"), QStringLiteral("update")}, config);
        QCOMPARE(r.exitCode, 1);   // the refused line still refuses, so update imports nothing
        r = user(import + QStringList{QStringLiteral("--on-conflict"), QStringLiteral("skip")}, config);
        QVERIFY2(r.out.contains(QLatin1String("created 0, updated 0, unchanged 0, skipped 1, refused 1")), qPrintable(r.out));
        r = user({QStringLiteral("groups"), QStringLiteral("list"), email}, config);
        QCOMPARE(r.out, format == QLatin1String("htpasswd") ? QString() : QStringLiteral("staff\n"));

        const auto adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(url));
        QVERIFY(adapter);
        const QString userId = adapter->getUserByEmail(email).result()->id;
        AuditFilter imported;
        imported.type = QStringLiteral("userImport");
        const QList<AuditEvent> events = adapter->auditEvents(imported, 10).result();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().userId, userId);
        QCOMPARE(events.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("cli"));
        QCOMPARE(events.first().detail.value(QStringLiteral("scheme")).toString(), scheme);
        QCOMPARE(events.first().detail.value(QStringLiteral("format")).toString(), format);

        // The person signs in with the password they had; the hash becomes Argon2id.
        ServerUnderTest server;
        QVERIFY(server.start(config));
        Browser browser(server.baseUrl());
        QCOMPARE(browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), email}, {QStringLiteral("password"), Password}}),
                 server.baseUrl());
        QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), email);
        const QString stored = adapter->passwordHash(email).result()->hash;
        QVERIFY2(stored.startsWith(QLatin1String("$argon2id$v=19$m=19456,t=2,p=1$")), qPrintable(stored));
        AuditFilter rehash;
        rehash.type = QStringLiteral("passwordRehash");
        QList<AuditEvent> rehashed;
        QTRY_COMPARE((rehashed = adapter->auditEvents(rehash, 10).result()).size(), 1);
        QCOMPARE(rehashed.first().detail.value(QStringLiteral("from")).toString(), scheme);
    }

    // Export and import round-trip; the exported file is 0600 and holds hashes only when asked;
    // `user list` flags a weak imported hash until the person signs in.
    void exportRoundTripsAndListFlagsWeakHashes()
    {
        QString config;
        QVERIFY(!prepareDatabase(QStringLiteral("sqlite"), &config).isEmpty());
        const QString csv = m_dir.filePath(QStringLiteral("weak.csv"));
        // Published vectors: bcrypt cost 5 (weak) and cost 10.
        QVERIFY(replaceFile(csv, "email,name,email_verified,disabled,groups,password_hash\n"
                                 "weak@example.test,Weak One,true,false,\"a,b\",$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\n"
                                 "strong@example.test,,false,true,,$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\n"
                                 "nopass@example.test,No Password,false,false,,\n"));
        CommandResult r = user({QStringLiteral("import"), csv, QStringLiteral("--format"), QStringLiteral("csv")}, config);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith(QLatin1String("line 2 (password_hash): bcrypt cost 5 is below 10 (--allow-weak-hashes accepts it)\n")),
                 qPrintable(r.out));
        r = user({QStringLiteral("import"), csv, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--allow-weak-hashes"),
                  QStringLiteral("--group"), QStringLiteral("imported")},
                 config);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("created 3, updated 0, unchanged 0, skipped 0, refused 0 of 3 users")), qPrintable(r.out));

        r = user({QStringLiteral("list")}, config);
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\n\\d+ +active +weak +weak@example\\.test +Weak One\\n"))), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\n\\d+ +disabled +enabled +strong@example\\.test"))), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\n\\d+ +active +none +nopass@example\\.test"))), qPrintable(r.out));
        QVERIFY2(r.out.endsWith(QLatin1String("3 users\n1 user has a weak imported password hash (\"weak\"), replaced by Argon2id at their next sign-in\n")),
                 qPrintable(r.out));

        // Without hashes by default, to standard output.
        r = user({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("jsonl")}, config);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.out.contains(QLatin1String("$2")), qPrintable(r.out));
        QCOMPARE(r.out.count(QLatin1Char('\n')), 3);
        // With hashes, to a new file of mode 0600.
        const QString exported = m_dir.filePath(QStringLiteral("export.jsonl"));
        r = user({QStringLiteral("export"), exported, QStringLiteral("--format"), QStringLiteral("jsonl"),
                  QStringLiteral("--with-password-hashes")},
                 config);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("exported 3 users with their password hashes")), qPrintable(r.err));
        struct stat info;
        QCOMPARE(::stat(QFile::encodeName(exported).constData(), &info), 0);
        QCOMPARE(info.st_mode & 0777, 0600u);
        r = user({QStringLiteral("export"), exported, QStringLiteral("--format"), QStringLiteral("jsonl")}, config);
        QCOMPARE(r.exitCode, 1);   // never over an existing file

        // Into an empty database: the same users, the same export.
        QString second;
        QVERIFY(!prepareDatabase(QStringLiteral("sqlite"), &second).isEmpty());
        r = user({QStringLiteral("import"), exported, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("--allow-weak-hashes")},
                 second);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QString again = m_dir.filePath(QStringLiteral("again.jsonl"));
        r = user({QStringLiteral("export"), again, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("--with-password-hashes")},
                 second);
        QCOMPARE(r.exitCode, 0);
        QFile first(exported), last(again);
        QVERIFY(first.open(QIODevice::ReadOnly) && last.open(QIODevice::ReadOnly));
        const QByteArray firstLines = first.readAll();
        QCOMPARE(last.readAll(), firstLines);
        QVERIFY(firstLines.contains("\"groups\":[\"a\",\"b\",\"imported\"]"));
        // Re-importing the same file with update changes nothing.
        r = user({QStringLiteral("import"), exported, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("--allow-weak-hashes"),
                  QStringLiteral("--on-conflict"), QStringLiteral("update")},
                 second);
        QVERIFY2(r.out.contains(QLatin1String("created 0, updated 0, unchanged 3, skipped 0, refused 0")), qPrintable(r.out));
        // And fail (the default) refuses every address that is a user already.
        r = user({QStringLiteral("import"), exported, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("--allow-weak-hashes")},
                 second);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(QLatin1String("line 1: nopass@example.test is a user already (--on-conflict skip or update)")), qPrintable(r.out));
    }

    void malformedCommands()
    {
        QString config;
        QVERIFY(!prepareDatabase(QStringLiteral("sqlite"), &config).isEmpty());
        const QString file = m_dir.filePath(QStringLiteral("x.csv"));
        QVERIFY(replaceFile(file, "email\n"));
        CommandResult r = user({QStringLiteral("import"), file, QStringLiteral("--format"), QStringLiteral("ldif")}, config);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("--format authelia|htpasswd|keycloak|csv|jsonl")), qPrintable(r.err));
        r = user({QStringLiteral("import"), file, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--on-conflict"),
                  QStringLiteral("merge")},
                 config);
        QCOMPARE(r.exitCode, 2);
        r = user({QStringLiteral("import"), m_dir.filePath(QStringLiteral("missing")), QStringLiteral("--format"), QStringLiteral("csv")}, config);
        QCOMPARE(r.exitCode, 1);
        r = user({QStringLiteral("list"), QStringLiteral("--dry-run")}, config);
        QCOMPARE(r.exitCode, 2);
        // A group name the access rules could not use refuses the user.
        r = user({QStringLiteral("import"), file, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--group"), QStringLiteral("a,b")},
                 config);
        QCOMPARE(r.exitCode, 0);   // no users: nothing to refuse
        QVERIFY(replaceFile(file, "email\nx@example.test\n"));
        r = user({QStringLiteral("import"), file, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--group"), QStringLiteral("a,b")},
                 config);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith(QLatin1String("line 2 (groups): \"a,b\" is not a group name: it contains a comma\n")), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestServerUserImport)
#include "tst_serveruserimport.moc"
