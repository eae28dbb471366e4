#include "http/requestscanner.h"

#include <QtTest>

using Gatehouse::RequestScanner;
using Phase = RequestScanner::Phase;

Q_DECLARE_METATYPE(RequestScanner::Phase)

namespace {

constexpr qint64 kMaxHeader = 256;
constexpr qint64 kMaxBody = 100;

//! Feeds \a input in pieces of \a piece bytes, as a socket would deliver it.
qsizetype feed(RequestScanner &scanner, const QByteArray &input, qsizetype piece)
{
    qsizetype consumed = 0;
    while (consumed < input.size()) {
        const qsizetype size = qMin(piece, input.size() - consumed);
        const qsizetype taken = scanner.scan(input.constData() + consumed, size);
        consumed += taken;
        if (taken < size)
            break;
    }
    return consumed;
}

} // namespace

class TestRequestScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framing_data();
    void framing();
    void stopsAtEndOfRequest();
    void chunkedBodyCountsUntilNext();
    void nextRequestAfterReset();
};

void TestRequestScanner::framing_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<int>("errorStatus");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<bool>("keepAlive");

    const QByteArray longHeader = "GET / HTTP/1.1\r\nX-Long: " + QByteArray(300, 'a') + "\r\n\r\n";

    QTest::newRow("get") << QByteArray("GET /auth/session HTTP/1.1\r\nHost: x\r\n\r\n")
                         << Phase::Complete << 0 << QByteArray("GET") << true;
    QTest::newRow("bare line feeds") << QByteArray("GET / HTTP/1.1\nHost: x\n\n")
                                     << Phase::Complete << 0 << QByteArray("GET") << true;
    QTest::newRow("leading blank lines") << QByteArray("\r\n\r\nHEAD / HTTP/1.1\r\n\r\n")
                                         << Phase::Complete << 0 << QByteArray("HEAD") << true;
    QTest::newRow("unusual method") << QByteArray("PROPFIND /x HTTP/1.1\r\n\r\n")
                                    << Phase::Complete << 0 << QByteArray("PROPFIND") << true;
    QTest::newRow("partial headers") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\n")
                                     << Phase::Head << 0 << QByteArray() << true;
    QTest::newRow("connection close") << QByteArray("GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
                                      << Phase::Complete << 0 << QByteArray("GET") << false;
    QTest::newRow("connection token list")
        << QByteArray("GET / HTTP/1.1\r\nConnection: Upgrade, CLOSE\r\n\r\n") << Phase::Complete
        << 0 << QByteArray("GET") << false;
    QTest::newRow("http/1.0") << QByteArray("GET / HTTP/1.0\r\n\r\n") << Phase::Complete << 0
                              << QByteArray("GET") << false;
    QTest::newRow("http/1.0 keep-alive")
        << QByteArray("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") << Phase::Complete << 0
        << QByteArray("GET") << true;
    QTest::newRow("body complete")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello") << Phase::Complete << 0
        << QByteArray("POST") << true;
    QTest::newRow("body partial")
        << QByteArray("POST / HTTP/1.1\r\ncontent-length: 50\r\n\r\nhello") << Phase::Body << 0
        << QByteArray("POST") << true;
    QTest::newRow("body at limit")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n") + QByteArray(100, 'b')
        << Phase::Complete << 0 << QByteArray("POST") << true;
    QTest::newRow("body over limit")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n") << Phase::Failed << 413
        << QByteArray("POST") << true;
    QTest::newRow("huge content length")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n") << Phase::Failed
        << 413 << QByteArray("POST") << true;
    QTest::newRow("chunked over limit")
        << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n64\r\n")
               + QByteArray(100, 'c')
        << Phase::Failed << 413 << QByteArray("POST") << true;
    QTest::newRow("header over limit") << longHeader << Phase::Failed << 431 << QByteArray() << true;
    QTest::newRow("endless line") << QByteArray(300, 'G') << Phase::Failed << 431 << QByteArray()
                                  << true;
    QTest::newRow("invalid content length")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 5x\r\n\r\n") << Phase::Failed << 400
        << QByteArray("POST") << true;
    QTest::newRow("contradicting content lengths")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
        << Phase::Failed << 400 << QByteArray("POST") << true;
    QTest::newRow("negative content length")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << Phase::Failed << 400
        << QByteArray("POST") << true;
    QTest::newRow("no version") << QByteArray("GET /\r\n\r\n") << Phase::Failed << 400
                                << QByteArray() << true;
    QTest::newRow("http/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\n") << Phase::Failed << 400
                                    << QByteArray("PRI") << true;
    QTest::newRow("websocket upgrade")
        << QByteArray("GET /ws HTTP/1.1\r\nConnection: keep-alive, Upgrade\r\nUpgrade: WebSocket\r\n\r\n")
        << Phase::Failed << 501 << QByteArray("GET") << true;
    QTest::newRow("upgrade to something else")
        << QByteArray("GET / HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n")
        << Phase::Complete << 0 << QByteArray("GET") << true;
    QTest::newRow("header without colon")
        << QByteArray("GET / HTTP/1.1\r\nnonsense\r\n\r\n") << Phase::Failed << 400
        << QByteArray("GET") << true;
}

void TestRequestScanner::framing()
{
    QFETCH(QByteArray, input);
    QFETCH(Phase, phase);
    QFETCH(int, errorStatus);
    QFETCH(QByteArray, method);
    QFETCH(bool, keepAlive);

    // The same outcome whether the bytes arrive at once or one by one.
    for (const qsizetype piece : {qsizetype(1), qsizetype(7), input.size()}) {
        RequestScanner scanner(kMaxHeader, kMaxBody);
        feed(scanner, input, piece);
        QCOMPARE(scanner.phase(), phase);
        QCOMPARE(scanner.errorStatus(), errorStatus);
        QCOMPARE(scanner.method().toByteArray(), method);
        if (phase == Phase::Complete)
            QCOMPARE(scanner.keepAlive(), keepAlive);
    }
}

void TestRequestScanner::stopsAtEndOfRequest()
{
    const QByteArray first = "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc";
    const QByteArray pipelined = first + "GET /b HTTP/1.1\r\n\r\n";
    RequestScanner scanner(kMaxHeader, kMaxBody);
    QCOMPARE(scanner.scan(pipelined.constData(), pipelined.size()), first.size());
    QCOMPARE(scanner.phase(), Phase::Complete);
    QCOMPARE(scanner.target().toByteArray(), QByteArray("/a"));
}

void TestRequestScanner::chunkedBodyCountsUntilNext()
{
    const QByteArray request =
        "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
    RequestScanner scanner(kMaxHeader, kMaxBody);
    QCOMPARE(scanner.scan(request.constData(), request.size()), request.size());
    QCOMPARE(scanner.phase(), Phase::Body);
}

void TestRequestScanner::nextRequestAfterReset()
{
    RequestScanner scanner(kMaxHeader, kMaxBody);
    const QByteArray close = "GET /a HTTP/1.1\r\nConnection: close\r\n\r\n";
    scanner.scan(close.constData(), close.size());
    QCOMPARE(scanner.keepAlive(), false);
    scanner.next();
    QCOMPARE(scanner.phase(), Phase::Idle);
    const QByteArray head = "HEAD /b HTTP/1.1\r\n\r\n";
    scanner.scan(head.constData(), head.size());
    QCOMPARE(scanner.phase(), Phase::Complete);
    QCOMPARE(scanner.method().toByteArray(), QByteArray("HEAD"));
    QCOMPARE(scanner.target().toByteArray(), QByteArray("/b"));
    QCOMPARE(scanner.keepAlive(), true);
}

QTEST_GUILESS_MAIN(TestRequestScanner)
#include "tst_requestscanner.moc"
