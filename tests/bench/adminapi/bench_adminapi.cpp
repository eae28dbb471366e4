// Times the admin API through a real gatehouse-server on loopback: GET users?search=... over a
// million users and pulling a million audit events, on SQLite, PostgreSQL and MariaDB. Run by hand (see
// CMakeLists.txt and README.md); prints one line per measurement. No pass/fail on times.
#include "support/adminseed.h"
#include "support/mariadbserver.h"
#include "support/postgresserver.h"
#include "support/serverprocess.h"

#include <gatehouse/sqladapter.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextStream>
#include <QUrl>
#include <QUuid>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

constexpr qint64 seedChunk = 50000;
constexpr qint64 auditEpoch = 1764547200; // 2025-12-01T00:00:00Z: every event is long settled

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

void progressBar(const char *what, qint64 done, qint64 total)
{
    const int width = 40;
    const int filled = int(width * done / qMax<qint64>(1, total));
    std::fprintf(stderr, "\r  %s [%s%s] %lld/%lld", what, QByteArray(filled, '#').constData(),
                 QByteArray(width - filled, '.').constData(), static_cast<long long>(done), static_cast<long long>(total));
    if (done >= total)
        std::fprintf(stderr, "\n");
}

void report(const QString &backend, const QString &what, const QString &value)
{
    out() << QStringLiteral("%1 | %2 | %3").arg(backend, -10).arg(what, -62).arg(value) << Qt::endl;
}

//! One answer of the server.
struct Answer
{
    int status = 0;
    QMap<QByteArray, QByteArray> headers;   //!< lower-case names
    QByteArray body;
};

//! GET \a target on 127.0.0.1:\a port with the bearer \a token, one connection per request.
Answer get(quint16 port, const QByteArray &target, const QByteArray &token)
{
    Answer answer;
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!socket.waitForConnected(5000))
        return answer;
    socket.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
                 + "\r\nConnection: close\r\n\r\n");
    QByteArray raw;
    const QDeadlineTimer deadline(60000);
    while (socket.state() == QAbstractSocket::ConnectedState && !deadline.hasExpired()) {
        if (socket.waitForReadyRead(1000))
            raw += socket.readAll();
    }
    raw += socket.readAll();
    const qsizetype end = raw.indexOf("\r\n\r\n");
    if (end < 0)
        return answer;
    const QList<QByteArray> lines = raw.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).split(' ');
    answer.status = statusLine.value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            answer.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    answer.body = raw.mid(end + 4);
    return answer;
}

struct Percentiles
{
    double p50 = 0, p95 = 0, p99 = 0, max = 0;
};

Percentiles percentiles(QList<double> ms)
{
    Percentiles p;
    if (ms.isEmpty())
        return p;
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) { return ms[qMin(ms.size() - 1, qsizetype(q * double(ms.size() - 1) + 0.5))]; };
    p.p50 = at(0.50);
    p.p95 = at(0.95);
    p.p99 = at(0.99);
    p.max = ms.last();
    return p;
}

//! A database connection of our own for seeding, by the adapter's URL.
class SeedConnection
{
public:
    explicit SeedConnection(const QString &url)
        : m_name(QStringLiteral("bench-adminapi-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
    {
        QString why;
        const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, &why);
        if (!options) {
            m_error = why;
            return;
        }
        m_sqlite = options->backend == SqlAdapterOptions::Backend::SQLite;
        m_mysql = options->backend == SqlAdapterOptions::Backend::MySQL;
        QSqlDatabase db = QSqlDatabase::addDatabase(options->driverName(), m_name);
        db.setDatabaseName(options->databaseName);
        if (!options->host.isEmpty())
            db.setHostName(options->host);
        if (options->port > 0)
            db.setPort(options->port);
        db.setUserName(options->userName);
        db.setPassword(options->password);
        if (!db.open()) {
            m_error = db.lastError().text();
            return;
        }
        if (m_mysql) { // the statements below are written in standard SQL
            QSqlQuery q(db);
            q.exec(QStringLiteral("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',ANSI_QUOTES,PIPES_AS_CONCAT')"));
            q.exec(QStringLiteral("SET SESSION time_zone = '+00:00'"));
            q.exec(QStringLiteral("SET SESSION max_recursive_iterations = %1").arg(seedChunk + 1));
        }
    }
    ~SeedConnection()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    bool sqlite() const { return m_sqlite; }
    bool mysql() const { return m_mysql; }
    QString error() const { return m_error; }
    bool exec(const QString &sql, const QVariantList &values = {})
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        QSqlQuery q(db);
        if (!q.prepare(sql)) {
            m_error = q.lastError().text();
            return false;
        }
        for (const QVariant &value : values)
            q.addBindValue(value);
        if (!db.transaction() || !q.exec() || !db.commit()) {
            m_error = q.lastError().text().isEmpty() ? db.lastError().text() : q.lastError().text();
            return false;
        }
        return true;
    }

    //! \a sql as it is, not prepared.
    bool run(const QString &sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        if (!q.exec(sql)) {
            m_error = q.lastError().text();
            return false;
        }
        return true;
    }

private:
    QString m_name;
    QString m_error;
    bool m_sqlite = false;
    bool m_mysql = false;
};

/*!
 * Groups and audit events, made by the database itself: "staff" holds every 10th user (100,000
 * of a million), "ops" every 1,000th; event n is signInFailed when n % 10 == 0 (a tenth),
 * signOut when 1, else signIn, of user 1 + n % users, one second apart from 2025-12-01.
 */
bool seedGroupsAndEvents(const QString &url, qint64 users, qint64 events, QString *error)
{
    SeedConnection db(url);
    const auto fail = [&] {
        *error = db.error();
        return false;
    };
    if (!db.error().isEmpty())
        return fail();
    if (!db.exec(QStringLiteral("INSERT INTO gatehouse_user_groups (\"userId\", name) SELECT id, 'staff' FROM users WHERE id % 10 = 0"))
        || !db.exec(QStringLiteral("INSERT INTO gatehouse_user_groups (\"userId\", name) SELECT id, 'ops' FROM users WHERE id % 1000 = 7")))
        return fail();
    const QString columns = QStringLiteral("INSERT INTO gatehouse_audit (\"time\", \"type\", \"userId\", provider, \"clientAddress\", detail) ");
    const QString values = QStringLiteral("CASE n % 10 WHEN 0 THEN 'signInFailed' WHEN 1 THEN 'signOut' ELSE 'signIn' END, "
                                          "CAST(1 + n % %1 AS %2), 'credentials', '192.0.2.' || (n % 250), "
                                          "'{\"method\":\"password\"}'");
    const QString sql = db.mysql()
        ? columns + QStringLiteral("WITH RECURSIVE seq(n) AS (SELECT CAST(? AS SIGNED) UNION ALL SELECT n + 1 FROM seq WHERE n < ?) ")
            + QStringLiteral("SELECT FROM_UNIXTIME(%1 + n), ").arg(auditEpoch) + values.arg(users).arg(QStringLiteral("CHAR"))
            + QStringLiteral(" FROM seq")
        : db.sqlite()
        ? QStringLiteral("WITH RECURSIVE seq(n) AS (SELECT ? UNION ALL SELECT n + 1 FROM seq WHERE n < ?) ") + columns
            + QStringLiteral("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', %1 + n, 'unixepoch'), ").arg(auditEpoch)
            + values.arg(users).arg(QStringLiteral("TEXT")) + QStringLiteral(" FROM seq")
        : columns + QStringLiteral("SELECT to_timestamp(%1 + n), ").arg(auditEpoch) + values.arg(users).arg(QStringLiteral("TEXT"))
            + QStringLiteral(" FROM generate_series(?::bigint, ?::bigint) AS n");
    for (qint64 first = 1; first <= events; first += seedChunk) {
        const qint64 last = qMin(events, first + seedChunk - 1);
        if (!db.exec(sql, {first, last}))
            return fail();
        progressBar("seeding events", last, events);
    }
    if (!db.run(db.mysql() ? QStringLiteral("ANALYZE TABLE users, gatehouse_user_groups, gatehouse_audit")
                           : QStringLiteral("ANALYZE")))   // not a statement PostgreSQL prepares
        return fail();
    return true;
}

QByteArray serverConfig(const QString &databaseUrl)
{
    const QJsonObject config{
        {QStringLiteral("basePath"), QStringLiteral("/auth")},
        {QStringLiteral("trustHost"), true},
        {QStringLiteral("adapter"), QJsonObject{{QStringLiteral("url"), databaseUrl}}},
        {QStringLiteral("rateLimit"), QJsonObject{{QStringLiteral("enabled"), false}}},
        {QStringLiteral("admin"), QJsonObject{{QStringLiteral("groups"), QJsonArray{QStringLiteral("admins")}}}},
        {QStringLiteral("providers"),
         QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("credentials")}, {QStringLiteral("type"), QStringLiteral("credentials")},
                                {QStringLiteral("name"), QStringLiteral("Password")}, {QStringLiteral("authorize"), QStringLiteral("builtin")}}}},
    };
    return QJsonDocument(config).toJson();
}

//! The gatehouse-server to run: --server, else the one built beside this benchmark.
QString &serverProgram()
{
    static QString program = QStringLiteral(GATEHOUSE_SERVER);
    return program;
}

QProcessEnvironment serverEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AUTH_SECRET"), QStringLiteral("gatehouse-bench-adminapi-secret-0123456789abcdef"));
    env.remove(QStringLiteral("DATABASE_URL"));
    env.remove(QStringLiteral("AUTH_URL"));
    return env;
}

//! Runs `gatehouse-server ARGS`; its standard output, or nullopt (reason in \a error).
std::optional<QByteArray> serverCommand(const QStringList &arguments, QString *error)
{
    QProcess process;
    process.setProcessEnvironment(serverEnvironment());
    process.start(serverProgram(), arguments);
    if (!process.waitForFinished(600000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = QStringLiteral("gatehouse-server %1: %2").arg(arguments.join(u' '), QString::fromLocal8Bit(process.readAllStandardError()));
        return std::nullopt;
    }
    return process.readAllStandardOutput();
}

struct SearchKind
{
    QString label;
    std::function<QByteArray(QRandomGenerator &)> target;
};

QByteArray encoded(const QString &text)
{
    return QUrl::toPercentEncoding(text);
}

//! Runs each kind \a requests times (at most \a seconds each) and reports its percentiles.
void searches(const QString &backend, quint16 port, const QByteArray &token, qint64 users, int requests, int seconds)
{
    const auto user = [users](QRandomGenerator &r) { return r.bounded(qint64(1), users + 1); };
    const QList<SearchKind> kinds{
        {QStringLiteral("exact email (user<n>@bulk.example.test)"),
         [&](QRandomGenerator &r) { return "search=" + encoded(AdminSeed::bulkEmail(user(r))); }},
        {QStringLiteral("email start (user<n>, n of 5 digits)"),
         [](QRandomGenerator &r) { return "search=user" + QByteArray::number(r.bounded(10000, 100000)); }},
        {QStringLiteral("name start (\"User <k>\", k of 4 digits)"),
         [](QRandomGenerator &r) { return "search=" + encoded(QStringLiteral("User %1").arg(r.bounded(1000, 10000))); }},
        {QStringLiteral("exact id"), [&](QRandomGenerator &r) { return "search=" + QByteArray::number(user(r)); }},
        {QStringLiteral("no match (lovelace<n>)"),
         [](QRandomGenerator &r) { return "search=lovelace" + QByteArray::number(r.bounded(1000000)); }},
        {QStringLiteral("group staff (100,000 members), by email, page 1-50"),
         [](QRandomGenerator &r) { return "group=staff&page=" + QByteArray::number(r.bounded(1, 51)); }},
        {QStringLiteral("group ops + search user<n>"),
         [](QRandomGenerator &r) { return "group=ops&search=user" + QByteArray::number(r.bounded(1, 10)); }},
        {QStringLiteral("search user<d>, sort name desc, page 1-20"),
         [](QRandomGenerator &r) {
             return "search=user" + QByteArray::number(r.bounded(1, 10)) + "&sort=name&order=desc&page=" + QByteArray::number(r.bounded(1, 21));
         }},
        {QStringLiteral("all users, sort email, page 1-50"),
         [](QRandomGenerator &r) { return "sort=email&page=" + QByteArray::number(r.bounded(1, 51)); }},
        {QStringLiteral("all users, sort name desc, page 1-50"),
         [](QRandomGenerator &r) { return "sort=name&order=desc&page=" + QByteArray::number(r.bounded(1, 51)); }},
        {QStringLiteral("infix *<k>* (scans, the explicit slow form)"),
         [](QRandomGenerator &r) { return "search=" + encoded(QStringLiteral("*%1*").arg(r.bounded(100000, 1000000))); }},
    };
    QRandomGenerator random(38);
    for (const SearchKind &kind : kinds) {
        QList<double> ms;
        int failed = 0;
        qint64 lastTotal = -1;
        QElapsedTimer loop;
        loop.start();
        for (int i = 0; i < requests && loop.elapsed() < seconds * 1000; ++i) {
            const QByteArray target = "/auth/admin/api/users?" + kind.target(random);
            QElapsedTimer timer;
            timer.start();
            const Answer answer = get(port, target, token);
            ms.append(timer.nsecsElapsed() / 1e6);
            if (answer.status != 200) {
                if (++failed == 1)
                    out() << "  " << target << ": " << answer.status << ' ' << answer.body.left(300) << Qt::endl;
                continue;
            }
            lastTotal = QJsonDocument::fromJson(answer.body).object().value(QStringLiteral("total")).toInteger();
        }
        const Percentiles p = percentiles(ms);
        report(backend, kind.label,
               QStringLiteral("n=%1 p50 %2 p95 %3 p99 %4 max %5 ms%6 (last total %7)")
                   .arg(ms.size())
                   .arg(p.p50, 0, 'f', 1)
                   .arg(p.p95, 0, 'f', 1)
                   .arg(p.p99, 0, 'f', 1)
                   .arg(p.max, 0, 'f', 1)
                   .arg(failed ? QStringLiteral(", %1 FAILED").arg(failed) : QString())
                   .arg(lastTotal));
    }
}

//! Pulls the whole log from the start, 1,000 a request, \a filter added to each request.
void auditPull(const QString &backend, quint16 port, const QByteArray &token, const QByteArray &filter, int seconds)
{
    QByteArray cursor = "0";
    qint64 events = 0;
    qint64 requests = 0;
    QList<double> ms;
    QElapsedTimer timer;
    timer.start();
    bool more = true;
    QString problem;
    while (timer.elapsed() < seconds * 1000) {
        QElapsedTimer one;
        one.start();
        const Answer answer = get(port, "/auth/admin/api/audit?after=" + cursor + "&limit=1000" + filter, token);
        ms.append(one.nsecsElapsed() / 1e6);
        ++requests;
        if (answer.status != 200) {
            problem = QStringLiteral("status %1: %2").arg(answer.status).arg(QString::fromUtf8(answer.body.left(300)));
            break;
        }
        events += answer.body.count('\n');
        const QByteArray next = answer.headers.value("gatehouse-audit-cursor");
        more = answer.headers.value("gatehouse-audit-more") == "true";
        if (!more && next == cursor)
            break;
        cursor = next;
        if (!more)
            break;
    }
    const double seconds_ = timer.nsecsElapsed() / 1e9;
    const Percentiles p = percentiles(ms);
    report(backend, QStringLiteral("audit pull%1, limit 1000").arg(filter.isEmpty() ? QString() : QString::fromUtf8(" (" + filter.mid(1) + ")")),
           QStringLiteral("%1 events in %2 s = %3 events/s; %4 requests, p50 %5 p99 %6 ms; cursor %7%8%9")
               .arg(events)
               .arg(seconds_, 0, 'f', 2)
               .arg(qint64(events / qMax(1e-9, seconds_)))
               .arg(requests)
               .arg(p.p50, 0, 'f', 1)
               .arg(p.p99, 0, 'f', 1)
               .arg(QString::fromLatin1(cursor))
               .arg(more ? QStringLiteral(" (stopped by the time limit)") : QString())
               .arg(problem.isEmpty() ? QString() : QStringLiteral("; ") + problem));
}

struct Options
{
    qint64 users = 1000000;
    qint64 events = 1000000;
    int requests = 200;
    int seconds = 60;
};

bool run(const QString &backend, const QString &url, const QString &folder, const Options &o)
{
    QString error;
    const QString config = folder + QStringLiteral("/gatehouse.json");
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly) || file.write(serverConfig(url)) < 0) {
        out() << backend << ": cannot write " << config << Qt::endl;
        return false;
    }
    file.close();
    if (!serverCommand({QStringLiteral("migrate"), QStringLiteral("--config"), config}, &error)) {
        out() << backend << ": " << error << Qt::endl;
        return false;
    }
    QElapsedTimer seed;
    seed.start();
    if (!AdminSeed::seedBulkUsers(url, o.users, [](qint64 d, qint64 t) { progressBar("seeding users", d, t); }, &error)
        || !seedGroupsAndEvents(url, o.users, o.events, &error)) {
        out() << backend << ": " << error << Qt::endl;
        return false;
    }
    report(backend, QStringLiteral("seed %1 users, groups, %2 events (bulk SQL, ANALYZE)").arg(o.users).arg(o.events),
           QStringLiteral("%1 s").arg(seed.elapsed() / 1000.0, 0, 'f', 1));
    const std::optional<QByteArray> created =
        serverCommand({QStringLiteral("admin-token"), QStringLiteral("create"), QStringLiteral("bench"), QStringLiteral("--scope"),
                       QStringLiteral("users:read,audit:read"), QStringLiteral("--expires"), QStringLiteral("1d"),
                       QStringLiteral("--config"), config},
                      &error);
    if (!created) {
        out() << backend << ": " << error << Qt::endl;
        return false;
    }
    const QByteArray token = created->trimmed().split('\n').last().trimmed();

    QProcess server;
    server.setProcessEnvironment(serverEnvironment());
    // The log goes to a file: this process reads no pipe while it times requests.
    const QString logFile = folder + QStringLiteral("/gatehouse-server-%1.log").arg(backend);
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.setStandardOutputFile(logFile);
    prepareChild(server, std::nullopt);
    server.start(serverProgram(),
                 {QStringLiteral("--config"), config, QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                  QStringLiteral("--threads"), QStringLiteral("2")});
    quint16 port = 0;
    QByteArray logged;
    const QByteArray listening = "listening on http://127.0.0.1:";
    const QDeadlineTimer deadline(30000);
    while (port == 0 && !deadline.hasExpired() && server.state() != QProcess::NotRunning) {
        server.waitForFinished(100);
        QFile log(logFile);
        if (log.open(QIODevice::ReadOnly))
            logged = log.readAll();
        if (const qsizetype at = logged.indexOf(listening); at >= 0) {
            qsizetype end = at + listening.size();
            while (end < logged.size() && std::isdigit(static_cast<unsigned char>(logged[end])))
                ++end;
            if (end < logged.size())
                port = quint16(logged.mid(at + listening.size(), end - at - listening.size()).toUInt());
        }
    }
    if (port == 0) {
        out() << backend << ": gatehouse-server did not come up:\n" << logged << Qt::endl;
        return false;
    }
    searches(backend, port, token, o.users, o.requests, o.seconds);
    auditPull(backend, port, token, {}, o.seconds * 5);
    auditPull(backend, port, token, "&type=signInFailed", o.seconds * 5);
    server.terminate();
    if (!server.waitForFinished(10000))
        server.kill();
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times gatehouse-server's admin API over many users and audit events."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("users"), QStringLiteral("How many users to seed (default 1000000)."), QStringLiteral("n"),
                      QStringLiteral("1000000")});
    parser.addOption({QStringLiteral("events"), QStringLiteral("How many audit events to seed (default 1000000)."),
                      QStringLiteral("n"), QStringLiteral("1000000")});
    parser.addOption({QStringLiteral("requests"), QStringLiteral("Requests per search kind (default 200)."), QStringLiteral("n"),
                      QStringLiteral("200")});
    parser.addOption({QStringLiteral("seconds"), QStringLiteral("Time limit per search kind (default 60; a pull: 5x)."),
                      QStringLiteral("s"), QStringLiteral("60")});
    parser.addOption({QStringLiteral("backend"),
                      QStringLiteral("sqlite, postgresql, mariadb, both (SQLite and PostgreSQL) or all (default both)."),
                      QStringLiteral("name"), QStringLiteral("both")});
    parser.addOption({QStringLiteral("server"), QStringLiteral("The gatehouse-server to time (default: the one built here)."),
                      QStringLiteral("path")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("server")))
        serverProgram() = parser.value(QStringLiteral("server"));
    Options o;
    bool ok = true;
    const auto number = [&](const QString &name, qint64 low, qint64 high) {
        bool good = false;
        const qint64 value = parser.value(name).toLongLong(&good);
        if (!good || value < low || value > high) {
            std::fprintf(stderr, "--%s: give a number from %lld to %lld\n", qPrintable(name), static_cast<long long>(low),
                         static_cast<long long>(high));
            ok = false;
        }
        return value;
    };
    o.users = number(QStringLiteral("users"), 1000, 20000000);
    o.events = number(QStringLiteral("events"), 1000, 20000000);
    o.requests = int(number(QStringLiteral("requests"), 1, 100000));
    o.seconds = int(number(QStringLiteral("seconds"), 1, 3600));
    const QString backend = parser.value(QStringLiteral("backend"));
    const QStringList backends{QStringLiteral("sqlite"), QStringLiteral("postgresql"), QStringLiteral("mariadb"), QStringLiteral("both"),
                               QStringLiteral("all")};
    if (!backends.contains(backend)) {
        std::fprintf(stderr, "--backend: sqlite, postgresql, mariadb, both or all\n");
        ok = false;
    }
    if (!ok)
        return 2;
    bool passed = true;
    QTemporaryDir dir;
    const auto runs = [&backend](const char *name) {
        return backend == QLatin1String(name) || backend == QLatin1String("all")
            || (backend == QLatin1String("both") && qstrcmp(name, "mariadb") != 0);
    };
    if (runs("sqlite")) {
        const QString path = dir.filePath(QStringLiteral("adminapi-bench.db"));
        passed = run(QStringLiteral("SQLite"), QStringLiteral("sqlite://") + path, dir.path(), o) && passed;
    }
    if (runs("postgresql")) {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty()) {
            out() << "PostgreSQL: skipped: " << why << Qt::endl;
        } else {
            PostgresServer pg;
            QString error;
            if (!pg.start(&error) || !pg.createDatabase(QStringLiteral("bench"), &error)) {
                out() << "PostgreSQL: " << error << Qt::endl;
                passed = false;
            } else {
                passed = run(QStringLiteral("PostgreSQL"), pg.url(QStringLiteral("bench")), dir.path(), o) && passed;
            }
        }
    }
    if (runs("mariadb")) {
        if (const QString why = MariaDbServer::unavailableReason(); !why.isEmpty()) {
            out() << "MariaDB: skipped: " << why << Qt::endl;
        } else {
            MariaDbServer db;
            QString error;
            if (!db.start(&error) || !db.createDatabase(QStringLiteral("bench"), &error)) {
                out() << "MariaDB: " << error << Qt::endl;
                passed = false;
            } else {
                passed = run(QStringLiteral("MariaDB"), db.url(QStringLiteral("bench")), dir.path(), o) && passed;
            }
        }
    }
    return passed ? 0 : 1;
}
