#include "http/guardedtcpserver.h"

#include "http/connection.h"
#include "http/httpworker.h"
#include "http/logging.h"

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace Gatehouse {

GuardedTcpServer::GuardedTcpServer(HttpWorker *worker) : QTcpServer(worker), m_worker(worker)
{
}

void GuardedTcpServer::incomingConnection(qintptr descriptor)
{
    // Refused at a limit (the registry's log says so, once): closed without a word, as early
    // as possible.
    const std::optional<ConnectionRegistry::Admission> admission = m_worker->admitConnection(descriptor);
    if (!admission) {
        ::close(int(descriptor));
        return;
    }
    m_worker->place(descriptor, *admission);
}

void GuardedTcpServer::serve(qintptr descriptor, const ConnectionRegistry::Admission &admission)
{
    auto *connection = new Connection(m_worker, admission, this);
    if (!connection->open(descriptor)) {
        // A client that reset before this thread took the connection over is no one's fault.
        if (errno != ENOTCONN && errno != ECONNRESET)
            qCWarning(lcHttp, "cannot take over an accepted connection: %s", std::strerror(errno));
        delete connection;
        ::close(int(descriptor));
    }
}

} // namespace Gatehouse
