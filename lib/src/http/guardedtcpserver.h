#pragma once
#include <QTcpServer>

namespace Gatehouse {

class HttpWorker;

/*!
 * The listening side of an HttpWorker. It turns every accepted socket into a Connection, so
 * that the connection's guard sees incoming bytes before QHttpServer's parser, and closes
 * connections beyond the pool's limit at once.
 */
class GuardedTcpServer final : public QTcpServer
{
    Q_OBJECT

public:
    explicit GuardedTcpServer(HttpWorker *worker);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    HttpWorker *const m_worker;
    bool m_refusing = false;
};

} // namespace Gatehouse
