// The admin app's access rules view: the rules of the document as the server reads them, and
// decisions on tried requests naming the rule that gave them, following unsaved edits.
#include "accesstester.h"
#include "configdocument.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse::Admin;

class TestAccessTester : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // Plain literals: moc reads "/*" inside a raw string as the start of a comment.
        file.write("{\"providers\": [], \"trustedProxies\": [\"127.0.0.1\"], \"access\": {\"default\": \"signed-in\", \"rules\": ["
                   "{\"hosts\": [\"app.example.test\"], \"paths\": [\"/public/*\"], \"methods\": [\"GET\", \"HEAD\"], \"policy\": \"bypass\"},"
                   "{\"hosts\": [\"admin.example.test\"], \"policy\": {\"users\": [\"Root@Example.test\"], \"groups\": [\"admins\"]}},"
                   "{\"hosts\": [\"*.example.test\"], \"paths\": [\"/api\"], \"policy\": \"deny\"}]}}");
        file.close();
        QVERIFY(m_document.open(path));
        m_tester.setDocument(&m_document);
    }

    void listsTheRulesInOrder()
    {
        const QVariantList rules = m_tester.rules();
        QCOMPARE(rules.size(), 3);
        const QVariantMap first = rules.at(0).toMap();
        QCOMPARE(first.value(QStringLiteral("hosts")).toString(), QStringLiteral("app.example.test"));
        QCOMPARE(first.value(QStringLiteral("paths")).toString(), QStringLiteral("/public/*"));
        QCOMPARE(first.value(QStringLiteral("methods")).toString(), QStringLiteral("GET, HEAD"));
        QCOMPARE(first.value(QStringLiteral("policy")).toString(), QStringLiteral("anyone, without signing in"));
        const QVariantMap second = rules.at(1).toMap();
        QCOMPARE(second.value(QStringLiteral("methods")).toString(), QStringLiteral("any"));
        QCOMPARE(second.value(QStringLiteral("policy")).toString(), QStringLiteral("users: Root@Example.test; groups: admins"));
        QCOMPARE(rules.at(2).toMap().value(QStringLiteral("policy")).toString(), QStringLiteral("nobody"));
        QCOMPARE(m_tester.defaultPolicy(), QStringLiteral("anyone signed in"));
    }

    void decides_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("groups");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<int>("rule");
        QTest::newRow("bypassed, not signed in") << "GET" << "https://app.example.test/public/a.css" << "" << "" << "allowed" << 0;
        QTest::newRow("bypass is GET and HEAD only") << "POST" << "https://app.example.test/public/a.css" << "" << "" << "signInRequired" << -1;
        QTest::newRow("dot segments resolved") << "GET" << "https://app.example.test/public/%2e%2e/admin" << "" << "" << "signInRequired" << -1;
        QTest::newRow("ambiguous path, refused") << "GET" << "https://app.example.test/public/..;/admin" << "ann@example.test" << "" << "denied" << -2;
        QTest::newRow("admin, not signed in") << "GET" << "https://admin.example.test/" << "" << "" << "signInRequired" << 1;
        QTest::newRow("admin, another user") << "GET" << "https://admin.example.test/" << "ann@example.test" << "staff" << "denied" << 1;
        QTest::newRow("admin, by group") << "GET" << "https://admin.example.test/" << "ann@example.test" << " staff , admins" << "allowed" << 1;
        QTest::newRow("admin, by name in any case") << "DELETE" << "https://ADMIN.example.test:8443/x?y=1" << "root@example.test" << "" << "allowed" << 1;
        QTest::newRow("api denied to all") << "get" << "https://files.example.test/api/v1" << "root@example.test" << "admins" << "denied" << 2;
        QTest::newRow("the default") << "GET" << "https://other.test/" << "ann@example.test" << "" << "allowed" << -1;
    }
    void decides()
    {
        QFETCH(QString, method);
        QFETCH(QString, url);
        QFETCH(QString, user);
        QFETCH(QString, groups);
        QFETCH(QString, outcome);
        QFETCH(int, rule);
        const QVariantMap decision = m_tester.decide(url, method, user, groups);
        QVERIFY(decision.value(QStringLiteral("valid")).toBool());
        QCOMPARE(decision.value(QStringLiteral("outcome")).toString(), outcome);
        QCOMPARE(decision.value(QStringLiteral("rule")).toInt(), rule);
        const QString by = rule == -2 ? QStringLiteral("the path is ambiguous")
            : rule < 0                ? QStringLiteral("decided by the default")
                                      : QStringLiteral("decided by rule %1").arg(rule + 1);
        QVERIFY2(decision.value(QStringLiteral("text")).toString().contains(by), qPrintable(decision.value(QStringLiteral("text")).toString()));
    }

    void refusesWhatIsNoUrl()
    {
        for (const QString &url : {QStringLiteral("admin.example.test/x"), QStringLiteral("/x"), QStringLiteral("ftp://a.test/"),
                                   QStringLiteral("https:///x")}) {
            const QVariantMap decision = m_tester.decide(url, QStringLiteral("GET"), QString(), QString());
            QVERIFY2(!decision.value(QStringLiteral("valid")).toBool(), qPrintable(url));
            QVERIFY(!decision.value(QStringLiteral("text")).toString().isEmpty());
        }
    }

    void followsUnsavedEdits()
    {
        QSignalSpy changed(&m_tester, &AccessTester::rulesChanged);
        m_document.setValue(QStringLiteral("access.default"), QStringLiteral("deny"));
        QVERIFY(!changed.isEmpty());
        QCOMPARE(m_tester.defaultPolicy(), QStringLiteral("nobody"));
        QCOMPARE(m_tester.decide(QStringLiteral("https://other.test/"), QStringLiteral("GET"), QStringLiteral("ann@example.test"), QString())
                     .value(QStringLiteral("outcome")).toString(),
                 QStringLiteral("denied"));
        m_document.remove(QStringLiteral("access"));
        QVERIFY(m_tester.rules().isEmpty());
        QCOMPARE(m_tester.defaultPolicy(), QStringLiteral("nobody"));  // the server's default without the section
    }

private:
    QTemporaryDir m_dir;
    ConfigDocument m_document;
    AccessTester m_tester;
};

QTEST_GUILESS_MAIN(TestAccessTester)
#include "tst_accesstester.moc"
