// SqlAdapter finishes the futures of a thread that has a DeliveryHome (a serving thread) in
// that thread's event loop, not on its storage thread (see core/deliveryhome.h). On an SQLite
// file, a serving thread reads a session itself, and sees at once what another server changed.
#include "core/deliveryhome.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/sqladapter.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Gatehouse;

namespace {

/*!
 * \a future's result. The calling thread's events run meanwhile: a serving thread's futures
 * finish in its event loop.
 */
template<typename T>
T await(QFuture<T> future)
{
    if (!QTest::qWaitFor([&future] { return future.isFinished(); }, 10000))
        qFatal("a storage call did not finish in 10 s");
    future.waitForFinished();  // rethrows a failure
    if constexpr (!std::is_void_v<T>)
        return future.result();
}

std::shared_ptr<SqlAdapter> open(const QString &path)
{
    QString error;
    std::shared_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(QStringLiteral("sqlite://") + path, &error);
    if (!adapter)
        qWarning().noquote() << error;
    return adapter;
}

//! The calling thread is a serving thread (it has a DeliveryHome) while this lives.
struct ServingThread
{
    QObject context;
    ServingThread() { DeliveryHome::setCurrent(std::make_shared<DeliveryHome>(&context)); }
    ~ServingThread() { DeliveryHome::setCurrent(nullptr); }
};

} // namespace

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

    /*!
     * A serving thread reads a session on an SQLite file itself: the future is finished when
     * it is handed over. No cache: what a second server on the same file changed (a session
     * ended, a user disabled, a new session) shows in the very next read.
     */
    void servingThreadReadsSessionsAtOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sessions.db"));
        std::shared_ptr<SqlAdapter> here = open(path);
        QVERIFY(here);
        here->migrate().waitForFinished();
        std::shared_ptr<SqlAdapter> other = open(path);  // another server on the same file
        QVERIFY(other);
        AdapterUser user;
        user.email = QStringLiteral("alice@example.test");
        user = await(other->createUser(user));
        const QDateTime expires = QDateTime::currentDateTimeUtc().addDays(1);
        AdapterSession first{QStringLiteral("token-1"), user.id, expires};
        AdapterSession second{QStringLiteral("token-2"), user.id, expires};
        await(other->createSession(first));

        ServingThread serving;
        QFuture<std::optional<SessionAndUserState>> read = here->getSessionAndUserState(first.sessionToken);
        QVERIFY(read.isFinished());
        QVERIFY(read.result());
        QCOMPARE(read.result()->session.userId, user.id);
        QCOMPARE(read.result()->user.email, user.email);
        QVERIFY(!read.result()->userDisabled);
        QVERIFY(here->getSessionAndUserState(QStringLiteral("token-unknown")).isFinished());
        QVERIFY(!here->getSessionAndUserState(QStringLiteral("token-unknown")).result());

        await(other->createSession(second));
        read = here->getSessionAndUserState(second.sessionToken);
        QVERIFY(read.isFinished());
        QVERIFY(read.result());

        await(other->deleteSession(first.sessionToken));
        read = here->getSessionAndUserState(first.sessionToken);
        QVERIFY(read.isFinished());
        QVERIFY(!read.result());

        await(other->setUserDisabled(user.id, true));
        read = here->getSessionAndUserState(second.sessionToken);
        QVERIFY(read.isFinished());
        QVERIFY(read.result());
        QVERIFY(read.result()->userDisabled);
    }

    /*!
     * What the serving thread cannot read (here the file moved away) goes to a storage thread,
     * which reports it as every call does: Unavailable, finished in the serving thread's loop.
     */
    void servingThreadLeavesFailuresToTheStorageThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("moved.db"));
        std::shared_ptr<SqlAdapter> adapter = open(path);
        QVERIFY(adapter);
        adapter->migrate().waitForFinished();
        ServingThread serving;
        QVERIFY(adapter->getSessionAndUserState(QStringLiteral("token-1")).isFinished());
        QVERIFY(QFile::rename(path, dir.filePath(QStringLiteral("elsewhere.db"))));
        QThread::msleep(300);  // the connections look at their file at most every 250 ms
        QFuture<std::optional<SessionAndUserState>> read = adapter->getSessionAndUserState(QStringLiteral("token-1"));
        QVERIFY(!read.isFinished());
        QTRY_VERIFY(read.isFinished());
        try {
            read.waitForFinished();
            QFAIL("a read of a database file that is gone succeeded");
        } catch (const AdapterError &error) {
            QCOMPARE(error.reason(), AdapterError::Reason::Unavailable);
        }
    }
};

QTEST_GUILESS_MAIN(TestSqlAdapterDelivery)
#include "tst_sqladapterdelivery.moc"
