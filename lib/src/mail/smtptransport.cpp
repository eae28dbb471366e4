#include "mail/smtptransport.h"

#include "mail/smtpworker_p.h"

#include <gatehouse/errors.h>

#include <QMutexLocker>
#include <QThread>

namespace Gatehouse::Mail {

SmtpTransport::SmtpTransport() = default;

SmtpTransport::~SmtpTransport()
{
    if (!m_thread)
        return;
    // Continuations of send() never run on the mail thread (see send()), so the last owner
    // of the transport is never that thread and may wait for it.
    Q_ASSERT(QThread::currentThread() != m_thread);
    // The mail thread shuts the worker down as it finishes (see worker()).
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

SmtpWorker *SmtpTransport::worker() const
{
    QMutexLocker lock(&m_mutex);
    if (!m_thread) {
        m_thread = new QThread;
        m_thread->setObjectName(QStringLiteral("gatehouse-mail"));
        m_worker = new SmtpWorker;
        m_worker->moveToThread(m_thread);
        // Runs in the mail thread as it finishes. Not a queued call or a deleteLater(): once the
        // QCoreApplication is gone Qt drops events unread, and the last owner of a transport
        // may well be a thread-pool thread that ends after it.
        SmtpWorker *worker = m_worker;
        QObject::connect(
            m_thread, &QThread::finished, m_thread,
            [worker] {
                worker->shutdown();
                delete worker;
            },
            Qt::DirectConnection);
        m_thread->start();
    }
    return m_worker;
}

QFuture<void> SmtpTransport::send(const SmtpSettings &server, const Envelope &envelope, const QByteArray &message) const
{
    auto job = std::make_shared<SmtpJob>(server, envelope, message);
    job->promise.start();
    QFuture<void> accepted = job->promise.future();
    SmtpWorker *w = worker();
    if (!w->reserve()) {
        job->promise.setException(EmailSignin(QStringLiteral("sending mail through %1 refused: %2 messages are waiting already")
                                                  .arg(server.endpoint())
                                                  .arg(MaxActiveTransfers + MaxQueuedTransfers)));
        job->promise.finish();
        return accepted;
    }
    w->submit(job);
    // Hop off the mail thread: whatever the caller chains must not run (or block) there. The
    // continuation takes the future itself, so a failure hops too instead of being passed on
    // synchronously in the thread that reported it.
    return accepted.then(QtFuture::Launch::Async, [](QFuture<void> finished) { finished.waitForFinished(); });
}

} // namespace Gatehouse::Mail
