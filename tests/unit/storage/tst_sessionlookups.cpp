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

//! A SessionLookups over a ManualPool, a FakeTable and a ManualClock. \c whileQuerying, when
//! set, runs inside each query before the table answers it (lookups that arrive meanwhile).
struct Harness
{
    ManualPool pool;
    FakeTable table;
    ManualClock clock;
    std::function<void(const QStringList &tokens)> whileQuerying;
    SessionLookups lookups;

    Harness(int maxBatch, int maxRunning)
        : lookups(pool.schedule(),
                  [this](const QStringList &tokens) {
                      if (whileQuerying)
                          whileQuerying(tokens);
                      return table.query()(tokens);
                  },
                  maxBatch, maxRunning, kSlow, clock.now())
    {
    }
};

} // namespace

class TestSessionLookups : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loneLookupIsScheduledAtOnce()
    {
        Harness h(8, 4);
        h.table.rows.insert(QStringLiteral("t1"), stored(QStringLiteral("t1"), QStringLiteral("7"), true));

        auto future = h.lookups.lookup(QStringLiteral("t1"));
        QCOMPARE(h.pool.jobs.size(), std::size_t(1));
        QVERIFY(!future.isFinished());
        h.pool.runOne();
        QVERIFY(future.isFinished());
        const auto found = future.result();
        QVERIFY(found.has_value());
        QCOMPARE(found->session.userId, QStringLiteral("7"));
        QCOMPARE(found->user.email, QStringLiteral("7@example.test"));
        QVERIFY(found->userDisabled);
        QCOMPARE(h.table.queries, (std::vector<QStringList>{{QStringLiteral("t1")}}));
    }

    void waitingLookupsShareOneQuery()
    {
        Harness h(8, 4);
        h.table.rows.insert(QStringLiteral("a"), stored(QStringLiteral("a"), QStringLiteral("1")));
        h.table.rows.insert(QStringLiteral("b"), stored(QStringLiteral("b"), QStringLiteral("2")));

        auto a = h.lookups.lookup(QStringLiteral("a"));
        auto b = h.lookups.lookup(QStringLiteral("b"));
        auto missing = h.lookups.lookup(QStringLiteral("gone"));
        auto aAgain = h.lookups.lookup(QStringLiteral("a"));
        QCOMPARE(h.pool.jobs.size(), std::size_t(1));  // the later ones joined the waiting batch
        h.pool.runOne();
        QCOMPARE(h.table.queries, (std::vector<QStringList>{
                                    {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("gone")}}));
        QCOMPARE(a.result()->session.userId, QStringLiteral("1"));
        QCOMPARE(aAgain.result()->session.userId, QStringLiteral("1"));
        QCOMPARE(b.result()->session.userId, QStringLiteral("2"));
        QVERIFY(missing.isFinished());
        QVERIFY(!missing.result().has_value());
        QVERIFY(h.pool.jobs.empty());
    }

    void lookupsDuringAQuickBatchWaitForIt()
    {
        Harness h(8, 4);
        std::vector<QFuture<std::optional<SessionAndUserState>>> during;
        h.whileQuerying = [&](const QStringList &) {
            if (!during.empty())
                return;
            // Arrive while the batch runs, before it counts as slow.
            h.clock.advance(kSlow - std::chrono::milliseconds(1));
            during.push_back(h.lookups.lookup(QStringLiteral("b")));
            during.push_back(h.lookups.lookup(QStringLiteral("c")));
            QVERIFY(h.pool.jobs.empty());
        };
        auto first = h.lookups.lookup(QStringLiteral("a"));
        h.pool.runOne();
        QVERIFY(first.isFinished());
        QCOMPARE(during.size(), std::size_t(2));
        QVERIFY(!during[0].isFinished());
        QCOMPARE(h.pool.jobs.size(), std::size_t(1));  // scheduled once the first batch was answered
        h.pool.runOne();
        QVERIFY(during[0].isFinished() && during[1].isFinished());
        QCOMPARE(h.table.queries.back(), (QStringList{QStringLiteral("b"), QStringLiteral("c")}));
    }

    void slowBatchesRunBesideEachOtherUpToMaxRunning()
    {
        Harness h(8, 2);
        std::vector<QFuture<std::optional<SessionAndUserState>>> during;
        h.whileQuerying = [&](const QStringList &tokens) {
            if (tokens == QStringList{QStringLiteral("a")}) {
                // The first batch is slow: a lookup now starts a second one (run here, as
                // another storage thread would).
                h.clock.advance(kSlow);
                during.push_back(h.lookups.lookup(QStringLiteral("b")));
                QCOMPARE(h.pool.jobs.size(), std::size_t(1));
                h.pool.runOne();
            } else if (tokens == QStringList{QStringLiteral("b")}) {
                // Two slow batches run: the limit of two is reached.
                h.clock.advance(kSlow * 2);
                during.push_back(h.lookups.lookup(QStringLiteral("c")));
                QVERIFY(h.pool.jobs.empty());
            }
        };
        auto first = h.lookups.lookup(QStringLiteral("a"));
        h.pool.runOne();
        QVERIFY(first.isFinished());
        QCOMPARE(during.size(), std::size_t(2));
        QVERIFY(during[0].isFinished());
        QVERIFY(!during[1].isFinished());
        // When the second batch ended, the first still ran (slowly): c got a batch of its own.
        QCOMPARE(h.pool.jobs.size(), std::size_t(1));
        h.pool.runOne();
        QVERIFY(during[1].isFinished());
        // Recorded as each query is answered: b's inside a's.
        QCOMPARE(h.table.queries, (std::vector<QStringList>{{QStringLiteral("b")},
                                                            {QStringLiteral("a")},
                                                            {QStringLiteral("c")}}));
    }

    void oneBatchAtATimeWhenMaxRunningIsOne()
    {
        Harness h(8, 1);
        QFuture<std::optional<SessionAndUserState>> during;
        h.whileQuerying = [&](const QStringList &) {
            if (during.isValid())
                return;
            h.clock.advance(kSlow * 10);
            during = h.lookups.lookup(QStringLiteral("b"));
            QVERIFY(h.pool.jobs.empty());
        };
        auto first = h.lookups.lookup(QStringLiteral("a"));
        h.pool.runOne();
        QVERIFY(first.isFinished());
        QVERIFY(!during.isFinished());
        h.pool.runOne();
        QVERIFY(during.isFinished());
    }

    void batchesHoldAtMostMaxDistinctTokens()
    {
        Harness h(2, 4);
        std::vector<QFuture<std::optional<SessionAndUserState>>> futures;
        for (const char *token : {"x", "y", "x", "z"})
            futures.push_back(h.lookups.lookup(QString::fromLatin1(token)));
        h.pool.runOne();
        // x, y and the second x; z waits for the next batch, scheduled right away.
        QCOMPARE(h.table.queries.back(), (QStringList{QStringLiteral("x"), QStringLiteral("y")}));
        QVERIFY(futures[2].isFinished());
        QVERIFY(!futures[3].isFinished());
        QCOMPARE(h.pool.jobs.size(), std::size_t(1));
        h.pool.runOne();
        QCOMPARE(h.table.queries.back(), QStringList{QStringLiteral("z")});
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

    void lookupsAfterAnOutageGetFreshAnswers()
    {
        // The database goes down while a batch runs, and is back before the lookups that
        // gathered meanwhile are answered: they get the sessions, not the old batch's error.
        Harness h(8, 4);
        h.table.rows.insert(QStringLiteral("t1"), stored(QStringLiteral("t1"), QStringLiteral("1")));
        h.table.rows.insert(QStringLiteral("t2"), stored(QStringLiteral("t2"), QStringLiteral("2")));
        bool down = true;
        QFuture<std::optional<SessionAndUserState>> gathered;
        h.whileQuerying = [&](const QStringList &) {
            if (!down)
                return;
            gathered = h.lookups.lookup(QStringLiteral("t2"));
            throw AdapterError(AdapterError::Reason::Unavailable, QStringLiteral("getSessionAndUserState: down"));
        };
        auto first = h.lookups.lookup(QStringLiteral("t1"));
        h.pool.runOne();
        QVERIFY(first.isFinished());
        QVERIFY_THROWS_EXCEPTION(AdapterError, first.waitForFinished());
        QVERIFY(!gathered.isFinished());
        QCOMPARE(h.pool.jobs.size(), std::size_t(1));  // the next batch is on its way: nothing wedged

        down = false;
        h.pool.runOne();
        QVERIFY(gathered.isFinished());
        QCOMPARE(gathered.result()->session.userId, QStringLiteral("2"));
        auto again = h.lookups.lookup(QStringLiteral("t1"));
        h.pool.runOne();
        QCOMPARE(again.result()->session.userId, QStringLiteral("1"));
        QVERIFY(h.pool.jobs.empty());
    }
};

QTEST_GUILESS_MAIN(TestSessionLookups)
#include "tst_sessionlookups.moc"
