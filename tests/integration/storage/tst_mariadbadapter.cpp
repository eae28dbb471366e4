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
