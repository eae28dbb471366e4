#pragma once
#include <gatehouse/requesthandler.h>
#include <gatehouse/serverlimits.h>

#include "http/connectionregistry.h"
#include "http/responseserializer.h"

#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace Gatehouse {

class Connection;
class ConnectionBalancer;
class DeliveryHome;
class GuardedTcpServer;

/*!
 * One serving thread of HttpServerPool: one listening socket (GuardedTcpServer) whose
 * connections are Connection objects. It owns what its connections share: the handler, the
 * limits, the Date header cache, the storage futures' delivery home, and the timer that
 * expires their deadlines.
 * Lives in, and is used from, its thread only, except adopt().
 */
class HttpWorker final : public QObject
{
    Q_OBJECT

public:
    /*!
     * Thread \a index of a pool: \a registry admits and counts connections over the whole pool,
     * \a balancer spreads them over its threads.
     */
    HttpWorker(RequestHandler handler, const ServerLimits &limits, ConnectionRegistry *registry,
               ConnectionBalancer *balancer, int index);
    ~HttpWorker() override;

    //! Serves the listening socket \a descriptor (owned from now on). False and \a error on failure.
    bool listen(qintptr descriptor, QString *error);
    //! Closes the listening socket; open connections go on.
    void stopListening();

    const RequestHandler &handler() const { return m_handler; }
    const ServerLimits &limits() const { return m_limits; }
    QByteArray date() { return m_dates.now(); }
    //! Where the storage futures of this thread's requests finish (see DeliveryHome).
    const std::shared_ptr<DeliveryHome> &deliveryHome() const { return m_deliveryHome; }

    ConnectionRegistry &registry() const { return *m_registry; }
    //! Admits the accepted connection \a descriptor to the registry, or not (see ConnectionRegistry).
    std::optional<ConnectionRegistry::Admission> admitConnection(qintptr descriptor);
    //! Serves an admitted connection here, or hands it to a less busy thread of the pool.
    void place(qintptr descriptor, const ConnectionRegistry::Admission &admission);
    //! Serves \a descriptor, accepted by another thread. Thread-safe; closes it if this worker ends first.
    void adopt(qintptr descriptor, const ConnectionRegistry::Admission &admission);
    //! Called by a Connection when it opens and when it is destroyed.
    void track(Connection *connection);
    void untrack(Connection *connection);

private:
    void expireConnections();

    const RequestHandler m_handler;
    const ServerLimits m_limits;
    ConnectionRegistry *const m_registry;
    ConnectionBalancer *const m_balancer;
    const int m_index;
    GuardedTcpServer *m_server = nullptr;
    HttpDateCache m_dates;
    std::vector<Connection *> m_connections;
    std::vector<Connection *> m_expired;
    QTimer m_expiryTimer;
    //! Storage futures of this thread's requests finish here (see DeliveryHome).
    const std::shared_ptr<DeliveryHome> m_deliveryHome;
};

} // namespace Gatehouse
