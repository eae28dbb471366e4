#include "http/httpworker.h"

#include "http/connection.h"
#include "http/connectionbalancer.h"
#include "http/guardedtcpserver.h"
#include "http/logging.h"
#include "core/deliveryhome.h"

#include <algorithm>
#include <memory>
#include <utility>

#include <sys/socket.h>
#include <unistd.h>

namespace Gatehouse {

namespace {

//! How often deadlines are checked: a quarter of the shortest timeout, within 10-250 ms.
std::chrono::milliseconds expiryInterval(const ServerLimits &limits)
{
    const auto shortest = std::min({limits.headerTimeout, limits.bodyTimeout, limits.idleTimeout});
    return std::clamp(shortest / 4, std::chrono::milliseconds(10), std::chrono::milliseconds(250));
}

//! The peer of the accepted socket \a descriptor; a null address if it is gone already.
QHostAddress peerOf(qintptr descriptor)
{
    sockaddr_storage address{};
    socklen_t length = sizeof(address);
    if (::getpeername(int(descriptor), reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return {};
    return QHostAddress(reinterpret_cast<const sockaddr *>(&address));
}

//! An accepted socket on its way to another thread: closed, and no longer counted, unless that
//! thread takes it.
class HandedOverDescriptor
{
public:
    HandedOverDescriptor(qintptr descriptor, ConnectionRegistry *registry,
                         const ConnectionRegistry::Admission &admission)
        : m_descriptor(descriptor), m_registry(registry), m_admission(admission)
    {
    }
    ~HandedOverDescriptor()
    {
        if (m_descriptor < 0)
            return;
        ::close(int(m_descriptor));
        m_registry->cancel(m_admission);
    }
    HandedOverDescriptor(const HandedOverDescriptor &) = delete;
    HandedOverDescriptor &operator=(const HandedOverDescriptor &) = delete;

    qintptr take() { return std::exchange(m_descriptor, -1); }

private:
    qintptr m_descriptor;
    ConnectionRegistry *const m_registry;
    const ConnectionRegistry::Admission m_admission;
};

} // namespace

HttpWorker::HttpWorker(RequestHandler handler, const ServerLimits &limits,
                       ConnectionRegistry *registry, ConnectionBalancer *balancer, int index)
    : m_handler(std::move(handler)),
      m_limits(limits),
      m_registry(registry),
      m_balancer(balancer),
      m_index(index),
      m_expiryTimer(this),
      m_deliveryHome(std::make_shared<DeliveryHome>(this))
{
    m_expiryTimer.setInterval(expiryInterval(limits));
    connect(&m_expiryTimer, &QTimer::timeout, this, &HttpWorker::expireConnections);
}

HttpWorker::~HttpWorker()
{
    m_deliveryHome->close();
    // Connections report to this object when they are destroyed: destroy them (children of the
    // listening server) while it is whole.
    delete std::exchange(m_server, nullptr);
}

bool HttpWorker::listen(qintptr descriptor, QString *error)
{
    auto *server = new GuardedTcpServer(this);
    if (!server->setSocketDescriptor(descriptor)) {
        *error = QStringLiteral("cannot serve listening socket: %1").arg(server->errorString());
        delete server;
        ::close(int(descriptor));
        return false;
    }
    m_server = server;
    return true;
}

void HttpWorker::stopListening()
{
    if (m_server)
        m_server->close();
}

std::optional<ConnectionRegistry::Admission> HttpWorker::admitConnection(qintptr descriptor)
{
    return m_registry->admit(peerOf(descriptor));
}

void HttpWorker::place(qintptr descriptor, const ConnectionRegistry::Admission &admission)
{
    const ConnectionBalancer::Assignment target = m_balancer->assign(m_index);
    if (target.index == m_index)
        m_server->serve(descriptor, admission);
    else
        target.worker->adopt(descriptor, admission);
}

void HttpWorker::adopt(qintptr descriptor, const ConnectionRegistry::Admission &admission)
{
    auto handedOver = std::make_shared<HandedOverDescriptor>(descriptor, m_registry, admission);
    QMetaObject::invokeMethod(
        this, [this, handedOver, admission] { m_server->serve(handedOver->take(), admission); },
        Qt::QueuedConnection);
}

void HttpWorker::track(Connection *connection)
{
    m_connections.push_back(connection);
    if (!m_expiryTimer.isActive())
        m_expiryTimer.start();
}

void HttpWorker::untrack(Connection *connection)
{
    const auto it = std::find(m_connections.begin(), m_connections.end(), connection);
    if (it == m_connections.end())
        return;
    *it = m_connections.back();
    m_connections.pop_back();
    m_balancer->release(m_index);
    if (m_connections.empty())
        m_expiryTimer.stop();
}

void HttpWorker::expireConnections()
{
    // Expiring closes sockets, whose deletion is deferred: the pointers stay valid here.
    const auto now = Connection::Clock::now();
    m_expired.clear();
    for (Connection *connection : m_connections) {
        if (connection->deadline() <= now)
            m_expired.push_back(connection);
    }
    for (Connection *connection : m_expired)
        connection->expire();
}

} // namespace Gatehouse
