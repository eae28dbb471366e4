#include "http/connectionbalancer.h"

#include <QtTest>

#include <array>

using namespace Gatehouse;

namespace {

// The balancer never touches its workers: distinct addresses are all it needs.
std::array<char, 3> g_workers;
HttpWorker *worker(int index)
{
    return reinterpret_cast<HttpWorker *>(&g_workers[std::size_t(index)]);
}

} // namespace

class TestConnectionBalancer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsTheAcceptingThreadOnATie();
    void movesToTheLeastLoadedThread();
    void releasedConnectionsFreeTheirPlace();
    void detachedThreadsGetNothing();
    void unattachedAcceptingThreadKeepsItsConnection();
};

void TestConnectionBalancer::keepsTheAcceptingThreadOnATie()
{
    ConnectionBalancer balancer(2);
    balancer.attach(0, worker(0));
    balancer.attach(1, worker(1));
    const auto first = balancer.assign(1);
    QCOMPARE(first.index, 1);
    QCOMPARE(first.worker, worker(1));
    QCOMPARE(balancer.load(1), 1);
    QCOMPARE(balancer.load(0), 0);
}

void TestConnectionBalancer::movesToTheLeastLoadedThread()
{
    ConnectionBalancer balancer(3);
    for (int i = 0; i < 3; ++i)
        balancer.attach(i, worker(i));
    // Everything arrives on thread 0, as when the kernel's hash favours one socket.
    QList<int> placed;
    for (int i = 0; i < 6; ++i)
        placed.append(balancer.assign(0).index);
    QCOMPARE(placed, QList<int>({0, 1, 2, 0, 1, 2}));
    QCOMPARE(balancer.assign(2).index, 2);
    QCOMPARE(balancer.load(0), 2);
    QCOMPARE(balancer.load(1), 2);
    QCOMPARE(balancer.load(2), 3);
}

void TestConnectionBalancer::releasedConnectionsFreeTheirPlace()
{
    ConnectionBalancer balancer(2);
    balancer.attach(0, worker(0));
    balancer.attach(1, worker(1));
    for (int i = 0; i < 4; ++i)
        balancer.assign(0);
    QCOMPARE(balancer.load(0), 2);
    QCOMPARE(balancer.load(1), 2);
    balancer.release(1);
    balancer.release(1);
    QCOMPARE(balancer.load(1), 0);
    const auto next = balancer.assign(0);
    QCOMPARE(next.index, 1);
    QCOMPARE(next.worker, worker(1));
}

void TestConnectionBalancer::detachedThreadsGetNothing()
{
    ConnectionBalancer balancer(2);
    balancer.attach(0, worker(0));
    balancer.attach(1, worker(1));
    balancer.detach(1);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(balancer.assign(0).index, 0);
    QCOMPARE(balancer.load(1), 0);
}

void TestConnectionBalancer::unattachedAcceptingThreadKeepsItsConnection()
{
    // A thread that accepts before it is attached (it has just started) serves the connection
    // itself unless another thread serves fewer.
    ConnectionBalancer balancer(2);
    balancer.attach(0, worker(0));
    const auto own = balancer.assign(1);
    QCOMPARE(own.index, 1);
    QCOMPARE(own.worker, nullptr);
    const auto moved = balancer.assign(1);
    QCOMPARE(moved.index, 0);
    QCOMPARE(moved.worker, worker(0));
}

QTEST_GUILESS_MAIN(TestConnectionBalancer)
#include "tst_connectionbalancer.moc"
