#include "mariadbserver.h"

#include "serverprocess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace Gatehouse::Testing {

namespace {

QString findProgram(const QString &name)
{
    return QStandardPaths::findExecutable(name, {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"),
                                                 QStringLiteral("/usr/local/sbin"), QStringLiteral("/usr/local/bin")});
}

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

} // namespace

class MariaDbServerPrivate
{
public:
    QString serverProgram = findProgram(QStringLiteral("mariadbd"));
    QString installProgram = findProgram(QStringLiteral("mariadb-install-db"));
    QString clientProgram = findProgram(QStringLiteral("mariadb"));
    QTemporaryDir root{scratchFolder() + QStringLiteral("/gatehouse-mariadb-XXXXXX")};
    QProcess server;
    int port = 0;
    qint64 logOffset = 0;    //!< the error log's size when the server was last started
    bool initialised = false;

    QString dataDir() const { return root.filePath(QStringLiteral("data")); }
    QString errorLog() const { return root.filePath(QStringLiteral("error.log")); }

    bool initialise(QString *error);
    bool launch(QString *error);
    ProcessResult client(const QString &database, const QString &sql) const
    {
        QStringList arguments{QStringLiteral("--no-defaults"), QStringLiteral("--protocol=tcp"),
                              QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-P"),
                              QString::number(port), QStringLiteral("-u"), QStringLiteral("root"),
                              QStringLiteral("--batch"), QStringLiteral("--skip-column-names")};
        if (!database.isEmpty())
            arguments << QStringLiteral("-D") << database;
        arguments << QStringLiteral("-e") << sql;
        return runProgram(clientProgram, arguments);
    }
};

MariaDbServer::MariaDbServer()
    : d(std::make_unique<MariaDbServerPrivate>())
{
}

MariaDbServer::~MariaDbServer()
{
    stop();
}

QString MariaDbServer::unavailableReason()
{
    for (const char *program : {"mariadbd", "mariadb-install-db", "mariadb"}) {
        if (findProgram(QString::fromLatin1(program)).isEmpty())
            return QStringLiteral("%1 not found: install the Debian package mariadb-server").arg(QLatin1String(program));
    }
    return {};
}

bool MariaDbServerPrivate::initialise(QString *error)
{
    if (!root.isValid()) {
        setError(error, QStringLiteral("cannot create a temporary folder: %1").arg(root.errorString()));
        return false;
    }
    QStringList arguments{QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + dataDir(),
                          QStringLiteral("--auth-root-authentication-method=normal"),
                          QStringLiteral("--skip-test-db"), QStringLiteral("--skip-name-resolve")};
    if (runningAsRoot())
        arguments << QStringLiteral("--user=root");
    const ProcessResult install = runProgram(installProgram, arguments, std::nullopt, 120000);
    if (!install.ok) {
        setError(error, QStringLiteral("mariadb-install-db failed: %1").arg(QString::fromLocal8Bit(install.output)));
        return false;
    }
    initialised = true;
    return true;
}

bool MariaDbServerPrivate::launch(QString *error)
{
    QStringList arguments{QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + dataDir(),
                          QStringLiteral("--port=%1").arg(port), QStringLiteral("--bind-address=127.0.0.1"),
                          QStringLiteral("--socket=") + root.filePath(QStringLiteral("mysqld.sock")),
                          QStringLiteral("--pid-file=") + root.filePath(QStringLiteral("mysqld.pid")),
                          QStringLiteral("--log-error=") + errorLog(), QStringLiteral("--skip-grant-tables"),
                          QStringLiteral("--skip-name-resolve"), QStringLiteral("--skip-log-bin"),
                          QStringLiteral("--innodb-buffer-pool-size=64M"),
                          QStringLiteral("--innodb-flush-log-at-trx-commit=0"),
                          QStringLiteral("--innodb-doublewrite=0"), QStringLiteral("--max-connections=200")};
    if (runningAsRoot())
        arguments << QStringLiteral("--user=root");
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.setStandardOutputFile(root.filePath(QStringLiteral("server.out")), QIODevice::Append);
    prepareChild(server, std::nullopt);
    logOffset = QFileInfo(errorLog()).size();
    server.start(serverProgram, arguments);
    if (!server.waitForStarted(10000)) {
        setError(error, QStringLiteral("cannot run mariadbd: %1").arg(server.errorString()));
        return false;
    }
    const QDeadlineTimer deadline(60000);
    while (!deadline.hasExpired()) {
        if (server.state() == QProcess::NotRunning) {
            setError(error, QStringLiteral("mariadbd exited on start:\n%1").arg(textAddedTo(errorLog(), logOffset)));
            return false;
        }
        if (client({}, QStringLiteral("SELECT 1")).ok)
            return true;
        // Waiting on the process itself: without an event loop, state() learns of an exit
        // (a port taken meanwhile, say) only here.
        server.waitForFinished(100);
    }
    setError(error, QStringLiteral("mariadbd did not accept connections within 60 s:\n%1").arg(textAddedTo(errorLog(), logOffset)));
    return false;
}

bool MariaDbServer::start(QString *error)
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

void MariaDbServer::stop()
{
    if (d->server.state() == QProcess::NotRunning)
        return;
    d->server.terminate();
    if (!d->server.waitForFinished(30000)) {
        d->server.kill();
        d->server.waitForFinished(5000);
    }
}

bool MariaDbServer::restart(QString *error)
{
    stop();
    return start(error);
}

bool MariaDbServer::isRunning() const
{
    return d->server.state() != QProcess::NotRunning;
}

QString MariaDbServer::host() const
{
    return QStringLiteral("127.0.0.1");
}

int MariaDbServer::port() const
{
    return d->port;
}

QString MariaDbServer::user() const
{
    return QStringLiteral("root");
}

QString MariaDbServer::url(const QString &database) const
{
    return QStringLiteral("mysql://root@127.0.0.1:%1/%2").arg(d->port).arg(database);
}

bool MariaDbServer::createDatabase(const QString &name, QString *error)
{
    const ProcessResult result = d->client({}, QStringLiteral("CREATE DATABASE `%1` CHARACTER SET utf8mb4").arg(name));
    if (!result.ok)
        setError(error, QStringLiteral("cannot create database %1: %2").arg(name, QString::fromLocal8Bit(result.output)));
    return result.ok;
}

bool MariaDbServer::execute(const QString &database, const QString &sql, QString *output)
{
    const ProcessResult result = d->client(database, sql);
    if (output)
        *output = QString::fromLocal8Bit(result.output).trimmed();
    return result.ok;
}

int MariaDbServer::terminateConnections(const QString &database)
{
    QString ids;
    const QString list = QStringLiteral("SELECT id FROM information_schema.processlist "
                                        "WHERE db = '%1' AND id <> CONNECTION_ID()")
                             .arg(QString(database).replace(u'\'', QStringLiteral("''")));
    if (!execute({}, list, &ids))
        return -1;
    int killed = 0;
    for (const QString &id : ids.split(u'\n', Qt::SkipEmptyParts)) {
        if (execute({}, QStringLiteral("KILL CONNECTION %1").arg(id.trimmed().toLongLong())))
            ++killed;
    }
    return killed;
}

} // namespace Gatehouse::Testing
