// SessionLookups: concurrent session lookups share one query, a lone lookup runs at once.
#include "storage/sessionlookups.h"

#include <gatehouse/adaptererror.h>

#include <QTest>

#include <functional>
#include <vector>

using namespace Gatehouse;

namespace {

SessionAndUserState stored(const QString &token, const QString &userId, bool disabled = false)
{
    SessionAndUserState row;
    row.session.sessionToken = token;
    row.session.userId = userId;
    row.session.expires = QDateTime(QDate(2030, 1, 1), QTime(0, 0), Qt::UTC);
    row.user.id = userId;
    row.user.email = userId + QStringLiteral("@example.test");
    row.userDisabled = disabled;
    return row;
}

//! Storage "threads" run by hand: scheduled jobs wait until the test runs them.
struct ManualPool
{
    std::vector<std::function<void()>> jobs;

    SessionLookups::Schedule schedule()
    {
        return [this](std::function<void()> job) { jobs.push_back(std::move(job)); };
    }
    void runOne()
    {
        QVERIFY(!jobs.empty());
        auto job = std::move(jobs.front());
        jobs.erase(jobs.begin());
        job();
    }
};

//! A clock moved by hand.
struct ManualClock
{
    SessionLookups::Clock::time_point time;

    SessionLookups::Now now()
    {
        return [this] { return time; };
    }
    void advance(std::chrono::milliseconds by) { time += by; }
};

constexpr std::chrono::milliseconds kSlow{5};

//! A database of sessions that records the token lists it was asked for.
struct FakeTable
{
    SessionLookups::Found rows;
    std::vector<QStringList> queries;

    SessionLookups::Query query()
    {
        return [this](const QStringList &tokens) {
            queries.push_back(tokens);
            SessionLookups::Found found;
            for (const QString &token : tokens) {
                if (rows.contains(token))
                    found.insert(token, rows.value(token));
            }
            return found;
        };
    }
};

} // namespace

class TestSessionLookups : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loneLookupIsScheduledAtOnce()
    {
        ManualPool pool;
        FakeTable table;
        table.rows.insert(QStringLiteral("t1"), stored(QStringLiteral("t1"), QStringLiteral("7"), true));
        SessionLookups lookups(pool.schedule(), table.query(), 8, 4, kSlow);

        auto future = lookups.lookup(QStringLiteral("t1"));
        QCOMPARE(pool.jobs.size(), std::size_t(1));
        QVERIFY(!future.isFinished());
        pool.runOne();
        QVERIFY(future.isFinished());
        const auto found = future.result();
        QVERIFY(found.has_value());
        QCOMPARE(found->session.userId, QStringLiteral("7"));
        QCOMPARE(found->user.email, QStringLiteral("7@example.test"));
        QVERIFY(found->userDisabled);
        QCOMPARE(table.queries, (std::vector<QStringList>{{QStringLiteral("t1")}}));
    }

    void waitingLookupsShareOneQuery()
    {
        ManualPool pool;
        FakeTable table;
        table.rows.insert(QStringLiteral("a"), stored(QStringLiteral("a"), QStringLiteral("1")));
        table.rows.insert(QStringLiteral("b"), stored(QStringLiteral("b"), QStringLiteral("2")));
        SessionLookups lookups(pool.schedule(), table.query(), 8, 4, kSlow);

        auto a = lookups.lookup(QStringLiteral("a"));
        auto b = lookups.lookup(QStringLiteral("b"));
        auto missing = lookups.lookup(QStringLiteral("gone"));
        auto aAgain = lookups.lookup(QStringLiteral("a"));
        QCOMPARE(pool.jobs.size(), std::size_t(1));  // the later ones joined the waiting batch
        pool.runOne();
        QCOMPARE(table.queries, (std::vector<QStringList>{
                                    {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("gone")}}));
        QCOMPARE(a.result()->session.userId, QStringLiteral("1"));
        QCOMPARE(aAgain.result()->session.userId, QStringLiteral("1"));
        QCOMPARE(b.result()->session.userId, QStringLiteral("2"));
        QVERIFY(missing.isFinished());
        QVERIFY(!missing.result().has_value());
        QVERIFY(pool.jobs.empty());
    }

    void lookupsDuringAQuickBatchWaitForIt()
    {
        ManualPool pool;
        FakeTable table;
        ManualClock clock;
        SessionLookups *self = nullptr;
        std::vector<QFuture<std::optional<SessionAndUserState>>> during;
        SessionLookups lookups(pool.schedule(),
                               [&](const QStringList &tokens) {
                                   if (during.empty()) {
                                       // Arrive while the batch runs, before it counts as slow.
                                       clock.advance(kSlow - std::chrono::milliseconds(1));
                                       during.push_back(self->lookup(QStringLiteral("b")));
                                       during.push_back(self->lookup(QStringLiteral("c")));
                                       [&] { QVERIFY(pool.jobs.empty()); }();
                                   }
                                   return table.query()(tokens);
                               },
                               8, 4, kSlow, clock.now());
        self = &lookups;
        auto first = lookups.lookup(QStringLiteral("a"));
        pool.runOne();
        QVERIFY(first.isFinished());
        QCOMPARE(during.size(), std::size_t(2));
        QVERIFY(!during[0].isFinished());
        QCOMPARE(pool.jobs.size(), std::size_t(1));  // scheduled once the first batch was answered
        pool.runOne();
        QVERIFY(during[0].isFinished() && during[1].isFinished());
        QCOMPARE(table.queries.back(), (QStringList{QStringLiteral("b"), QStringLiteral("c")}));
    }

    void slowBatchesRunBesideEachOtherUpToMaxRunning()
    {
        ManualPool pool;
        FakeTable table;
        ManualClock clock;
        SessionLookups *self = nullptr;
        std::vector<QFuture<std::optional<SessionAndUserState>>> during;
        SessionLookups lookups(pool.schedule(),
                               [&](const QStringList &tokens) {
                                   if (tokens == QStringList{QStringLiteral("a")}) {
                                       // The first batch is slow: a lookup now starts a second one
                                       // (run here, as another storage thread would).
                                       clock.advance(kSlow);
                                       during.push_back(self->lookup(QStringLiteral("b")));
                                       [&] { QCOMPARE(pool.jobs.size(), std::size_t(1)); }();
                                       pool.runOne();
                                   } else if (tokens == QStringList{QStringLiteral("b")}) {
                                       // Two slow batches run: the limit of two is reached.
                                       clock.advance(kSlow * 2);
                                       during.push_back(self->lookup(QStringLiteral("c")));
                                       [&] { QVERIFY(pool.jobs.empty()); }();
                                   }
                                   return table.query()(tokens);
                               },
                               8, 2, kSlow, clock.now());
        self = &lookups;
        auto first = lookups.lookup(QStringLiteral("a"));
        pool.runOne();
        QVERIFY(first.isFinished());
        QCOMPARE(during.size(), std::size_t(2));
        QVERIFY(during[0].isFinished());
        QVERIFY(!during[1].isFinished());
        // When the second batch ended, the first still ran (slowly): c got a batch of its own.
        QCOMPARE(pool.jobs.size(), std::size_t(1));
        pool.runOne();
        QVERIFY(during[1].isFinished());
        // Recorded as each query is answered: b's inside a's.
        QCOMPARE(table.queries, (std::vector<QStringList>{{QStringLiteral("b")},
                                                          {QStringLiteral("a")},
                                                          {QStringLiteral("c")}}));
    }

    void oneBatchAtATimeWhenMaxRunningIsOne()
    {
        ManualPool pool;
        FakeTable table;
        ManualClock clock;
        SessionLookups *self = nullptr;
        QFuture<std::optional<SessionAndUserState>> during;
        SessionLookups lookups(pool.schedule(),
                               [&](const QStringList &tokens) {
                                   if (!during.isValid()) {
                                       clock.advance(kSlow * 10);
                                       during = self->lookup(QStringLiteral("b"));
                                       [&] { QVERIFY(pool.jobs.empty()); }();
                                   }
                                   return table.query()(tokens);
                               },
                               8, 1, kSlow, clock.now());
        self = &lookups;
        auto first = lookups.lookup(QStringLiteral("a"));
        pool.runOne();
        QVERIFY(first.isFinished());
        QVERIFY(!during.isFinished());
        pool.runOne();
        QVERIFY(during.isFinished());
    }

    void batchesHoldAtMostMaxDistinctTokens()
    {
        ManualPool pool;
        FakeTable table;
        SessionLookups lookups(pool.schedule(), table.query(), 2, 4, kSlow);
        std::vector<QFuture<std::optional<SessionAndUserState>>> futures;
        for (const char *token : {"x", "y", "x", "z"})
            futures.push_back(lookups.lookup(QString::fromLatin1(token)));
        pool.runOne();
        // x, y and the second x; z waits for the next batch, scheduled right away.
        QCOMPARE(table.queries.back(), (QStringList{QStringLiteral("x"), QStringLiteral("y")}));
        QVERIFY(futures[2].isFinished());
        QVERIFY(!futures[3].isFinished());
        QCOMPARE(pool.jobs.size(), std::size_t(1));
        pool.runOne();
        QCOMPARE(table.queries.back(), QStringList{QStringLiteral("z")});
        QVERIFY(futures[3].isFinished());
    }

    void aFailedQueryFailsEveryLookupOfItsBatch()
    {
        ManualPool pool;
        SessionLookups lookups(pool.schedule(),
                               [](const QStringList &) -> SessionLookups::Found {
                                   throw AdapterError(AdapterError::Reason::Unavailable,
                                                      QStringLiteral("getSessionAndUserState: the database is down"));
                               },
                               8, 4, kSlow);
        auto one = lookups.lookup(QStringLiteral("one"));
        auto two = lookups.lookup(QStringLiteral("two"));
        pool.runOne();
        for (auto *future : {&one, &two}) {
            QVERIFY(future->isFinished());
            try {
                future->waitForFinished();
                QFAIL("the lookup did not fail");
            } catch (const AdapterError &error) {
                QCOMPARE(error.reason(), AdapterError::Reason::Unavailable);
                QVERIFY(error.message().contains(QStringLiteral("the database is down")));
            }
        }
        // The next lookup starts a fresh batch.
        lookups.lookup(QStringLiteral("three"));
        QCOMPARE(pool.jobs.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestSessionLookups)
#include "tst_sessionlookups.moc"
