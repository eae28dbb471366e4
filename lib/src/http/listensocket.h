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
 * Whether \a port on \a address is free for this process: fails, with \a error saying so, when
 * another socket listens there, even one that shares its port (SO_REUSEPORT). Without this
 * check a second server started on the same port by the same user would silently receive
 * part of the first one's connections.
 */
bool portIsFree(const QHostAddress &address, quint16 port, QString *error);

/*!
 * Why the process's descriptor limit (RLIMIT_NOFILE) may not hold \a connections open
 * connections, or an empty string. At the limit, QTcpServer 6.4 retries accept() in a busy loop.
 */
QString descriptorLimitProblem(int connections);

//! The local port of the bound socket \a descriptor, or 0.
quint16 boundPort(qintptr descriptor);

} // namespace Gatehouse
