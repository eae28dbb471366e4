// SqlConnection: what every new connection is set up with.
#include "storage/sqlconnection.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;

namespace {

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
};

QTEST_GUILESS_MAIN(TestSqlConnection)
#include "tst_sqlconnection.moc"
