// A user whose stored password hash was written by another system (here a real `htpasswd -B`
// bcrypt hash, on a real SQLite file) signs in through the server's HTTP form as they are; the
// first successful sign-in stores Gatehouse's Argon2id instead and audits passwordRehash.
#include "serverharness.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/sqladapter.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

QByteArray builtinConfig(const QString &databaseFile)
{
    QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "builtin"}};
    QJsonObject config{{"basePath", "/auth"},
                       {"trustHost", true},
                       {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + databaseFile}}},
                       {"session", QJsonObject{{"strategy", "database"}}},
                       {"providers", QJsonArray{provider}}};
    return QJsonDocument(config).toJson();
}

//! `htpasswd -nbB -C 10 \a user \a password`'s hash; empty when htpasswd is missing or fails.
QByteArray htpasswdBcrypt(const QString &user, const QString &password)
{
    const QString htpasswd = QStandardPaths::findExecutable(QStringLiteral("htpasswd"));
    if (htpasswd.isEmpty())
        return {};
    QProcess process;
    process.start(htpasswd, {QStringLiteral("-nbB"), QStringLiteral("-C"), QStringLiteral("10"), user, password});
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return {};
    const QByteArray line = process.readAllStandardOutput().trimmed();
    return line.mid(line.indexOf(':') + 1);
}

} // namespace

class TestServerLegacyHashes : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_config;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_config = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(m_config, builtinConfig(m_dir.filePath(QStringLiteral("gatehouse.db")))));
    }

    void bcryptFromHtpasswdSignsInAndIsRehashed()
    {
        const QString email = QStringLiteral("carol@example.test");
        const QString password = QStringLiteral("carol's htpasswd p\u00e4ssword");
        const QByteArray bcrypt = htpasswdBcrypt(QStringLiteral("carol"), password);
        if (bcrypt.isEmpty())
            QSKIP("htpasswd (apache2-utils) is not installed: packaging/install-deps.sh installs it");
        QVERIFY2(bcrypt.startsWith("$2y$10$"), bcrypt.constData());

        CommandResult r = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), m_config});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // The user exists with some password; the store is then given the foreign hash.
        r = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), email, QStringLiteral("--password-stdin"),
                                            QStringLiteral("--config"), m_config},
                                           "placeholder-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))));
        QVERIFY(adapter);
        const QString userId = adapter->getUserByEmail(email).result()->id;
        adapter->setPassword(userId, QString::fromLatin1(bcrypt)).waitForFinished();

        ServerUnderTest server;
        QVERIFY(server.start(m_config));
        const auto signIn = [&](Browser &browser, const QString &with) {
            return browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), email}, {QStringLiteral("password"), with}});
        };

        // A wrong password changes nothing.
        Browser first(server.baseUrl());
        QCOMPARE(signIn(first, password + QLatin1Char('x')),
                 server.baseUrl() + QStringLiteral("/auth/signin?error=CredentialsSignin&code=credentials"));
        QCOMPARE(adapter->passwordHash(email).result()->hash, QString::fromLatin1(bcrypt));

        // The right one signs in with the bcrypt hash, which is then Argon2id.
        QCOMPARE(signIn(first, password), server.baseUrl());
        QCOMPARE(first.sessionUser().value(QStringLiteral("email")).toString(), email);
        const QString stored = adapter->passwordHash(email).result()->hash;
        QVERIFY2(stored.startsWith(QLatin1String("$argon2id$v=19$m=19456,t=2,p=1$")), qPrintable(stored));

        AuditFilter filter;
        filter.type = QStringLiteral("passwordRehash");
        filter.userId = userId;
        QList<AuditEvent> rehashed;
        QTRY_COMPARE((rehashed = adapter->auditEvents(filter, 10).result()).size(), 1);
        QCOMPARE(rehashed.first().provider, QStringLiteral("credentials"));
        QCOMPARE(rehashed.first().detail.value(QStringLiteral("from")).toString(), QStringLiteral("bcrypt"));
        // The scheme's name only: no hash, old or new, in the audit.
        const QByteArray detail = QJsonDocument(rehashed.first().detail).toJson();
        QVERIFY2(!detail.contains("$2y$") && !detail.contains("$argon2id$"), detail.constData());

        // The same password signs in again, now against Argon2id; no second rehash.
        Browser second(server.baseUrl());
        QCOMPARE(signIn(second, password), server.baseUrl());
        QCOMPARE(second.sessionUser().value(QStringLiteral("email")).toString(), email);
        QCOMPARE(adapter->passwordHash(email).result()->hash, stored);
        QCOMPARE(adapter->auditEvents(filter, 10).result().size(), 1);
        // And the old hash's password is not some other password: a wrong one still fails.
        Browser third(server.baseUrl());
        QVERIFY(signIn(third, QStringLiteral("placeholder-password")).contains(QLatin1String("error=CredentialsSignin")));
    }
};

QTEST_GUILESS_MAIN(TestServerLegacyHashes)
#include "tst_serverlegacyhashes.moc"
