#pragma once
/*! What gatehouse-bulkload puts into the database, and the helpers its loaders share. */
#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <stdexcept>

struct LoadPlan
{
    qint64 users = 0;
    qint64 sessions = 0;
    QDateTime expires;     //!< of every session (UTC): far enough ahead that GET /session never writes

    qint64 userOf(qint64 session) const { return session % users + 1; }
};

//! Runs \a sql on \a db; throws with the statement and the driver's message when it fails.
inline void execOrThrow(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql))
        throw std::runtime_error(qPrintable(QStringLiteral("%1: %2").arg(sql, q.lastError().text())));
}

//! The first column of the first row of \a sql.
inline QVariant scalarOrThrow(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        throw std::runtime_error(qPrintable(QStringLiteral("%1: %2").arg(sql, q.lastError().text())));
    return q.value(0);
}
