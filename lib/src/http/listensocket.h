#pragma once
#include <QHostAddress>
#include <QString>

namespace Gatehouse {

/*!
 * A listening TCP socket on \a address and \a port with SO_REUSEADDR and SO_REUSEPORT set, so
 * that several sockets of this process share the port and the kernel spreads connections over
 * them. QHostAddress::Any listens on IPv6 and IPv4 where the host supports both. Returns the
 * descriptor, or -1 with \a error saying why.
 */
qintptr openReusePortSocket(const QHostAddress &address, quint16 port, QString *error);

/*!
 * Why the process's descriptor limit (RLIMIT_NOFILE) may not hold \a connections open
 * connections, or an empty string. At the limit, QTcpServer 6.4 retries accept() in a busy loop.
 */
QString descriptorLimitProblem(int connections);

//! The local port of the bound socket \a descriptor, or 0.
quint16 boundPort(qintptr descriptor);

} // namespace Gatehouse
