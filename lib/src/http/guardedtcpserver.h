#pragma once
#include "http/connectionregistry.h"

#include <QTcpServer>

namespace Gatehouse {

class HttpWorker;

/*!
 * The listening side of an HttpWorker. It closes at once the connections the pool's registry
 * does not admit, lets the worker place the others (here or on a less busy thread), and turns
 * each socket it serves into a Connection.
 */
class GuardedTcpServer final : public QTcpServer
{
    Q_OBJECT

public:
    explicit GuardedTcpServer(HttpWorker *worker);

    //! Serves the admitted connection \a descriptor as a Connection of this server's worker.
    void serve(qintptr descriptor, const ConnectionRegistry::Admission &admission);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    HttpWorker *const m_worker;
};

} // namespace Gatehouse
