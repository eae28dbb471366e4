#pragma once
/*
 * The mail thread's side of SmtpTransport: one curl multi handle whose sockets are watched by
 * QSocketNotifiers and whose time-outs run on a QTimer. Lives in the mail thread; every
 * member except reserve() and submit() is called there only.
 */
#include "mail/smtptransport.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QPromise>
#include <QTimer>
#include <atomic>
#include <curl/curl.h>
#include <deque>
#include <memory>
#include <vector>

class QSocketNotifier;

namespace Gatehouse::Mail {

//! One message on its way: the curl easy handle and everything it reads from.
struct SmtpJob
{
    SmtpJob(SmtpSettings server, Envelope envelope, QByteArray message);
    ~SmtpJob();
    SmtpJob(const SmtpJob &) = delete;
    SmtpJob &operator=(const SmtpJob &) = delete;

    SmtpSettings server;
    Envelope envelope;
    QByteArray message;
    qsizetype sent = 0;
    QPromise<void> promise;
    CURL *easy = nullptr;
    curl_slist *recipients = nullptr;
    char errorBuffer[CURL_ERROR_SIZE] = {};
};

class SmtpWorker : public QObject
{
public:
    SmtpWorker();
    ~SmtpWorker() override;

    //! Claims a place for one more message; false when the queue is full. Any thread.
    bool reserve();
    //! Hands \a job (with a place reserved) to the mail thread. Any thread.
    void submit(std::shared_ptr<SmtpJob> job);
    //! Fails every running, queued and submitted job and releases the multi handle.
    void shutdown();

private:
    struct Watch
    {
        QSocketNotifier *read = nullptr;
        QSocketNotifier *write = nullptr;
    };

    static int socketCallback(CURL *easy, curl_socket_t socket, int what, void *worker, void *);
    static int timerCallback(CURLM *multi, long timeoutMs, void *worker);
    static size_t readCallback(char *buffer, size_t size, size_t count, void *job);

    void takeSubmitted();
    void enqueue(const std::shared_ptr<SmtpJob> &job);
    void watch(curl_socket_t socket, int what);
    void unwatch(curl_socket_t socket);
    void act(curl_socket_t socket, int flags);
    void begin(const std::shared_ptr<SmtpJob> &job);
    void collectFinished();
    void complete(SmtpJob &job, CURLcode result);

    CURLM *m_multi = nullptr;
    QTimer m_timer;
    QHash<curl_socket_t, Watch> m_watches;
    QHash<CURL *, std::shared_ptr<SmtpJob>> m_running;
    std::deque<std::shared_ptr<SmtpJob>> m_waiting;
    std::atomic<int> m_reserved{0};
    // Submitted jobs wait here, not in posted events: shutdown() must find them even when Qt
    // no longer delivers events (after the QCoreApplication is gone).
    QMutex m_submittedMutex;
    std::vector<std::shared_ptr<SmtpJob>> m_submitted;
};

} // namespace Gatehouse::Mail
