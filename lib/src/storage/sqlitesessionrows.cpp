#include "storage/sqladapter_p.h"

#include "metrics/catalogue.h"

#include <QByteArrayList>

#include <array>

#include <sqlite3.h>

namespace Gatehouse {

namespace {

//! The lookup's SQL for 2^i tokens (SqlRows::sessionsAndUserStates()'s, as it reads on SQLite).
const QByteArray &lookupSql(int i)
{
    static const std::array<QByteArray, 8> sql = [] {
        std::array<QByteArray, 8> texts;
        for (int shape = 0; shape < int(texts.size()); ++shape) {
            QByteArrayList marks;
            for (int n = 0; n < (1 << shape); ++n)
                marks.append(QByteArrayLiteral("?"));
            texts[shape] = QByteArrayLiteral("SELECT s.\"sessionToken\", s.\"userId\", s.expires, "
                                             "u.id, u.name, u.email, u.\"emailVerified\", u.image, st.disabled "
                                             "FROM sessions s JOIN users u ON u.id = s.\"userId\" "
                                             "LEFT JOIN gatehouse_user_state st ON st.\"userId\" = u.id "
                                             "WHERE s.\"sessionToken\" IN (")
                + marks.join(", ") + ')';
        }
        return texts;
    }();
    return sql[i];
}

/*!
 * Column \a column of the current row as QSQLITE gives it: integers as qint64, reals as double,
 * NULL as a null string, text as QString (so that SqlConnection::timeFrom() reads it alike).
 */
QVariant columnValue(sqlite3_stmt *statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER:
        return QVariant(qint64(sqlite3_column_int64(statement, column)));
    case SQLITE_FLOAT:
        return QVariant(sqlite3_column_double(statement, column));
    case SQLITE_NULL:
        return QVariant(QMetaType::fromType<QString>());
    case SQLITE_BLOB: {
        const auto *bytes = static_cast<const char *>(sqlite3_column_blob(statement, column));
        return QVariant(QByteArray(bytes, sqlite3_column_bytes(statement, column)));
    }
    default: {
        const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
        return QVariant(QString::fromUtf8(text, sqlite3_column_bytes(statement, column)));
    }
    }
}

std::optional<QString> optionalText(sqlite3_stmt *statement, int column)
{
    const QVariant value = columnValue(statement, column);
    return value.isNull() ? std::nullopt : std::optional(value.toString());
}

//! Resets the statement when the lookup ends, so that no read lock stays open (as SqlQuery).
struct ResetWhenDone
{
    sqlite3_stmt *statement;
    ~ResetWhenDone()
    {
        sqlite3_reset(statement);
        sqlite3_clear_bindings(statement);
    }
};

} // namespace

SessionLookups::Found SqlRows::sqliteSessionsAndUserStates(SqlConnection &c, const QStringList &tokens,
                                                           const QString &method)
{
    SessionLookups::Found found;
    int shape = 0;
    while ((1 << shape) < tokens.size())
        ++shape;
    if (shape >= 8)
        throw AdapterError(AdapterError::Reason::InvalidArgument,
                           QStringLiteral("%1: too many tokens in one lookup").arg(method));
    sqlite3_stmt *statement = c.sqliteStatement(lookupSql(shape), method);
    const ResetWhenDone done{statement};
    QByteArrayList bound;
    bound.reserve(tokens.size());
    for (const QString &token : tokens)
        bound.append(token.toUtf8());
    for (int i = 0; i < (1 << shape); ++i) {
        const QByteArray &token = bound.at(std::min<qsizetype>(i, bound.size() - 1));
        const int result = sqlite3_bind_text(statement, i + 1, token.constData(), int(token.size()), SQLITE_STATIC);
        if (result != SQLITE_OK)
            c.raiseSqlite(result, method);
    }
    const Metrics::Clock::time_point started = Metrics::start();
    found.reserve(tokens.size());
    for (;;) {
        const int step = sqlite3_step(statement);
        if (step == SQLITE_DONE)
            break;
        if (step != SQLITE_ROW) {
            Metrics::recordStorageQuery(method, started, false);
            c.raiseSqlite(step, method);
        }
        SessionAndUserState row;
        row.session.sessionToken = columnValue(statement, 0).toString();
        row.session.userId = columnValue(statement, 1).toString();
        row.session.expires = c.timeFrom(columnValue(statement, 2)).value_or(QDateTime());
        row.user.id = columnValue(statement, 3).toString();
        row.user.name = optionalText(statement, 4);
        row.user.email = columnValue(statement, 5).toString();
        row.user.emailVerified = c.timeFrom(columnValue(statement, 6));
        row.user.image = optionalText(statement, 7);
        row.userDisabled = columnValue(statement, 8).toBool();
        // Keyed by the stored token, as sessionsAndUserStates() does.
        const QString token = row.session.sessionToken;
        found.insert(token, std::move(row));
    }
    Metrics::recordStorageQuery(method, started, true);
    return found;
}

} // namespace Gatehouse
