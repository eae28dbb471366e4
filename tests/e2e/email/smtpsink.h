#pragma once
/*
 * smtpsink.mjs (npm smtp-server) as a child process of the test: started on a free port of
 * 127.0.0.1, optionally with STARTTLS or implicit TLS and AUTH PLAIN; it stores every message
 * in a temporary directory, read back with messages(). Every wait is bounded.
 */
#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

namespace Gatehouse::Test {

struct SinkMessage
{
    QByteArray raw;
    QString mailFrom;
    QStringList rcptTo;
    bool secure = false;   //!< the connection was TLS (STARTTLS or implicit)
    QString user;          //!< the AUTH PLAIN user, if any
};

struct SmtpSinkOptions
{
    QString tlsKey;        //!< PEM files; with them the sink offers STARTTLS
    QString tlsCert;
    bool implicitTls = false;
    QString user;          //!< with a user, AUTH PLAIN is required
    QString password;
};

class SmtpSink
{
public:
    explicit SmtpSink(const SmtpSinkOptions &options = {});
    ~SmtpSink();
    SmtpSink(const SmtpSink &) = delete;
    SmtpSink &operator=(const SmtpSink &) = delete;

    //! Empty when the sink listens; otherwise what went wrong.
    QString error() const { return m_error; }
    quint16 port() const { return m_port; }

    //! The messages stored so far, oldest first.
    QList<SinkMessage> messages() const;
    //! Waits (at most \a timeoutMs) until at least \a count messages are stored.
    bool waitForMessages(int count, int timeoutMs = 5000) const;

    //! Stops the sink; the port refuses connections afterwards.
    void stop();

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    QString m_error;
};

//! A self-signed certificate for 127.0.0.1 made with the openssl command, or an error.
struct TestCertificate
{
    QString keyFile;
    QString certFile;
    QByteArray pem;      //!< the certificate
    QString error;

    static TestCertificate create(const QString &directory);
};

} // namespace Gatehouse::Test
