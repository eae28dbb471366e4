#pragma once
#include <QTcpServer>

namespace Gatehouse {

class HttpWorker;

/*!
 * The listening side of an HttpWorker. It closes connections beyond the pool's limit at once,
 * lets the worker place the others (here or on a less busy thread), and turns each socket it
 * serves into a Connection, so that the connection's guard sees incoming bytes before
 * QHttpServer's parser.
 */
class GuardedTcpServer final : public QTcpServer
{
    Q_OBJECT

public:
    explicit GuardedTcpServer(HttpWorker *worker);

    //! Serves the admitted connection \a descriptor as a Connection of this server's worker.
    void serve(qintptr descriptor);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    HttpWorker *const m_worker;
    bool m_refusing = false;
};

} // namespace Gatehouse
