#pragma once
/*
 * Sending over SMTP with libcurl, without blocking anyone: every transfer runs in one curl
 * multi handle on a dedicated mail thread, driven by QSocketNotifier and QTimer. send() only
 * queues the job and returns a future; no serving thread ever waits on a mail server. The
 * thread starts with the first message. At most MaxActiveTransfers run at once; up to
 * MaxQueuedTransfers more wait their turn, and beyond that a send fails at once.
 */
#include "mail/smtpsettings.h"

#include <QByteArray>
#include <QFuture>
#include <QMutex>
#include <QStringList>
#include <memory>

class QThread;

namespace Gatehouse::Mail {

class SmtpWorker;

//! The SMTP envelope: MAIL FROM and RCPT TO (checked addresses).
struct Envelope
{
    QString from;
    QStringList recipients;
};

class SmtpTransport
{
public:
    static constexpr int MaxActiveTransfers = 8;
    static constexpr int MaxQueuedTransfers = 512;

    SmtpTransport();
    //! Ends the mail thread; transfers still running fail.
    ~SmtpTransport();
    SmtpTransport(const SmtpTransport &) = delete;
    SmtpTransport &operator=(const SmtpTransport &) = delete;

    /*!
     * Sends \a message (RFC 5322 text with CRLF line ends) to \a envelope's recipients through
     * \a server. The future finishes when the server has accepted the message, or fails with
     * an AuthError of type \c EmailSignin naming the server and what went wrong (connection,
     * TLS, authentication, rejected address, time-out). Its continuations run on a thread of
     * QThreadPool::globalInstance(), never on the mail thread. Thread-safe.
     */
    QFuture<void> send(const SmtpSettings &server, const Envelope &envelope, const QByteArray &message) const;

private:
    SmtpWorker *worker() const;

    mutable QMutex m_mutex;
    mutable QThread *m_thread = nullptr;
    mutable SmtpWorker *m_worker = nullptr;
};

} // namespace Gatehouse::Mail
