// DeliveryHome: storage futures of a serving thread finish in that thread's event loop.
#include "storage/deliveryhome.h"

#include <gatehouse/sqladapter.h>

#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

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

    void sqlAdapterFinishesInTheHomeThread()
    {
        QTemporaryDir dir;
        QString error;
        std::shared_ptr<SqlAdapter> adapter =
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("home.db")), &error);
        QVERIFY2(adapter, qPrintable(error));
        adapter->migrate().waitForFinished();  // no home yet: finishes on the storage thread

        QObject context;
        DeliveryHome::setCurrent(std::make_shared<DeliveryHome>(&context));
        QThread *continuationThread = nullptr;
        QFuture<std::optional<AdapterUser>> found = adapter->getUserByEmail(QStringLiteral("nobody@example.test"));
        QFuture<void> after = found.then(QtFuture::Launch::Sync, [&](const std::optional<AdapterUser> &user) {
            QVERIFY(!user);
            continuationThread = QThread::currentThread();
        });
        // The storage thread has the result long before this thread's event loop runs again,
        // but only the event loop finishes the future.
        QThread::msleep(200);
        QVERIFY(!found.isFinished());
        QTRY_VERIFY(after.isFinished());
        QCOMPARE(continuationThread, QThread::currentThread());
        DeliveryHome::setCurrent(nullptr);
    }
};

QTEST_GUILESS_MAIN(TestDeliveryHome)
#include "tst_deliveryhome.moc"
