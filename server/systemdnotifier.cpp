#include "systemdnotifier.h"

#include "logging.h"

#include <QLoggingCategory>
#include <QTimer>

#include <algorithm>

#include <systemd/sd-daemon.h>

#include <ctime>

namespace Gatehouse {

namespace {

// One line of a notification: a STATUS= value must not end the message early.
QByteArray statusLine(const QString &status)
{
    QByteArray text = status.toUtf8();
    text.replace('\n', ' ');
    return QByteArrayLiteral("STATUS=") + text;
}

quint64 monotonicUsec()
{
    timespec now = {};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return quint64(now.tv_sec) * 1000000u + quint64(now.tv_nsec) / 1000u;
}

} // namespace

SystemdNotifier::SystemdNotifier(QObject *parent) : QObject(parent)
{
    m_active = qEnvironmentVariableIsSet("NOTIFY_SOCKET");
    uint64_t usec = 0;
    // 0 for the pid: the watchdog is meant for this process only (WATCHDOG_PID), not a child.
    if (m_active && ::sd_watchdog_enabled(0, &usec) > 0 && usec > 0) {
        m_watchdogUsec = usec;
        m_watchdog = new QTimer(this);
        // Half the interval, as sd_watchdog_enabled(3) recommends; at least once a second.
        m_watchdog->setInterval(int(std::max<quint64>(1, usec / 2000)));
        connect(m_watchdog, &QTimer::timeout, this, &SystemdNotifier::pingWatchdog);
        m_watchdog->start();
        qCInfo(lcServer).noquote() << QStringLiteral("systemd watchdog: pinging every %1 ms").arg(m_watchdog->interval());
    }
}

SystemdNotifier::~SystemdNotifier() = default;

void SystemdNotifier::send(const QByteArray &message)
{
    if (!m_active)
        return;
    const int sent = ::sd_notify(0, message.constData());
    if (sent < 0)
        qCWarning(lcServer).noquote() << "sd_notify failed:" << qt_error_string(-sent);
}

void SystemdNotifier::pingWatchdog()
{
    send(QByteArrayLiteral("WATCHDOG=1"));
}

void SystemdNotifier::ready(const QString &status)
{
    send(QByteArrayLiteral("READY=1\n") + statusLine(status));
}

void SystemdNotifier::reloading(const QString &status)
{
    send(QByteArrayLiteral("RELOADING=1\nMONOTONIC_USEC=") + QByteArray::number(monotonicUsec()) + '\n'
         + statusLine(status));
}

void SystemdNotifier::stopping(const QString &status)
{
    send(QByteArrayLiteral("STOPPING=1\n") + statusLine(status));
}

void SystemdNotifier::status(const QString &status)
{
    send(statusLine(status));
}

void SystemdNotifier::extendStartup(int seconds, const QString &status)
{
    send(QByteArrayLiteral("EXTEND_TIMEOUT_USEC=") + QByteArray::number(qint64(seconds) * 1000000) + '\n'
         + statusLine(status) + (m_watchdogUsec ? QByteArrayLiteral("\nWATCHDOG=1") : QByteArray()));
}

} // namespace Gatehouse
