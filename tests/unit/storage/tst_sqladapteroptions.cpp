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

    void multiHost_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QList<int>>("hostPorts");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("connectOptions");
        QTest::addColumn<QString>("display");

        QTest::newRow("primary and standby") << "postgresql://gatehouse@db1:5432,db2:5433/gatehouse" << "db1,db2"
                                             << QList<int>{5432, 5433} << ""
                                             << "port=5432,5433;target_session_attrs=read-write"
                                             << "postgresql://gatehouse@db1:5432,db2:5433/gatehouse?target_session_attrs=read-write";
        QTest::newRow("read-write given, other options kept")
            << "postgresql://g@db1:5432,db2:5432/gh?sslmode=require&target_session_attrs=read-write" << "db1,db2"
            << QList<int>{5432, 5432} << "" << "port=5432,5432;sslmode=require;target_session_attrs=read-write"
            << "postgresql://g@db1:5432,db2:5432/gh?target_session_attrs=read-write";
        QTest::newRow("primary") << "postgres://g@db1,db2/gh?target_session_attrs=primary" << "db1,db2"
                                 << QList<int>{-1, -1} << "" << "target_session_attrs=primary"
                                 << "postgresql://g@db1,db2/gh?target_session_attrs=primary";
        QTest::newRow("any") << "postgresql://g@10.0.0.1:6432,10.0.0.2:6432/gh?target_session_attrs=any"
                             << "10.0.0.1,10.0.0.2" << QList<int>{6432, 6432} << ""
                             << "port=6432,6432;target_session_attrs=any"
                             << "postgresql://g@10.0.0.1:6432,10.0.0.2:6432/gh?target_session_attrs=any";
        QTest::newRow("password hidden") << "postgresql://g:s%40cret@db1:5432,db2:5432/gh" << "db1,db2"
                                         << QList<int>{5432, 5432} << "s@cret"
                                         << "port=5432,5432;target_session_attrs=read-write"
                                         << "postgresql://g@db1:5432,db2:5432/gh?target_session_attrs=read-write";
        // libpq: an empty entry of the port list is the default port.
        QTest::newRow("one default port") << "postgresql://g@db1,db2:5433/gh" << "db1,db2" << QList<int>{-1, 5433} << ""
                                          << "port=,5433;target_session_attrs=read-write"
                                          << "postgresql://g@db1,db2:5433/gh?target_session_attrs=read-write";
        QTest::newRow("IPv6 in brackets") << "postgresql://g@[::1]:5432,127.0.0.1:5433/gh" << "::1,127.0.0.1"
                                          << QList<int>{5432, 5433} << ""
                                          << "port=5432,5433;target_session_attrs=read-write"
                                          << "postgresql://g@[::1]:5432,127.0.0.1:5433/gh?target_session_attrs=read-write";
        QTest::newRow("one port option for all") << "postgresql://g@db1,db2,db3/gh?port=6432" << "db1,db2,db3"
                                                 << QList<int>{6432, 6432, 6432} << ""
                                                 << "port=6432,6432,6432;target_session_attrs=read-write"
                                                 << "postgresql://g@db1:6432,db2:6432,db3:6432/gh?target_session_attrs=read-write";
        QTest::newRow("a port option each") << "postgresql://g@db1,db2/gh?port=5432,5433" << "db1,db2"
                                            << QList<int>{5432, 5433} << ""
                                            << "port=5432,5433;target_session_attrs=read-write"
                                            << "postgresql://g@db1:5432,db2:5433/gh?target_session_attrs=read-write";
        QTest::newRow("one host, read-write") << "postgresql://g@db1:5432/gh?target_session_attrs=read-write" << "db1"
                                              << QList<int>{} << "" << "target_session_attrs=read-write"
                                              << "postgresql://g@db1:5432/gh?target_session_attrs=read-write";
    }

    void multiHost()
    {
        QFETCH(QString, url);
        QString error;
        const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, &error);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(int(options->backend), int(Backend::PostgreSQL));
        QCOMPARE(options->databaseName, url.section(u'/', 3).section(u'?', 0, 0));
        QTEST(options->host, "host");
        QCOMPARE(options->port, url.contains(u',') ? -1 : 5432);
        QTEST(options->hostPorts, "hostPorts");
        QCOMPARE(options->userName, url.section(QLatin1String("//"), 1).section(u'@', 0, 0).section(u':', 0, 0));
        QTEST(options->password, "password");
        QTEST(options->connectOptions, "connectOptions");
        QTEST(options->displayUrl(), "display");
        // What is shown reads back as the same hosts and ports.
        const std::optional<SqlAdapterOptions> again = SqlAdapterOptions::fromUrl(options->displayUrl(), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->host, options->host);
        QCOMPARE(again->displayUrl(), options->displayUrl());
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
        QTest::newRow("empty host in a list") << "postgresql://u:secret@db1:5432,,db2:5432/gh"
                                              << "host 2 of 3 is empty (a comma too many?)";
        QTest::newRow("trailing comma") << "postgresql://u:secret@db1:5432,/gh" << "host 2 of 2 is empty";
        QTest::newRow("port not a number") << "postgresql://u:secret@db1:5432,db2:fivefour/gh"
                                           << "host 2 of 2 (\"db2:fivefour\"): the port \"fivefour\" is not a number from 1 to 65535";
        QTest::newRow("port out of range") << "postgresql://u@db1:70000,db2/gh"
                                           << "host 1 of 2 (\"db1:70000\"): the port \"70000\" is not a number";
        QTest::newRow("port missing after colon") << "postgresql://u@db1:,db2/gh" << "the port \"\" is not a number";
        QTest::newRow("port without host") << "postgresql://u@db1,:5433/gh"
                                           << "host 2 of 2 (\":5433\") names no host name or address";
        QTest::newRow("IPv6 without brackets") << "postgresql://u@db1,::1:5432/gh"
                                               << "write an IPv6 address in brackets, [::1]:5432";
        QTest::newRow("IPv6 bracket open") << "postgresql://u@db1,[::1:5432/gh" << "is not an IPv6 address in brackets";
        QTest::newRow("several hosts on MariaDB") << "mysql://u:secret@db1,db2/gh" << "are for PostgreSQL only";
        QTest::newRow("host and port counts differ") << "postgresql://u:secret@db1,db2,db3/gh?port=5432,5433"
                                                     << "3 hosts but 2 ports in port=5432,5433";
        QTest::newRow("ports twice") << "postgresql://u@db1:5432,db2/gh?port=5433"
                                     << "port=5433: the hosts have their ports in the URL already";
        QTest::newRow("bad port option") << "postgresql://u@db1,db2/gh?port=5432,x" << "\"x\" is not a number";
        QTest::newRow("hosts twice") << "postgresql://u@db1,db2/gh?host=db3" << "host=db3: the URL names its hosts already";
        QTest::newRow("host list in the query") << "postgresql:///gh?host=db1,db2"
                                                << "write several hosts with their ports in the URL";
        QTest::newRow("port list for one host") << "postgresql://u@db1/gh?port=5432,5433"
                                                << "write several hosts with their ports in the URL";
        QTest::newRow("standby") << "postgresql://u:secret@db1,db2/gh?target_session_attrs=standby"
                                 << "target_session_attrs=standby would connect to a standby, where Gatehouse cannot write";
        QTest::newRow("prefer-standby") << "postgresql://u@db1,db2/gh?target_session_attrs=prefer-standby"
                                        << "would connect to a standby";
        QTest::newRow("read-only, one host") << "postgresql://u@db1/gh?target_session_attrs=read-only"
                                             << "would connect to a standby";
        QTest::newRow("unknown target") << "postgresql://u@db1,db2/gh?target_session_attrs=master"
                                        << "target_session_attrs: unknown value \"master\" (use read-write, primary or any)";
        QTest::newRow("too many hosts") << QStringLiteral("postgresql://u@%1/gh").arg(QStringLiteral("db,").repeated(16) + QStringLiteral("db"))
                                        << "17 hosts; at most 16 are taken";
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
