#include "secondaryindexes.h"

#include "loadplan.h"

#include <QElapsedTimer>
#include <QSqlError>
#include <cstdio>

SecondaryIndexes::SecondaryIndexes(QSqlDatabase &db)
    : m_db(db)
{
    const bool sqlite = db.driverName() == QLatin1String("QSQLITE");
    QSqlQuery q(db);
    const QString sql = sqlite
        ? QStringLiteral("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                         "AND tbl_name IN ('users', 'sessions') ORDER BY name")
        : QStringLiteral("SELECT i.relname, pg_get_indexdef(i.oid) FROM pg_index x "
                         "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
                         "WHERE t.relname IN ('users', 'sessions') AND t.relnamespace = current_schema()::regnamespace "
                         "AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid) ORDER BY i.relname");
    if (!q.exec(sql))
        throw std::runtime_error(qPrintable(QStringLiteral("reading the index definitions: ") + q.lastError().text()));
    while (q.next())
        m_indexes.append({q.value(0).toString(), q.value(1).toString()});
}

void SecondaryIndexes::drop()
{
    for (const Index &index : std::as_const(m_indexes))
        execOrThrow(m_db, QStringLiteral("DROP INDEX %1").arg(index.name));
}

void SecondaryIndexes::recreate()
{
    for (const Index &index : std::as_const(m_indexes)) {
        QElapsedTimer clock;
        clock.start();
        std::fprintf(stderr, "index %s ...", qPrintable(index.name));
        std::fflush(stderr);
        execOrThrow(m_db, index.definition);
        std::fprintf(stderr, " %.1f s\n", clock.elapsed() / 1000.0);
    }
}
