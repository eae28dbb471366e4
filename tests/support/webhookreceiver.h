#pragma once
/*!
 * \file webhookreceiver.h  A webhook receiver for tests, on 127.0.0.1: it takes POSTs, checks
 * each one's \c Gatehouse-Signature as the top README tells a receiver to (HMAC-SHA256 over
 * "TIMESTAMP.BODY", a timestamp at most 5 minutes off; written here apart from Gatehouse's own
 * code), answers with the status the test sets, and can go down (connections refused) and come
 * back on the same port. Runs in the thread that makes it: the test spins the event loop.
 */
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QTcpServer>

class QTcpSocket;

namespace Gatehouse::Testing {

//! One POST the receiver took.
struct ReceivedWebhook
{
    QByteArray path;
    QHash<QByteArray, QByteArray> headers;  //!< names lower-cased
    QByteArray body;
    bool signatureValid = false;            //!< by the secret, within 5 minutes
    int answeredWith = 0;                   //!< the status the receiver answered

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
};

class WebhookReceiver : public QObject
{
    Q_OBJECT
public:
    explicit WebhookReceiver(QByteArray secret, QObject *parent = nullptr);
    ~WebhookReceiver() override;

    //! Listens on 127.0.0.1:\a port (0: a free one; after stop(), the same one again).
    bool start(quint16 port = 0);
    //! Closes the listener and every open connection: deliveries are refused until start().
    void stop();
    quint16 port() const { return m_port; }
    //! http://127.0.0.1:PORT\a path
    QString url(const QString &path = QStringLiteral("/hook")) const;
    //! The status the next POSTs are answered with (200 unless set).
    void setStatus(int status) { m_status = status; }

    QList<ReceivedWebhook> received() const { return m_received; }
    //! The POSTs answered with a 2xx.
    QList<ReceivedWebhook> accepted() const;

private:
    void readFrom(QTcpSocket *socket);
    bool verify(const QByteArray &header, const QByteArray &body) const;

    QByteArray m_secret;
    QTcpServer m_server;
    quint16 m_port = 0;
    int m_status = 200;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QList<ReceivedWebhook> m_received;
};

} // namespace Gatehouse::Testing
