// The process's exit waits for the storage work still in flight (storage/storageexit.h). A
// program that returns from main() while an audit event is being written in the background,
// and whose adapter's last reference goes on its storage thread, must exit normally with the
// event written: the test runs such a program (this binary, started again) and reads the log.
#include <gatehouse/sqladapter.h>

#include <QCoreApplication>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace Gatehouse;

namespace {

const char childFlag[] = "--exit-while-writing";

QString databaseUrl(const QString &file)
{
    return QStringLiteral("sqlite://") + file;
}

/*!
 * The program the test runs: an audit event waits for the database's write lock on a storage
 * thread, a continuation there holds the adapter's last reference, and main() returns as the
 * lock goes. SQLite's busy handler has the storage thread asleep for tens of milliseconds by
 * then, so the event is written while the process exits.
 */
int exitWhileWriting(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QString file = QString::fromLocal8Bit(argv[2]);
    auto adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(databaseUrl(file)));
    adapter->migrate().waitForFinished();
    {
        QSqlDatabase lock = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("lock"));
        lock.setDatabaseName(file);
        if (!lock.open() || !QSqlQuery(lock).exec(QStringLiteral("BEGIN EXCLUSIVE")))
            return 3;
        AuditEvent event;
        event.type = QStringLiteral("writtenAtExit");
        event.userId = QStringLiteral("7");
        adapter->appendAudit(event).then(QtFuture::Launch::Sync, [adapter](QFuture<qint64>) {});
        adapter.reset();
        QThread::msleep(300);
        QSqlQuery(lock).exec(QStringLiteral("ROLLBACK"));
        lock.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("lock"));
    return 0;
}

} // namespace

class TestStorageExit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exitWaitsForTheWriteInFlight()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A few runs: the exit and the write race each time, and each time the write must win.
        for (int run = 0; run < 3; ++run) {
            const QString file = dir.filePath(QStringLiteral("exit-%1.db").arg(run));
            QProcess child;
            child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(childFlag), file});
            QVERIFY(child.waitForFinished(30000));
            const QByteArray errors = child.readAllStandardError();
            QCOMPARE(child.exitStatus(), QProcess::NormalExit);
            QVERIFY2(child.exitCode() == 0, errors.constData());

            auto adapter = std::unique_ptr<SqlAdapter>(SqlAdapter::fromUrl(databaseUrl(file)));
            AuditFilter filter;
            filter.type = QStringLiteral("writtenAtExit");
            const QList<AuditEvent> written = adapter->auditEvents(filter, 10).result();
            QCOMPARE(written.size(), 1);
            QCOMPARE(written.first().userId, QStringLiteral("7"));
        }
    }
};

int main(int argc, char *argv[])
{
    if (argc == 3 && qstrcmp(argv[1], childFlag) == 0)
        return exitWhileWriting(argc, argv);
    QCoreApplication app(argc, argv);
    TestStorageExit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_storageexit.moc"
