#pragma once
/*! \file sqlconnection.h  One storage thread's database connection, its statements and
 *  transactions, and what differs between SQLite, PostgreSQL and MariaDB. */
#include <gatehouse/sqladapter.h>

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace Gatehouse {

using SqlBackend = SqlAdapterOptions::Backend;

//! Thrown inside a storage call when the connection turned out to be broken; the caller
//! reopens the connection and runs the call once more.
struct SqlConnectionLost
{
    QString detail;
};

//! Thrown inside a storage call when the database aborted its transaction to break a
//! deadlock (or a serialisation conflict); the caller runs the call again.
struct SqlTransientConflict
{
    QString detail;
};

//! Thrown inside a storage call when the database is there but cannot answer now (a lock or
//! statement timeout): the call fails with AdapterError Unavailable, but
//! the database is not down (StoreHealth is told it answered).
struct SqlBusy
{
    QString detail;
};

/*!
 * What the connections of one adapter know together of its SQLite file: that it existed once
 * (from then on a missing file is not created anew), and how often one of them found it moved,
 * removed or replaced (the others then look at once, not at their next turn).
 */
struct SqliteFileState
{
    std::atomic<bool> seen{false};
    std::atomic<quint64> changes{0};
};

//! Whether \a options name an SQLite database in a file (not in memory, not a file: URI).
bool isSqliteFile(const SqlAdapterOptions &options);

/*!
 * A connection owned by one storage thread (never used from another; or, LockWait::Never, one
 * serving thread's session read at a time, see SqlAdapterPrivate::lookupHere()). Opened on first use
 * and set up for Gatehouse: SQLite gets WAL, foreign keys and a busy timeout, MariaDB gets
 * ANSI_QUOTES (so the same "quoted" SQL works everywhere) and UTC, PostgreSQL gets UTC.
 * Prepared statements are kept per SQL text for the life of the connection.
 *
 * PostgreSQL and MariaDB connections get timeouts (defaultConnectOptions()), so a database
 * that vanished fails a call within seconds instead of holding it for minutes. An SQLite
 * connection notices when its database file is moved away, removed or replaced (an open file
 * would go on being read and written under its old name): it closes, and reopens the file at
 * the path; a file that is gone is an Unavailable error, not a new empty database.
 */
class SqlConnection
{
public:
    //! How long an SQLite statement waits for a lock another connection holds.
    enum class LockWait {
        BusyTimeout,  //!< up to 5 s (a storage thread: waiting is its job)
        Never,        //!< not at all: SqlBusy at once (a serving thread's read, which has a fallback)
    };

    /*!
     * \a file is shared by the connections of one adapter (see SqliteFileState). Null: a
     * missing file is always created, and each connection looks at its file on its own.
     */
    SqlConnection(const SqlAdapterOptions &options, QString name, SqliteFileState *file = nullptr,
                  LockWait lockWait = LockWait::BusyTimeout);
    ~SqlConnection();
    SqlConnection(const SqlConnection &) = delete;
    SqlConnection &operator=(const SqlConnection &) = delete;

    SqlBackend backend() const { return m_options.backend; }
    //! Whether INSERT/UPDATE/DELETE ... RETURNING work through the Qt driver (not QMYSQL's
    //! prepared statements, which drop the returned rows).
    bool hasReturning() const { return m_options.backend != SqlBackend::MySQL; }

    /*!
     * Opens the connection if needed (and reopens an SQLite file that was replaced). Throws
     * AdapterError (Unavailable) when that fails.
     */
    void open();
    //! Closes and drops the prepared statements; the next open() connects anew.
    void close();

    //! The prepared statement for \a sql (prepared on first use).
    QSqlQuery &prepared(const QString &sql, const QString &method);
    /*!
     * SQLite: the statement for \a sql on the driver's own handle (QSqlDriver::handle()),
     * prepared on first use and finalized by close(). Only for the session lookup of every
     * request (sqlitesessionrows.cpp): QSQLITE builds the record of a result's columns anew on
     * every exec(), which costs more than SQLite's own work for that query.
     */
    sqlite3_stmt *sqliteStatement(const QByteArray &sql, const QString &method);
    /*!
     * SQLite: how many pages this connection has read from its file so far, not finding them
     * in its own cache (sqlite3_db_status()'s CACHE_MISS); 0 before sqliteStatement() was used.
     */
    qint64 sqlitePagesRead() const;
    //! raise() for the SQLite result code \a code of the connection's last call.
    [[noreturn]] void raiseSqlite(int code, const QString &method);
    //! Runs \a sql as it is (DDL, pragmas, transaction control).
    void execute(const QString &sql, const QString &method);
    //! Whether a table, an index or a table's column exists in the connection's database or schema.
    bool tableExists(const QString &table, const QString &method);
    bool indexExists(const QString &index, const QString &method);
    bool columnExists(const QString &table, const QString &column, const QString &method);

    /*!
     * Turns a failed statement into the right exception: SqlConnectionLost when the
     * connection broke (or an SQLite file cannot be opened any more, or a PostgreSQL server turned
     * out to be a read-only standby), SqlTransientConflict for a deadlock, SqlBusy when the
     * database cannot answer now (a lock or statement timeout), AdapterError Conflict for a unique or foreign key (with \a conflict as
     * its message when given), AdapterError Failed otherwise (a disk that is full included).
     */
    [[noreturn]] void raise(const QSqlError &error, const QString &method, const QString &conflict = {});

    /*!
     * Whether PostgreSQL's SQLSTATE \a code says this connection is done for: lost, the server
     * shutting down or starting, or a standby now (25006, read-only, after a failover). Such a
     * connection is closed and opened anew; with several hosts libpq then finds the primary.
     */
    static bool endsPostgresConnection(const QString &code);

    //! \a when as this backend stores it (UTC; text on SQLite).
    QVariant timeValue(const QDateTime &when) const;
    //! A stored time as UTC, or nullopt for NULL.
    std::optional<QDateTime> timeFrom(const QVariant &value) const;
    /*!
     * The SELECT expression that reads time column \a column for timeFrom(). Qt's PostgreSQL
     * driver turns a timestamptz into local time, which timeFrom() turns back into UTC: two
     * time-zone conversions per value, a few microseconds on the session lookup of every
     * request. On PostgreSQL this reads ISO 8601 UTC text instead; elsewhere \a column as it is.
     */
    QString timeColumn(const QString &column) const;

    void begin(const QString &method);
    void commit(const QString &method);
    void rollback();

    /*!
     * The driver options Gatehouse sets before the URL's own (which win): connect timeouts and,
     * for PostgreSQL, TCP keepalives and a send timeout, so a lost server is noticed in seconds.
     */
    static QString defaultConnectOptions(SqlBackend backend);

private:
    //! An SQLite file by device and inode: the same path may later name another file.
    struct FileIdentity
    {
        quint64 device = 0;
        quint64 inode = 0;
        bool operator==(const FileIdentity &other) const { return device == other.device && inode == other.inode; }
    };

    void setUp();
    bool isLost(const QSqlError &error) const;
    bool isTransient(const QSqlError &error) const;
    bool isUnavailable(const QSqlError &error) const;
    //! SQLite: whether the open connection still reads the file at its path (checked at most
    //! every few hundred milliseconds); closes the connection when not.
    bool fileUnchanged();
    std::optional<FileIdentity> fileAtPath() const;

    SqlAdapterOptions m_options;
    QString m_name;
    SqliteFileState *m_shared;
    LockWait m_lockWait;
    quint64 m_changesSeen = 0;                            //!< m_shared->changes when last looked
    QSqlDatabase m_db;
    QHash<QString, std::shared_ptr<QSqlQuery>> m_statements;
    QHash<QByteArray, sqlite3_stmt *> m_sqliteStatements;  //!< see sqliteStatement()
    sqlite3 *m_sqlite = nullptr;                           //!< the driver's handle, once sqliteStatement() used it
    std::optional<FileIdentity> m_file;                   //!< SQLite: the file opened
    std::chrono::steady_clock::time_point m_fileChecked;  //!< when fileUnchanged() last looked
    //! SQLite: a write found the connection read-only; open() opens it again (see raise()).
    bool m_reopen = false;
    //! A statement found the connection lost; close() clears it.
    bool m_lost = false;
};

/*!
 * One execution of a prepared statement: bind positional values, exec(), read rows. The
 * statement is reset when the object goes away, so no read lock or cursor stays open.
 */
class SqlQuery
{
public:
    SqlQuery(SqlConnection &connection, const QString &sql, const QString &method);
    ~SqlQuery();
    SqlQuery(const SqlQuery &) = delete;
    SqlQuery &operator=(const SqlQuery &) = delete;

    SqlQuery &bind(const QVariant &value);
    SqlQuery &bind(const QString &text);              //!< an empty string binds as text, not NULL
    SqlQuery &bind(const std::optional<QString> &text); //!< nullopt binds NULL
    SqlQuery &bind(const QDateTime &when);            //!< invalid binds NULL
    SqlQuery &bind(const std::optional<QDateTime> &when);
    SqlQuery &bind(const std::optional<qint64> &number);
    SqlQuery &bind(qint64 number);
    SqlQuery &bind(bool flag);

    //! Runs the statement; see SqlConnection::raise() for the failures.
    SqlQuery &exec(const QString &conflict = {});
    bool next();
    //! Executes and says whether a first row came back.
    bool execFirst() { return exec().next(); }

    QVariant value(int column) const;
    QString text(int column) const;
    std::optional<QString> optionalText(int column) const;
    qint64 integer(int column) const;
    std::optional<qint64> optionalInteger(int column) const;
    QDateTime time(int column) const;
    std::optional<QDateTime> optionalTime(int column) const;
    int rowsAffected() const;
    //! The id an INSERT just generated (where RETURNING is not available).
    qint64 lastInsertId() const;

private:
    SqlConnection &m_connection;
    QString m_method;
    QSqlQuery &m_query;
    int m_position = 0;
};

/*!
 * A transaction for the life of the object: rolled back unless commit() was called.
 * On SQLite it takes the write lock at once (BEGIN IMMEDIATE), so two writers wait for each
 * other in the busy timeout instead of failing when one upgrades a read.
 */
class SqlTransaction
{
public:
    SqlTransaction(SqlConnection &connection, const QString &method);
    ~SqlTransaction();
    SqlTransaction(const SqlTransaction &) = delete;
    SqlTransaction &operator=(const SqlTransaction &) = delete;
    void commit();

private:
    SqlConnection &m_connection;
    QString m_method;
    bool m_done = false;
};

} // namespace Gatehouse
