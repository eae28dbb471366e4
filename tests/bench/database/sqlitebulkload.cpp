#include "sqlitebulkload.h"

#include "benchtokens.h"
#include "progressbar.h"

#include <QStringList>
#include <functional>

namespace {

constexpr qint64 kRowsPerTransaction = 100000;

//! "INSERT INTO table (columns) VALUES (?, ...), (?, ...)" for \a rows rows.
QString insertStatement(const QString &table, const QStringList &columns, qint64 rows)
{
    const QString one = QLatin1Char('(') + QStringList(columns.size(), QStringLiteral("?")).join(QLatin1Char(',')) + QLatin1Char(')');
    return QStringLiteral("INSERT INTO %1 (%2) VALUES %3")
        .arg(table, columns.join(QLatin1Char(',')), QStringList(rows, one).join(QLatin1Char(',')));
}

//! Inserts \a total rows, \a perStatement at a time; \a bindRow binds row i's values.
void insertRows(QSqlDatabase &db, const QString &label, const QString &table, const QStringList &columns,
                qint64 total, qint64 perStatement, const std::function<void(QSqlQuery &, qint64)> &bindRow)
{
    ProgressBar progress(label, total);
    QSqlQuery full(db);
    if (!full.prepare(insertStatement(table, columns, perStatement)))
        throw std::runtime_error(qPrintable(full.lastError().text()));
    qint64 done = 0;
    while (done < total) {
        if (!db.transaction())
            throw std::runtime_error(qPrintable(db.lastError().text()));
        const qint64 end = qMin(total, done + kRowsPerTransaction);
        while (done < end) {
            const qint64 rows = qMin(perStatement, end - done);
            QSqlQuery partial(db);
            QSqlQuery &q = rows == perStatement ? full : partial;
            if (rows != perStatement && !q.prepare(insertStatement(table, columns, rows)))
                throw std::runtime_error(qPrintable(q.lastError().text()));
            for (qint64 i = 0; i < rows; ++i)
                bindRow(q, done + i);
            if (!q.exec())
                throw std::runtime_error(qPrintable(QStringLiteral("inserting into %1: %2").arg(table, q.lastError().text())));
            done += rows;
        }
        if (!db.commit())
            throw std::runtime_error(qPrintable(db.lastError().text()));
        progress.update(done);
    }
    progress.finish();
}

} // namespace

void sqliteBulkLoad(QSqlDatabase &db, const LoadPlan &plan)
{
    execOrThrow(db, QStringLiteral("PRAGMA synchronous = OFF"));
    execOrThrow(db, QStringLiteral("PRAGMA cache_size = -1048576")); // 1 GiB, for the index builds
    execOrThrow(db, QStringLiteral("PRAGMA temp_store = MEMORY"));
    execOrThrow(db, QStringLiteral("PRAGMA threads = 4"));            // sorter threads for the index builds

    insertRows(db, QStringLiteral("users   "), QStringLiteral("users"), {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("email")},
               plan.users, 500, [](QSqlQuery &q, qint64 i) {
                   q.addBindValue(i + 1);
                   q.addBindValue(QStringLiteral("Bench User %1").arg(i + 1));
                   q.addBindValue(BenchTokens::userEmail(i + 1));
               });
    // The server's own text form of a timestamp: ISO 8601 with milliseconds, UTC.
    const QString expires = plan.expires.toUTC().toString(Qt::ISODateWithMs);
    insertRows(db, QStringLiteral("sessions"), QStringLiteral("sessions"),
               {QStringLiteral("\"userId\""), QStringLiteral("expires"), QStringLiteral("\"sessionToken\"")},
               plan.sessions, 500, [&plan, &expires](QSqlQuery &q, qint64 i) {
                   q.addBindValue(plan.userOf(i));
                   q.addBindValue(expires);
                   q.addBindValue(BenchTokens::sessionToken(i));
               });
}
