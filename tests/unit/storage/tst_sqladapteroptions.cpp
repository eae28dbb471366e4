#include <gatehouse/sqladapter.h>

#include <QTest>

using namespace Gatehouse;
using Backend = SqlAdapterOptions::Backend;

class TestSqlAdapterOptions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { qunsetenv("DATABASE_PASSWORD"); }

    void parses_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<int>("backend");
        QTest::addColumn<QString>("database");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("connectOptions");
        QTest::addColumn<int>("maxThreads");
        QTest::addColumn<QString>("display");

        const int sqlite = int(Backend::SQLite);
        const int pg = int(Backend::PostgreSQL);
        const int mysql = int(Backend::MySQL);
        QTest::newRow("sqlite absolute") << "sqlite:///var/lib/gatehouse/gatehouse.db" << sqlite
                                         << "/var/lib/gatehouse/gatehouse.db" << "" << -1 << "" << "" << "" << 4
                                         << "sqlite:///var/lib/gatehouse/gatehouse.db";
        QTest::newRow("sqlite relative") << "sqlite:data/gatehouse.db" << sqlite << "data/gatehouse.db" << "" << -1 << ""
                                         << "" << "" << 4 << "sqlite:data/gatehouse.db";
        QTest::newRow("sqlite percent-encoded") << "sqlite:///tmp/my%20db.sqlite" << sqlite << "/tmp/my db.sqlite" << ""
                                                << -1 << "" << "" << "" << 4 << "sqlite:///tmp/my db.sqlite";
        QTest::newRow("sqlite memory") << "sqlite::memory:" << sqlite << ":memory:" << "" << -1 << "" << "" << "" << 1
                                       << "sqlite::memory:";
        QTest::newRow("postgresql") << "postgresql://gate:s%40cret@db.example.test:5433/auth" << pg << "auth"
                                    << "db.example.test" << 5433 << "gate" << "s@cret" << "" << 4
                                    << "postgresql://gate@db.example.test:5433/auth";
        QTest::newRow("postgres alias, options") << "postgres://u@127.0.0.1/authjs?sslmode=require&connect_timeout=5"
                                                 << pg << "authjs" << "127.0.0.1" << -1 << "u" << "" << "sslmode=require;connect_timeout=5"
                                                 << 4 << "postgresql://u@127.0.0.1/authjs";
        QTest::newRow("mysql") << "mysql://root:pw@127.0.0.1:3307/gh" << mysql << "gh" << "127.0.0.1" << 3307 << "root"
                               << "pw" << "" << 4 << "mysql://root@127.0.0.1:3307/gh";
        QTest::newRow("mariadb alias") << "MariaDB://app@localhost/gh" << mysql << "gh" << "localhost" << -1 << "app" << ""
                                       << "" << 4 << "mysql://app@localhost/gh";
    }

    void parses()
    {
        QFETCH(QString, url);
        QString error;
        const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, &error);
        QVERIFY2(options, qPrintable(error));
        QTEST(int(options->backend), "backend");
        QTEST(options->databaseName, "database");
        QTEST(options->host, "host");
        QTEST(options->port, "port");
        QTEST(options->userName, "user");
        QTEST(options->password, "password");
        QTEST(options->connectOptions, "connectOptions");
        QTEST(options->maxThreads, "maxThreads");
        QTEST(options->displayUrl(), "display");
    }

    void sqlitePragmas()
    {
        const auto options = SqlAdapterOptions::fromUrl(
            QStringLiteral("sqlite:///var/lib/gatehouse/gate%20house.db?cache_size=-65536&mmap_size=4294967296"));
        QVERIFY(options);
        QCOMPARE(options->databaseName, QStringLiteral("/var/lib/gatehouse/gate house.db"));
        QCOMPARE(options->sqliteCacheSize, std::optional<qint64>(-65536));
        QCOMPARE(options->sqliteMmapSize, std::optional<qint64>(4294967296));
        QCOMPARE(options->connectOptions, QString());
        QCOMPARE(options->displayUrl(),
                 QStringLiteral("sqlite:///var/lib/gatehouse/gate house.db?cache_size=-65536&mmap_size=4294967296"));

        const auto memory = SqlAdapterOptions::fromUrl(QStringLiteral("sqlite::memory:?cache_size=100"));
        QVERIFY(memory);
        QCOMPARE(memory->databaseName, QStringLiteral(":memory:"));
        QCOMPARE(memory->maxThreads, 1);
        QCOMPARE(memory->sqliteCacheSize, std::optional<qint64>(100));
        QCOMPARE(memory->sqliteMmapSize, std::nullopt);

        const auto plain = SqlAdapterOptions::fromUrl(QStringLiteral("sqlite:gatehouse.db"));
        QCOMPARE(plain->sqliteCacheSize, std::nullopt);
        QCOMPARE(plain->sqliteMmapSize, std::nullopt);
    }

    void driverNames()
    {
        QCOMPARE(SqlAdapterOptions::fromUrl(QStringLiteral("sqlite:x.db"))->driverName(), QStringLiteral("QSQLITE"));
        QCOMPARE(SqlAdapterOptions::fromUrl(QStringLiteral("postgresql://h/d"))->driverName(), QStringLiteral("QPSQL"));
        QCOMPARE(SqlAdapterOptions::fromUrl(QStringLiteral("mariadb://h/d"))->driverName(), QStringLiteral("QMYSQL"));
    }

    void passwordFromTheEnvironment()
    {
        qputenv("DATABASE_PASSWORD", "from-env");
        QCOMPARE(SqlAdapterOptions::fromUrl(QStringLiteral("postgresql://u@h/d"))->password, QStringLiteral("from-env"));
        QCOMPARE(SqlAdapterOptions::fromUrl(QStringLiteral("postgresql://u:given@h/d"))->password, QStringLiteral("given"));
    }

    void rejects_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << "" << "it is empty";
        QTest::newRow("unknown scheme") << "oracle://u:secret@h/d" << "unsupported scheme \"oracle\"";
        QTest::newRow("sqlite with a host") << "sqlite://relative.db" << "it names a host (\"relative.db\")";
        QTest::newRow("sqlite without a file") << "sqlite:" << "it names no database file";
        QTest::newRow("sqlite root only") << "sqlite:///" << "it names no database file";
        QTest::newRow("no database") << "postgresql://u@h:5432" << "it names no database";
        QTest::newRow("nested path") << "mysql://u@h/a/b" << "it names no database";
        QTest::newRow("not a URL") << "postgresql:dbname" << "expected postgresql://user@host:port/database";
        QTest::newRow("bad port") << "postgresql://u@h:port/d" << "Invalid port";
        QTest::newRow("sqlite unknown option") << "sqlite:///tmp/g.db?journal_mode=delete"
                                               << "unknown option \"journal_mode\" (SQLite takes cache_size and mmap_size)";
        QTest::newRow("sqlite cache_size not a number") << "sqlite:g.db?cache_size=big"
                                                        << "cache_size: expected a whole number";
        QTest::newRow("sqlite negative mmap_size") << "sqlite:g.db?mmap_size=-1"
                                                   << "mmap_size: expected a number of bytes (0 or more), got \"-1\"";
    }

    void rejects()
    {
        QFETCH(QString, url);
        QFETCH(QString, reason);
        QString error;
        QVERIFY(!SqlAdapterOptions::fromUrl(url, &error));
        QVERIFY2(error.contains(reason), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("secret")), qPrintable(error));
        QVERIFY(!SqlAdapter::fromUrl(url, &error));
    }
};

QTEST_GUILESS_MAIN(TestSqlAdapterOptions)
#include "tst_sqladapteroptions.moc"
