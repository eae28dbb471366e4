#include "storage/sqlconnection.h"

#include "storage/logging.h"
#include "storage/storageexit.h"
#include "metrics/catalogue.h"

#include <gatehouse/adaptererror.h>

#include <QFile>
#include <QSqlDriver>
#include <QSqlError>
#include <QVersionNumber>

#include <algorithm>
#include <utility>

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Gatehouse {

using Reason = AdapterError::Reason;

namespace {

bool isMemoryDatabase(const SqlAdapterOptions &options)
{
    return options.backend == SqlBackend::SQLite && options.databaseName == QLatin1String(":memory:");
}

//! An SQLite database in a file named by its path (not in memory, not a file: URI).
bool isFileDatabase(const SqlAdapterOptions &options)
{
    return options.backend == SqlBackend::SQLite && !options.databaseName.isEmpty() && !isMemoryDatabase(options)
        && !options.databaseName.startsWith(QLatin1String("file:"));
}

//! How often an SQLite connection looks whether its file is still the one at its path.
constexpr std::chrono::milliseconds kFileCheckInterval{250};

// SQLite's primary result codes (the low byte of an extended one).
constexpr int kSqliteBusy = 5;
constexpr int kSqliteLocked = 6;
constexpr int kSqliteReadOnly = 8;
constexpr int kSqliteCantOpen = 14;
constexpr int kSqliteConstraint = 19;
constexpr int kSqliteReadOnlyDbMoved = 8 | (4 << 8);

/*!
 * \a text when it is a time as timeValue() writes it on SQLite ("2026-11-28T17:00:00.123Z"), read
 * without QDateTime::fromString(), which costs thousands of instructions on the session lookup
 * of every request; nullopt for any other text, which fromString() then reads.
 */
std::optional<QDateTime> writtenUtcTime(QStringView text)
{
    if (text.size() != 24 || text[4] != u'-' || text[7] != u'-' || text[10] != u'T' || text[13] != u':'
        || text[16] != u':' || text[19] != u'.' || text[23] != u'Z')
        return std::nullopt;
    const auto number = [text](qsizetype from, qsizetype length) {
        int value = 0;
        for (qsizetype i = from; i < from + length; ++i) {
            const char16_t c = text[i].unicode();
            if (c < u'0' || c > u'9')
                return -1;
            value = value * 10 + (c - u'0');
        }
        return value;
    };
    const QDate date(number(0, 4), number(5, 2), number(8, 2));
    const int hour = number(11, 2), minute = number(14, 2), second = number(17, 2), ms = number(20, 3);
    // Anything unusual (24:00, a leap second, a digit missing) goes to fromString().
    if (!date.isValid() || !QTime::isValid(hour, minute, second, ms))
        return std::nullopt;
    return QDateTime(date, QTime(hour, minute, second, ms), Qt::UTC);
}

QString joinOptions(const QString &first, const QString &second)
{
    if (first.isEmpty())
        return second;
    return second.isEmpty() ? first : first + u';' + second;
}

} // namespace

bool isSqliteFile(const SqlAdapterOptions &options)
{
    return isFileDatabase(options);
}

SqlConnection::SqlConnection(const SqlAdapterOptions &options, QString name, SqliteFileState *file, LockWait lockWait)
    : m_options(options)
    , m_name(std::move(name))
    , m_shared(file)
    , m_lockWait(lockWait)
{
}

SqlConnection::~SqlConnection()
{
    close();
}

QString SqlConnection::defaultConnectOptions(SqlBackend backend)
{
    switch (backend) {
    case SqlBackend::SQLite:
        return QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000");
    case SqlBackend::PostgreSQL:
        // libpq: give up connecting after 2 s (its minimum); a server that stops answering is
        // noticed by keepalives after about 5 + 3 x 1 s of silence, or when data sent is not
        // acknowledged within 5 s.
        return QStringLiteral("connect_timeout=2;keepalives=1;keepalives_idle=5;keepalives_interval=1;"
                              "keepalives_count=3;tcp_user_timeout=5000");
    case SqlBackend::MySQL:
        // Affected rows = matched rows, as elsewhere. The client library tries a read up to
        // three times: a silent server fails a call after 3 x 10 s.
        return QStringLiteral("CLIENT_FOUND_ROWS;MYSQL_OPT_CONNECT_TIMEOUT=2;MYSQL_OPT_READ_TIMEOUT=10;"
                              "MYSQL_OPT_WRITE_TIMEOUT=10");
    }
    return {};
}

std::optional<SqlConnection::FileIdentity> SqlConnection::fileAtPath() const
{
    struct stat info;
    if (::stat(QFile::encodeName(m_options.databaseName).constData(), &info) != 0)
        return std::nullopt;
    return FileIdentity{quint64(info.st_dev), quint64(info.st_ino)};
}

bool SqlConnection::fileUnchanged()
{
    const auto now = std::chrono::steady_clock::now();
    const quint64 changes = m_shared ? m_shared->changes.load() : 0;
    if (now - m_fileChecked < kFileCheckInterval && changes == m_changesSeen)
        return true;
    m_fileChecked = now;
    m_changesSeen = changes;
    const std::optional<FileIdentity> found = fileAtPath();
    if (found == m_file)
        return true;
    qCDebug(lcStorage).noquote() << "the database file" << m_options.databaseName
                                 << (found ? "was replaced" : "is gone") << "; closing" << m_name;
    if (m_shared)
        m_changesSeen = ++m_shared->changes;  // the other connections look at once
    close();
    return false;
}

void SqlConnection::open()
{
    if (std::exchange(m_reopen, false))
        close();
    if (m_db.isOpen() && (!m_file || fileUnchanged()))
        return;
    if (!m_db.isValid()) {
        m_db = QSqlDatabase::addDatabase(m_options.driverName(), m_name);
        if (!m_db.isValid())
            throw AdapterError(Reason::Unavailable,
                               QStringLiteral("the Qt SQL driver %1 is not installed (Debian: libqt6sql6-%2)")
                                   .arg(m_options.driverName(),
                                        m_options.backend == SqlBackend::SQLite       ? QStringLiteral("sqlite")
                                        : m_options.backend == SqlBackend::PostgreSQL ? QStringLiteral("psql")
                                                                                      : QStringLiteral("mysql")));
        m_db.setDatabaseName(m_options.databaseName);
        m_db.setHostName(m_options.host);
        m_db.setPort(m_options.port);
        m_db.setUserName(m_options.userName);
        m_db.setPassword(m_options.password);
        // The URL's options come last: the drivers take the last value of an option.
        m_db.setConnectOptions(joinOptions(defaultConnectOptions(m_options.backend), m_options.connectOptions));
    }
    const bool file = isFileDatabase(m_options);
    if (file && m_shared && m_shared->seen.load() && !fileAtPath())
        throw AdapterError(Reason::Unavailable,
                           QStringLiteral("the database file %1 is missing (moved or removed?); it is not created anew")
                               .arg(m_options.databaseName));
    if (!m_db.open())
        throw AdapterError(Reason::Unavailable,
                           QStringLiteral("cannot connect to %1: %2").arg(m_options.displayUrl(), m_db.lastError().text()));
    try {
        setUp();
    } catch (...) {
        close();
        throw;
    }
    // After the first statement: Qt SQL makes some of its globals then (see there).
    StorageExit::waitAtExit();
    if (file) {
        m_file = fileAtPath();
        m_fileChecked = std::chrono::steady_clock::now();
        if (m_shared) {
            m_changesSeen = m_shared->changes.load();
            if (m_file)
                m_shared->seen.store(true);
        }
    }
    qCDebug(lcStorage) << "connected to" << m_options.displayUrl() << "as" << m_name;
}

void SqlConnection::setUp()
{
    const QString method = QStringLiteral("connect");
    switch (m_options.backend) {
    case SqlBackend::SQLite: {
        QSqlQuery version(m_db);
        if (!version.exec(QStringLiteral("SELECT sqlite_version()")) || !version.next())
            raise(version.lastError(), method);
        const QString found = version.value(0).toString();
        if (QVersionNumber::fromString(found) < QVersionNumber(3, 35))
            throw AdapterError(Reason::Unavailable,
                               QStringLiteral("SQLite %1 is too old: Gatehouse needs 3.35 or later (RETURNING)").arg(found));
        execute(m_lockWait == LockWait::Never ? QStringLiteral("PRAGMA busy_timeout = 0")
                                              : QStringLiteral("PRAGMA busy_timeout = 5000"),
                method);
        execute(QStringLiteral("PRAGMA foreign_keys = ON"), method);
        if (!isMemoryDatabase(m_options)) {
            execute(QStringLiteral("PRAGMA journal_mode = WAL"), method);
            execute(QStringLiteral("PRAGMA synchronous = NORMAL"), method);
        }
        execute(QStringLiteral("PRAGMA cache_size = %1")
                    .arg(m_options.sqliteCacheSize.value_or(SqlAdapterOptions::defaultSqliteCacheSize)),
                method);
        if (m_options.sqliteMmapSize)
            execute(QStringLiteral("PRAGMA mmap_size = %1").arg(*m_options.sqliteMmapSize), method);
        break;
    }
    case SqlBackend::PostgreSQL:
        execute(QStringLiteral("SET TIME ZONE 'UTC'"), method);
        break;
    case SqlBackend::MySQL:
        execute(QStringLiteral("SET SESSION sql_mode = TRIM(BOTH ',' FROM CONCAT(@@SESSION.sql_mode, ',ANSI_QUOTES'))"),
                method);
        execute(QStringLiteral("SET SESSION time_zone = '+00:00'"), method);
        break;
    }
}

void SqlConnection::close()
{
    // The driver goes first: a prepared statement that outlives its driver is not deallocated
    // on the server, where QPSQL would try, and warn for each statement of a connection that
    // is lost. Closing the connection frees them on the server anyway; QSQLITE finalizes its
    // statements before it closes, but not ours: an SQLite connection with a statement left open
    // does not close.
    for (sqlite3_stmt *statement : std::as_const(m_sqliteStatements))
        sqlite3_finalize(statement);
    m_sqliteStatements.clear();
    m_sqlite = nullptr;
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
    m_statements.clear();
    m_file.reset();
    m_lost = false;
}

QSqlQuery &SqlConnection::prepared(const QString &sql, const QString &method)
{
    if (const auto it = m_statements.constFind(sql); it != m_statements.cend())
        return **it;
    auto query = std::make_shared<QSqlQuery>(m_db);
    query->setForwardOnly(true);
    if (!query->prepare(sql))
        raise(query->lastError(), method);
    m_statements.insert(sql, query);
    return *query;
}

sqlite3_stmt *SqlConnection::sqliteStatement(const QByteArray &sql, const QString &method)
{
    if (const auto it = m_sqliteStatements.constFind(sql); it != m_sqliteStatements.cend())
        return *it;
    if (m_options.backend != SqlBackend::SQLite || !m_db.isOpen())
        throw SqlConnectionLost{QStringLiteral("the connection was closed")};
    // Debian's QSQLITE uses the system's libsqlite3, the one linked here; its handle says so.
    const QVariant handle = m_db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        throw AdapterError(Reason::Failed, QStringLiteral("%1: the SQLite driver gave no sqlite3 handle").arg(method));
    sqlite3 *db = *static_cast<sqlite3 *const *>(handle.constData());
    m_sqlite = db;
    sqlite3_stmt *statement = nullptr;
    const int prepared = sqlite3_prepare_v3(db, sql.constData(), int(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                            &statement, nullptr);
    if (prepared != SQLITE_OK || !statement) {
        sqlite3_finalize(statement);
        raiseSqlite(prepared, method);
    }
    m_sqliteStatements.insert(sql, statement);
    return statement;
}

qint64 SqlConnection::sqlitePagesRead() const
{
    int current = 0;
    int highest = 0;
    if (!m_sqlite || sqlite3_db_status(m_sqlite, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 0) != SQLITE_OK)
        return 0;
    return current;
}

void SqlConnection::raiseSqlite(int code, const QString &method)
{
    // As QSQLITE reports a failed statement, so that raise() sorts it the same way.
    QString message;
    int extended = code;
    const QVariant handle = m_db.isOpen() ? m_db.driver()->handle() : QVariant();
    if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0) {
        sqlite3 *db = *static_cast<sqlite3 *const *>(handle.constData());
        message = QString::fromUtf8(sqlite3_errmsg(db));
        if ((sqlite3_extended_errcode(db) & 0xff) == (code & 0xff))
            extended = sqlite3_extended_errcode(db);
    } else {
        message = QString::fromUtf8(sqlite3_errstr(code));
    }
    raise(QSqlError(QStringLiteral("Unable to fetch row"), message, QSqlError::StatementError, QString::number(extended)),
          method);
}

void SqlConnection::execute(const QString &sql, const QString &method)
{
    // QPSQL closes a connection it found broken; Qt would warn of every statement tried on it.
    if (!m_db.isOpen())
        throw SqlConnectionLost{QStringLiteral("the connection was closed")};
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        raise(query.lastError(), method);
}

bool SqlConnection::tableExists(const QString &table, const QString &method)
{
    QString sql;
    switch (m_options.backend) {
    case SqlBackend::SQLite:
        sql = QStringLiteral("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
        break;
    case SqlBackend::PostgreSQL:
        sql = QStringLiteral("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() "
                             "AND table_name = ?");
        break;
    case SqlBackend::MySQL:
        sql = QStringLiteral("SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() "
                             "AND table_name = ?");
        break;
    }
    SqlQuery query(*this, sql, method);
    return query.bind(table).execFirst();
}

bool SqlConnection::indexExists(const QString &index, const QString &method)
{
    QString sql;
    switch (m_options.backend) {
    case SqlBackend::SQLite:
        sql = QStringLiteral("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?");
        break;
    case SqlBackend::PostgreSQL:
        sql = QStringLiteral("SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ?");
        break;
    case SqlBackend::MySQL:
        sql = QStringLiteral("SELECT 1 FROM information_schema.statistics WHERE table_schema = DATABASE() "
                             "AND index_name = ?");
        break;
    }
    SqlQuery query(*this, sql, method);
    return query.bind(index).execFirst();
}

bool SqlConnection::columnExists(const QString &table, const QString &column, const QString &method)
{
    QString sql;
    switch (m_options.backend) {
    case SqlBackend::SQLite:
        sql = QStringLiteral("SELECT 1 FROM pragma_table_info(?) WHERE name = ?");
        break;
    case SqlBackend::PostgreSQL:
        sql = QStringLiteral("SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
                             "AND table_name = ? AND column_name = ?");
        break;
    case SqlBackend::MySQL:
        sql = QStringLiteral("SELECT 1 FROM information_schema.columns WHERE table_schema = DATABASE() "
                             "AND table_name = ? AND column_name = ?");
        break;
    }
    SqlQuery query(*this, sql, method);
    return query.bind(table).bind(column).execFirst();
}

bool SqlConnection::isLost(const QSqlError &error) const
{
    // Not QSqlError::ConnectionError: QSQLITE reports every failed step with it.
    const QString code = error.nativeErrorCode();
    switch (m_options.backend) {
    case SqlBackend::SQLite: { // the file cannot be opened (or was moved): reopen it at its path
        const int extended = code.toInt();
        return (extended & 0xff) == kSqliteCantOpen || extended == kSqliteReadOnlyDbMoved;
    }
    case SqlBackend::PostgreSQL: // QPSQL closes a broken connection
        return !m_db.isOpen() || endsPostgresConnection(code);
    case SqlBackend::MySQL: {
        // CR_CONNECTION_ERROR, CR_CONN_HOST_ERROR, CR_SERVER_GONE_ERROR, CR_SERVER_LOST,
        // CR_SERVER_LOST_EXTENDED, ER_CONNECTION_KILLED, ER_CLIENT_INTERACTION_TIMEOUT
        static constexpr int lost[] = {2002, 2003, 2006, 2013, 2055, 1927, 4031};
        const int number = code.toInt();
        return std::find(std::begin(lost), std::end(lost), number) != std::end(lost);
    }
    }
    return false;
}

bool SqlConnection::endsPostgresConnection(const QString &code)
{
    // Class 08: connection exception; 57P0x: the server is shutting down, crashed or still
    // starting (recovery); 25006: a read-only transaction, so the server is a standby now (a
    // failover happened under the connection): opened anew, libpq looks for the primary.
    return code.startsWith(QLatin1String("08")) || code.startsWith(QLatin1String("57P0"))
        || code == QLatin1String("25006");
}

bool SqlConnection::isTransient(const QSqlError &error) const
{
    const QString code = error.nativeErrorCode();
    switch (m_options.backend) {
    case SqlBackend::SQLite: // the busy timeout waits already
        return false;
    case SqlBackend::PostgreSQL: // deadlock_detected, serialization_failure
        return code == QLatin1String("40P01") || code == QLatin1String("40001");
    case SqlBackend::MySQL: // ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT
        return code == QLatin1String("1213") || code == QLatin1String("1205");
    }
    return false;
}

bool SqlConnection::isUnavailable(const QSqlError &error) const
{
    const QString code = error.nativeErrorCode();
    switch (m_options.backend) {
    case SqlBackend::SQLite: { // still locked by another connection when the busy timeout ran out
        const int primary = code.toInt() & 0xff;
        return primary == kSqliteBusy || primary == kSqliteLocked;
    }
    case SqlBackend::PostgreSQL:
        // query_canceled (statement_timeout), lock_not_available (lock_timeout), out of memory,
        // too many connections
        return code == QLatin1String("57014") || code == QLatin1String("55P03") || code == QLatin1String("53200")
            || code == QLatin1String("53300");
    case SqlBackend::MySQL: {
        // ER_CON_COUNT_ERROR, ER_TOO_MANY_USER_CONNECTIONS, ER_OPTION_PREVENTS_STATEMENT
        // (read-only), ER_STATEMENT_TIMEOUT (MariaDB), ER_QUERY_TIMEOUT (MySQL)
        static constexpr int unavailable[] = {1040, 1203, 1290, 1969, 3024};
        const int number = code.toInt();
        return std::find(std::begin(unavailable), std::end(unavailable), number) != std::end(unavailable);
    }
    }
    return false;
}

void SqlConnection::raise(const QSqlError &error, const QString &method, const QString &conflict)
{
    // SQLite opens a file it cannot write (made read-only or immutable) read-only, and such a
    // connection stays so: once the file can be written again, the statement runs again on a
    // connection opened anew; until then the next call tries that.
    if (m_options.backend == SqlBackend::SQLite && error.nativeErrorCode().toInt() == kSqliteReadOnly) {
        if (::access(QFile::encodeName(m_options.databaseName).constData(), W_OK) == 0)
            throw SqlConnectionLost{QStringLiteral("opened read-only; the file can be written again")};
        m_reopen = true;
    }
    if (isLost(error)) {
        m_lost = true;
        if (m_options.backend == SqlBackend::PostgreSQL && error.nativeErrorCode() == QLatin1String("25006"))
            throw SqlConnectionLost{QStringLiteral("the server is a read-only standby now (a failover?): ") + error.text()};
        throw SqlConnectionLost{error.text()};
    }
    if (isTransient(error))
        throw SqlTransientConflict{error.text()};
    if (isUnavailable(error))
        throw SqlBusy{error.text()};
    const QString code = error.nativeErrorCode();
    bool constraint = false;
    switch (m_options.backend) {
    case SqlBackend::SQLite: // SQLITE_CONSTRAINT and its extended codes
        constraint = (code.toInt() & 0xff) == kSqliteConstraint;
        break;
    case SqlBackend::PostgreSQL: // class 23: integrity constraint violation
        constraint = code.startsWith(QLatin1String("23"));
        break;
    case SqlBackend::MySQL: // duplicate key, foreign key (parent missing / row referenced)
        constraint = code == QLatin1String("1062") || code == QLatin1String("1452") || code == QLatin1String("1451")
            || code == QLatin1String("1216") || code == QLatin1String("1217");
        break;
    }
    if (constraint)
        throw AdapterError(Reason::Conflict,
                           QStringLiteral("%1: %2").arg(method,
                                                        conflict.isEmpty() ? QStringLiteral("a unique or foreign key "
                                                                                            "would be violated")
                                                                           : conflict),
                           error.text());
    throw AdapterError(Reason::Failed, QStringLiteral("%1: database error: %2").arg(method, error.text()), error.text());
}

QVariant SqlConnection::timeValue(const QDateTime &when) const
{
    if (m_options.backend == SqlBackend::SQLite) // text that sorts in time order
        return when.toUTC().toString(Qt::ISODateWithMs);
    return when.toUTC();
}

QString SqlConnection::timeColumn(const QString &column) const
{
    if (m_options.backend != SqlBackend::PostgreSQL)
        return column;
    return QStringLiteral("to_char(%1 AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')").arg(column);
}

std::optional<QDateTime> SqlConnection::timeFrom(const QVariant &value) const
{
    if (value.isNull())
        return std::nullopt;
    if (value.typeId() == QMetaType::QString) {
        const QString text = value.toString();
        if (std::optional<QDateTime> written = writtenUtcTime(text))
            return written;
        QDateTime when = QDateTime::fromString(text, Qt::ISODateWithMs);
        if (when.timeSpec() == Qt::LocalTime) // written without an offset: UTC by convention
            when.setTimeSpec(Qt::UTC);
        return when.toUTC();
    }
    const QDateTime when = value.toDateTime();
    if (m_options.backend == SqlBackend::MySQL) // DATETIME holds UTC wall-clock time
        return QDateTime(when.date(), when.time(), Qt::UTC);
    return when.toUTC();
}

void SqlConnection::begin(const QString &method)
{
    switch (m_options.backend) {
    case SqlBackend::SQLite:
        execute(QStringLiteral("BEGIN IMMEDIATE"), method);
        break;
    case SqlBackend::PostgreSQL:
        execute(QStringLiteral("BEGIN"), method);
        break;
    case SqlBackend::MySQL:
        execute(QStringLiteral("START TRANSACTION"), method);
        break;
    }
}

void SqlConnection::commit(const QString &method)
{
    // SQLite cannot commit while a statement is still stepping.
    for (const auto &statement : std::as_const(m_statements))
        statement->finish();
    execute(QStringLiteral("COMMIT"), method);
}

void SqlConnection::rollback()
{
    // A lost connection cannot roll back, and needs not: the server ends the transaction with
    // the connection. Trying would log a warning per transaction beside the one outage line.
    if (!m_db.isOpen() || m_lost)
        return;
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("ROLLBACK")))
        qCWarning(lcStorage) << "rollback failed:" << query.lastError().text();
}

SqlQuery::SqlQuery(SqlConnection &connection, const QString &sql, const QString &method)
    : m_connection(connection)
    , m_method(method)
    , m_query(connection.prepared(sql, method))
{
}

SqlQuery::~SqlQuery()
{
    m_query.finish();
}

SqlQuery &SqlQuery::bind(const QVariant &value)
{
    m_query.bindValue(m_position++, value);
    return *this;
}

SqlQuery &SqlQuery::bind(const QString &text)
{
    return bind(QVariant(text.isNull() ? QStringLiteral("") : text));
}

SqlQuery &SqlQuery::bind(const std::optional<QString> &text)
{
    return text ? bind(*text) : bind(QVariant(QMetaType::fromType<QString>()));
}

SqlQuery &SqlQuery::bind(const QDateTime &when)
{
    if (!when.isValid())
        return bind(QVariant(m_connection.backend() == SqlBackend::SQLite ? QMetaType::fromType<QString>()
                                                                          : QMetaType::fromType<QDateTime>()));
    return bind(m_connection.timeValue(when));
}

SqlQuery &SqlQuery::bind(const std::optional<QDateTime> &when)
{
    return bind(when.value_or(QDateTime()));
}

SqlQuery &SqlQuery::bind(const std::optional<qint64> &number)
{
    return number ? bind(*number) : bind(QVariant(QMetaType::fromType<qlonglong>()));
}

SqlQuery &SqlQuery::bind(qint64 number)
{
    return bind(QVariant(qlonglong(number)));
}

SqlQuery &SqlQuery::bind(bool flag)
{
    if (m_connection.backend() == SqlBackend::PostgreSQL)
        return bind(QVariant(flag));
    return bind(QVariant(flag ? 1 : 0));
}

SqlQuery &SqlQuery::exec(const QString &conflict)
{
    const Metrics::Clock::time_point started = Metrics::start();
    const bool ok = m_query.exec();
    Metrics::recordStorageQuery(m_method, started, ok);
    if (!ok)
        m_connection.raise(m_query.lastError(), m_method, conflict);
    return *this;
}

bool SqlQuery::next()
{
    return m_query.next();
}

QVariant SqlQuery::value(int column) const
{
    return m_query.value(column);
}

QString SqlQuery::text(int column) const
{
    return m_query.value(column).toString();
}

std::optional<QString> SqlQuery::optionalText(int column) const
{
    const QVariant value = m_query.value(column);
    return value.isNull() ? std::nullopt : std::optional(value.toString());
}

qint64 SqlQuery::integer(int column) const
{
    return m_query.value(column).toLongLong();
}

std::optional<qint64> SqlQuery::optionalInteger(int column) const
{
    const QVariant value = m_query.value(column);
    return value.isNull() ? std::nullopt : std::optional(value.toLongLong());
}

QDateTime SqlQuery::time(int column) const
{
    return optionalTime(column).value_or(QDateTime());
}

std::optional<QDateTime> SqlQuery::optionalTime(int column) const
{
    return m_connection.timeFrom(m_query.value(column));
}

int SqlQuery::rowsAffected() const
{
    return m_query.numRowsAffected();
}

qint64 SqlQuery::lastInsertId() const
{
    return m_query.lastInsertId().toLongLong();
}

SqlTransaction::SqlTransaction(SqlConnection &connection, const QString &method)
    : m_connection(connection)
    , m_method(method)
{
    m_connection.begin(method);
}

SqlTransaction::~SqlTransaction()
{
    if (!m_done)
        m_connection.rollback();
}

void SqlTransaction::commit()
{
    m_connection.commit(m_method);
    m_done = true;
}

} // namespace Gatehouse
