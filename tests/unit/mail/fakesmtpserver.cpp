#include "fakesmtpserver.h"

#include <QTcpSocket>
#include <memory>

namespace Gatehouse::Test {

namespace {

struct Session
{
    bool inData = false;
    QByteArray buffer;
    ReceivedMail mail;
};

QString pathOf(const QByteArray &argument)
{
    const qsizetype open = argument.indexOf('<');
    const qsizetype close = argument.indexOf('>', open);
    return QString::fromUtf8(argument.mid(open + 1, close - open - 1));
}

} // namespace

FakeSmtpServer::FakeSmtpServer(Mode mode)
    : m_mode(mode)
{
    listen(QHostAddress::LocalHost);
    connect(this, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = nextPendingConnection())
            serve(socket);
    });
}

QString FakeSmtpServer::url() const
{
    return QStringLiteral("smtp://127.0.0.1:%1?ignoreTLS=true").arg(port());
}

void FakeSmtpServer::serve(QTcpSocket *socket)
{
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    if (m_mode == Mode::Silent)
        return;
    auto session = std::make_shared<Session>();
    socket->write("220 fake.test ESMTP ready\r\n");
    connect(socket, &QTcpSocket::readyRead, socket, [this, socket, session] {
        session->buffer += socket->readAll();
        for (;;) {
            if (session->inData) {
                const qsizetype end = session->buffer.indexOf("\r\n.\r\n");
                if (end < 0)
                    return;
                QByteArray data = session->buffer.left(end + 2);
                session->buffer.remove(0, end + 5);
                data.replace("\r\n..", "\r\n.");
                if (data.startsWith(".."))
                    data.remove(0, 1);
                session->mail.data = data;
                received.append(session->mail);
                session->mail = ReceivedMail();
                session->inData = false;
                socket->write("250 2.0.0 queued\r\n");
                continue;
            }
            const qsizetype eol = session->buffer.indexOf("\r\n");
            if (eol < 0)
                return;
            const QByteArray line = session->buffer.left(eol);
            session->buffer.remove(0, eol + 2);
            const QByteArray verb = line.left(4).toUpper();
            if (verb == "EHLO" || verb == "HELO") {
                socket->write("250 fake.test\r\n");
            } else if (verb == "MAIL") {
                session->mail.mailFrom = pathOf(line);
                socket->write("250 2.1.0 ok\r\n");
            } else if (verb == "RCPT") {
                if (m_mode == Mode::RefuseRecipients) {
                    socket->write("550 5.1.1 no such user\r\n");
                } else {
                    session->mail.rcptTo.append(pathOf(line));
                    socket->write("250 2.1.5 ok\r\n");
                }
            } else if (verb == "DATA") {
                session->inData = true;
                socket->write("354 go ahead\r\n");
            } else if (verb == "RSET") {
                session->mail = ReceivedMail();
                socket->write("250 2.0.0 ok\r\n");
            } else if (verb == "NOOP") {
                socket->write("250 2.0.0 ok\r\n");
            } else if (verb == "QUIT") {
                socket->write("221 2.0.0 bye\r\n");
                socket->disconnectFromHost();
                return;
            } else {
                socket->write("502 5.5.2 not implemented\r\n");
            }
        }
    });
}

} // namespace Gatehouse::Test
