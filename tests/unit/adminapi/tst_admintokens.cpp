// The admin API's tokens: what `admin-token create` accepts (scopes, lifetimes, names), what a
// token looks like and which spellings are tokens at all, and that issuing and revoking are
// stored hashed and audited with who did it.
#include <gatehouse/adaptererror.h>
#include <gatehouse/admintokens.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/memoryadapter.h>

#include <QCryptographicHash>
#include <QSet>
#include <QTest>

using namespace Gatehouse;

class TestAdminTokens : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scopes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("scopes");   // empty: refused
        QTest::addColumn<QString>("problem");
        QTest::newRow("one") << "users:read" << QStringList{"users:read"} << QString();
        QTest::newRow("all, listed order") << "audit:read,users:write,users:read"
                                            << QStringList{"users:read", "users:write", "audit:read"} << QString();
        QTest::newRow("spaces around") << " users:read , audit:read " << QStringList{"users:read", "audit:read"} << QString();
        QTest::newRow("the configuration's, listed order") << "config:write,config:read,users:read"
                                                         << QStringList{"users:read", "config:read", "config:write"} << QString();
        QTest::newRow("unknown") << "users:read,config:admin" << QStringList() << "unknown scope 'config:admin'";
        QTest::newRow("twice") << "users:read,users:read" << QStringList() << "named twice";
        QTest::newRow("empty") << "" << QStringList() << "a scope is empty";
        QTest::newRow("trailing comma") << "users:read," << QStringList() << "a scope is empty";
        QTest::newRow("case differs") << "Users:Read" << QStringList() << "unknown scope";
    }

    void scopes()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, scopes);
        QFETCH(QString, problem);
        QString why;
        const std::optional<QStringList> parsed = AdminTokens::parseScopes(text, &why);
        QCOMPARE(parsed.value_or(QStringList()), scopes);
        if (!problem.isEmpty())
            QVERIFY2(why.contains(problem), qPrintable(why));
    }

    void lifetimes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("seconds");   // 0: refused
        QTest::newRow("90 days") << "90d" << qint64(90 * 86400);
        QTest::newRow("12 hours") << "12h" << qint64(12 * 3600);
        QTest::newRow("30 minutes") << "30m" << qint64(1800);
        QTest::newRow("longest") << "3650d" << qint64(3650LL * 86400);
        QTest::newRow("too long") << "3651d" << qint64(0);
        QTest::newRow("zero") << "0d" << qint64(0);
        QTest::newRow("no unit") << "90" << qint64(0);
        QTest::newRow("seconds") << "90s" << qint64(0);
        QTest::newRow("negative") << "-1d" << qint64(0);
        QTest::newRow("fraction") << "1.5d" << qint64(0);
    }

    void lifetimes()
    {
        QFETCH(QString, text);
        QFETCH(qint64, seconds);
        QString why;
        QCOMPARE(AdminTokens::parseLifetime(text, &why).value_or(0), seconds);
        QCOMPARE(why.isEmpty(), seconds != 0);
    }

    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("plain") << "backup-script" << true;
        QTest::newRow("dots and underscores") << "ci.deploy_2" << true;
        QTest::newRow("64 characters") << QString(64, u'a') << true;
        QTest::newRow("65 characters") << QString(65, u'a') << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("space") << "my token" << false;
        QTest::newRow("colon") << "token:x" << false;
        QTest::newRow("non-ASCII") << QStringLiteral("t\u00f6ken") << false;
    }

    void names()
    {
        QFETCH(QString, name);
        QFETCH(bool, accepted);
        QCOMPARE(AdminTokens::nameProblem(name).isEmpty(), accepted);
    }

    void issuedTokensAreStoredHashedAndAudited()
    {
        const auto adapter = std::make_shared<MemoryAdapter>();
        QSet<QString> tokens;
        for (int i = 0; i < 20; ++i) {
            const AdminTokens::Issued issued = AdminTokens::issue(adapter, QStringLiteral("t%1").arg(i),
                                                                  {QStringLiteral("users:read")}, 3600,
                                                                  QStringLiteral("cli:root")).result();
            QVERIFY(issued.token.startsWith(QLatin1String("gha_")));
            QCOMPARE(issued.token.size(), 4 + 43);
            tokens.insert(issued.token);
            const QString sha256 = QString::fromLatin1(
                QCryptographicHash::hash(issued.token.toLatin1(), QCryptographicHash::Sha256).toHex());
            QCOMPARE(AdminTokens::hashOf(issued.token), std::optional<QString>(sha256));
            const std::optional<AdminTokenRecord> stored = adapter->adminTokenByHash(sha256).result();
            QVERIFY(stored);
            QCOMPARE(stored->createdBy, QStringLiteral("cli:root"));
            QCOMPARE(stored->createdAt.secsTo(stored->expiresAt), qint64(3600));
        }
        QCOMPARE(tokens.size(), 20);
        for (const AdminTokenRecord &record : adapter->adminTokens().result())
            QVERIFY(!tokens.contains(record.tokenHash));

        AuditFilter created;
        created.type = QStringLiteral("adminTokenCreate");
        const QList<AuditEvent> events = adapter->auditEvents(created, 100).result();
        QCOMPARE(events.size(), 20);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("cli:root"));
        QCOMPARE(events.first().detail.value("name").toString(), QStringLiteral("t19"));
    }

    void takenNameIsRefused()
    {
        const auto adapter = std::make_shared<MemoryAdapter>();
        AdminTokens::issue(adapter, QStringLiteral("ci"), {QStringLiteral("users:read")}, 60, QStringLiteral("cli:a")).waitForFinished();
        QVERIFY_THROWS_EXCEPTION(AdapterError, AdminTokens::issue(adapter, QStringLiteral("ci"), {QStringLiteral("users:read")},
                                                                  60, QStringLiteral("cli:a")).waitForFinished());
        QCOMPARE(adapter->adminTokens().result().size(), 1);
    }

    void revokedOnceAndAudited()
    {
        const auto adapter = std::make_shared<MemoryAdapter>();
        AdminTokens::issue(adapter, QStringLiteral("ci"), {QStringLiteral("users:read")}, 60, QStringLiteral("cli:a")).waitForFinished();
        QVERIFY(AdminTokens::revoke(adapter, QStringLiteral("ci"), QStringLiteral("cli:b")).result());
        QVERIFY(!AdminTokens::revoke(adapter, QStringLiteral("ci"), QStringLiteral("cli:b")).result());
        QVERIFY(!AdminTokens::revoke(adapter, QStringLiteral("unknown"), QStringLiteral("cli:b")).result());
        QVERIFY(adapter->adminTokens().result().first().revokedAt);
        AuditFilter revoked;
        revoked.type = QStringLiteral("adminTokenRevoke");
        const QList<AuditEvent> events = adapter->auditEvents(revoked, 10).result();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("cli:b"));
        QCOMPARE(events.first().detail.value("name").toString(), QStringLiteral("ci"));
    }

    void malformedTokensAreNoTokens_data()
    {
        QTest::addColumn<QString>("token");
        const QString good = QStringLiteral("gha_") + QString(43, u'A');
        QTest::newRow("well formed") << good;
        QTest::newRow("no prefix") << good.mid(4);
        QTest::newRow("other prefix") << QStringLiteral("ghb_") + good.mid(4);
        QTest::newRow("one short") << good.chopped(1);
        QTest::newRow("one long") << good + u'A';
        QTest::newRow("padding") << good.chopped(1) + u'=';
        QTest::newRow("not base64url") << good.chopped(1) + u'+';
        QTest::newRow("not canonical") << good.chopped(1) + u'B';  // its low bits must be zero
        QTest::newRow("empty") << QString();
    }

    void malformedTokensAreNoTokens()
    {
        QFETCH(QString, token);
        const bool wellFormed = QByteArray(QTest::currentDataTag()) == "well formed";
        QCOMPARE(AdminTokens::hashOf(token).has_value(), wellFormed);
    }
};

QTEST_GUILESS_MAIN(TestAdminTokens)
#include "tst_admintokens.moc"
