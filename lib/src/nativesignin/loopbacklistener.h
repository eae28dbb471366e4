#pragma once
/*!
 * \file loopbacklistener.h  The redirect's receiving end (RFC 8252 §7.3): a listener on
 * 127.0.0.1, on a port the system chooses, that takes one GET of its callback path and refuses
 * everything else. No QHttpServer: one request line and a few headers are all it reads.
 */
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QUrlQuery>

class QTcpServer;
class QTcpSocket;

namespace Gatehouse::NativeSignInDetail {

class LoopbackListener : public QObject
{
    Q_OBJECT
public:
    //! A listener for GET \a path (e.g. "/callback"); listen() opens it.
    explicit LoopbackListener(QString path, QObject *parent = nullptr);
    ~LoopbackListener() override;

    //! Opens 127.0.0.1 on a free port; false with the reason in \a problem.
    bool listen(QString *problem);
    //! http://127.0.0.1:PORT/path once listening (and after: the redirect URI the code is bound to).
    QUrl redirectUri() const;
    /*!
     * Answers the request received() handed over with \a status and a page saying \a text
     * (escaped here), then closes its connection.
     */
    void answer(int status, const QString &text);
    //! Stops listening and drops every connection, the received one included (unanswered).
    void close();

Q_SIGNALS:
    /*!
     * The one request to the callback path arrived, with its query (its pairs as sent, decoded).
     * The listener stops listening; answer() replies to it.
     */
    void received(const QList<QPair<QString, QString>> &query);

private:
    void accept();
    void read(QTcpSocket *socket);
    void refuse(QTcpSocket *socket, int status, const QString &text);

    QString m_path;
    QTcpServer *m_server = nullptr;
    quint16 m_port = 0;                          //!< the port listen() got
    QPointer<QTcpSocket> m_received;
    QHash<QTcpSocket *, QByteArray> m_pending;   //!< what each open connection has sent so far
};

//! The page the browser is shown: \a text (escaped) on a small script-free HTML page.
QByteArray httpAnswer(int status, const QString &text);

} // namespace Gatehouse::NativeSignInDetail
