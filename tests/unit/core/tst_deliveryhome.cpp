// DeliveryHome: storage futures of a serving thread finish in that thread's event loop.
#include "core/deliveryhome.h"

#include <QFuture>
#include <QPromise>
#include <QTest>
#include <QThread>

#include <atomic>
#include <vector>

using namespace Gatehouse;

class TestDeliveryHome : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deliversInTheHomeThread()
    {
        QObject context;  // lives in this (the test's) thread
        auto home = std::make_shared<DeliveryHome>(&context);
        std::atomic<QThread *> ranIn{nullptr};
        QThread *worker = QThread::create([&] { home->deliver([&] { ranIn = QThread::currentThread(); }); });
        worker->start();
        QVERIFY(worker->wait(5000));
        delete worker;
        QCOMPARE(ranIn.load(), nullptr);  // queued, not run in the worker
        QTRY_COMPARE(ranIn.load(), QThread::currentThread());
    }

    void waitingDeliveriesRunTogetherInOrder()
    {
        QObject context;
        auto home = std::make_shared<DeliveryHome>(&context);
        std::vector<int> order;  // only touched in this thread
        QThread *worker = QThread::create([&] {
            for (int i = 0; i < 5; ++i)
                home->deliver([&order, i] { order.push_back(i); });
        });
        worker->start();
        QVERIFY(worker->wait(5000));
        delete worker;
        QVERIFY(order.empty());
        QCoreApplication::sendPostedEvents(&context);  // one round of this thread's event loop
        QCOMPARE(order, (std::vector<int>{0, 1, 2, 3, 4}));

        // Later deliveries are posted anew.
        QThread *later = QThread::create([&] { home->deliver([&order] { order.push_back(5); }); });
        later->start();
        QVERIFY(later->wait(5000));
        delete later;
        QTRY_COMPARE(order.size(), size_t(6));
        QCOMPARE(order.back(), 5);
    }

    void closingDropsWaitingDeliveries()
    {
        QObject context;
        auto home = std::make_shared<DeliveryHome>(&context);
        QPromise<int> promise;
        promise.start();
        QFuture<int> future = promise.future();
        bool ran = false;
        {
            auto held = std::make_shared<QPromise<int>>(std::move(promise));
            QThread *worker = QThread::create([&, held] {
                home->deliver([held, &ran] {
                    ran = true;
                    held->finish();
                });
            });
            worker->start();
            QVERIFY(worker->wait(5000));
            delete worker;
        }
        home->close();
        QVERIFY(future.isFinished());  // the dropped promise finished as cancelled
        QVERIFY(future.isCanceled());
        QCoreApplication::processEvents();
        QVERIFY(!ran);
    }

    void closedHomeDeliversInPlace()
    {
        QObject context;
        auto home = std::make_shared<DeliveryHome>(&context);
        home->close();
        std::atomic<QThread *> ranIn{nullptr};
        QThread *worker = QThread::create([&] { home->deliver([&] { ranIn = QThread::currentThread(); }); });
        worker->start();
        QVERIFY(worker->wait(5000));
        QCOMPARE(ranIn.load(), worker);
        delete worker;
    }
};

QTEST_GUILESS_MAIN(TestDeliveryHome)
#include "tst_deliveryhome.moc"
