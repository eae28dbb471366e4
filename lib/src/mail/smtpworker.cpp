#include "mail/smtpworker_p.h"

#include "mail/logging.h"

#include <gatehouse/errors.h>

#include <QSocketNotifier>
#include <cstring>

namespace Gatehouse::Mail {

namespace {

EmailSignin sendError(const SmtpSettings &server, const QString &detail)
{
    return EmailSignin(QStringLiteral("sending mail through %1 failed: %2").arg(server.endpoint(), detail));
}

long curlTlsMode(SmtpSettings::Tls tls)
{
    switch (tls) {
    case SmtpSettings::Tls::StartTls:
        return CURLUSESSL_ALL;
    case SmtpSettings::Tls::Opportunistic:
        return CURLUSESSL_TRY;
    case SmtpSettings::Tls::Implicit:
    case SmtpSettings::Tls::None:
        break;
    }
    return CURLUSESSL_NONE;
}

} // namespace

SmtpJob::SmtpJob(SmtpSettings server, Envelope envelope, QByteArray message)
    : server(std::move(server)), envelope(std::move(envelope)), message(std::move(message))
{
}

SmtpJob::~SmtpJob()
{
    if (easy)
        curl_easy_cleanup(easy);
    curl_slist_free_all(recipients);
}

SmtpWorker::SmtpWorker()
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    m_multi = curl_multi_init();
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETFUNCTION, &SmtpWorker::socketCallback);
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETDATA, this);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERFUNCTION, &SmtpWorker::timerCallback);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERDATA, this);
    m_timer.setParent(this);
    m_timer.setSingleShot(true);
    QObject::connect(&m_timer, &QTimer::timeout, this, [this] { act(CURL_SOCKET_TIMEOUT, 0); });
}

SmtpWorker::~SmtpWorker()
{
    if (m_multi)
        curl_multi_cleanup(m_multi);
    curl_global_cleanup();
}

bool SmtpWorker::reserve()
{
    const int limit = SmtpTransport::MaxActiveTransfers + SmtpTransport::MaxQueuedTransfers;
    if (m_reserved.fetch_add(1) >= limit) {
        m_reserved.fetch_sub(1);
        return false;
    }
    return true;
}

void SmtpWorker::submit(std::shared_ptr<SmtpJob> job)
{
    QMutexLocker lock(&m_submittedMutex);
    m_submitted.push_back(std::move(job));
    if (m_submitted.size() == 1)
        QMetaObject::invokeMethod(this, [this] { takeSubmitted(); }, Qt::QueuedConnection);
}

void SmtpWorker::takeSubmitted()
{
    std::vector<std::shared_ptr<SmtpJob>> jobs;
    {
        QMutexLocker lock(&m_submittedMutex);
        jobs.swap(m_submitted);
    }
    for (const auto &job : jobs)
        enqueue(job);
}

void SmtpWorker::enqueue(const std::shared_ptr<SmtpJob> &job)
{
    if (!m_multi) {
        m_reserved.fetch_sub(1);
        job->promise.setException(sendError(job->server, QStringLiteral("the mail thread has stopped")));
        job->promise.finish();
        return;
    }
    if (m_running.size() < SmtpTransport::MaxActiveTransfers)
        begin(job);
    else
        m_waiting.push_back(job);
}

void SmtpWorker::shutdown()
{
    const auto fail = [this](SmtpJob &job) {
        m_reserved.fetch_sub(1);
        job.promise.setException(sendError(job.server, QStringLiteral("the mail thread stopped before the server answered")));
        job.promise.finish();
    };
    for (auto it = m_running.begin(); it != m_running.end(); ++it) {
        curl_multi_remove_handle(m_multi, it.key());
        fail(**it);
    }
    m_running.clear();
    for (const auto &job : m_waiting)
        fail(*job);
    m_waiting.clear();
    std::vector<std::shared_ptr<SmtpJob>> submitted;
    {
        QMutexLocker lock(&m_submittedMutex);
        submitted.swap(m_submitted);
    }
    for (const auto &job : submitted)
        fail(*job);
    m_timer.stop();
    const QList<curl_socket_t> sockets = m_watches.keys();
    for (const curl_socket_t socket : sockets)
        unwatch(socket);
    curl_multi_cleanup(m_multi);
    m_multi = nullptr;
}

int SmtpWorker::socketCallback(CURL *, curl_socket_t socket, int what, void *worker, void *)
{
    auto *self = static_cast<SmtpWorker *>(worker);
    if (what == CURL_POLL_REMOVE)
        self->unwatch(socket);
    else
        self->watch(socket, what);
    return 0;
}

int SmtpWorker::timerCallback(CURLM *, long timeoutMs, void *worker)
{
    auto *self = static_cast<SmtpWorker *>(worker);
    // curl must not be re-entered from here: the QTimer calls back from the event loop.
    if (timeoutMs < 0)
        self->m_timer.stop();
    else
        self->m_timer.start(int(qMin<long>(timeoutMs, 24 * 3600 * 1000)));
    return 0;
}

size_t SmtpWorker::readCallback(char *buffer, size_t size, size_t count, void *data)
{
    auto *job = static_cast<SmtpJob *>(data);
    const qsizetype n = qMin(qsizetype(size * count), job->message.size() - job->sent);
    std::memcpy(buffer, job->message.constData() + job->sent, size_t(n));
    job->sent += n;
    return size_t(n);
}

void SmtpWorker::watch(curl_socket_t socket, int what)
{
    Watch &w = m_watches[socket];
    const auto ensure = [this, socket](QSocketNotifier *&notifier, QSocketNotifier::Type type, int flag) {
        if (!notifier) {
            notifier = new QSocketNotifier(qintptr(socket), type, this);
            QObject::connect(notifier, &QSocketNotifier::activated, this, [this, socket, flag] { act(socket, flag); });
        }
        notifier->setEnabled(true);
    };
    if (what & CURL_POLL_IN)
        ensure(w.read, QSocketNotifier::Read, CURL_CSELECT_IN);
    else if (w.read)
        w.read->setEnabled(false);
    if (what & CURL_POLL_OUT)
        ensure(w.write, QSocketNotifier::Write, CURL_CSELECT_OUT);
    else if (w.write)
        w.write->setEnabled(false);
}

void SmtpWorker::unwatch(curl_socket_t socket)
{
    const Watch w = m_watches.take(socket);
    // The notifier may be the one whose signal is being handled: delete it later.
    for (QSocketNotifier *notifier : {w.read, w.write}) {
        if (notifier) {
            notifier->setEnabled(false);
            notifier->deleteLater();
        }
    }
}

void SmtpWorker::act(curl_socket_t socket, int flags)
{
    if (!m_multi)
        return;
    int running = 0;
    curl_multi_socket_action(m_multi, socket, flags, &running);
    collectFinished();
}

void SmtpWorker::begin(const std::shared_ptr<SmtpJob> &job)
{
    CURL *easy = curl_easy_init();
    if (!easy) {
        complete(*job, CURLE_OUT_OF_MEMORY);
        return;
    }
    job->easy = easy;
    const SmtpSettings &server = job->server;
    for (const QString &recipient : job->envelope.recipients)
        job->recipients = curl_slist_append(job->recipients, ('<' + recipient + '>').toUtf8().constData());
    curl_easy_setopt(easy, CURLOPT_URL, server.url().constData());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, job->errorBuffer);
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, long(server.connectTimeout.count()));
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, long(server.sendTimeout.count()));
    // One connection per message: curl says QUIT while the transfer is still ours (waiting at
    // most the response time-out), so no idle connection is left to close at shutdown.
    curl_easy_setopt(easy, CURLOPT_FORBID_REUSE, 1L);
    curl_easy_setopt(easy, CURLOPT_SERVER_RESPONSE_TIMEOUT, long(qMax<qint64>(1, server.sendTimeout.count() / 1000)));
    curl_easy_setopt(easy, CURLOPT_USE_SSL, curlTlsMode(server.tls));
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, server.verifyCertificate ? 1L : 0L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, server.verifyCertificate ? 2L : 0L);
    if (!server.caCertificates.isEmpty()) {
        curl_blob blob{const_cast<char *>(server.caCertificates.constData()), size_t(server.caCertificates.size()),
                       CURL_BLOB_COPY};
        curl_easy_setopt(easy, CURLOPT_CAINFO_BLOB, &blob);
    }
    if (!server.user.isEmpty()) {
        curl_easy_setopt(easy, CURLOPT_USERNAME, server.user.toUtf8().constData());
        curl_easy_setopt(easy, CURLOPT_PASSWORD, server.password.toUtf8().constData());
    }
    curl_easy_setopt(easy, CURLOPT_MAIL_FROM, ('<' + job->envelope.from + '>').toUtf8().constData());
    curl_easy_setopt(easy, CURLOPT_MAIL_RCPT, job->recipients);
    curl_easy_setopt(easy, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(job->message.size()));
    curl_easy_setopt(easy, CURLOPT_READFUNCTION, &SmtpWorker::readCallback);
    curl_easy_setopt(easy, CURLOPT_READDATA, job.get());
    m_running.insert(easy, job);
    const CURLMcode added = curl_multi_add_handle(m_multi, easy);
    if (added != CURLM_OK) {
        m_running.remove(easy);
        job->promise.setException(sendError(server, QString::fromUtf8(curl_multi_strerror(added))));
        m_reserved.fetch_sub(1);
        job->promise.finish();
    }
}

void SmtpWorker::collectFinished()
{
    int left = 0;
    while (CURLMsg *message = curl_multi_info_read(m_multi, &left)) {
        if (message->msg != CURLMSG_DONE)
            continue;
        CURL *easy = message->easy_handle;
        const CURLcode result = message->data.result;  // read before the handle is removed
        const std::shared_ptr<SmtpJob> job = m_running.take(easy);
        curl_multi_remove_handle(m_multi, easy);
        if (job)
            complete(*job, result);
    }
    while (!m_waiting.empty() && m_running.size() < SmtpTransport::MaxActiveTransfers) {
        const std::shared_ptr<SmtpJob> next = m_waiting.front();
        m_waiting.pop_front();
        begin(next);
    }
}

void SmtpWorker::complete(SmtpJob &job, CURLcode result)
{
    m_reserved.fetch_sub(1);
    if (result == CURLE_OK) {
        qCDebug(lcMail) << "mail accepted by" << job.server.endpoint();
        job.promise.finish();
        return;
    }
    QString detail = QString::fromUtf8(curl_easy_strerror(result));
    const QString extra = QString::fromUtf8(job.errorBuffer).trimmed();
    if (!extra.isEmpty() && extra != detail)
        detail += QStringLiteral(" (%1)").arg(extra);
    long response = 0;
    if (job.easy && curl_easy_getinfo(job.easy, CURLINFO_RESPONSE_CODE, &response) == CURLE_OK && response > 0)
        detail += QStringLiteral("; last server reply %1").arg(response);
    job.promise.setException(sendError(job.server, detail));
    job.promise.finish();
}

} // namespace Gatehouse::Mail
