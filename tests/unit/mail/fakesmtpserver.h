#pragma once
/*
 * A minimal SMTP server on 127.0.0.1 for tests, in the test's own thread: it greets, answers
 * EHLO, MAIL, RCPT, DATA, RSET, NOOP and QUIT, undoes dot-stuffing and keeps every message
 * it accepts. It can be told to stay silent (no greeting) or to refuse recipients, so tests
 * see how a client copes. No TLS, no AUTH (the end-to-end tests use a real server for those).
 */
#include <QByteArray>
#include <QList>
#include <QStringList>
#include <QTcpServer>

namespace Gatehouse::Test {

struct ReceivedMail
{
    QString mailFrom;        //!< MAIL FROM address, without the angle brackets
    QStringList rcptTo;      //!< RCPT TO addresses
    QByteArray data;         //!< the message, CRLF line ends, dot-stuffing undone
};

class FakeSmtpServer : public QTcpServer
{
public:
    enum class Mode {
        Accept,            //!< a well-behaved server
        Silent,            //!< accepts connections and never says a word
        RefuseRecipients,  //!< 550 for every RCPT TO
    };

    explicit FakeSmtpServer(Mode mode = Mode::Accept);

    quint16 port() const { return serverPort(); }
    //! The settings of an email provider's \c server for this server (plain text, no TLS).
    QString url() const;

    QList<ReceivedMail> received;

private:
    void serve(QTcpSocket *socket);
    Mode m_mode;
};

} // namespace Gatehouse::Test
