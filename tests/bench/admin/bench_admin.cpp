// Times the admin app's Users view over a million users on SQLite and PostgreSQL.
// Run by hand (see CMakeLists.txt); prints one line per measurement.
#include "adminconnection.h"
#include "usersmodel.h"
#include "support/adminseed.h"
#include "support/postgresserver.h"

#include <gatehouse/sqladapter.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

using namespace Gatehouse;
using namespace Gatehouse::Admin;
using namespace Gatehouse::Testing;

namespace {

constexpr int waitLimitMs = 600000;

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

void progressBar(qint64 done, qint64 total)
{
    const int width = 40;
    const int filled = int(width * done / qMax<qint64>(1, total));
    std::fprintf(stderr, "\r  seeding [%s%s] %lld/%lld", QByteArray(filled, '#').constData(),
                 QByteArray(width - filled, '.').constData(), static_cast<long long>(done), static_cast<long long>(total));
    if (done >= total)
        std::fprintf(stderr, "\n");
}

//! Runs the event loop until \a done() or the limit; returns the milliseconds it took.
template<typename Done>
double waitFor(Done done)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < waitLimitMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    return timer.nsecsElapsed() / 1e6;
}

bool rowLoaded(UsersModel &model, int row)
{
    return model.data(model.index(row), UsersModel::LoadedRole).toBool();
}

//! Asks for rows [first, first + visible) like a view showing them, and waits until all are loaded.
double show(UsersModel &model, int first, int visible = 40)
{
    QElapsedTimer timer;
    timer.start();
    const int last = qMin(model.rowCount() - 1, first + visible - 1);
    for (int row = first; row <= last; ++row)
        model.data(model.index(row), UsersModel::EmailRole);
    waitFor([&] {
        for (int row = first; row <= last; ++row) {
            if (!rowLoaded(model, row)) {
                model.data(model.index(row), UsersModel::EmailRole);
                return false;
            }
        }
        return true;
    });
    return timer.nsecsElapsed() / 1e6;
}

void report(const QString &backend, const QString &what, double ms)
{
    out() << QStringLiteral("%1 | %2 | %3 ms").arg(backend, -10).arg(what, -58).arg(ms, 9, 'f', 1) << Qt::endl;
}

double timed(const std::function<void()> &work)
{
    QElapsedTimer timer;
    timer.start();
    work();
    return timer.nsecsElapsed() / 1e6;
}

bool run(const QString &backend, const QString &url, qint64 users)
{
    QString error;
    {
        auto adapter = SqlAdapter::fromUrl(url, &error);
        if (!adapter) {
            out() << backend << ": " << error << Qt::endl;
            return false;
        }
        adapter->migrate().waitForFinished();
    }
    const double seedMs = timed([&] {
        if (!AdminSeed::seedBulkUsers(url, users, progressBar, &error))
            out() << backend << ": " << error << Qt::endl;
    });
    if (!error.isEmpty())
        return false;
    report(backend, QStringLiteral("seed %1 users (bulk, incl. ANALYZE)").arg(users), seedMs);

    AdminConnection connection;
    const double openMs = waitFor([&] {
        if (connection.status() == AdminConnection::Status::Closed)
            connection.open(url);
        return connection.status() != AdminConnection::Status::Connecting;
    });
    if (!connection.isReady()) {
        out() << backend << ": " << connection.errorString() << Qt::endl;
        return false;
    }
    report(backend, QStringLiteral("open the connection (schema check)"), openMs);

    UsersModel model;
    QElapsedTimer viewTimer;
    viewTimer.start();
    model.setConnection(&connection);
    waitFor([&] { return model.totalCount() >= 0; });
    const double countMs = viewTimer.nsecsElapsed() / 1e6;
    show(model, 0);
    report(backend, QStringLiteral("Users view: count (%1 rows)").arg(model.totalCount()), countMs);
    report(backend, QStringLiteral("Users view: first page ready (count + rows 0-39)"), viewTimer.nsecsElapsed() / 1e6);

    const int total = model.rowCount();
    report(backend, QStringLiteral("jump to the end (last 40 rows)"), show(model, total - 40));
    QElapsedTimer scroll;
    scroll.start();
    double worst = 0;
    const int steps = 50; // 50 screens of 40 rows upwards = 2,000 rows, 20 pages of 100
    for (int i = 1; i <= steps; ++i)
        worst = qMax(worst, show(model, total - 40 - i * 40));
    report(backend, QStringLiteral("scroll up through the last 20 pages: per screen, mean"), scroll.nsecsElapsed() / 1e6 / steps);
    report(backend, QStringLiteral("scroll up through the last 20 pages: worst screen"), worst);
    report(backend, QStringLiteral("jump to the middle (row %1)").arg(total / 2), show(model, total / 2));
    report(backend, QStringLiteral("jump to row %1 (80%)").arg(int(total * 0.8)), show(model, int(total * 0.8)));

    model.setSortColumn(UsersModel::SortColumn::Name);
    report(backend, QStringLiteral("sort by name: first screen"), waitFor([&] { return model.totalCount() >= 0; }) + show(model, 0));
    report(backend, QStringLiteral("sort by name: jump to the end"), show(model, total - 40));
    model.setAscending(false);
    report(backend, QStringLiteral("sort by name, descending: first screen"), waitFor([&] { return model.totalCount() >= 0; }) + show(model, 0));
    model.setSortColumn(UsersModel::SortColumn::Id);
    model.setAscending(true);

    QElapsedTimer searchTimer;
    searchTimer.start();
    model.setSearch(QStringLiteral("user99999"));
    waitFor([&] { return model.totalCount() >= 0; });
    const qint64 matches = model.totalCount();
    if (matches > 0)
        show(model, 0, int(qMin<qint64>(40, matches)));
    report(backend, QStringLiteral("search \"user99999\" (%1 matches): count + first screen").arg(matches),
           searchTimer.nsecsElapsed() / 1e6);
    searchTimer.restart();
    model.setSearch(QStringLiteral("lovelace"));
    waitFor([&] { return model.totalCount() >= 0; });
    report(backend, QStringLiteral("search \"lovelace\" (%1 matches)").arg(model.totalCount()), searchTimer.nsecsElapsed() / 1e6);
    model.setSearch({});

    // The plain-OFFSET way, for comparison: the last page counted from the start.
    auto store = connection.adapter();
    UserPageRequest offsetFromStart;
    offsetFromStart.offset = total - 100;
    report(backend, QStringLiteral("for comparison: last page by OFFSET %1 from the start").arg(total - 100),
           timed([&] { store->listUsersPage(offsetFromStart).waitForFinished(); }));
    UserPageRequest fromEnd;
    fromEnd.backward = true;
    report(backend, QStringLiteral("for comparison: last page counted from the end"),
           timed([&] { store->listUsersPage(fromEnd).waitForFinished(); }));
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    app.setOrganizationName(QStringLiteral("gatehouse-bench"));
    QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.path().toUtf8());
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times gatehouse-admin's Users view over many users."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("users"), QStringLiteral("How many users to seed (default 1000000)."), QStringLiteral("n"),
                      QStringLiteral("1000000")});
    parser.addOption({QStringLiteral("backend"), QStringLiteral("sqlite, postgresql or both (default both)."), QStringLiteral("name"),
                      QStringLiteral("both")});
    parser.process(app);
    bool ok = false;
    const qint64 users = parser.value(QStringLiteral("users")).toLongLong(&ok);
    if (!ok || users < 1000 || users > 20000000) {
        std::fprintf(stderr, "--users: give a number from 1000 to 20000000\n");
        return 2;
    }
    const QString backend = parser.value(QStringLiteral("backend"));
    if (backend != QLatin1String("sqlite") && backend != QLatin1String("postgresql") && backend != QLatin1String("both")) {
        std::fprintf(stderr, "--backend: sqlite, postgresql or both\n");
        return 2;
    }
    bool passed = true;
    QTemporaryDir dir;
    if (backend != QLatin1String("postgresql")) {
        const QString path = dir.filePath(QStringLiteral("admin-bench.db"));
        QFile(path).open(QIODevice::WriteOnly);
        passed = run(QStringLiteral("SQLite"), QStringLiteral("sqlite://") + path, users) && passed;
    }
    if (backend != QLatin1String("sqlite")) {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty()) {
            out() << "PostgreSQL: skipped: " << why << Qt::endl;
        } else {
            PostgresServer pg;
            QString error;
            if (!pg.start(&error) || !pg.createDatabase(QStringLiteral("bench"), &error)) {
                out() << "PostgreSQL: " << error << Qt::endl;
                passed = false;
            } else {
                passed = run(QStringLiteral("PostgreSQL"), pg.url(QStringLiteral("bench")), users) && passed;
            }
        }
    }
    return passed ? 0 : 1;
}
