// gatehouse-bulkload: fills a Gatehouse database with many users and sessions for the scale
// benchmark (tests/bench/database/scale.sh), and measures session lookups on it.
//
//   gatehouse-bulkload load   --url URL --users N --sessions M
//       migrates the schema, then loads N users and M sessions into the (empty) users and
//       sessions tables: SQLite with prepared multi-row INSERTs in transactions, PostgreSQL with
//       COPY through psql; secondary indexes are dropped first and built again afterwards.
//       A progress bar on stderr. Ends by writing everything to disk (PostgreSQL: a CHECKPOINT,
//       then sync), so that what is measured next does not wait behind the load's writes.
//   gatehouse-bulkload tokens --url URL --count K
//       prints K session tokens of the loaded sessions, spread evenly over them (one a line).
//   gatehouse-bulkload lookup --url URL --count K
//       K sequential getSessionAndUser calls through SqlAdapter with random loaded tokens
//       (after 1 000 warm-up calls): prints the latency percentiles, and for SQLite how much the
//       timed calls read from storage rather than from the operating system's page cache.
#include "benchtokens.h"
#include "loadplan.h"
#include "postgresbulkload.h"
#include "secondaryindexes.h"
#include "sqlitebulkload.h"

#include <gatehouse/sqladapter.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QUuid>
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include <unistd.h>

using Gatehouse::SqlAdapter;
using Gatehouse::SqlAdapterOptions;

namespace {

qint64 positive(const QCommandLineParser &args, const QString &name)
{
    bool ok = false;
    const qint64 value = args.value(name).toLongLong(&ok);
    if (!ok || value <= 0)
        throw std::runtime_error(qPrintable(QStringLiteral("--%1 must be a positive number").arg(name)));
    return value;
}

std::unique_ptr<SqlAdapter> adapterFor(const QString &url)
{
    QString error;
    auto adapter = SqlAdapter::fromUrl(url, &error);
    if (!adapter)
        throw std::runtime_error(qPrintable(QStringLiteral("--url: ") + error));
    return adapter;
}

template<typename T>
T await(QFuture<T> future)
{
    future.waitForFinished(); // rethrows an AdapterError
    return future.result();
}

QSqlDatabase open(const SqlAdapterOptions &o)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(o.driverName(), QStringLiteral("bulkload-") + QUuid::createUuid().toString());
    db.setDatabaseName(o.databaseName);
    db.setHostName(o.host);
    db.setPort(o.port);
    db.setUserName(o.userName);
    db.setPassword(o.password);
    db.setConnectOptions(o.connectOptions);
    if (!db.open())
        throw std::runtime_error(qPrintable(QStringLiteral("cannot open %1: %2").arg(o.displayUrl(), db.lastError().text())));
    return db;
}

void load(const QString &url, const LoadPlan &plan)
{
    auto adapter = adapterFor(url);
    const SqlAdapterOptions options = adapter->options();
    if (options.backend == SqlAdapterOptions::Backend::MySQL)
        throw std::runtime_error("--url: the loader supports sqlite and postgresql");
    await(adapter->migrate([](const QString &line) { std::fprintf(stderr, "migrate: %s\n", qPrintable(line)); }));
    adapter.reset();

    QElapsedTimer clock;
    clock.start();
    {
        QSqlDatabase db = open(options);
        for (const QString table : {QStringLiteral("users"), QStringLiteral("sessions")}) {
            const qint64 rows = scalarOrThrow(db, QStringLiteral("SELECT COUNT(*) FROM ") + table).toLongLong();
            if (rows > 0)
                throw std::runtime_error(qPrintable(QStringLiteral("%1 already has %2 rows in %3: load into an empty database")
                                                        .arg(options.displayUrl()).arg(rows).arg(table)));
        }
        SecondaryIndexes indexes(db);
        indexes.drop();
        if (options.backend == SqlAdapterOptions::Backend::SQLite) {
            sqliteBulkLoad(db, plan);
        } else {
            postgresBulkLoad(db, options, plan);
            execOrThrow(db, QStringLiteral("SET maintenance_work_mem = '512MB'")); // for the index builds
        }
        indexes.recreate();
        // PostgreSQL: VACUUM also marks the loaded pages all-visible, as autovacuum does for a
        // table that has grown, so that session lookups read the index alone.
        execOrThrow(db, options.backend == SqlAdapterOptions::Backend::PostgreSQL ? QStringLiteral("VACUUM ANALYZE")
                                                                                 : QStringLiteral("ANALYZE"));
        // Measurements start from a settled database, as a server's would be: the load wrote
        // gigabytes without waiting for the disk (SQLite synchronous=OFF, PostgreSQL's WAL), and
        // writing them back while lookups run would measure the loader, not the lookups.
        if (options.backend == SqlAdapterOptions::Backend::PostgreSQL)
            execOrThrow(db, QStringLiteral("CHECKPOINT"));
        db.close();
    }
    QElapsedTimer flush;
    flush.start();
    ::sync();
    std::fprintf(stderr, "written to disk in %.1f s\n", flush.elapsed() / 1000.0);
    std::fprintf(stderr, "loaded %lld users and %lld sessions in %.1f s\n", plan.users, plan.sessions,
                 clock.elapsed() / 1000.0);
}

qint64 loadedSessions(SqlAdapter &adapter)
{
    Gatehouse::SessionFilter everySession;
    everySession.activeOnly = false;
    const qint64 sessions = await(adapter.countSessionEntries(everySession));
    if (sessions <= 0)
        throw std::runtime_error("the database has no sessions: run `gatehouse-bulkload load` first");
    return sessions;
}

void tokens(const QString &url, qint64 count)
{
    auto adapter = adapterFor(url);
    const qint64 sessions = loadedSessions(*adapter);
    for (qint64 i = 0; i < count; ++i)
        std::printf("%s\n", qPrintable(BenchTokens::sessionToken(i * sessions / count)));
}

//! Bytes this process has had read from storage (not from the page cache): /proc/self/io.
qint64 storageReadBytes()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (!io.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : io.readAll().split('\n')) {
        if (line.startsWith("read_bytes:"))
            return line.mid(11).trimmed().toLongLong();
    }
    return 0;
}

void lookup(const QString &url, qint64 count)
{
    auto adapter = adapterFor(url);
    const qint64 sessions = loadedSessions(*adapter);
    std::mt19937_64 random(20261123);
    std::uniform_int_distribution<qint64> pick(0, sessions - 1);
    std::vector<double> micros;
    micros.reserve(size_t(count));
    qint64 missing = 0;
    qint64 readBefore = 0;
    for (qint64 i = -1000; i < count; ++i) { // negative: warm-up
        if (i == 0)
            readBefore = storageReadBytes();
        const QString token = BenchTokens::sessionToken(pick(random));
        QElapsedTimer clock;
        clock.start();
        const auto found = await(adapter->getSessionAndUser(token));
        const double us = clock.nsecsElapsed() / 1000.0;
        if (!found)
            ++missing;
        if (i >= 0)
            micros.push_back(us);
    }
    if (missing > 0)
        throw std::runtime_error(qPrintable(QStringLiteral("%1 tokens were not found: was the database loaded by this tool?").arg(missing)));
    std::sort(micros.begin(), micros.end());
    const auto at = [&micros](double p) { return micros[std::min(micros.size() - 1, size_t(p * micros.size()))]; };
    double sum = 0;
    for (double us : micros)
        sum += us;
    std::printf("sessions %lld  lookups %lld  mean_us %.1f  p50_us %.1f  p90_us %.1f  p99_us %.1f  max_us %.1f", sessions,
                count, sum / micros.size(), at(0.50), at(0.90), at(0.99), micros.back());
    // PostgreSQL reads in its own processes: nothing to tell here.
    if (adapter->options().backend == SqlAdapterOptions::Backend::SQLite)
        std::printf("  storage_read_kB %lld", (storageReadBytes() - readBefore) / 1024);
    std::printf("\n");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gatehouse-bulkload"));
    QCommandLineParser args;
    args.setApplicationDescription(QStringLiteral("Bulk users and sessions for the database benchmarks."));
    args.addHelpOption();
    args.addPositionalArgument(QStringLiteral("command"), QStringLiteral("load | tokens | lookup"));
    args.addOption({QStringLiteral("url"), QStringLiteral("sqlite:///path.db or postgresql://user@host:port/db"), QStringLiteral("url")});
    args.addOption({QStringLiteral("users"), QStringLiteral("users to load"), QStringLiteral("n"), QStringLiteral("1000000")});
    args.addOption({QStringLiteral("sessions"), QStringLiteral("sessions to load"), QStringLiteral("n"), QStringLiteral("10000000")});
    args.addOption({QStringLiteral("count"), QStringLiteral("tokens to print / lookups to time"), QStringLiteral("n"), QStringLiteral("10000")});
    args.process(app);
    try {
        const QStringList command = args.positionalArguments();
        if (command.size() != 1)
            throw std::runtime_error("give one command: load, tokens or lookup");
        if (!args.isSet(QStringLiteral("url")))
            throw std::runtime_error("--url is missing");
        const QString url = args.value(QStringLiteral("url"));
        if (command.first() == QLatin1String("load")) {
            LoadPlan plan;
            plan.users = positive(args, QStringLiteral("users"));
            plan.sessions = positive(args, QStringLiteral("sessions"));
            plan.expires = QDateTime::currentDateTimeUtc().addDays(30);
            load(url, plan);
        } else if (command.first() == QLatin1String("tokens")) {
            tokens(url, positive(args, QStringLiteral("count")));
        } else if (command.first() == QLatin1String("lookup")) {
            lookup(url, positive(args, QStringLiteral("count")));
        } else {
            throw std::runtime_error(qPrintable(QStringLiteral("unknown command '%1' (load, tokens or lookup)").arg(command.first())));
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "gatehouse-bulkload: %s\n", e.what());
        return 1;
    }
    return 0;
}
