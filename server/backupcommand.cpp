#include "backupcommand.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTextStream>

#include <sys/stat.h>

namespace Gatehouse {

int backupCommand(const DatabaseChoice &choice, const QString &target)
{
    QTextStream err(stderr);
    const std::unique_ptr<SqlAdapter> adapter = databaseFor(choice, err);
    if (!adapter)
        return 1;
    const SqlAdapterOptions &options = adapter->options();
    if (options.backend != SqlAdapterOptions::Backend::SQLite) {
        err << "gatehouse-server: backup copies SQLite databases; back " << databaseName(*adapter) << " up with "
            << (options.backend == SqlAdapterOptions::Backend::PostgreSQL ? "pg_dump" : "mariadb-dump") << '\n';
        return 1;
    }
    if (options.databaseName == QLatin1String(":memory:") || !QFileInfo(options.databaseName).isFile()) {
        err << "gatehouse-server: backup: " << databaseName(*adapter) << " is not a file\n";
        return 1;
    }
    const QFileInfo targetInfo(target);
    if (targetInfo.exists()) {
        err << "gatehouse-server: backup: " << target << " exists; give a new file name\n";
        return 1;
    }

    int result = 1;
    const QString connection = QStringLiteral("gatehouse-backup");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(options.databaseName);
        // Read-only: a missing file is an error, not a new empty database.
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            err << "gatehouse-server: backup: cannot open " << databaseName(*adapter) << ": " << db.lastError().text() << '\n';
        } else {
            const mode_t previous = ::umask(077);   // the copy holds password hashes and sessions
            QSqlQuery query(db);
            query.prepare(QStringLiteral("VACUUM INTO ?"));
            query.addBindValue(targetInfo.absoluteFilePath());
            if (query.exec()) {
                QTextStream(stdout) << "backed up " << databaseName(*adapter) << " to " << targetInfo.absoluteFilePath()
                                    << " (" << QFileInfo(targetInfo.absoluteFilePath()).size() << " bytes)\n";
                result = 0;
            } else {
                err << "gatehouse-server: backup to " << target << " failed: " << query.lastError().text() << '\n';
            }
            ::umask(previous);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return result;
}

} // namespace Gatehouse
