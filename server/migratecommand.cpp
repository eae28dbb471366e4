#include "migratecommand.h"

#include <gatehouse/autherror.h>

#include <QTextStream>

namespace Gatehouse {

int migrateCommand(const DatabaseChoice &choice)
{
    QTextStream err(stderr);
    const std::unique_ptr<SqlAdapter> adapter = databaseFor(choice, err);
    if (!adapter)
        return 1;
    QTextStream(stdout) << "migrating " << databaseName(*adapter) << " to schema version "
                        << SqlAdapter::latestSchemaVersion() << Qt::endl;
    QFuture<int> migration = adapter->migrate([](const QString &line) {
        // On a storage thread, while the main thread waits: one writer at a time.
        QTextStream(stdout) << line << Qt::endl;
    });
    try {
        const int version = migration.result();
        QTextStream(stdout) << "schema version " << version << ": up to date" << Qt::endl;
        return 0;
    } catch (const AuthError &e) {
        err << "gatehouse-server: migrating " << databaseName(*adapter) << " failed: " << e.message();
        if (!e.cause().isEmpty())
            err << " (" << e.cause() << ')';
        err << '\n';
        return 1;
    }
}

} // namespace Gatehouse
