#include <gatehouse/httpserverpool.h>

#include "http/connectionbalancer.h"
#include "http/connectionregistry.h"
#include "http/httpworker.h"
#include "http/listensocket.h"
#include "http/logging.h"

#include <QThread>
#include <QTimer>

#include <memory>
#include <vector>

#include <unistd.h>

namespace Gatehouse {

class HttpServerPoolPrivate
{
public:
    struct Thread
    {
        std::unique_ptr<QThread> thread;
        HttpWorker *worker = nullptr;  //!< lives in thread; deleted there
    };

    explicit HttpServerPoolPrivate(RequestHandler h) : handler(std::move(h)) {}

    bool startThread(qintptr descriptor, int index, QString *failure);

    RequestHandler handler;
    ServerLimits limits;
    int threadCount = 0;
    quint16 port = 0;
    QString error;
    ConnectionRegistry registry;
    //! Lets the registry summarise what its limits did once they are no longer reached.
    QTimer logTimer;
    std::unique_ptr<ConnectionBalancer> balancer;
    std::vector<Thread> threads;
};

bool HttpServerPoolPrivate::startThread(qintptr descriptor, int index, QString *failure)
{
    Thread entry;
    entry.thread = std::make_unique<QThread>();
    entry.thread->setObjectName(QStringLiteral("gatehouse-http-%1").arg(index));
    entry.thread->start();
    entry.worker = new HttpWorker(handler, limits, &registry, balancer.get(), index);
    entry.worker->moveToThread(entry.thread.get());
    bool listening = false;
    HttpWorker *worker = entry.worker;
    QMetaObject::invokeMethod(
        worker, [&] { listening = worker->listen(descriptor, failure); },
        Qt::BlockingQueuedConnection);
    // Other threads hand connections over only to a worker that serves.
    if (listening)
        balancer->attach(index, worker);
    threads.push_back(std::move(entry));
    return listening;
}

HttpServerPool::HttpServerPool(RequestHandler handler, QObject *parent)
    : QObject(parent), d_ptr(std::make_unique<HttpServerPoolPrivate>(std::move(handler)))
{
    Q_D(HttpServerPool);
    d->logTimer.setInterval(std::chrono::seconds(1));
    connect(&d->logTimer, &QTimer::timeout, this, [d] { d->registry.tick(); });
}

HttpServerPool::~HttpServerPool()
{
    stop();
}

void HttpServerPool::setLimits(const ServerLimits &limits)
{
    Q_D(HttpServerPool);
    d->limits = limits;
}

ServerLimits HttpServerPool::limits() const
{
    Q_D(const HttpServerPool);
    return d->limits;
}

void HttpServerPool::setThreadCount(int count)
{
    Q_D(HttpServerPool);
    d->threadCount = qMax(0, count);
}

int HttpServerPool::threadCount() const
{
    Q_D(const HttpServerPool);
    return d->threadCount;
}

void HttpServerPool::setTrustedProxies(const QList<QPair<QHostAddress, int>> &subnets)
{
    Q_D(HttpServerPool);
    d->registry.setExempt(subnets);
}

ConnectionCounts HttpServerPool::connectionCounts() const
{
    Q_D(const HttpServerPool);
    return d->registry.counts();
}

quint16 HttpServerPool::listen(const QHostAddress &address, quint16 port)
{
    Q_D(HttpServerPool);
    if (isListening()) {
        d->error = QStringLiteral("already listening on port %1").arg(d->port);
        return 0;
    }
    d->error.clear();
    const QString limitProblem = descriptorLimitProblem(d->limits.maxConnections);
    if (!limitProblem.isEmpty())
        qCWarning(lcHttp, "%s", qPrintable(limitProblem));
    const int count = d->threadCount > 0 ? d->threadCount : qMax(1, QThread::idealThreadCount());

    if (port != 0 && !portIsFree(address, port, &d->error))
        return 0;
    // Open every socket first: the first one fixes the port when port 0 was asked for.
    std::vector<qintptr> descriptors;
    for (int i = 0; i < count; ++i) {
        const qintptr descriptor = openReusePortSocket(address, port, &d->error);
        if (descriptor < 0) {
            for (qintptr open : descriptors)
                ::close(int(open));
            return 0;
        }
        if (port == 0)
            port = boundPort(descriptor);
        descriptors.push_back(descriptor);
    }

    d->registry.setLimits(d->limits.maxConnections, d->limits.maxConnectionsPerAddress);
    d->balancer = std::make_unique<ConnectionBalancer>(count);
    for (int i = 0; i < count; ++i) {
        if (!d->startThread(descriptors[std::size_t(i)], i, &d->error)) {
            for (std::size_t j = std::size_t(i) + 1; j < descriptors.size(); ++j)
                ::close(int(descriptors[j]));
            const QString error = d->error;
            stop();
            d->error = error;
            return 0;
        }
    }
    d->port = port;
    d->logTimer.start();
    return port;
}

bool HttpServerPool::isListening() const
{
    Q_D(const HttpServerPool);
    return !d->threads.empty();
}

quint16 HttpServerPool::serverPort() const
{
    Q_D(const HttpServerPool);
    return d->port;
}

QString HttpServerPool::errorString() const
{
    Q_D(const HttpServerPool);
    return d->error;
}

void HttpServerPool::stop()
{
    Q_D(HttpServerPool);
    // First no thread accepts or hands connections over any more, then the threads end.
    for (std::size_t i = 0; i < d->threads.size(); ++i) {
        HttpWorker *worker = d->threads[i].worker;
        d->balancer->detach(int(i));
        QMetaObject::invokeMethod(
            worker, [worker] { worker->stopListening(); }, Qt::BlockingQueuedConnection);
    }
    for (auto &entry : d->threads) {
        // A finishing thread deletes the objects scheduled for deletion on it: the worker, and
        // with it the listening socket and every connection, go in their own thread.
        entry.worker->deleteLater();
        entry.thread->quit();
        entry.thread->wait();
    }
    d->threads.clear();
    d->balancer.reset();
    d->port = 0;
    d->logTimer.stop();
    d->registry.flushLog();
}

} // namespace Gatehouse
