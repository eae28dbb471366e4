#pragma once
/*! \file mariadbserver.h  A throwaway MariaDB server for tests. */
#include <QString>
#include <memory>

namespace Gatehouse::Testing {

class MariaDbServerPrivate;

/*!
 * A MariaDB server on a temporary data folder (\c mariadb-install-db + \c mariadbd from Debian's
 * \c mariadb-server package), listening on a free port of 127.0.0.1 without access control
 * (\c --skip-grant-tables: any user name works), stopped and removed when the object is
 * destroyed. Usage as PostgresServer.
 */
class MariaDbServer
{
public:
    MariaDbServer();
    ~MariaDbServer();
    MariaDbServer(const MariaDbServer &) = delete;
    MariaDbServer &operator=(const MariaDbServer &) = delete;

    //! Empty when the server can be started here; otherwise why not, naming the Debian package.
    static QString unavailableReason();

    //! Creates the data folder (first time) and starts the server; waits until it accepts connections.
    bool start(QString *error = nullptr);
    void stop();
    //! stop() and start() on the same port and data.
    bool restart(QString *error = nullptr);
    bool isRunning() const;

    QString host() const;                       //!< "127.0.0.1"
    int port() const;
    QString user() const;                       //!< "root"
    //! \c mysql://root\@127.0.0.1:<port>/<database>
    QString url(const QString &database) const;

    bool createDatabase(const QString &name, QString *error = nullptr);
    //! Runs \a sql with the mariadb client in \a database; \a output receives its batch output.
    bool execute(const QString &database, const QString &sql, QString *output = nullptr);
    //! Kills every other connection using \a database; returns how many.
    int terminateConnections(const QString &database);

private:
    std::unique_ptr<MariaDbServerPrivate> d;
};

} // namespace Gatehouse::Testing
