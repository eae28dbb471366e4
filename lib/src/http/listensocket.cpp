#include "http/listensocket.h"

#include <cerrno>
#include <cstring>

#include <net/if.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Gatehouse {

namespace {

struct SocketAddress
{
    sockaddr_storage storage{};
    socklen_t length = 0;
    int family = AF_UNSPEC;
    bool dualStack = false;
};

SocketAddress ipv4Address(quint32 ip, quint16 port)
{
    SocketAddress result;
    auto *in = reinterpret_cast<sockaddr_in *>(&result.storage);
    in->sin_family = AF_INET;
    in->sin_port = htons(port);
    in->sin_addr.s_addr = htonl(ip);
    result.length = sizeof(sockaddr_in);
    result.family = AF_INET;
    return result;
}

SocketAddress ipv6Address(const QHostAddress &address, quint16 port)
{
    SocketAddress result;
    auto *in6 = reinterpret_cast<sockaddr_in6 *>(&result.storage);
    in6->sin6_family = AF_INET6;
    in6->sin6_port = htons(port);
    const Q_IPV6ADDR ip = address.toIPv6Address();
    std::memcpy(&in6->sin6_addr, ip.c, sizeof ip.c);
    const QString scope = address.scopeId();
    if (!scope.isEmpty()) {
        bool numeric = false;
        const uint index = scope.toUInt(&numeric);
        in6->sin6_scope_id = numeric ? index : if_nametoindex(scope.toLocal8Bit().constData());
    }
    result.length = sizeof(sockaddr_in6);
    result.family = AF_INET6;
    return result;
}

QString describe(const QHostAddress &address, quint16 port)
{
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol
        ? QLatin1Char('[') + address.toString() + QLatin1Char(']')
        : address.toString();
    return host + QLatin1Char(':') + QString::number(port);
}

enum class Sharing { ReusePort, Exclusive };

//! A socket bound to \a address; listening unless \a sharing is Exclusive (a probe).
qintptr openSocket(const SocketAddress &address, QString *error, const QString &where,
                   Sharing sharing = Sharing::ReusePort)
{
    const auto fail = [&](const char *step, int fd) {
        const int code = errno;
        *error = QStringLiteral("cannot listen on %1: %2 failed: %3")
                     .arg(where, QLatin1String(step), qt_error_string(code));
        if (fd >= 0)
            ::close(fd);
        errno = code;
        return qintptr(-1);
    };
    const int fd = ::socket(address.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return fail("socket()", fd);
    const int on = 1;
    if (::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0)
        return fail("SO_REUSEADDR", fd);
    if (sharing == Sharing::ReusePort && ::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0)
        return fail("SO_REUSEPORT", fd);
    if (address.family == AF_INET6) {
        const int v6only = address.dualStack ? 0 : 1;
        if (::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, sizeof v6only) != 0)
            return fail("IPV6_V6ONLY", fd);
    }
    if (::bind(fd, reinterpret_cast<const sockaddr *>(&address.storage), address.length) != 0) {
        if (errno == EADDRINUSE && sharing == Sharing::Exclusive) {
            *error = QStringLiteral("cannot listen on %1: another program (another gatehouse-server?) "
                                    "listens there already").arg(where);
            ::close(fd);
            errno = EADDRINUSE;
            return -1;
        }
        return fail("bind()", fd);
    }
    if (sharing == Sharing::Exclusive)
        return fd;
    if (::listen(fd, SOMAXCONN) != 0)
        return fail("listen()", fd);
    return fd;
}

qintptr openSocket(const QHostAddress &address, quint16 port, QString *error, Sharing sharing)
{
    const QString where = describe(address, port);
    if (address == QHostAddress::Any) {
        SocketAddress any = ipv6Address(QHostAddress(QHostAddress::AnyIPv6), port);
        any.dualStack = true;
        const qintptr fd = openSocket(any, error, where, sharing);
        if (fd >= 0 || errno != EAFNOSUPPORT)
            return fd;
        return openSocket(ipv4Address(INADDR_ANY, port), error, where, sharing);  // host without IPv6
    }
    switch (address.protocol()) {
    case QAbstractSocket::IPv4Protocol:
        return openSocket(ipv4Address(address.toIPv4Address(), port), error, where, sharing);
    case QAbstractSocket::IPv6Protocol:
        return openSocket(ipv6Address(address, port), error, where, sharing);
    default:
        *error = QStringLiteral("cannot listen on %1: not an IP address").arg(where);
        return -1;
    }
}

} // namespace

qintptr openReusePortSocket(const QHostAddress &address, quint16 port, QString *error)
{
    return openSocket(address, port, error, Sharing::ReusePort);
}

bool portIsFree(const QHostAddress &address, quint16 port, QString *error)
{
    const qintptr probe = openSocket(address, port, error, Sharing::Exclusive);
    if (probe < 0)
        return false;
    ::close(int(probe));
    return true;
}

QString descriptorLimitProblem(int connections)
{
    // Room for the listening sockets, logs, databases and the rest of the process.
    constexpr rlim_t kSpareDescriptors = 64;
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return {};
    if (limit.rlim_cur >= rlim_t(qMax(connections, 0)) + kSpareDescriptors)
        return {};
    return QStringLiteral("the open file limit (%1) leaves too little room for %2 connections; "
                          "raise it (ulimit -n, LimitNOFILE=) or lower maxConnections")
        .arg(qulonglong(limit.rlim_cur))
        .arg(connections);
}

quint16 boundPort(qintptr descriptor)
{
    sockaddr_storage storage{};
    socklen_t length = sizeof storage;
    if (::getsockname(int(descriptor), reinterpret_cast<sockaddr *>(&storage), &length) != 0)
        return 0;
    if (storage.ss_family == AF_INET)
        return ntohs(reinterpret_cast<const sockaddr_in *>(&storage)->sin_port);
    if (storage.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6 *>(&storage)->sin6_port);
    return 0;
}

} // namespace Gatehouse
