#pragma once
/*! \file systemdnotifier.h  Tells systemd (Type=notify) where gatehouse-server stands. */
#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * gatehouse-server's side of systemd's notification protocol (sd_notify(3)): READY=1 once the
 * server listens, RELOADING=1 and READY=1 around a configuration reload, STOPPING=1 on the way
 * out, STATUS= lines for `systemctl status`, and WATCHDOG=1 from the thread that creates it
 * (the main event loop) at half the interval of the unit's WatchdogSec=.
 *
 * Without \c NOTIFY_SOCKET in the environment (not started by systemd) every call does
 * nothing. The messages are datagrams; nothing waits for an answer.
 */
class SystemdNotifier : public QObject
{
    Q_OBJECT

public:
    //! Starts the watchdog pings when systemd asked for them (WATCHDOG_USEC for this process).
    explicit SystemdNotifier(QObject *parent = nullptr);
    ~SystemdNotifier() override;

    //! True when systemd listens (NOTIFY_SOCKET is set).
    bool isActive() const { return m_active; }
    //! The watchdog interval systemd asked for, in microseconds; 0 when none.
    quint64 watchdogUsec() const { return m_watchdogUsec; }

    //! READY=1 with \a status as STATUS=.
    void ready(const QString &status);
    //! RELOADING=1 with MONOTONIC_USEC= (systemd 253's Type=notify-reload wants it; 252 ignores it).
    void reloading(const QString &status);
    //! STOPPING=1.
    void stopping(const QString &status);
    //! STATUS= alone.
    void status(const QString &status);
    /*!
     * Asks systemd for \a seconds more to start (EXTEND_TIMEOUT_USEC=), and pings the watchdog:
     * for a long schema migration before READY=1.
     */
    void extendStartup(int seconds, const QString &status);

private:
    void send(const QByteArray &message);
    void pingWatchdog();

    bool m_active = false;
    quint64 m_watchdogUsec = 0;
    QTimer *m_watchdog = nullptr;
};

} // namespace Gatehouse
