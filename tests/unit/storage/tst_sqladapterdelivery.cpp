// SqlAdapter finishes the futures of a thread that has a DeliveryHome (a serving thread) in
// that thread's event loop, not on its storage thread (see core/deliveryhome.h).
#include "core/deliveryhome.h"

#include <gatehouse/sqladapter.h>

#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Gatehouse;

class TestSqlAdapterDelivery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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

QTEST_GUILESS_MAIN(TestSqlAdapterDelivery)
#include "tst_sqladapterdelivery.moc"
