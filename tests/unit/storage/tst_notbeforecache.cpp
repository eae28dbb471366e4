// NotBeforeCache: SqlAdapter's memory of the JWT "not before" times it read lately. An entry
// lives its lifetime; a change drops it at once, and a read that began before a change is not kept.
#include "storage/notbeforecache.h"
#include "storage/stores.h"

#include <gatehouse/memoryadapter.h>

#include <QTest>

using namespace Gatehouse;
using namespace std::chrono_literals;

namespace {

struct Harness
{
    NotBeforeCache::Clock::time_point time{std::chrono::hours(1)};
    NotBeforeCache cache{5s, [this] { return time; }, 3};
    const QDateTime noon = QDateTime(QDate(2026, 11, 26), QTime(12, 0), Qt::UTC);
};

} // namespace

class TestNotBeforeCache : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unknownUntilRead()
    {
        Harness h;
        QVERIFY(!h.cache.find(QStringLiteral("1")));
    }

    void aReadIsKeptForItsLifetime()
    {
        Harness h;
        h.cache.remember(QStringLiteral("1"), h.noon, h.cache.generation());
        h.cache.remember(QStringLiteral("2"), std::nullopt, h.cache.generation());
        QCOMPARE(h.cache.find(QStringLiteral("1")), std::optional<std::optional<QDateTime>>(h.noon));
        // "None set" is an answer too, and the common one.
        const auto none = h.cache.find(QStringLiteral("2"));
        QVERIFY(none);
        QVERIFY(!*none);
        h.time += 4999ms;
        QVERIFY(h.cache.find(QStringLiteral("1")));
        h.time += 1ms;
        QVERIFY(!h.cache.find(QStringLiteral("1")));
        QVERIFY(!h.cache.find(QStringLiteral("2")));
    }

    void aChangeDropsTheEntryAtOnce()
    {
        Harness h;
        h.cache.remember(QStringLiteral("1"), std::nullopt, h.cache.generation());
        h.cache.remember(QStringLiteral("2"), std::nullopt, h.cache.generation());
        h.cache.forget(QStringLiteral("1"));
        QVERIFY(!h.cache.find(QStringLiteral("1")));
        QVERIFY(h.cache.find(QStringLiteral("2")));
    }

    void aReadBegunBeforeAChangeIsNotKept()
    {
        Harness h;
        const quint64 before = h.cache.generation();
        h.cache.forget(QStringLiteral("1"));  // the change commits while the read runs
        h.cache.remember(QStringLiteral("1"), std::nullopt, before);
        QVERIFY(!h.cache.find(QStringLiteral("1")));
        h.cache.remember(QStringLiteral("1"), h.noon, h.cache.generation());
        QCOMPARE(h.cache.find(QStringLiteral("1")), std::optional<std::optional<QDateTime>>(h.noon));
    }

    void oneCachePerAdapter()
    {
        // The engine and an Account over the same adapter share it: a change through one is
        // seen by the other at once.
        auto adapter = std::make_shared<MemoryAdapter>();
        const Stores engine = Stores::of(adapter);
        const Stores account = Stores::of(adapter);
        QVERIFY(engine.notBefore);
        QCOMPARE(engine.notBefore, account.notBefore);
        QVERIFY(Stores::of(std::make_shared<MemoryAdapter>()).notBefore != engine.notBefore);
        QVERIFY(!Stores::of(nullptr).notBefore);  // nothing to revoke, nothing to cache
    }

    void staysWithinItsCapacity()
    {
        Harness h;  // capacity 3
        for (const char *id : {"1", "2", "3"})
            h.cache.remember(QString::fromLatin1(id), std::nullopt, h.cache.generation());
        h.time += 6s;
        h.cache.remember(QStringLiteral("4"), std::nullopt, h.cache.generation());  // the expired make room
        QVERIFY(h.cache.find(QStringLiteral("4")));
        h.cache.remember(QStringLiteral("5"), std::nullopt, h.cache.generation());
        h.cache.remember(QStringLiteral("6"), std::nullopt, h.cache.generation());
        h.cache.remember(QStringLiteral("7"), std::nullopt, h.cache.generation());  // full of live ones: starts over
        QVERIFY(h.cache.find(QStringLiteral("7")));
        QVERIFY(!h.cache.find(QStringLiteral("4")));
    }
};

QTEST_GUILESS_MAIN(TestNotBeforeCache)
#include "tst_notbeforecache.moc"
