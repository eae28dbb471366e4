// SqlConnection: what every new connection is set up with; which PostgreSQL errors end a
// connection (a failover); how SQLite failures are classified (a lock held too long is
// Unavailable); an SQLite file moved away or replaced under open connections is noticed, and a
// missing one is not created anew.
#include "storage/sqlconnection.h"

#include <gatehouse/adaptererror.h>

#include <QDir>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;

namespace {

//! Runs \a sql on \a connection as a storage call does: open (or reopen), then the statement.
void run(SqlConnection &connection, const QString &sql)
{
    connection.open();
    connection.execute(sql, QStringLiteral("test"));
}

qint64 count(SqlConnection &connection, const QString &table)
{
    connection.open();
    SqlQuery query(connection, QStringLiteral("SELECT count(*) FROM ") + table, QStringLiteral("test"));
    return query.execFirst() ? query.integer(0) : -1;
}

//! Renames \a from (with its -wal and -shm files) to \a to.
bool moveDatabase(const QString &from, const QString &to)
{
    for (const QString suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        if (QFile::exists(from + suffix) && !QFile::rename(from + suffix, to + suffix))
            return false;
    }
    return true;
}

QVariant pragma(SqlConnection &connection, const QString &name)
{
    QSqlQuery &query = connection.prepared(QStringLiteral("PRAGMA ") + name, QStringLiteral("test"));
    if (!query.exec() || !query.next())
        return {};
    const QVariant value = query.value(0);
    query.finish();
    return value;
}

} // namespace

class TestSqlConnection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void postgresErrorsThatEndTheConnection_data()
    {
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<bool>("ends");
        // A failover seen from a connection: the primary gone, shutting down or crashed, the
        // server still recovering, or a standby now; each is dropped and opened anew.
        QTest::newRow("connection failure") << "08006" << true;
        QTest::newRow("connection does not exist") << "08003" << true;
        QTest::newRow("admin shutdown") << "57P01" << true;
        QTest::newRow("crash shutdown") << "57P02" << true;
        QTest::newRow("cannot connect now (recovery, starting up)") << "57P03" << true;
        QTest::newRow("read-only transaction (a standby)") << "25006" << true;
        // The server is there and answered: the connection stays.
        QTest::newRow("statement timeout") << "57014" << false;
        QTest::newRow("lock timeout") << "55P03" << false;
        QTest::newRow("unique violation") << "23505" << false;
        QTest::newRow("serialization failure") << "40001" << false;
        QTest::newRow("too many connections") << "53300" << false;
        QTest::newRow("undefined table") << "42P01" << false;
    }

    void postgresErrorsThatEndTheConnection()
    {
        QFETCH(QString, sqlstate);
        QTEST(SqlConnection::endsPostgresConnection(sqlstate), "ends");
    }

    void sqliteTimesAsStored_data()
    {
        QTest::addColumn<QString>("stored");
        QTest::addColumn<QDateTime>("read");
        const QDateTime written(QDate(2026, 11, 28), QTime(17, 5, 9, 123), Qt::UTC);
        QTest::newRow("as written") << QStringLiteral("2026-11-28T17:05:09.123Z") << written;
        QTest::newRow("no milliseconds") << QStringLiteral("2026-11-28T17:05:09Z") << written.addMSecs(-123);
        QTest::newRow("no offset: UTC") << QStringLiteral("2026-11-28T17:05:09.123") << written;
        QTest::newRow("an offset") << QStringLiteral("2026-11-28T19:05:09.123+02:00") << written;
        QTest::newRow("leap day") << QStringLiteral("2028-02-29T00:00:00.000Z")
                                  << QDateTime(QDate(2028, 2, 29), QTime(0, 0), Qt::UTC);
        QTest::newRow("no such day") << QStringLiteral("2026-02-30T00:00:00.000Z") << QDateTime();
        QTest::newRow("a letter for a digit") << QStringLiteral("2026-11-2xT17:05:09.123Z") << QDateTime();
    }

    //! SQLite keeps times as text; a time read back is the instant written, in UTC.
    void sqliteTimesAsStored()
    {
        QFETCH(QString, stored);
        QFETCH(QDateTime, read);
        SqlConnection connection(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite::memory:")),
                                 QStringLiteral("tst_sqlconnection-times"));
        const std::optional<QDateTime> found = connection.timeFrom(QVariant(stored));
        QVERIFY(found.has_value());
        QCOMPARE(found->isValid(), read.isValid());
        if (read.isValid()) {
            QCOMPARE(found->toMSecsSinceEpoch(), read.toMSecsSinceEpoch());
            QCOMPARE(found->timeSpec(), Qt::UTC);
        }
    }

    void sqliteDefaults()
    {
        QTemporaryDir dir;
        SqlConnection connection(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("d.db"))),
                                 QStringLiteral("tst_sqlconnection-defaults"));
        connection.open();
        QCOMPARE(pragma(connection, QStringLiteral("journal_mode")).toString(), QStringLiteral("wal"));
        QCOMPARE(pragma(connection, QStringLiteral("foreign_keys")).toInt(), 1);
        QCOMPARE(pragma(connection, QStringLiteral("busy_timeout")).toInt(), 5000);
        QCOMPARE(pragma(connection, QStringLiteral("cache_size")).toInt(), -65536);  // 64 MiB, not SQLite's 2 MB
        QCOMPARE(pragma(connection, QStringLiteral("mmap_size")).toLongLong(), 0);
    }

    void sqlitePragmasFromTheUrl()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://%1?cache_size=-16384&mmap_size=268435456")
                                .arg(dir.filePath(QStringLiteral("p.db")));
        SqlConnection connection(*SqlAdapterOptions::fromUrl(url), QStringLiteral("tst_sqlconnection-pragmas"));
        connection.open();
        QCOMPARE(pragma(connection, QStringLiteral("cache_size")).toInt(), -16384);
        QCOMPARE(pragma(connection, QStringLiteral("mmap_size")).toLongLong(), 268435456);
        // Reopened after a lost connection: set up again.
        connection.close();
        connection.open();
        QCOMPARE(pragma(connection, QStringLiteral("cache_size")).toInt(), -16384);
    }

    void sqliteLockHeldTooLongIsUnavailable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("busy.db"));
        SqlConnection holder(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path), QStringLiteral("tst-busy-holder"));
        SqlConnection waiter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path), QStringLiteral("tst-busy-waiter"));
        run(holder, QStringLiteral("CREATE TABLE t (x INTEGER)"));
        run(holder, QStringLiteral("BEGIN IMMEDIATE"));
        run(waiter, QStringLiteral("PRAGMA busy_timeout = 100"));
        try {
            run(waiter, QStringLiteral("BEGIN IMMEDIATE"));
            QFAIL("took a write lock that another connection holds");
        } catch (const SqlBusy &busy) {  // the adapter fails the call with Unavailable
            QVERIFY2(busy.detail.contains(QStringLiteral("database is locked")), qPrintable(busy.detail));
        }
        holder.rollback();
    }

    void sqliteFileMovedAwayIsMissingNotRecreated()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("moved.db"));
        SqliteFileState shared;
        SqlConnection connection(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path),
                                 QStringLiteral("tst-moved"), &shared);
        run(connection, QStringLiteral("CREATE TABLE t (x INTEGER)"));
        run(connection, QStringLiteral("INSERT INTO t VALUES (1)"));
        QVERIFY(shared.seen);
        QVERIFY(moveDatabase(path, dir.filePath(QStringLiteral("elsewhere.db"))));
        QTest::qWait(300);  // the file is looked at every 250 ms at most
        try {
            connection.open();
            QFAIL("opened a database file that is gone");
        } catch (const AdapterError &error) {
            QCOMPARE(error.reason(), AdapterError::Reason::Unavailable);
            QCOMPARE(error.message(), QStringLiteral("the database file %1 is missing (moved or removed?); it is not "
                                                     "created anew").arg(path));
        }
        QVERIFY(!QFile::exists(path));
        // A second connection of the same adapter does not create it either.
        SqlConnection another(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path),
                              QStringLiteral("tst-moved-2"), &shared);
        QVERIFY_THROWS_EXCEPTION(AdapterError, another.open());
        QVERIFY(!QFile::exists(path));

        QVERIFY(moveDatabase(dir.filePath(QStringLiteral("elsewhere.db")), path));
        QCOMPARE(count(connection, QStringLiteral("t")), 1);
        QCOMPARE(count(another, QStringLiteral("t")), 1);
    }

    void sqliteConnectionsLookTogether()
    {
        // One connection finds the file gone: the others look at once, not at their next turn
        // (a connection still reading the moved file would say the database is back).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shared.db"));
        SqliteFileState shared;
        SqlConnection first(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path), QStringLiteral("tst-first"), &shared);
        run(first, QStringLiteral("CREATE TABLE t (x INTEGER)"));
        QTest::qWait(300);
        SqlConnection second(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path), QStringLiteral("tst-second"), &shared);
        QCOMPARE(count(second, QStringLiteral("t")), 0);  // it has just looked
        QVERIFY(moveDatabase(path, dir.filePath(QStringLiteral("moved.db"))));
        QVERIFY_THROWS_EXCEPTION(AdapterError, first.open());
        QVERIFY_THROWS_EXCEPTION(AdapterError, second.open());
    }

    void sqliteFileReplacedIsReopened()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("replaced.db"));
        SqliteFileState shared;
        SqlConnection connection(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path),
                                 QStringLiteral("tst-replaced"), &shared);
        run(connection, QStringLiteral("CREATE TABLE t (x INTEGER)"));
        // A restored backup put in its place: two rows.
        const QString backup = dir.filePath(QStringLiteral("backup.db"));
        {
            SqlConnection writer(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + backup), QStringLiteral("tst-backup"));
            run(writer, QStringLiteral("CREATE TABLE t (x INTEGER)"));
            run(writer, QStringLiteral("INSERT INTO t VALUES (1), (2)"));
        }
        QVERIFY(QFile::remove(path + QStringLiteral("-wal")) || !QFile::exists(path + QStringLiteral("-wal")));
        QVERIFY(QFile::remove(path + QStringLiteral("-shm")) || !QFile::exists(path + QStringLiteral("-shm")));
        QVERIFY(QFile::rename(backup, dir.filePath(QStringLiteral("incoming.db"))));
        QVERIFY(::rename(QFile::encodeName(dir.filePath(QStringLiteral("incoming.db"))).constData(),
                         QFile::encodeName(path).constData()) == 0);
        QTest::qWait(300);
        QCOMPARE(count(connection, QStringLiteral("t")), 2);
    }
};

QTEST_GUILESS_MAIN(TestSqlConnection)
#include "tst_sqlconnection.moc"
