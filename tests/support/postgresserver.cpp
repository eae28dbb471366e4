#include "postgresserver.h"

#include "serverprocess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QVersionNumber>

#include <signal.h>

namespace Gatehouse::Testing {

namespace {

//! The newest /usr/lib/postgresql/<N>/bin holding initdb and postgres, or empty.
QString serverBinDir()
{
    const QDir root(QStringLiteral("/usr/lib/postgresql"));
    QVersionNumber best;
    QString bestDir;
    for (const QString &entry : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString bin = root.filePath(entry + QStringLiteral("/bin"));
        const QVersionNumber version = QVersionNumber::fromString(entry);
        if (QFileInfo::exists(bin + QStringLiteral("/initdb")) && QFileInfo::exists(bin + QStringLiteral("/postgres"))
            && (bestDir.isEmpty() || version > best)) {
            best = version;
            bestDir = bin;
        }
    }
    return bestDir;
}

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

} // namespace

class PostgresServerPrivate
{
public:
    QString bin = serverBinDir();
    QTemporaryDir root{scratchFolder() + QStringLiteral("/gatehouse-pg-XXXXXX")};
    std::optional<SystemAccount> account;
    QProcess server;
    int port = 0;
    qint64 logOffset = 0;    //!< the log's size when the server was last started
    bool initialised = false;
    bool dataChecksums = false;
    QMap<QString, QString> settings{{QStringLiteral("listen_addresses"), QStringLiteral("127.0.0.1")},
                                    {QStringLiteral("fsync"), QStringLiteral("off")},
                                    {QStringLiteral("synchronous_commit"), QStringLiteral("off")},
                                    {QStringLiteral("full_page_writes"), QStringLiteral("off")},
                                    {QStringLiteral("max_connections"), QStringLiteral("100")}};

    QString dataDir() const { return root.filePath(QStringLiteral("data")); }
    QString socketDir() const { return root.filePath(QStringLiteral("sock")); }
    QString logFile() const { return root.filePath(QStringLiteral("server.log")); }
    QString tool(const QString &name) const { return bin + u'/' + name; }
    //! From the folder of the binaries, /usr/lib/postgresql/<N>/bin.
    int majorVersion() const { return QVersionNumber::fromString(QFileInfo(bin).dir().dirName()).majorVersion(); }

    bool prepareRoot(QString *error);
    bool initialise(QString *error);
    bool launch(QString *error);
    bool waitUntilReady(QString *error);
    ProcessResult psql(const QString &database, const QStringList &arguments) const
    {
        return runProgram(tool(QStringLiteral("psql")),
                          QStringList{QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                                      QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-h"),
                                      QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(port),
                                      QStringLiteral("-U"), QStringLiteral("postgres"), QStringLiteral("-d"),
                                      database}
                              + arguments,
                          account);
    }
};

PostgresServer::PostgresServer()
    : d(std::make_unique<PostgresServerPrivate>())
{
    if (runningAsRoot())
        d->account = systemAccount(QStringLiteral("postgres"));
}

PostgresServer::~PostgresServer()
{
    stop();
}

void PostgresServer::setSetting(const QString &name, const QString &value)
{
    d->settings.insert(name, value);
}

void PostgresServer::setDataChecksums(bool on)
{
    d->dataChecksums = on;
}

QString PostgresServer::unavailableReason()
{
    if (serverBinDir().isEmpty())
        return QStringLiteral("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: "
                              "install the Debian package postgresql");
    if (runningAsRoot() && !systemAccount(QStringLiteral("postgres")))
        return QStringLiteral("running as root but there is no 'postgres' system user to run the server "
                              "(the Debian package postgresql creates it)");
    return {};
}

bool PostgresServerPrivate::prepareRoot(QString *error)
{
    if (!root.isValid()) {
        setError(error, QStringLiteral("cannot create a temporary folder: %1").arg(root.errorString()));
        return false;
    }
    QDir().mkpath(socketDir());
    if (account && !giveTo(root.path(), *account)) {
        setError(error, QStringLiteral("cannot give %1 to user %2").arg(root.path(), account->name));
        return false;
    }
    return true;
}

bool PostgresServerPrivate::initialise(QString *error)
{
    if (!prepareRoot(error))
        return false;
    QStringList arguments{QStringLiteral("-D"), dataDir(), QStringLiteral("-U"), QStringLiteral("postgres"),
                          QStringLiteral("-A"), QStringLiteral("trust"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                          QStringLiteral("--locale=C"), QStringLiteral("--no-sync")};
    if (dataChecksums)
        arguments.append(QStringLiteral("--data-checksums"));
    const ProcessResult init = runProgram(tool(QStringLiteral("initdb")), arguments, account, 120000);
    if (!init.ok) {
        setError(error, QStringLiteral("initdb failed: %1").arg(QString::fromLocal8Bit(init.output)));
        return false;
    }
    initialised = true;
    return true;
}

bool PostgresServerPrivate::launch(QString *error)
{
    server.setProcessChannelMode(QProcess::MergedChannels);
    logOffset = QFileInfo(logFile()).size();
    server.setStandardOutputFile(logFile(), QIODevice::Append);
    prepareChild(server, account);
    QStringList arguments{QStringLiteral("-D"), dataDir(), QStringLiteral("-p"), QString::number(port),
                          QStringLiteral("-k"), socketDir()};
    for (auto it = settings.cbegin(); it != settings.cend(); ++it)
        arguments << QStringLiteral("-c") << it.key() + u'=' + it.value();
    server.start(tool(QStringLiteral("postgres")), arguments);
    if (!server.waitForStarted(10000)) {
        setError(error, QStringLiteral("cannot run postgres: %1").arg(server.errorString()));
        return false;
    }
    return waitUntilReady(error);
}

bool PostgresServerPrivate::waitUntilReady(QString *error)
{
    const QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired()) {
        if (server.state() == QProcess::NotRunning) {
            setError(error, QStringLiteral("postgres exited on start:\n%1").arg(textAddedTo(logFile(), logOffset)));
            return false;
        }
        const ProcessResult ready = runProgram(tool(QStringLiteral("pg_isready")),
                                               {QStringLiteral("-q"), QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                                                QStringLiteral("-p"), QString::number(port)},
                                               account, 10000);
        if (ready.ok)
            return true;
        // Waiting on the process itself: without an event loop, state() learns of an exit
        // (a port taken meanwhile, say) only here.
        server.waitForFinished(100);
    }
    setError(error, QStringLiteral("postgres did not accept connections within 60 s:\n%1").arg(textAddedTo(logFile(), logOffset)));
    return false;
}

bool PostgresServer::start(QString *error)
{
    if (isRunning())
        return true;
    if (const QString why = unavailableReason(); !why.isEmpty()) {
        setError(error, why);
        return false;
    }
    if (!d->initialised && !d->initialise(error))
        return false;
    const bool keepPort = d->port != 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (!keepPort)
            d->port = freeLoopbackPort();
        if (d->launch(error))
            return true;
        stop();
        if (keepPort)
            break;
    }
    return false;
}

void PostgresServer::stop()
{
    if (d->server.state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(d->server.processId()), SIGINT); // fast shutdown
    if (!d->server.waitForFinished(30000)) {
        d->server.kill();
        d->server.waitForFinished(5000);
    }
}

void PostgresServer::kill()
{
    if (d->server.state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(d->server.processId()), SIGKILL);
    d->server.waitForFinished(10000);
    // The backends and auxiliary processes run in the data folder; they exit on their own
    // when they notice the postmaster is gone.
    const QString data = QFileInfo(d->dataDir()).canonicalFilePath();
    const QDeadlineTimer deadline(10000);
    for (;;) {
        bool left = false;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (pid.front().isDigit()
                && QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).canonicalFilePath() == data) {
                left = true;
                break;
            }
        }
        if (!left || deadline.hasExpired())
            return;
        QThread::msleep(50);
    }
}

bool PostgresServer::startStandbyOf(const PostgresServer &primary, QString *error)
{
    if (d->initialised || isRunning()) {
        setError(error, QStringLiteral("this cluster exists already; a standby is made from nothing"));
        return false;
    }
    if (const QString why = unavailableReason(); !why.isEmpty()) {
        setError(error, why);
        return false;
    }
    if (!d->prepareRoot(error))
        return false;
    const ProcessResult backup = runProgram(
        d->tool(QStringLiteral("pg_basebackup")),
        {QStringLiteral("-D"), d->dataDir(), QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
         QString::number(primary.port()), QStringLiteral("-U"), QStringLiteral("postgres"), QStringLiteral("-R"),
         QStringLiteral("-X"), QStringLiteral("stream"), QStringLiteral("-c"), QStringLiteral("fast"),
         QStringLiteral("--no-sync")},
        d->account, 120000);
    if (!backup.ok) {
        setError(error, QStringLiteral("pg_basebackup failed: %1").arg(QString::fromLocal8Bit(backup.output)));
        return false;
    }
    d->initialised = true;
    return start(error);
}

bool PostgresServer::promote(QString *error)
{
    const ProcessResult promoted = runProgram(d->tool(QStringLiteral("pg_ctl")),
                                              {QStringLiteral("promote"), QStringLiteral("-D"), d->dataDir(),
                                               QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60")},
                                              d->account, 70000);
    if (!promoted.ok)
        setError(error, QStringLiteral("pg_ctl promote failed: %1").arg(QString::fromLocal8Bit(promoted.output)));
    return promoted.ok;
}

bool PostgresServer::rewindAsStandbyOf(PostgresServer &primary, QString *error)
{
    if (!d->initialised || isRunning()) {
        setError(error, QStringLiteral("pg_rewind needs a cluster that exists and is stopped"));
        return false;
    }
    // A standby promoted a moment ago writes its new timeline to its control file at the next
    // checkpoint; pg_rewind reads it there.
    if (!primary.execute(QStringLiteral("postgres"), QStringLiteral("CHECKPOINT"))) {
        setError(error, QStringLiteral("CHECKPOINT on the new primary failed"));
        return false;
    }
    // A cluster that crashed is recovered first by pg_rewind itself (single-user mode).
    const ProcessResult rewound = runProgram(
        d->tool(QStringLiteral("pg_rewind")),
        {QStringLiteral("-D"), d->dataDir(), QStringLiteral("--source-server"),
         QStringLiteral("host=127.0.0.1 port=%1 user=postgres dbname=postgres").arg(primary.port()), QStringLiteral("-R"),
         QStringLiteral("--no-sync")},
        d->account, 120000);
    if (!rewound.ok) {
        setError(error, QStringLiteral("pg_rewind failed: %1").arg(QString::fromLocal8Bit(rewound.output)));
        return false;
    }
    return start(error);
}

bool PostgresServer::restart(QString *error)
{
    stop();
    return start(error);
}

bool PostgresServer::isRunning() const
{
    return d->server.state() != QProcess::NotRunning;
}

QString PostgresServer::host() const
{
    return QStringLiteral("127.0.0.1");
}

int PostgresServer::port() const
{
    return d->port;
}

QString PostgresServer::user() const
{
    return QStringLiteral("postgres");
}

QString PostgresServer::url(const QString &database) const
{
    return QStringLiteral("postgresql://postgres@127.0.0.1:%1/%2").arg(d->port).arg(database);
}

bool PostgresServer::createDatabase(const QString &name, QString *error, const QString &templateName)
{
    QString sql = QStringLiteral("CREATE DATABASE \"%1\"").arg(name);
    if (!templateName.isEmpty())
        sql += QStringLiteral(" TEMPLATE \"%1\"").arg(templateName);
    // PostgreSQL 15's default (WAL_LOG) writes every page of the template through the WAL: about
    // 125 ms of server CPU per database; copying the files costs about a tenth (fsync is off).
    if (d->majorVersion() >= 15)
        sql += QStringLiteral(" STRATEGY FILE_COPY");
    const ProcessResult result = d->psql(QStringLiteral("postgres"), {QStringLiteral("-c"), sql});
    if (!result.ok)
        setError(error, QStringLiteral("cannot create database %1: %2").arg(name, QString::fromLocal8Bit(result.output)));
    return result.ok;
}

bool PostgresServer::execute(const QString &database, const QString &sql, QString *output)
{
    const ProcessResult result = d->psql(database, {QStringLiteral("-tA"), QStringLiteral("-c"), sql});
    if (output)
        *output = QString::fromLocal8Bit(result.output).trimmed();
    return result.ok;
}

bool PostgresServer::executeFile(const QString &database, const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setError(error, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
        return false;
    }
    // Fed on stdin: the file may not be readable by the postgres user.
    const ProcessResult result = runProgram(
        d->tool(QStringLiteral("psql")),
        {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
         QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(d->port),
         QStringLiteral("-U"), QStringLiteral("postgres"), QStringLiteral("-d"), database, QStringLiteral("-f"),
         QStringLiteral("-")},
        d->account, 60000, file.readAll());
    if (!result.ok)
        setError(error, QStringLiteral("psql -f %1 failed: %2").arg(path, QString::fromLocal8Bit(result.output)));
    return result.ok;
}

int PostgresServer::terminateConnections(const QString &database)
{
    QString output;
    const QString sql = QStringLiteral("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                       "WHERE datname = '%1' AND pid <> pg_backend_pid()")
                            .arg(QString(database).replace(u'\'', QStringLiteral("''")));
    if (!execute(QStringLiteral("postgres"), sql, &output))
        return -1;
    return output.toInt();
}

} // namespace Gatehouse::Testing
