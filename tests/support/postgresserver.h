#pragma once
/*! \file postgresserver.h  A throwaway PostgreSQL server for tests. */
#include <QString>
#include <memory>

namespace Gatehouse::Testing {

class PostgresServerPrivate;

/*!
 * A PostgreSQL cluster in a temporary folder, listening on a free port of 127.0.0.1 with
 * trust authentication and \c fsync=off, stopped and removed when the object is destroyed.
 * Uses the server binaries of Debian's \c postgresql package (/usr/lib/postgresql/<N>/bin).
 * As root it runs the server as the \c postgres system user. Connect as user \c postgres.
 *
 * \code
 * if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
 *     QSKIP(qPrintable(why));
 * PostgresServer pg;
 * QVERIFY2(pg.start(&error), qPrintable(error));
 * QVERIFY2(pg.createDatabase("gatehouse", &error), qPrintable(error));
 * auto adapter = SqlAdapter::fromUrl(pg.url("gatehouse"));
 * \endcode
 */
class PostgresServer
{
public:
    PostgresServer();
    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    //! Empty when the server can be started here; otherwise why not, naming the Debian package.
    static QString unavailableReason();

    /*!
     * Sets server setting \a name (\c -c name=value) for the next start(), over the fixture's
     * own. By default commits do not wait for the write-ahead log (\c synchronous_commit=off):
     * fast, but a commit of the last moments before kill() may be lost. A test of what survives a
     * crash sets it \c on (\c fsync=off stays: the operating system keeps what was written).
     */
    void setSetting(const QString &name, const QString &value);
    //! Whether initdb turns on data checksums (\c -k; pg_rewind needs them or wal_log_hints).
    void setDataChecksums(bool on);

    //! Creates the cluster (first time) and starts the server; waits until it accepts connections.
    bool start(QString *error = nullptr);
    //! Fast shutdown: open connections are cut. The cluster stays for a later start().
    void stop();
    //! stop() and start() on the same port and data, e.g. to test lost connections.
    bool restart(QString *error = nullptr);
    /*!
     * Stops the server as a crash does: SIGKILL to the postmaster. Its backends end as soon as
     * they notice (connections are cut); waits for that (at most 10 s), so start() brings it
     * back on the same port and data. Committed data survives (it is in the files).
     */
    void kill();
    bool isRunning() const;

    /*!
     * Makes this cluster a streaming standby of \a primary (running) and starts it: a base
     * backup with \c pg_basebackup -R (which writes \c primary_conninfo and \c standby.signal),
     * on a port of its own. Instead of start() for the first time; settings as for start().
     */
    bool startStandbyOf(const PostgresServer &primary, QString *error = nullptr);
    //! \c pg_ctl promote: the standby becomes a primary; waits until it takes writes (60 s at most).
    bool promote(QString *error = nullptr);
    /*!
     * Brings a stopped former primary back as a standby of \a primary (the promoted one): a
     * CHECKPOINT there (so its control file has the new timeline), \c pg_rewind -R, then start()
     * on the same port. pg_rewind needs data checksums (or \c wal_log_hints=on in the cluster's
     * files, as its crash recovery reads them) and this cluster's WAL back to where the two
     * parted (\c wal_keep_size in its files: that recovery ends with a checkpoint).
     */
    bool rewindAsStandbyOf(PostgresServer &primary, QString *error = nullptr);

    QString host() const;                       //!< "127.0.0.1"
    int port() const;
    QString user() const;                       //!< "postgres"
    //! \c postgresql://postgres\@127.0.0.1:<port>/<database>
    QString url(const QString &database) const;

    /*!
     * Creates the database \a name: empty, or a copy of \a templateName (to which nobody may
     * be connected: PostgreSQL waits a few seconds for connections that are ending).
     */
    bool createDatabase(const QString &name, QString *error = nullptr, const QString &templateName = {});
    //! Runs \a sql with psql in \a database; \a output receives psql's unaligned output.
    bool execute(const QString &database, const QString &sql, QString *output = nullptr);
    //! Runs the SQL file \a path with psql (stopping at the first error).
    bool executeFile(const QString &database, const QString &path, QString *error = nullptr);
    //! Ends every other backend connected to \a database; returns how many.
    int terminateConnections(const QString &database);

private:
    std::unique_ptr<PostgresServerPrivate> d;
};

} // namespace Gatehouse::Testing
