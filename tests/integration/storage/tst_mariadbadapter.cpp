#include "serverfixtures.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

class TestMariaDbAdapter : public QObject
{
    Q_OBJECT
public:
    explicit TestMariaDbAdapter(MariaDbFixture &fixture)
        : m_fixture(fixture)
    {
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void recoversFromTerminatedConnections()
    {
        QString error;
        std::unique_ptr<SqlAdapter> adapter = adapterOnNewDatabase(m_fixture, QStringLiteral("recovery"), &error);
        QVERIFY2(adapter, qPrintable(error));
        const AdapterUser user = take(adapter->createUser({{}, {}, QStringLiteral("r@example.test"), {}, {}}));
        QVERIFY(allFind(*adapter, user, 8));

        QVERIFY(m_fixture.server.terminateConnections(QStringLiteral("recovery")) > 0);
        QVERIFY(allFind(*adapter, user, 8));
        m_fixture.server.terminateConnections(QStringLiteral("recovery"));
        take(adapter->createVerificationToken({user.email, QStringLiteral("t"), QDateTime::currentDateTimeUtc().addSecs(60)}));
        m_fixture.server.terminateConnections(QStringLiteral("recovery"));
        QVERIFY(take(adapter->useVerificationToken(user.email, QStringLiteral("t"))));
    }

    void survivesAServerRestart()
    {
        QString error;
        std::unique_ptr<SqlAdapter> adapter = adapterOnNewDatabase(m_fixture, QStringLiteral("restart"), &error);
        QVERIFY2(adapter, qPrintable(error));
        const AdapterUser user = take(adapter->createUser({{}, {}, QStringLiteral("s@example.test"), {}, {}}));

        m_fixture.server.stop();
        try {
            adapter->getUser(user.id).waitForFinished();
            QFAIL("getUser succeeded with the server stopped");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::Unavailable);
            QVERIFY2(failure.message().contains(QStringLiteral("cannot connect to mysql://root@127.0.0.1:")),
                     qPrintable(failure.message()));
        }
        QVERIFY2(m_fixture.server.start(&error), qPrintable(error));
        // While the adapter has the server down, one call at a time tries it and the others fail
        // at once: the first call back ends the outage, then all find.
        QVERIFY(adapter->probe().result().reachable);
        QVERIFY(allFind(*adapter, user, 8));
    }

    void aSilentServerTimesOut()
    {
        // A server that takes the connection and never greets (a hung host): the call gives up
        // within the client library's timeouts instead of waiting for ever.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("mysql://root@127.0.0.1:%1/silent").arg(silent.serverPort())));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^database mysql://.* is unreachable: ")));
        QElapsedTimer timer;
        timer.start();
        try {
            adapter.getUser(QStringLiteral("1")).waitForFinished();
            QFAIL("getUser succeeded against a silent server");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::Unavailable);
        }
        qInfo("a silent server was given up after %lld ms", timer.elapsed());
        QVERIFY2(timer.elapsed() < 35000, qPrintable(QString::number(timer.elapsed())));
    }

    void concurrentMigrations()
    {
        QString error;
        QVERIFY2(m_fixture.server.createDatabase(QStringLiteral("migrations"), &error), qPrintable(error));
        const QString url = m_fixture.server.url(QStringLiteral("migrations"));
        SqlAdapter first(*SqlAdapterOptions::fromUrl(url));
        SqlAdapter second(*SqlAdapterOptions::fromUrl(url));
        QFuture<int> a = first.migrate();
        QFuture<int> b = second.migrate();
        QCOMPARE(a.result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(b.result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(second.schemaVersion().result(), SqlAdapter::latestSchemaVersion());
    }

    void searchKeysAreGeneratedColumns()
    {
        QString error;
        const QString database = QStringLiteral("searchkeys");
        QVERIFY2(m_fixture.server.createDatabase(database, &error), qPrintable(error));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(m_fixture.server.url(database)));
        QStringList lines;
        const auto collect = [&lines](const QString &line) { lines.append(line); };
        QCOMPARE(adapter.migrate(collect).result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.constLast(), QStringLiteral("schema step 26/26 (user search keys on MariaDB): added "
                                                   "users.gatehouse_email_key, users.gatehouse_name_key; "
                                                   "created users_email_lower_idx, users_name_lower_idx"));

        // The columns hold the lower-cased values, compared without padding; nothing is stored.
        take(adapter.createUser({{}, QStringLiteral("Ada Lovelace"), QStringLiteral("Ada@Example.TEST"), {}, {}}));
        QString output;
        QVERIFY(m_fixture.server.execute(database, QStringLiteral("SELECT gatehouse_email_key, gatehouse_name_key FROM users"),
                                         &output));
        QCOMPARE(output, QStringLiteral("ada@example.test\tada lovelace"));
        QVERIFY(m_fixture.server.execute(database,
                                         QStringLiteral("SELECT COLLATION_NAME, IS_GENERATED, GENERATION_EXPRESSION FROM "
                                                        "information_schema.columns WHERE table_schema = DATABASE() AND "
                                                        "table_name = 'users' AND column_name LIKE 'gatehouse!_%' ESCAPE '!' "
                                                        "ORDER BY column_name"),
                                         &output));
        QCOMPARE(output, QStringLiteral("utf8mb4_nopad_bin\tALWAYS\tlcase(`email`)\n"
                                        "utf8mb4_nopad_bin\tALWAYS\tlcase(`name`)"));

        // Again over a database where a key is missing, then where everything is there.
        QVERIFY(m_fixture.server.execute(database, QStringLiteral("DROP INDEX users_name_lower_idx ON users; "
                                                                  "DELETE FROM gatehouse_schema_version WHERE version = 26")));
        lines.clear();
        QCOMPARE(adapter.migrate(collect).result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.constLast(), QStringLiteral("schema step 26/26 (user search keys on MariaDB): kept existing "
                                                   "users.gatehouse_email_key, users.gatehouse_name_key; "
                                                   "created users_name_lower_idx"));
        QVERIFY(m_fixture.server.execute(database, QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version = 26")));
        lines.clear();
        QCOMPARE(adapter.migrate(collect).result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.constLast(), QStringLiteral("schema step 26/26 (user search keys on MariaDB): kept existing "
                                                   "users.gatehouse_email_key, users.gatehouse_name_key; all present"));

        // A search is a range of the key, not a read of the table.
        QVERIFY2(m_fixture.server.execute(database,
                                          QStringLiteral("INSERT INTO users (name, email) WITH RECURSIVE n(i) AS (SELECT 1 "
                                                         "UNION ALL SELECT i + 1 FROM n WHERE i < 900) "
                                                         "SELECT CONCAT('User ', i), CONCAT('user', i, '@example.test') FROM n; "
                                                         "ANALYZE TABLE users"),
                                          &output),
                 qPrintable(output));
        QVERIFY(m_fixture.server.execute(database,
                                         QStringLiteral("EXPLAIN SELECT id FROM users WHERE gatehouse_email_key >= 'user12' "
                                                        "AND gatehouse_email_key < 'user13'"),
                                         &output));
        QVERIFY2(output.contains(QStringLiteral("users_email_lower_idx")) && output.contains(QStringLiteral("range")),
                 qPrintable(output));
        UserPageRequest request;
        request.search = QStringLiteral("USER12");
        request.limit = 50;
        QCOMPARE(take(adapter.listUsersPage(request)).size(), 11); // user12 and user120-129 ("User 12" has a space)
    }

private:
    MariaDbFixture &m_fixture;
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    MariaDbFixture fixture;
    TestMariaDbAdapter specific(fixture);
    int failed = runConformance(fixture, argc, argv);
    failed += QTest::qExec(&specific, argc, argv);
    return failed;
}

#include "tst_mariadbadapter.moc"
