// /readyz's database check (server/operations/databasereadiness): while the store's tracker has
// the database down, the check says it cannot be reached, since when, and logs nothing (the
// tracker has); another failure of the query is "does not answer", logged once; an answer
// compares the schema version with this build's.
#include "operations/databasereadiness.h"

#include <gatehouse/adaptererror.h>

#include <QPromise>
#include <QRegularExpression>
#include <QTest>

#include <optional>

using namespace Gatehouse;

namespace {

QFuture<int> failing(AdapterError::Reason reason, const QString &message)
{
    QPromise<int> promise;
    promise.start();
    promise.setException(std::make_exception_ptr(AdapterError(reason, message)));
    promise.finish();
    return promise.future();
}

QList<ReadinessOutcome> runOnce(DatabaseReadiness &check)
{
    std::optional<QList<ReadinessOutcome>> outcomes;
    check.run([&outcomes](QList<ReadinessOutcome> reported) { outcomes = std::move(reported); });
    if (!QTest::qWaitFor([&outcomes] { return outcomes.has_value(); }, 5000))
        return {};
    return *outcomes;
}

} // namespace

class TestDatabaseReadiness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aStoreDownIsNamedAndNotLoggedAgain()
    {
        const QDateTime since(QDate(2026, 11, 26), QTime(5, 1, 31), Qt::UTC);
        DatabaseReadiness check(
            [] { return failing(AdapterError::Reason::Unavailable, QStringLiteral("cannot connect: Connection refused")); }, 7,
            [since] { return StoreStatus{false, since, QStringLiteral("Connection refused"), 12}; });
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".")));
        for (int i = 0; i < 2; ++i) {
            const QList<ReadinessOutcome> outcomes = runOnce(check);
            QCOMPARE(outcomes.size(), 2);
            QCOMPARE(outcomes.at(0).check, QStringLiteral("database"));
            QVERIFY(!outcomes.at(0).ok);
            QCOMPARE(outcomes.at(0).reason, QStringLiteral("the database cannot be reached (since 2026-11-26T05:01:31Z)"));
            QCOMPARE(outcomes.at(1).check, QStringLiteral("schema"));
            QVERIFY(!outcomes.at(1).ok);
        }
    }

    void anotherFailureIsLoggedOnce()
    {
        // The database is there (the tracker says reachable) but the query fails: a server problem.
        DatabaseReadiness check(
            [] { return failing(AdapterError::Reason::Failed, QStringLiteral("no such table: gatehouse_schema_version")); }, 7,
            [] { return StoreStatus{}; });
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("readiness: the database does not answer: .*no such table")));
        for (int i = 0; i < 3; ++i) {
            const QList<ReadinessOutcome> outcomes = runOnce(check);
            QCOMPARE(outcomes.size(), 2);
            QVERIFY(!outcomes.at(0).ok);
            QCOMPARE(outcomes.at(0).reason, QStringLiteral("the database does not answer"));
            QVERIFY2(!outcomes.at(0).reason.contains(QStringLiteral("gatehouse_schema_version")), "no detail in public");
        }
    }

    void anAnswerComparesTheSchema()
    {
        int recorded = 7;
        DatabaseReadiness check([&recorded] { return QtFuture::makeReadyFuture(recorded); }, 7, [] { return StoreStatus{}; });
        QList<ReadinessOutcome> outcomes = runOnce(check);
        QCOMPARE(outcomes.size(), 2);
        QVERIFY(outcomes.at(0).ok);
        QVERIFY(outcomes.at(1).ok);
        recorded = 8;
        outcomes = runOnce(check);
        QVERIFY(outcomes.at(0).ok);
        QVERIFY(!outcomes.at(1).ok);
        QCOMPARE(outcomes.at(1).reason, QStringLiteral("the database has schema version 8; this build's is 7"));
    }
};

QTEST_GUILESS_MAIN(TestDatabaseReadiness)
#include "tst_databasereadiness.moc"
