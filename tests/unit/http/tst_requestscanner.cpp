#include "http/requestscanner.h"

#include <QtTest>

#include <memory>

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

QByteArray post(const QByteArray &fields, const QByteArray &body)
{
    return "POST /p HTTP/1.1\r\nHost: x\r\n" + fields + "\r\n" + body;
}

QByteArray chunked(const QByteArray &body)
{
    return post("Transfer-Encoding: chunked\r\n", body);
}

} // namespace

class TestRequestScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framing_data();
    void framing();
    void bodies_data();
    void bodies();
    void limits_data();
    void limits();
    void lineOverLimitAcrossReads();
    void largeBodyOnItsPathOnly_data();
    void largeBodyOnItsPathOnly();
    void largeBodyOneAtATime();
    void stopsAtEndOfRequest();
    void nextRequestAfterReset();
    void keepsWhatItDelimits_data();
    void keepsWhatItDelimits();
    void expectations_data();
    void expectations();
    void countsBodyBytes_data();
    void countsBodyBytes();
};

void TestRequestScanner::framing_data()
{
    // Request line and header section; details of each rule in the integration test's table
    // (tests/integration/http/tst_requestframing.cpp).
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<int>("errorStatus");
    QTest::addColumn<bool>("keepAlive");

    const auto ok = [](const char *name, const QByteArray &input, bool keepAlive = true) {
        QTest::newRow(name) << input << Phase::Complete << 0 << keepAlive;
    };
    const auto bad = [](const char *name, const QByteArray &input, int status) {
        QTest::newRow(name) << input << Phase::Failed << status << false;
    };
    ok("get", "GET /auth/session HTTP/1.1\r\nHost: x\r\n\r\n");
    ok("leading empty lines", "\r\n\r\nHEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
    ok("unusual method", "PROPFIND /x HTTP/1.1\r\nHost: x\r\n\r\n");
    ok("connection close", "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", false);
    ok("connection token list", "GET / HTTP/1.1\r\nHost: x\r\nConnection: TE, Close\r\n\r\n", false);
    ok("http/1.0 without host", "GET / HTTP/1.0\r\n\r\n", false);
    ok("http/1.0 keep-alive", "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true);
    ok("http/1.2 as 1.1", "GET / HTTP/1.2\r\nHost: x\r\n\r\n");
    ok("field value whitespace", "GET / HTTP/1.1\r\nHost:\t x \t\r\nX-A:\r\n\r\n");
    ok("host with port and ipv6", "GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n");
    ok("absolute form", "GET https://example.com:8443/a?b HTTP/1.1\r\nHost: other\r\n\r\n");
    ok("h2c upgrade ignored", "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n");

    bad("bare line feeds", "GET / HTTP/1.1\nHost: x\n\n", 400);
    bad("bare line feed after a field", "GET / HTTP/1.1\r\nHost: x\n\r\n", 400);
    bad("bare carriage return", "GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n", 400);
    bad("no version (http/0.9)", "GET /\r\n\r\n", 400);
    bad("two spaces", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("space in target", "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("lower-case version", "GET / http/1.1\r\nHost: x\r\n\r\n", 400);
    bad("http/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505);
    bad("method not a token", "GE(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("fragment", "GET /a#b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("relative target", "GET a/b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("other scheme", "GET ftp://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("absolute form with user info", "GET http://u@x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("asterisk form", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 501);
    bad("asterisk form with get", "GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    bad("connect", "CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n", 501);
    bad("no host", "GET / HTTP/1.1\r\n\r\n", 400);
    bad("empty host", "GET / HTTP/1.1\r\nHost:\r\n\r\n", 400);
    bad("two hosts", "GET / HTTP/1.1\r\nHost: x\r\nHost: x\r\n\r\n", 400);
    bad("host with path", "GET / HTTP/1.1\r\nHost: x/y\r\n\r\n", 400);
    bad("host with bad port", "GET / HTTP/1.1\r\nHost: x:8o\r\n\r\n", 400);
    bad("field without colon", "GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n", 400);
    bad("space before colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400);
    bad("obs-fold", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n", 400);
    bad("whitespace before the first field", "GET / HTTP/1.1\r\n Host: x\r\n\r\n", 400);
    bad("nul in a value", QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-A: a") + '\0' + "b\r\n\r\n", 400);
    bad("escape in a value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: \x1b[0m\r\n\r\n", 400);
    bad("websocket upgrade",
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\r\n", 501);
}

void TestRequestScanner::framing()
{
    QFETCH(QByteArray, input);
    QFETCH(Phase, phase);
    QFETCH(int, errorStatus);
    QFETCH(bool, keepAlive);

    // The same outcome whether the bytes arrive at once or one by one.
    for (const qsizetype piece : {qsizetype(1), qsizetype(7), input.size()}) {
        RequestScanner scanner(kMaxHeader, kMaxBody);
        feed(scanner, input, piece);
        QCOMPARE(scanner.phase(), phase);
        QCOMPARE(scanner.errorStatus(), errorStatus);
        if (phase == Phase::Complete)
            QCOMPARE(scanner.keepAlive(), keepAlive);
    }
}

void TestRequestScanner::bodies_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<int>("errorStatus");
    QTest::addColumn<qint64>("contentSize");

    const auto row = [](const char *name, const QByteArray &input, Phase phase, int status, qint64 size) {
        QTest::newRow(name) << input << phase << status << size;
    };
    row("content length", post("Content-Length: 5\r\n", "hello"), Phase::Complete, 0, 5);
    row("content length, leading zeros", post("Content-Length: 005\r\n", "hello"), Phase::Complete, 0, 5);
    row("body partial", post("Content-Length: 5\r\n", "hel"), Phase::Body, 0, 5);
    row("body at limit", post("Content-Length: 100\r\n", QByteArray(100, 'x')), Phase::Complete, 0, 100);
    row("body over limit", post("Content-Length: 101\r\n", {}), Phase::Failed, 413, 0);
    row("huge content length", post("Content-Length: 99999999999999999999999\r\n", {}), Phase::Failed, 413, 0);
    row("signed content length", post("Content-Length: +5\r\n", "hello"), Phase::Failed, 400, 0);
    row("content length list", post("Content-Length: 5, 5\r\n", "hello"), Phase::Failed, 400, 0);
    row("two equal content lengths", post("Content-Length: 5\r\nContent-Length: 5\r\n", "hello"),
        Phase::Failed, 400, 0);
    row("content length and chunked",
        post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunked", chunked("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"), Phase::Complete, 0, 11);
    row("chunked, upper-case hex and coding", post("Transfer-Encoding: CHUNKED\r\n", "A\r\n0123456789\r\n0\r\n\r\n"),
        Phase::Complete, 0, 10);
    row("chunk extensions", chunked("5;a=1;b=\"x;y\"\r\nhello\r\n0;end\r\n\r\n"), Phase::Complete, 0, 5);
    row("chunk extension after whitespace", chunked("5 ;a\r\nhello\r\n0\r\n\r\n"), Phase::Complete, 0, 5);
    row("chunk size with trailing space", chunked("5 \r\nhello\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunk size 0x", chunked("0x5\r\nhello\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunk size negative", chunked("-5\r\nhello\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunk size missing", chunked(";a\r\nhello\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunk size overflowing", chunked("10000000000000005\r\nhello\r\n0\r\n\r\n"), Phase::Failed, 413, 0);
    row("chunk size over limit", chunked("65\r\n"), Phase::Failed, 413, 0);
    row("chunk data too long", chunked("5\r\nhello!\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunk data without crlf", chunked("5\r\nhello0\r\n\r\n"), Phase::Failed, 400, 0);
    row("bare lf in a chunk line", chunked("5\nhello\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("bare lf after chunk data", chunked("5\r\nhello\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("control in an extension", chunked("5;a=\x01\r\nhello\r\n0\r\n\r\n"), Phase::Failed, 400, 0);
    row("trailer field", chunked("5\r\nhello\r\n0\r\nX-T: 1\r\nX-U:\r\n\r\n"), Phase::Complete, 0, 5);
    row("trailer field without colon", chunked("5\r\nhello\r\n0\r\nX-T 1\r\n\r\n"), Phase::Failed, 400, 0);
    row("trailer field folded", chunked("5\r\nhello\r\n0\r\nX-T: 1\r\n 2\r\n\r\n"), Phase::Failed, 400, 0);
    row("trailer field with space before colon", chunked("5\r\nhello\r\n0\r\nX-T : 1\r\n\r\n"),
        Phase::Failed, 400, 0);
    row("chunked framing at the limit", chunked("59\r\n" + QByteArray(0x59, 'a') + "\r\n0\r\n\r\n"),
        Phase::Complete, 0, 0x59);
    row("chunked framing one byte over", chunked("5a\r\n" + QByteArray(0x5a, 'a') + "\r\n0\r\n\r\n"),
        Phase::Failed, 413, 0);
    row("malformed line one byte over", chunked("5;" + QByteArray(97, '\0') + "\r\n"), Phase::Failed, 413, 0);
    row("long extension over limit", chunked("5;" + QByteArray(200, 'e') + "\r\nhello\r\n0\r\n\r\n"),
        Phase::Failed, 413, 0);
    row("chunked twice", post("Transfer-Encoding: chunked, chunked\r\n", "0\r\n\r\n"), Phase::Failed, 400, 0);
    row("chunked not last", post("Transfer-Encoding: chunked, gzip\r\n", "0\r\n\r\n"), Phase::Failed, 400, 0);
    row("unknown coding alone", post("Transfer-Encoding: xchunked\r\n", "0\r\n\r\n"), Phase::Failed, 400, 0);
    row("gzip before chunked", post("Transfer-Encoding: gzip, chunked\r\n", "0\r\n\r\n"), Phase::Failed, 501, 0);
    row("codings over two lines",
        post("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), Phase::Failed, 501, 0);
    row("chunked in http/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        Phase::Failed, 400, 0);
}

void TestRequestScanner::bodies()
{
    QFETCH(QByteArray, input);
    QFETCH(Phase, phase);
    QFETCH(int, errorStatus);
    QFETCH(qint64, contentSize);

    for (const qsizetype piece : {qsizetype(1), qsizetype(3), input.size()}) {
        RequestScanner scanner(kMaxHeader, kMaxBody);
        const qsizetype consumed = feed(scanner, input, piece);
        QCOMPARE(scanner.phase(), phase);
        QCOMPARE(scanner.errorStatus(), errorStatus);
        if (phase == Phase::Complete) {
            QCOMPARE(consumed, input.size());
            QCOMPARE(scanner.contentSize(), contentSize);
            QCOMPARE(scanner.takeBody().size(), contentSize);
        }
    }
}

void TestRequestScanner::limits_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("maxHeader");
    QTest::addColumn<int>("errorStatus");

    QTest::newRow("header section over limit")
        << "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + QByteArray(300, 'a') + "\r\n\r\n" << kMaxHeader << 431;
    QTest::newRow("request line over limit")
        << "GET /" + QByteArray(300, 'a') + " HTTP/1.1\r\n\r\n" << kMaxHeader << 414;
    QTest::newRow("endless line") << QByteArray(300, 'G') << kMaxHeader << 414;
    QByteArray manyFields = "GET / HTTP/1.1\r\nHost: x\r\n";
    for (int i = 1; i <= RequestScanner::kMaxFieldCount; ++i)
        manyFields += "X: " + QByteArray::number(i % 10) + "\r\n";
    QTest::newRow("too many fields") << manyFields + "\r\n" << qint64(4096) << 431;
}

void TestRequestScanner::limits()
{
    QFETCH(QByteArray, input);
    QFETCH(qint64, maxHeader);
    QFETCH(int, errorStatus);
    RequestScanner scanner(maxHeader, kMaxBody);
    feed(scanner, input, input.size());
    QCOMPARE(scanner.phase(), Phase::Failed);
    QCOMPARE(scanner.errorStatus(), errorStatus);

    // A configured limit above what QHttpServer 6.4 reads whole is lowered to it.
    RequestScanner large(10 * 1024 * 1024, kMaxBody);
    const QByteArray huge = "GET / HTTP/1.1\r\nHost: x\r\nX: " + QByteArray(RequestScanner::kMaxHeaderSize, 'a');
    feed(large, huge, huge.size());
    QCOMPARE(large.errorStatus(), 431);
}

void TestRequestScanner::lineOverLimitAcrossReads()
{
    // A malformed chunk line longer than the body limit is refused as too large, as it is when
    // it arrives in one read, also when its end comes in a later read (found by fuzzing).
    const QByteArray head = chunked({});
    const QByteArray start = "5;" + QByteArray(58, '\x01');
    const QByteArray end = QByteArray(58, '\x01') + "\r\nhello\r\n0\r\n\r\n";
    RequestScanner scanner(kMaxHeader, kMaxBody);
    QCOMPARE(scanner.scan(head.constData(), head.size()), head.size());
    QCOMPARE(scanner.scan(start.constData(), start.size()), start.size());
    QCOMPARE(scanner.phase(), Phase::Body);
    scanner.scan(end.constData(), end.size());
    QCOMPARE(scanner.phase(), Phase::Failed);
    QCOMPARE(scanner.errorStatus(), 413);

    RequestScanner whole(kMaxHeader, kMaxBody);
    const QByteArray all = head + start + end;
    whole.scan(all.constData(), all.size());
    QCOMPARE(whole.errorStatus(), 413);
}

void TestRequestScanner::largeBodyOnItsPathOnly_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<bool>("chunkedBody");
    QTest::addColumn<int>("bodySize");
    QTest::addColumn<int>("errorStatus");   // 0: complete

    QTest::newRow("its path, larger") << QByteArray("/import") << false << 300 << 0;
    QTest::newRow("its path with a query") << QByteArray("/import?format=csv") << false << 300 << 0;
    QTest::newRow("its path, chunked") << QByteArray("/import") << true << 300 << 0;
    QTest::newRow("its path, beyond its limit") << QByteArray("/import") << false << 1001 << 413;
    QTest::newRow("its path, chunked beyond its limit") << QByteArray("/import") << true << 1001 << 413;
    QTest::newRow("another path") << QByteArray("/p") << false << 300 << 413;
    QTest::newRow("below it") << QByteArray("/import/x") << false << 300 << 413;
    QTest::newRow("encoded otherwise") << QByteArray("/%69mport") << false << 300 << 413;
    QTest::newRow("absolute form") << QByteArray("http://x/import") << false << 300 << 413;
}

void TestRequestScanner::largeBodyOnItsPathOnly()
{
    QFETCH(QByteArray, target);
    QFETCH(bool, chunkedBody);
    QFETCH(int, bodySize);
    QFETCH(int, errorStatus);
    const QByteArray body(bodySize, 'b');
    const QByteArray input = "POST " + target + " HTTP/1.1\r\nHost: x\r\n"
        + (chunkedBody ? "Transfer-Encoding: chunked\r\n\r\n" + QByteArray::number(bodySize, 16) + "\r\n" + body + "\r\n0\r\n\r\n"
                       : "Content-Length: " + QByteArray::number(bodySize) + "\r\n\r\n" + body);
    for (const qsizetype piece : {qsizetype(7), input.size()}) {
        RequestScanner scanner(kMaxHeader, kMaxBody);
        scanner.allowLargeBody("/import", 1000);
        feed(scanner, input, piece);
        if (errorStatus == 0) {
            QCOMPARE(scanner.phase(), Phase::Complete);
            QCOMPARE(scanner.takeBody(), body);
        } else {
            QCOMPARE(scanner.phase(), Phase::Failed);
            QCOMPARE(scanner.errorStatus(), errorStatus);
        }
    }
    // The next request on the connection has the usual limit again.
    RequestScanner scanner(kMaxHeader, kMaxBody);
    scanner.allowLargeBody("/import", 1000);
    const QByteArray first = "POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n" + QByteArray(300, 'b');
    feed(scanner, first, first.size());
    QCOMPARE(scanner.phase(), Phase::Complete);
    scanner.next();
    const QByteArray second = "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n" + QByteArray(300, 'b');
    feed(scanner, second, second.size());
    QCOMPARE(scanner.errorStatus(), 413);
}

void TestRequestScanner::largeBodyOneAtATime()
{
    // Large bodies arrive before anyone is authenticated: while one is arriving, a second is
    // refused before its body is read; the usual sizes go on; the slot is free again after.
    const QByteArray large = "POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n";
    const QByteArray chunked = "POST /import HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
    const QByteArray small = "POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc";
    auto scanner = [] {
        auto made = std::make_unique<RequestScanner>(kMaxHeader, kMaxBody);
        made->allowLargeBody("/import", 1000);
        return made;
    };
    auto first = scanner();
    feed(*first, large + QByteArray(100, 'b'), 7);
    QCOMPARE(first->phase(), Phase::Body);

    for (const QByteArray &head : {large, chunked}) {
        auto second = scanner();
        feed(*second, head, head.size());
        QCOMPARE(second->phase(), Phase::Failed);
        QCOMPARE(second->errorStatus(), 503);
    }
    auto third = scanner();
    feed(*third, small, small.size());
    QCOMPARE(third->phase(), Phase::Complete);
    QCOMPARE(third->takeBody(), QByteArray("abc"));

    // The first one's end frees it: completed and the connection moving on, or gone.
    feed(*first, QByteArray(200, 'b'), 200);
    QCOMPARE(first->phase(), Phase::Complete);
    first->next();
    auto fourth = scanner();
    feed(*fourth, large, large.size());
    QCOMPARE(fourth->phase(), Phase::Body);
    fourth.reset();
    auto fifth = scanner();
    const QByteArray tooLarge = "POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n";
    feed(*fifth, tooLarge, tooLarge.size());
    QCOMPARE(fifth->errorStatus(), 413);  // failed, beyond the large limit: it lets go too
    auto sixth = scanner();
    feed(*sixth, large + QByteArray(300, 'b'), large.size() + 300);
    QCOMPARE(sixth->phase(), Phase::Complete);
}

void TestRequestScanner::stopsAtEndOfRequest()
{
    const QByteArray first = "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc";
    const QByteArray firstChunked = chunked("3\r\nabc\r\n0\r\n\r\n");
    for (const QByteArray &request : {first, firstChunked}) {
        const QByteArray pipelined = request + "GET /b HTTP/1.1\r\nHost: x\r\n\r\n";
        RequestScanner scanner(kMaxHeader, kMaxBody);
        QCOMPARE(scanner.scan(pipelined.constData(), pipelined.size()), request.size());
        QCOMPARE(scanner.phase(), Phase::Complete);
        QCOMPARE(scanner.contentSize(), qint64(3));
        QCOMPARE(scanner.fieldCount(), 2);
    }
}

void TestRequestScanner::nextRequestAfterReset()
{
    RequestScanner scanner(kMaxHeader, kMaxBody);
    const QByteArray close = "GET http://a.example/a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    scanner.scan(close.constData(), close.size());
    QCOMPARE(scanner.keepAlive(), false);
    QVERIFY(scanner.isAbsoluteForm());
    scanner.next();
    QCOMPARE(scanner.phase(), Phase::Idle);
    const QByteArray head = "HEAD /b HTTP/1.1\r\nHost: x\r\n\r\n";
    scanner.scan(head.constData(), head.size());
    QCOMPARE(scanner.phase(), Phase::Complete);
    QCOMPARE(scanner.method().toByteArray(), QByteArray("HEAD"));
    QCOMPARE(scanner.target().toByteArray(), QByteArray("/b"));
    QCOMPARE(scanner.keepAlive(), true);
    QVERIFY(!scanner.isAbsoluteForm());
    QCOMPARE(scanner.fieldCount(), 1);
}

void TestRequestScanner::keepsWhatItDelimits_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("content length") << post("X-A:  one \r\nx-a:two\r\nContent-Length: 5\r\n", "hello")
                                    << QByteArray("hello");
    QTest::newRow("chunked") << post("X-A:  one \r\nx-a:two\r\nTransfer-Encoding: chunked\r\n",
                                     "5;e=1\r\nhello\r\n6\r\n world\r\n0\r\nT: 1\r\n\r\n")
                             << QByteArray("hello world");
}

void TestRequestScanner::keepsWhatItDelimits()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, body);
    for (const qsizetype piece : {qsizetype(1), qsizetype(7), input.size()}) {
        RequestScanner scanner(kMaxHeader, kMaxBody);
        QCOMPARE(feed(scanner, input, piece), input.size());
        QCOMPARE(scanner.phase(), Phase::Complete);
        QCOMPARE(scanner.method(), QByteArrayView("POST"));
        QCOMPARE(scanner.target(), QByteArrayView("/p"));
        const QList<QPair<QByteArray, QByteArray>> fields = scanner.fields();
        QCOMPARE(fields.size(), 4);
        QCOMPARE(fields.at(0), (QPair<QByteArray, QByteArray>("Host", "x")));
        QCOMPARE(fields.at(1), (QPair<QByteArray, QByteArray>("X-A", "one")));  // OWS removed
        QCOMPARE(fields.at(2), (QPair<QByteArray, QByteArray>("x-a", "two")));  // as sent, in order
        QCOMPARE(scanner.takeBody(), body);
        scanner.next();
        QVERIFY(scanner.takeBody().isEmpty());
    }
}

void TestRequestScanner::expectations_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("errorStatus");
    QTest::addColumn<bool>("expectsContinue");
    QTest::newRow("100-continue") << post("Expect: 100-Continue\r\nContent-Length: 5\r\n", {}) << 0 << true;
    QTest::newRow("100-continue in http/1.0")
        << QByteArray("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n") << 0 << false;
    QTest::newRow("100-continue over the body limit")
        << post("Expect: 100-continue\r\nContent-Length: 101\r\n", {}) << 413 << false;
    QTest::newRow("another expectation") << post("Expect: 200-ok\r\nContent-Length: 5\r\n", {}) << 417 << false;
    QTest::newRow("none") << post("Content-Length: 5\r\n", {}) << 0 << false;
}

void TestRequestScanner::expectations()
{
    QFETCH(QByteArray, input);
    QFETCH(int, errorStatus);
    QFETCH(bool, expectsContinue);
    RequestScanner scanner(kMaxHeader, kMaxBody);
    feed(scanner, input, input.size());
    QCOMPARE(scanner.errorStatus(), errorStatus);
    QCOMPARE(scanner.phase(), errorStatus ? Phase::Failed : Phase::Body);
    if (!errorStatus)
        QCOMPARE(scanner.expectsContinue(), expectsContinue);
}

void TestRequestScanner::countsBodyBytes_data()
{
    // What decides whether "100 Continue" is still worth sending: any body byte that arrived.
    QTest::addColumn<QByteArray>("fields");
    QTest::addColumn<QByteArray>("partialBody");
    QTest::addColumn<qint64>("scanned");
    QTest::newRow("content-length") << QByteArray("Content-Length: 5\r\n") << QByteArray("abc") << qint64(3);
    QTest::newRow("chunked, framing included")
        << QByteArray("Transfer-Encoding: chunked\r\n") << QByteArray("5\r\nab") << qint64(5);
}

void TestRequestScanner::countsBodyBytes()
{
    QFETCH(QByteArray, fields);
    QFETCH(QByteArray, partialBody);
    QFETCH(qint64, scanned);
    const QByteArray head = post("Expect: 100-continue\r\n" + fields, {});
    for (const qsizetype piece : {qsizetype(1), head.size() + partialBody.size()}) {
        RequestScanner scanner(kMaxHeader, kMaxBody);
        feed(scanner, head, head.size());
        QCOMPARE(scanner.bodyScanned(), qint64(0));
        scanner.next();
        feed(scanner, head + partialBody, piece);
        QCOMPARE(scanner.phase(), Phase::Body);
        QCOMPARE(scanner.bodyScanned(), scanned);
    }
}

QTEST_GUILESS_MAIN(TestRequestScanner)
#include "tst_requestscanner.moc"
