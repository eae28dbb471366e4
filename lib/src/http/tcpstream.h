#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QSocketNotifier>

namespace Gatehouse {

/*!
 * An accepted TCP connection's descriptor, read and written without blocking, for a
 * Connection of the bundled server.
 *
 * What QTcpSocket 6.4 cannot give: when the client stops sending (a half-close), that is
 * reported as the end of what it sends, not taken for the end of the connection, so the
 * responses still owed can be written. Reads go straight into the caller's block, with no
 * buffer in between.
 *
 * Writes are sent when this pass of the thread's event loop ends, with the other streams'
 * (writebatch.h), or by flush(); what the kernel does not take is queued and sent as the client
 * reads. The stream closes on a write error, a reset, close() or, with closeWhenFlushed(),
 * once the queue is empty; closed() is then emitted, once.
 */
class TcpStream final : public QObject
{
    Q_OBJECT
public:
    explicit TcpStream(QObject *parent = nullptr);
    ~TcpStream() override;
    Q_DISABLE_COPY_MOVE(TcpStream)

    //! Takes over the connected \a descriptor and makes it non-blocking; false (and not
    //! taken) if it is unusable.
    bool open(qintptr descriptor);
    bool isOpen() const { return m_descriptor >= 0; }
    QHostAddress peerAddress() const { return m_peer; }
    QHostAddress localAddress() const { return m_local; }
    quint16 localPort() const { return m_localPort; }

    enum class ReadResult { Data, Nothing, End, Failed };
    /*!
     * Reads what has arrived, at most \a capacity bytes, into \a into and sets \a size.
     * End: the client sent all it will send (reading stops; the stream stays open for writing).
     * Failed: the connection is gone (the stream is closed).
     */
    ReadResult read(char *into, qsizetype capacity, qsizetype *size);

    //! Queues \a data (shared, not copied, when nothing else waits), sent when this pass of the
    //! event loop ends; nothing after shutdownWrite().
    void write(const QByteArray &data);
    //! Sends what is queued now, as far as the kernel takes it.
    void flush();
    qsizetype bytesToWrite() const { return m_queue.size() - m_queueSent; }
    //! Sends no more: the client sees the end of the stream once the queue is out.
    void shutdownWrite();
    //! Closes once the queue is out.
    void closeWhenFlushed();
    //! Closes now; what is queued is dropped.
    void close();

Q_SIGNALS:
    //! Something arrived, or the client ended its stream: call read().
    void readyRead();
    //! The queue shrank (or emptied) as the client read.
    void bytesWritten();
    void closed();

private:
    void sendQueued();
    bool sendNow(const char *data, qsizetype size, qsizetype *sent);

    int m_descriptor = -1;
    QSocketNotifier *m_readNotifier = nullptr;
    QSocketNotifier *m_writeNotifier = nullptr;  //!< made when a write is first queued
    QHostAddress m_peer;
    QHostAddress m_local;
    quint16 m_localPort = 0;
    QByteArray m_queue;          //!< written but not yet taken by the kernel, from m_queueSent on
    qsizetype m_queueSent = 0;
    bool m_shutdownWhenFlushed = false;
    bool m_closeWhenFlushed = false;
    bool m_batched = false;  //!< in this pass's WriteBatch
};

} // namespace Gatehouse
