#pragma once
/*
 * One gatehouse-server process for the multi-instance tests: started on a free loopback port
 * with a given configuration file and AUTH_SECRET, its output kept in a log file (shown when
 * something fails), stopped when the object goes away. Every wait is bounded.
 */
#include <QProcess>
#include <QString>

namespace Gatehouse::Test {

class GatehouseInstance
{
public:
    GatehouseInstance(const QString &configFile, const QString &secret, const QString &logFile);
    ~GatehouseInstance();
    GatehouseInstance(const GatehouseInstance &) = delete;
    GatehouseInstance &operator=(const GatehouseInstance &) = delete;

    //! Starts the server and waits (at most 15 s) until its port accepts connections.
    bool start(QString *error);
    quint16 port() const { return m_port; }
    //! "http://127.0.0.1:<port>"
    QString base() const;
    //! The last lines of the server's output.
    QString logTail() const;

private:
    QString m_config;
    QString m_secret;
    QString m_log;
    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace Gatehouse::Test
