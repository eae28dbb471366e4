#include "http/tcpstream.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>

#include <memory>

#include <sys/socket.h>

using namespace Gatehouse;

namespace {

//! Hands over accepted descriptors as they are, as the bundled server's listener does.
class DescriptorServer : public QTcpServer
{
public:
    QList<qintptr> accepted;

protected:
    void incomingConnection(qintptr descriptor) override { accepted.append(descriptor); }
};

} // namespace

class TestTcpStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void addresses();
    void readsWhatArrivesThenTheEnd();
    void queuesWhatTheClientDoesNotRead();
    void shutdownWriteAfterTheQueue();
    void resetClosesTheStream();
    void writesOfOnePassGoOutTogether();
    void aBatchedWriteOutlivesTheStream();

private:
    //! Reads until \a wanted is one of the results (or none comes): what was read on the way.
    QByteArray readUntil(TcpStream::ReadResult wanted);

    DescriptorServer m_server;
    std::unique_ptr<QTcpSocket> m_client;
    std::unique_ptr<TcpStream> m_stream;
    TcpStream::ReadResult m_last = TcpStream::ReadResult::Nothing;
};

void TestTcpStream::init()
{
    QVERIFY(m_server.listen(QHostAddress::LocalHost, 0));
    m_client = std::make_unique<QTcpSocket>();
    m_client->connectToHost(QHostAddress::LocalHost, m_server.serverPort());
    QVERIFY(m_client->waitForConnected(5000));
    QTRY_COMPARE(m_server.accepted.size(), qsizetype(1));
    m_stream = std::make_unique<TcpStream>();
    QVERIFY(m_stream->open(m_server.accepted.takeFirst()));
    QVERIFY(m_stream->isOpen());
}

void TestTcpStream::cleanup()
{
    m_stream.reset();
    m_client.reset();
    m_server.close();
}

QByteArray TestTcpStream::readUntil(TcpStream::ReadResult wanted)
{
    QByteArray got;
    char block[1024];
    QDeadlineTimer deadline(5000);
    while (!deadline.hasExpired()) {
        qsizetype size = 0;
        m_last = m_stream->read(block, sizeof(block), &size);
        got.append(block, size);
        if (m_last == wanted || m_last == TcpStream::ReadResult::Failed)
            break;
        QTest::qWait(5);
    }
    return got;
}

void TestTcpStream::addresses()
{
    QCOMPARE(m_stream->peerAddress(), QHostAddress(QHostAddress::LocalHost));
    QCOMPARE(m_stream->localAddress(), QHostAddress(QHostAddress::LocalHost));
    QCOMPARE(m_stream->localPort(), m_server.serverPort());
}

void TestTcpStream::readsWhatArrivesThenTheEnd()
{
    QSignalSpy readyRead(m_stream.get(), &TcpStream::readyRead);
    QSignalSpy closed(m_stream.get(), &TcpStream::closed);
    m_client->write("GET / HTTP/1.1\r\n\r\n");
    QVERIFY(m_client->waitForBytesWritten(5000));
    QTRY_VERIFY(!readyRead.isEmpty());
    QCOMPARE(readUntil(TcpStream::ReadResult::Data), QByteArray("GET / HTTP/1.1\r\n\r\n"));

    // The client stops sending: that is the end of what it sends, not of the connection.
    QCOMPARE(::shutdown(int(m_client->socketDescriptor()), SHUT_WR), 0);
    QCOMPARE(readUntil(TcpStream::ReadResult::End), QByteArray());
    QCOMPARE(m_last, TcpStream::ReadResult::End);
    QVERIFY(m_stream->isOpen());
    m_stream->write("the answer");
    m_stream->closeWhenFlushed();
    QCOMPARE(closed.size(), 0);  // the answer goes out when this pass of the event loop ends
    QTRY_COMPARE(closed.size(), 1);
    QVERIFY(!m_stream->isOpen());
    QTRY_COMPARE(m_client->state(), QAbstractSocket::UnconnectedState);
    QCOMPARE(m_client->readAll(), QByteArray("the answer"));
}

void TestTcpStream::queuesWhatTheClientDoesNotRead()
{
    QSignalSpy written(m_stream.get(), &TcpStream::bytesWritten);
    QByteArray big(16 * 1024 * 1024, Qt::Uninitialized);
    for (qsizetype i = 0; i < big.size(); ++i)
        big[i] = char('a' + i % 26);
    m_stream->write(big);
    QCOMPARE(m_stream->bytesToWrite(), big.size());  // sent when this pass of the loop ends
    m_stream->flush();
    // More than the kernel's buffers hold while the client reads nothing: the rest is queued.
    QVERIFY(m_stream->bytesToWrite() > 0);
    QVERIFY(m_stream->bytesToWrite() < big.size());

    QByteArray received;
    QDeadlineTimer deadline(20000);
    while (received.size() < big.size() && !deadline.hasExpired()) {
        QTest::qWait(1);
        received += m_client->readAll();
    }
    QCOMPARE(received.size(), big.size());
    QVERIFY(received == big);
    QCOMPARE(m_stream->bytesToWrite(), qsizetype(0));
    QVERIFY(!written.isEmpty());
    QVERIFY(m_stream->isOpen());
}

void TestTcpStream::shutdownWriteAfterTheQueue()
{
    QByteArray big(8 * 1024 * 1024, 'x');
    m_stream->write(big);
    m_stream->shutdownWrite();
    m_stream->write("ignored after the shutdown");
    QByteArray received;
    QDeadlineTimer deadline(20000);
    while (m_client->state() == QAbstractSocket::ConnectedState && !deadline.hasExpired()) {
        QTest::qWait(1);
        received += m_client->readAll();
    }
    received += m_client->readAll();
    // The client saw everything queued, then the end; the stream still reads what it sends.
    QCOMPARE(received.size(), big.size());
    QVERIFY(m_stream->isOpen());
}

void TestTcpStream::resetClosesTheStream()
{
    QSignalSpy closed(m_stream.get(), &TcpStream::closed);
    const linger noLinger{1, 0};
    ::setsockopt(int(m_client->socketDescriptor()), SOL_SOCKET, SO_LINGER, &noLinger,
                 sizeof(noLinger));
    m_client->abort();
    readUntil(TcpStream::ReadResult::Failed);
    QCOMPARE(m_last, TcpStream::ReadResult::Failed);
    QCOMPARE(closed.size(), 1);
    QVERIFY(!m_stream->isOpen());
    m_stream->write("nobody hears this");  // harmless once closed
    m_stream->close();
    QCOMPARE(closed.size(), 1);
}

void TestTcpStream::writesOfOnePassGoOutTogether()
{
    // Two responses written in one pass of the event loop: nothing is sent until it ends, then
    // both arrive, in order, with one bytesWritten().
    QSignalSpy written(m_stream.get(), &TcpStream::bytesWritten);
    m_stream->write("HTTP/1.1 200 OK\r\n\r\n");
    m_stream->write("HTTP/1.1 204 No Content\r\n\r\n");
    QCOMPARE(m_stream->bytesToWrite(), qsizetype(46));
    char none[8];
    QCOMPARE(::recv(int(m_client->socketDescriptor()), none, sizeof(none), MSG_DONTWAIT | MSG_PEEK), ssize_t(-1));
    QTRY_COMPARE(m_stream->bytesToWrite(), qsizetype(0));
    QCOMPARE(written.size(), 1);
    QTRY_COMPARE(m_client->bytesAvailable(), qint64(46));
    QCOMPARE(m_client->readAll(), QByteArray("HTTP/1.1 200 OK\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"));
}

void TestTcpStream::aBatchedWriteOutlivesTheStream()
{
    // A stream destroyed before its pass ends (its connection went) still sends what it took.
    m_stream->write("the last answer");
    m_stream.reset();
    QTRY_COMPARE(m_client->state(), QAbstractSocket::UnconnectedState);
    QCOMPARE(m_client->readAll(), QByteArray("the last answer"));
}

QTEST_GUILESS_MAIN(TestTcpStream)
#include "tst_tcpstream.moc"
