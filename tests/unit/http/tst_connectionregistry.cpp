#include "http/connectionregistry.h"

#include <QtTest>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

using Gatehouse::ConnectionRegistry;
using Clock = ConnectionRegistry::Clock;
using namespace std::chrono_literals;

namespace {

//! A connection as the registry sees it; evict() only notes that it happened.
class FakeConnection final : public ConnectionRegistry::Member
{
public:
    FakeConnection(ConnectionRegistry &registry, const ConnectionRegistry::Admission &admission,
                   Clock::time_point since)
        : m_registry(registry)
    {
        registry.join(this, admission, since);
    }
    ~FakeConnection() { m_registry.leave(this); }

    std::atomic<int> evictions{0};

protected:
    void evict() override { ++evictions; }

private:
    ConnectionRegistry &m_registry;
};

Clock::time_point at(int seconds)
{
    return Clock::time_point(std::chrono::seconds(1000 + seconds));
}

const QHostAddress kClient(QStringLiteral("192.0.2.1"));
const QHostAddress kOther(QStringLiteral("192.0.2.2"));

} // namespace

class TestConnectionRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void evictsTheLongestIdle();
    void neverEvictsABusyConnection();
    void refusesWhenEveryConnectionIsBusy();
    void requestRacesEviction();
    void evictsInBatchesAtLargeCaps();
    void limitsConnectionsPerAddress();
    void exemptAddressesAreNotLimited();
    void addressKeys_data();
    void addressKeys();
    void cancelledAdmissionFreesItsPlace();
    void logsOncePerEpisode();
    void logNamesWhoHoldsTheConnections();
    void countsStayConsistentAcrossThreads();

private:
    std::unique_ptr<ConnectionRegistry> m_registry;
    QStringList m_log;
};

void TestConnectionRegistry::init()
{
    m_registry = std::make_unique<ConnectionRegistry>();
    m_log.clear();
    m_registry->setLogSink([this](QtMsgType, const QString &line) { m_log.append(line); });
}

void TestConnectionRegistry::evictsTheLongestIdle()
{
    m_registry->setLimits(3, 64);
    std::vector<std::unique_ptr<FakeConnection>> connections;
    // Idle since 3 s, 1 s (never sent a byte) and 2 s.
    for (int since : {3, 1, 2})
        connections.push_back(std::make_unique<FakeConnection>(*m_registry, *m_registry->admit(kClient), at(since)));

    const auto admitted = m_registry->admit(kOther, at(10));
    QVERIFY(admitted);
    QCOMPARE(connections[0]->evictions.load(), 0);
    QCOMPARE(connections[1]->evictions.load(), 1);
    QCOMPARE(connections[2]->evictions.load(), 0);
    QVERIFY(connections[1]->isEvicted());
    QVERIFY(!connections[1]->beginRequest());  // it must close

    const Gatehouse::ConnectionCounts counts = m_registry->counts();
    QCOMPARE(counts.open, 3);
    QCOMPARE(counts.accepted, quint64(4));
    QCOMPARE(counts.evicted, quint64(1));
    QCOMPARE(counts.refusedAtCapacity, quint64(0));

    // The evicted connection closing does not free a second place.
    connections[1].reset();
    QCOMPARE(m_registry->counts().open, 3);
}

void TestConnectionRegistry::neverEvictsABusyConnection()
{
    m_registry->setLimits(2, 64);
    FakeConnection busy(*m_registry, *m_registry->admit(kClient), at(0));
    FakeConnection idle(*m_registry, *m_registry->admit(kClient), at(5));
    QCOMPARE(m_registry->counts().busy, 0);
    QVERIFY(busy.beginRequest());  // sending a body, say, since long before the other went idle
    QCOMPARE(m_registry->counts().busy, 1);

    QVERIFY(m_registry->admit(kOther, at(10)));
    QCOMPARE(busy.evictions.load(), 0);
    QCOMPARE(idle.evictions.load(), 1);

    // Once its request is over it is idle, and the next newcomer may take its place.
    busy.endRequest(at(11));
    QCOMPARE(m_registry->counts().busy, 0);
    QVERIFY(m_registry->admit(kOther, at(12)));
    QCOMPARE(busy.evictions.load(), 1);
}

void TestConnectionRegistry::refusesWhenEveryConnectionIsBusy()
{
    m_registry->setLimits(2, 64);
    FakeConnection first(*m_registry, *m_registry->admit(kClient), at(0));
    FakeConnection second(*m_registry, *m_registry->admit(kClient), at(0));
    QVERIFY(first.beginRequest());
    QVERIFY(second.beginRequest());
    QVERIFY(!m_registry->admit(kOther, at(1)));
    QVERIFY(!m_registry->admit(kOther, at(2)));
    QCOMPARE(m_registry->counts().refusedAtCapacity, quint64(2));
    QCOMPARE(m_registry->counts().open, 2);

    second.endRequest(at(3));
    QVERIFY(m_registry->admit(kOther, at(4)));
    QCOMPARE(second.evictions.load(), 1);
    QCOMPARE(first.evictions.load(), 0);
}

void TestConnectionRegistry::requestRacesEviction()
{
    // The connection's request and an eviction contend for the same word: exactly one wins.
    m_registry->setLimits(1, 64);
    for (int round = 0; round < 200; ++round) {
        FakeConnection connection(*m_registry, *m_registry->admit(kClient, at(0)), at(0));
        std::atomic<bool> go{false};
        bool started = false;
        std::thread client([&] {
            while (!go.load()) {
            }
            started = connection.beginRequest();
        });
        go.store(true);
        const bool admitted = m_registry->admit(kOther, at(1)).has_value();
        client.join();
        QVERIFY2(started != admitted, qPrintable(QStringLiteral("round %1").arg(round)));
        QCOMPARE(connection.evictions.load(), admitted ? 1 : 0);
        if (admitted)
            m_registry->cancel({ConnectionRegistry::keyOf(kOther), false});
    }
}

void TestConnectionRegistry::evictsInBatchesAtLargeCaps()
{
    // At a cap of 1000, one scan evicts the 7 longest idle, so that the next admissions need none.
    m_registry->setLimits(1000, 2000);
    std::vector<std::unique_ptr<FakeConnection>> connections;
    for (int i = 0; i < 1000; ++i)
        connections.push_back(std::make_unique<FakeConnection>(*m_registry, *m_registry->admit(kClient), at(1000 - i)));
    QVERIFY(m_registry->admit(kOther, at(2000)));
    int evicted = 0;
    for (std::size_t i = 0; i < connections.size(); ++i) {
        if (connections[i]->evictions.load()) {
            ++evicted;
            QVERIFY2(i >= 993, "not among the longest idle");
        }
    }
    QCOMPARE(evicted, 7);
    QCOMPARE(m_registry->counts().open, 994);
    connections.clear();
    QCOMPARE(m_registry->counts().open, 1);
}

void TestConnectionRegistry::limitsConnectionsPerAddress()
{
    m_registry->setLimits(1000, 3);
    std::vector<std::unique_ptr<FakeConnection>> connections;
    for (int i = 0; i < 3; ++i)
        connections.push_back(std::make_unique<FakeConnection>(*m_registry, *m_registry->admit(kClient), at(0)));
    QVERIFY(!m_registry->admit(kClient, at(1)));
    QVERIFY(!m_registry->admit(QHostAddress(QStringLiteral("::ffff:192.0.2.1")), at(1)));  // the same client
    QVERIFY(m_registry->admit(kOther, at(1)));
    QCOMPARE(m_registry->counts().refusedPerAddress, quint64(2));
    for (const auto &connection : connections)
        QCOMPARE(connection->evictions.load(), 0);  // refused, not made room for

    connections.pop_back();
    QVERIFY(m_registry->admit(kClient, at(2)));

    m_registry->setLimits(1000, 0);  // off
    for (int i = 0; i < 10; ++i)
        QVERIFY(m_registry->admit(kClient, at(3)));
}

void TestConnectionRegistry::exemptAddressesAreNotLimited()
{
    m_registry->setLimits(1000, 2);
    m_registry->setExempt({QHostAddress::parseSubnet(QStringLiteral("192.0.2.0/31"))});
    for (int i = 0; i < 10; ++i)
        QVERIFY(m_registry->admit(kClient, at(0)));
    QVERIFY(m_registry->admit(QHostAddress(QStringLiteral("::ffff:192.0.2.1")), at(0)));
    const QHostAddress outside(QStringLiteral("192.0.2.7"));
    QVERIFY(m_registry->admit(outside, at(0)));
    QVERIFY(m_registry->admit(outside, at(0)));
    QVERIFY(!m_registry->admit(outside, at(0)));

    // A new list applies to new connections.
    m_registry->setExempt({});
    QVERIFY(!m_registry->admit(outside, at(0)));
    QVERIFY(m_registry->admit(kClient, at(0)));  // the exempt ones were never counted
    QVERIFY(m_registry->admit(kClient, at(0)));
    QVERIFY(!m_registry->admit(kClient, at(0)));
}

void TestConnectionRegistry::addressKeys_data()
{
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<bool>("same");
    QTest::addColumn<QString>("text");
    QTest::newRow("ipv4") << "198.51.100.7" << "198.51.100.8" << false << "198.51.100.7";
    QTest::newRow("ipv4 mapped") << "::ffff:198.51.100.7" << "198.51.100.7" << true << "198.51.100.7";
    QTest::newRow("ipv6 /64") << "2001:db8:1:2::1" << "2001:db8:1:2:ffff::9" << true << "2001:db8:1:2::/64";
    QTest::newRow("ipv6 other /64") << "2001:db8:1:2::1" << "2001:db8:1:3::1" << false << "2001:db8:1:2::/64";
}

void TestConnectionRegistry::addressKeys()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(bool, same);
    QFETCH(QString, text);
    const auto a = ConnectionRegistry::keyOf(QHostAddress(first));
    const auto b = ConnectionRegistry::keyOf(QHostAddress(second));
    QCOMPARE(a == b, same);
    QCOMPARE(ConnectionRegistry::textOf(a), text);
}

void TestConnectionRegistry::cancelledAdmissionFreesItsPlace()
{
    m_registry->setLimits(1, 1);
    const auto admission = m_registry->admit(kClient, at(0));
    QVERIFY(admission);
    QVERIFY(!m_registry->admit(kClient, at(0)));
    m_registry->cancel(*admission);
    QCOMPARE(m_registry->counts().open, 0);
    QVERIFY(m_registry->admit(kClient, at(0)));
}

void TestConnectionRegistry::logsOncePerEpisode()
{
    m_registry->setLimits(2, 3);
    std::vector<std::unique_ptr<FakeConnection>> connections;
    for (int i = 0; i < 200; ++i) {
        if (auto admission = m_registry->admit(kClient, at(i / 50)))
            connections.push_back(std::make_unique<FakeConnection>(*m_registry, *admission, at(i / 50)));
    }
    // The client evicts its own connections at the cap of 2; it never reaches 3.
    QCOMPARE(m_log.size(), 1);
    QVERIFY2(m_log[0].startsWith(QLatin1String("connection limit (2) reached: closing the connections idle the longest")),
             qPrintable(m_log[0]));
    QVERIFY2(m_log[0].contains(QLatin1String("new connection from 192.0.2.1, most open connections from 192.0.2.1 (1)")),
             qPrintable(m_log[0]));
    m_registry->tick(at(12));  // 9 s after the last: not yet quiet
    QCOMPARE(m_log.size(), 1);
    m_registry->tick(at(13));
    QCOMPARE(m_log.size(), 2);
    QCOMPARE(m_log[1], QStringLiteral("connection limit (2) no longer evicting or refusing: 198 idle connections "
                                      "closed and 0 new connections refused over 3.0 s"));
}

void TestConnectionRegistry::logNamesWhoHoldsTheConnections()
{
    m_registry->setLimits(3, 64);
    m_registry->setExempt({QHostAddress::parseSubnet(QStringLiteral("192.0.2.1"))});
    FakeConnection proxied(*m_registry, *m_registry->admit(kClient), at(1));
    FakeConnection proxiedToo(*m_registry, *m_registry->admit(kClient), at(2));
    const QHostAddress outside(QStringLiteral("192.0.2.7"));
    FakeConnection direct(*m_registry, *m_registry->admit(outside), at(3));
    QVERIFY(m_registry->admit(kOther, at(10)));
    QCOMPARE(proxied.evictions.load(), 1);
    QCOMPARE(m_log.size(), 1);
    QVERIFY2(m_log[0].endsWith(QLatin1String("new connection from 192.0.2.2, 1 open connections from trusted "
                                             "proxies, most others from 192.0.2.7 (1)")),
             qPrintable(m_log[0]));
}

void TestConnectionRegistry::countsStayConsistentAcrossThreads()
{
    // Two threads open and close connections as fast as they can, from a few addresses, while
    // a third keeps requests running on its own connections: the counts never exceed the
    // limits and come back to zero.
    constexpr int kCap = 50;
    constexpr int kPerAddress = 20;
    m_registry->setLimits(kCap, kPerAddress);
    std::atomic<bool> stop{false};
    std::atomic<int> overCap{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
        threads.emplace_back([&, t] {
            std::vector<std::unique_ptr<FakeConnection>> mine;
            for (int i = 0; i < 20000; ++i) {
                const QHostAddress peer(quint32(0xC0000200 + (i + t) % 4));
                if (auto admission = m_registry->admit(peer))
                    mine.push_back(std::make_unique<FakeConnection>(*m_registry, *admission, Clock::now()));
                if (m_registry->counts().open > kCap)
                    ++overCap;
                // Evicted ones close, as a Connection would; the oldest now and then.
                if (i % 7 == 0 && !mine.empty())
                    mine.erase(mine.begin());
                mine.erase(std::remove_if(mine.begin(), mine.end(), [](const auto &c) { return c->isEvicted(); }),
                           mine.end());
            }
        });
    }
    threads.emplace_back([&] {
        std::vector<std::unique_ptr<FakeConnection>> mine;
        while (!stop.load()) {
            if (auto admission = m_registry->admit(QHostAddress(QStringLiteral("198.51.100.1"))))
                mine.push_back(std::make_unique<FakeConnection>(*m_registry, *admission, Clock::now()));
            for (auto it = mine.begin(); it != mine.end();) {
                if (!(*it)->beginRequest()) {
                    it = mine.erase(it);
                    continue;
                }
                (*it)->endRequest(Clock::now());
                ++it;
            }
        }
    });
    threads[0].join();
    threads[1].join();
    stop.store(true);
    threads[2].join();
    QCOMPARE(overCap.load(), 0);
    const Gatehouse::ConnectionCounts counts = m_registry->counts();
    QCOMPARE(counts.open, 0);
    QVERIFY2(counts.evicted > 0, qPrintable(QStringLiteral("accepted %1, refused %2 + %3").arg(counts.accepted)
                                             .arg(counts.refusedPerAddress).arg(counts.refusedAtCapacity)));
}

QTEST_GUILESS_MAIN(TestConnectionRegistry)
#include "tst_connectionregistry.moc"
