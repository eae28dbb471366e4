// Request smuggling and framing: one table of requests sent to the bundled server's front
// (HttpServerPool) over loopback, each row with RFC 9112's word on it (section numbers are
// RFC 9112's unless another RFC is named), the answers expected in order, whether the
// connection closes, and every request the handler received. A request whose framing is
// ambiguous never reaches the handler, nor does what was hidden in it. The rows that QHttpServer
// 6.4 lets be judged run again through the embedding front, HttpServerIntegration.
#include <gatehouse/httpserverintegration.h>
#include <gatehouse/httpserverpool.h>

#include "rawhttpclient.h"
#include "testhandler.h"

#include <QHttpServer>
#include <QLoggingCategory>
#include <QtTest>

#include <memory>

#include <sys/socket.h>

using namespace Gatehouse;

namespace {

const QByteArray kSmuggled = "GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n";

QByteArray post(const QByteArray &fields, const QByteArray &body)
{
    return "POST /p HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n" + body;
}

QByteArray chunked(const QByteArray &body)
{
    return post("Transfer-Encoding: chunked\r\n", body);
}

QByteArray get(const QByteArray &fields)
{
    return "GET /p HTTP/1.1\r\n" + fields + "\r\n";
}

//! What the handler received, one line per request: method, URL and body.
QStringList received(const QList<AuthRequest> &requests)
{
    QStringList out;
    for (const AuthRequest &request : requests) {
        QString line = QString::fromLatin1(request.method) + QLatin1Char(' ') + request.url.toString(QUrl::FullyEncoded);
        if (!request.body.isEmpty())
            line += QLatin1Char(' ') + QString::fromLatin1(request.body);
        out << line;
    }
    return out;
}

// Rows that also run through QHttpServer 6.4 and HttpServerIntegration (throughQHttpServer):
// those answered as the bundled server answers them, the same requests reaching the handler
// (the integration refuses malformed header fields by the scanner's rules: headerguard.h) ...
const QSet<QByteArray> kSameThroughQHttpServer = {
    "CL.TE: Content-Length and Transfer-Encoding",
    "TE.CL: Transfer-Encoding and Content-Length",
    "two different Content-Lengths",
    "two equal Content-Lengths",
    "Content-Length list",
    "signed Content-Length",
    "negative Content-Length",
    "Content-Length with a space inside",
    "hexadecimal Content-Length",
    "empty Content-Length",
    "Content-Length with leading zeros",
    "whitespace around the value of Content-Length",
    "chunked not the last coding",
    "a coding the server does not implement",
    "codings on two lines",
    "a coding that only contains chunked",
    "chunked twice",
    "identity coding",
    "chunked in capitals",
    "empty Transfer-Encoding",
    "Transfer-Encoding in HTTP/1.0",
    "chunked body",
    "chunk extensions",
    "a long chunk extension within the body limit",
    "chunk data split in many chunks",
    "chunked body then a pipelined request",
    "Content-Length body then a pipelined request",
    "pipelined requests with bodies",
    "pipelined requests after Connection: close",
    "an expectation other than 100-continue",
    "empty lines before a request",
    "tabs around a field value",
    "a very long field within the limit",
    "HTTP/1.1 minor version 9",
    "bare CR in a field",
    "NUL in a field value",
    "escape and DEL in a field value",
    "two Host fields",
    "two Host fields, equal, in other cases",
    "empty Host in HTTP/1.1",
    "Host with a path",
    "Host with user info",
    "origin-form with a query and escapes",
    "upgrade to h2c",
    "WebSocket upgrade",
};
// ... and those QHttpServer refuses in its own way, closing with or without an answer, the
// handler receiving nothing. In the other rows QHttpServer reads the request line or the body
// more leniently (or, with a Content-Length beyond any integer, throws in its parser): the
// integration sees only the fields it hands on, which is why the bundled server parses itself.
const QSet<QByteArray> kRefusedByQHttpServer = {
    "trailer fields",
    "a body shorter than its Content-Length, then a request",
    "bare CR ending the request line",
    "whitespace in the target",
    "HTTP/0.9 request",
    "HTTP/0.9 request then a smuggled one",
    "HTTP/2 connection preface",
    "lower-case version",
};

} // namespace

class TestRequestFraming : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void table_data();
    void table();
    void throughQHttpServer_data();
    void throughQHttpServer();
    void halfClose_data();
    void halfClose();

private:
    enum class Front { Pool, QHttpServer };
    enum class Refusal { Exact, AnyAnswer };
    static void addRows(Front front);
    /*!
     * Sends the row's request to \a port and reads its answers; then either the connection
     * closes (with nothing else sent, unless \a refusal lets a row without answers close with
     * any) or a GET /after is answered. \a handler received what the row says.
     */
    static void verifyRow(quint16 port, const TestHandler &handler, Refusal refusal);
};

void TestRequestFraming::initTestCase()
{
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=false\ngatehouse.http.warning=false"));
}

void TestRequestFraming::table_data()
{
    addRows(Front::Pool);
}

void TestRequestFraming::addRows(Front front)
{
    QTest::addColumn<QString>("rfc");
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QList<int>>("statuses");  //!< the answers, in order
    QTest::addColumn<bool>("closes");          //!< the server closes the connection after them
    QTest::addColumn<QStringList>("reached");  //!< what the handler received ({port}: the server's)

    const auto row = [front](const char *name, const char *rfc, const QByteArray &request, QList<int> statuses,
                             bool closes, const QStringList &reached = {}) {
        if (front == Front::QHttpServer) {
            if (!kRefusedByQHttpServer.contains(name) && !kSameThroughQHttpServer.contains(name))
                return;
            if (kRefusedByQHttpServer.contains(name)) {
                statuses = {};
                closes = true;
            }
        }
        QTest::newRow(name) << QString::fromLatin1(rfc) << request << statuses << closes << reached;
    };
    const QByteArray smuggledLength = QByteArray::number(kSmuggled.size());

    // Content-Length and Transfer-Encoding (6.1, 6.3).
    row("CL.TE: Content-Length and Transfer-Encoding", "6.3 item 3: ought to be an error; close after",
        post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n" + kSmuggled), {400}, true);
    row("TE.CL: Transfer-Encoding and Content-Length", "6.3 item 3",
        post("Transfer-Encoding: chunked\r\nContent-Length: 4\r\n", "0\r\n\r\n" + kSmuggled), {400}, true);
    row("two different Content-Lengths", "6.3 item 5; RFC 9110 8.6",
        post("Content-Length: 5\r\nContent-Length: 6\r\n", "hello!"), {400}, true);
    row("two equal Content-Lengths", "RFC 9110 8.6: may reject",
        post("Content-Length: 5\r\nContent-Length: 5\r\n", "hello"), {400}, true);
    row("Content-Length list", "RFC 9110 8.6: 1*DIGIT", post("Content-Length: 5, 5\r\n", "hello"), {400}, true);
    row("signed Content-Length", "6.3 item 5: invalid, 400 and close",
        post("Content-Length: +5\r\n", "hello"), {400}, true);
    row("negative Content-Length", "6.3 item 5", post("Content-Length: -1\r\n", "x"), {400}, true);
    row("Content-Length with a space inside", "6.3 item 5", post("Content-Length: 1 0\r\n", "0123456789"),
        {400}, true);
    row("hexadecimal Content-Length", "6.3 item 5", post("Content-Length: 0x5\r\n", "hello"), {400}, true);
    row("empty Content-Length", "6.3 item 5", post("Content-Length: \r\n", "hello"), {400}, true);
    row("Content-Length with leading zeros", "6.3 item 6; RFC 9110 8.6: 1*DIGIT",
        post("Content-Length: 005\r\n", "hello"), {200}, false, {"POST http://a/p hello"});
    row("whitespace before the colon of Content-Length", "5.1: must reject with 400",
        post("Content-Length : " + smuggledLength + "\r\n", kSmuggled), {400}, true);
    row("whitespace around the value of Content-Length", "5.1, RFC 9110 5.5: OWS is not part of the value",
        post("Content-Length: \t5 \r\n", "hello"), {200}, false, {"POST http://a/p hello"});
    row("Content-Length over the body limit", "RFC 9110 15.5.14",
        post("Content-Length: 2000\r\n", QByteArray(2000, 'x')), {413}, true);
    row("Content-Length beyond any integer", "RFC 9110 8.6: anticipate large numerals",
        post("Content-Length: 99999999999999999999999999\r\n", "x"), {413}, true);
    row("chunked not the last coding", "6.3 item 4: 400 and close",
        post("Transfer-Encoding: chunked, gzip\r\n", "0\r\n\r\n"), {400}, true);
    row("a coding the server does not implement", "6.1: should answer 501",
        post("Transfer-Encoding: gzip, chunked\r\n", "0\r\n\r\n"), {501}, true);
    row("codings on two lines", "6.1: a list over field lines",
        post("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), {501}, true);
    row("a coding that only contains chunked", "6.3 item 4",
        post("Transfer-Encoding: xchunked\r\n", "5\r\nhello\r\n0\r\n\r\n" + kSmuggled), {400}, true);
    row("chunked twice", "6.1: chunked is not applied more than once",
        post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), {400}, true);
    row("identity coding", "6.3 item 4", post("Transfer-Encoding: identity\r\n", "hello"), {400}, true);
    row("chunked in capitals", "7: transfer-coding names are case-insensitive",
        post("Transfer-Encoding: CHUNKED\r\n", "5\r\nhello\r\n0\r\n\r\n"), {200}, false,
        {"POST http://a/p hello"});
    row("empty Transfer-Encoding", "6.3 item 4: no final chunked, 400 and close",
        post("Transfer-Encoding: \r\nContent-Length: 5\r\n", "hello"), {400}, true);
    row("Transfer-Encoding in HTTP/1.0", "6.1: faulty framing, close",
        "POST /p HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", {400}, true);
    row("Transfer-Encoding folded", "5.2: obs-fold, reject with 400",
        post("Transfer-Encoding:\r\n chunked\r\n", "0\r\n\r\n"), {400}, true);

    // Chunked bodies (7.1).
    row("chunked body", "7.1", chunked("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"), {200}, false,
        {"POST http://a/p hello world"});
    row("chunk extensions", "7.1.1: ignore unrecognised extensions",
        chunked("5;name=value;q=\"a;b\"\r\nhello\r\n0;last\r\n\r\n"), {200}, false, {"POST http://a/p hello"});
    row("a long chunk extension within the body limit", "7.1.1",
        chunked("5;" + QByteArray(600, 'e') + "\r\nhello\r\n0\r\n\r\n"), {200}, false, {"POST http://a/p hello"});
    row("a chunk extension beyond the body limit", "7.1.1: limit extensions, answer 4xx",
        chunked("5;" + QByteArray(2000, 'e') + "\r\nhello\r\n0\r\n\r\n"), {413}, true);
    row("a chunk extension on the last chunk beyond the body limit", "7.1.1",
        chunked("5\r\nhello\r\n0;" + QByteArray(100000, 'e') + "\r\n\r\n" + kSmuggled), {413}, true);
    row("a chunk extension without its semicolon", "7.1.1: chunk-ext = *( BWS \";\" ... )",
        chunked("5 ext\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("a control character in a chunk extension", "7.1.1; RFC 9110 5.6.2: token or quoted-string",
        chunked(QByteArray("5;a=") + '\0' + "\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("a bare LF inside a chunk extension", "7.1: CRLF; 2.2",
        chunked("5;a\nb\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("chunk size beyond 64 bits", "7.1: anticipate large hexadecimal numerals",
        chunked("10000000000000005\r\nhello\r\n0\r\n\r\n" + kSmuggled), {413}, true);
    row("chunk size of 64 bits", "7.1: prevent integer overflows",
        chunked("ffffffffffffffff\r\nhello\r\n0\r\n\r\n" + kSmuggled), {413}, true);
    row("chunk size of 63 bits", "7.1: prevent integer overflows",
        chunked("7fffffffffffffff\r\nhello\r\n0\r\n\r\n" + kSmuggled), {413}, true);
    row("signed chunk size", "7.1: chunk-size = 1*HEXDIG", chunked("+5\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("empty chunk size", "7.1: chunk-size = 1*HEXDIG", chunked("\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("chunk size over the body limit", "RFC 9110 15.5.14", chunked("800\r\n" + QByteArray(100, 'x')), {413},
        true);
    row("chunk size with 0x", "7.1: chunk-size = 1*HEXDIG", chunked("0x5\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("chunk size with trailing whitespace", "7.1: BWS only before an extension",
        chunked("5 \r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("chunk data longer than its size", "7.1: CRLF after chunk-data",
        chunked("3\r\nhello\r\n0\r\n\r\n"), {400}, true);
    row("bare LF after a chunk size", "7.1: CRLF", chunked("5\nhello\r\n0\r\n\r\n" + kSmuggled), {400}, true);
    row("bare LF after chunk data", "7.1: CRLF", chunked("5\r\nhello\n0\r\n\r\n"), {400}, true);
    row("trailer fields", "7.1.2: a recipient may discard them",
        chunked("5\r\nhello\r\n0\r\nX-Trailer: 1\r\nX-Empty:\r\n\r\n"), {200}, false, {"POST http://a/p hello"});
    row("trailer field without a colon", "7.1.2, 5.1: a field line", chunked("5\r\nhello\r\n0\r\nX-Trailer\r\n\r\n"),
        {400}, true);
    row("trailer field folded", "7.1.2, 5.2: no obs-fold",
        chunked("5\r\nhello\r\n0\r\nX-Trailer: 1\r\n 2\r\n\r\n"), {400}, true);
    row("trailer hiding a request", "7.1.2: the trailer ends at the empty line",
        chunked("5\r\nhello\r\n0\r\n" + kSmuggled), {400}, true);
    row("chunk data split in many chunks", "7.1: the body is the chunks' data, joined",
        chunked("1\r\nh\r\n2\r\nel\r\n02\r\nlo\r\n0000\r\n\r\n"), {200}, false, {"POST http://a/p hello"});
    row("last chunk missing its empty line, then a request", "7.1: last-chunk trailer-section CRLF",
        chunked("5\r\nhello\r\n0\r\n") + "GET /next HTTP/1.1\r\n\r\n", {400}, true);
    row("chunked body then a pipelined request", "7.1, 9.3",
        chunked("5\r\nhello\r\n0\r\n\r\n") + "GET /next HTTP/1.1\r\nHost: a\r\n\r\n", {200, 200}, false,
        {"POST http://a/p hello", "GET http://a/next"});
    row("Content-Length body then a pipelined request", "6.2, 9.3",
        post("Content-Length: 5\r\n", "hello") + "GET /next HTTP/1.1\r\nHost: a\r\n\r\n", {200, 200}, false,
        {"POST http://a/p hello", "GET http://a/next"});
    row("pipelined requests with bodies", "9.3: responses in the order of the requests",
        post("Content-Length: 3\r\n", "one") + chunked("3\r\ntwo\r\n0\r\n\r\n")
            + post("Content-Length: 5\r\n", "three") + post("Content-Length: 0\r\n", {}),
        {200, 200, 200, 200}, false,
        {"POST http://a/p one", "POST http://a/p two", "POST http://a/p three", "POST http://a/p"});
    row("pipelined requests after Connection: close", "9.6: the last request; later ones not processed",
        post("Content-Length: 3\r\nConnection: close\r\n", "one") + kSmuggled, {200}, true, {"POST http://a/p one"});
    row("a body shorter than its Content-Length, then a request", "6.2: the next bytes are the body",
        post("Content-Length: 10\r\n", "hello") + "GET /x HTTP/1.1\r\nHost: a\r\n\r\n", {200, 400}, true,
        {"POST http://a/p helloGET /"});
    row("an expectation other than 100-continue", "RFC 9110 10.1.1: may answer 417",
        post("Expect: the-unexpected\r\nContent-Length: 5\r\n", "hello"), {417}, true);

    // Methods (3.1; RFC 9110 9).
    row("extension method", "3.1: method = token", "PROPFIND /p HTTP/1.1\r\nHost: a\r\n\r\n", {200}, false,
        {"PROPFIND http://a/p"});
    row("method in lower case", "3.1: case-sensitive, passed on as sent", "get /p HTTP/1.1\r\nHost: a\r\n\r\n",
        {200}, false, {"get http://a/p"});
    row("method with a separator", "3.1: method = token", "GE(T /p HTTP/1.1\r\nHost: a\r\n\r\n", {400}, true);

    // Line ends, folding, whitespace and controls (2.2, 5).
    row("empty lines before a request", "2.2: should ignore at least one", "\r\n\r\n" + get("Host: a\r\n"), {200},
        false, {"GET http://a/p"});
    row("tab before the colon", "5.1: no whitespace between name and colon", get("Host: a\r\nX-A\t: 1\r\n"), {400},
        true);
    row("tabs around a field value", "5.1: OWS", get("Host:\ta\t\r\n"), {200}, false, {"GET http://a/p"});
    row("a very long field within the limit", "5.5: no length limit of its own",
        get("Host: a\r\nX-Long: " + QByteArray(1900, 'v') + "\r\n"), {200}, false, {"GET http://a/p"});
    row("a very long field beyond the limit", "RFC 6585 5: 431",
        get("Host: a\r\nX-Long: " + QByteArray(4000, 'v') + "\r\n"), {431}, true);
    row("a very long target", "3: 414", "GET /" + QByteArray(3000, 'p') + " HTTP/1.1\r\nHost: a\r\n\r\n", {414},
        true);
    row("HTTP/1.1 minor version 9", "2.3: a higher minor version is understood as 1.1",
        "GET /p HTTP/1.9\r\nHost: a\r\n\r\n", {200}, false, {"GET http://a/p"});
    row("bare LF line ends", "2.2: may accept; refused", "GET /p HTTP/1.1\nHost: a\n\n", {400}, true);
    row("bare CR in a field", "2.2: must reject or replace", get("Host: a\r\nX-A: a\rb\r\n"), {400}, true);
    row("obs-fold", "5.2: reject with 400 or replace", get("Host: a\r\nX-A: a\r\n b\r\n"), {400}, true);
    row("whitespace before the first field", "2.2: reject or ignore the line", get(" Host: a\r\n"), {400},
        true);
    row("whitespace after a field name", "5.1: must reject with 400", get("Host : a\r\n"), {400}, true);
    row("NUL in a field value", "RFC 9110 5.5: reject or replace",
        get(QByteArray("Host: a\r\nX-A: a") + '\0' + "b\r\n"), {400}, true);
    row("escape and DEL in a field value", "RFC 9110 5.5", get("Host: a\r\nX-A: \x1b[1m\x7f\r\n"), {400}, true);
    row("control in a field name", "5.1: field-name = token", get("Host: a\r\nX\x01: b\r\n"), {400}, true);
    row("NUL in a field name", "5.1: field-name = token",
        get(QByteArray("Host: a\r\nX") + '\0' + "A: b\r\n"), {400}, true);
    row("NUL in the request target", "3.2: no control characters",
        QByteArray("GET /p") + '\0' + "x HTTP/1.1\r\nHost: a\r\n\r\n", {400}, true);
    row("bare CR ending the request line", "2.2: must reject or replace",
        "GET /p HTTP/1.1\rHost: a\r\n\r\n", {400}, true);
    row("two spaces after the method", "3: single SP; may be read leniently, refused",
        "GET  /p HTTP/1.1\r\nHost: a\r\n\r\n", {400}, true);
    row("field without a colon", "5.1", get("Host: a\r\nnonsense\r\n"), {400}, true);

    // Host (3.2).
    row("no Host in HTTP/1.1", "3.2: must answer 400", get({}), {400}, true);
    row("two Host fields", "3.2: must answer 400", get("Host: a\r\nHost: b\r\n"), {400}, true);
    row("two Host fields, equal, in other cases", "3.2: must answer 400", get("host: a\r\nHOST: a\r\n"), {400},
        true);
    row("empty Host in HTTP/1.1", "3.2: an origin-form target has an authority", get("Host:\r\n"), {400}, true);
    row("Host with a path", "3.2: invalid value, 400", get("Host: a/evil\r\n"), {400}, true);
    row("Host with user info", "3.2: invalid value, 400", get("Host: user@a\r\n"), {400}, true);
    row("no Host in HTTP/1.0", "3.2: required in HTTP/1.1 only", "GET /p HTTP/1.0\r\n\r\n", {200}, true,
        {"GET http://127.0.0.1:{port}/p"});

    // Request targets (3.2).
    row("absolute-form", "3.2.2: must accept; the target's authority, not Host",
        "GET http://other.example:8080/auth/x?q=1 HTTP/1.1\r\nHost: a\r\n\r\n", {200}, false,
        {"GET http://other.example:8080/auth/x?q=1"});
    row("absolute-form with https and no path", "3.2.2; the scheme stays the connection's",
        "GET https://other.example HTTP/1.1\r\nHost: a\r\n\r\n", {200}, false, {"GET http://other.example/"});
    row("origin-form with a query and escapes", "3.2.1: absolute-path [ ? query ]",
        "GET /a%20b/c?x=%2F&y HTTP/1.1\r\nHost: a\r\n\r\n", {200}, false, {"GET http://a/a%20b/c?x=%2F&y"});
    row("absolute-form of another scheme", "3.2.2", "GET ftp://a/p HTTP/1.1\r\nHost: a\r\n\r\n", {400}, true);
    row("asterisk-form", "3.2.4: server-wide OPTIONS, not implemented (RFC 9110 15.6.2)",
        "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", {501}, true);
    row("asterisk-form with GET", "3.2.4: OPTIONS only", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", {400}, true);
    row("authority-form (CONNECT)", "3.2.3: for proxies; not implemented",
        "CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n" + kSmuggled, {501}, true);
    row("whitespace in the target", "3.2: no whitespace; 400", "GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", {400},
        true);
    row("fragment in the target", "3.2: no fragment", "GET /p#f HTTP/1.1\r\nHost: a\r\n\r\n", {400}, true);
    row("request line over the header limit", "3: 414 for a target too long",
        "GET /" + QByteArray(3000, 'a') + " HTTP/1.1\r\nHost: a\r\n\r\n", {414}, true);
    row("header section over its limit", "RFC 6585 5: 431",
        get("Host: a\r\nX-Filler: " + QByteArray(3000, 'f') + "\r\n"), {431}, true);
    QByteArray manyFields = "Host: a\r\n";
    for (int i = 0; i < 100; ++i)
        manyFields += "X: 1\r\n";
    row("more than 100 fields", "RFC 6585 5; QHttpServer 6.4 would drop every field", get(manyFields), {431},
        true);

    // Versions and other protocols (2.3).
    row("HTTP/0.9 request", "2.3, 3: no version, 400", "GET /p\r\n", {400}, true);
    row("HTTP/0.9 request then a smuggled one", "2.3, 3",
        "GET /p\r\n" + kSmuggled, {400}, true);
    row("HTTP/2 connection preface", "RFC 9110 15.6.6: 505; RFC 9113 3.4",
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", {505}, true);
    row("lower-case version", "2.3: case-sensitive", "GET /p http/1.1\r\nHost: a\r\n\r\n", {400}, true);
    row("upgrade to h2c", "RFC 9110 7.8: may ignore Upgrade",
        get("Host: a\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n"),
        {200}, false, {"GET http://a/p"});
    row("WebSocket upgrade", "RFC 9110 7.8; no WebSocket here: 501",
        get("Host: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n"),
        {501}, true);
}

void TestRequestFraming::table()
{
    TestHandler handler;
    HttpServerPool pool(handler.handler());
    ServerLimits limits;
    limits.maxBodySize = 1024;
    limits.maxHeaderSize = 2048;
    pool.setLimits(limits);
    pool.setThreadCount(1);
    const quint16 port = pool.listen(QHostAddress::LocalHost, 0);
    QVERIFY(port);
    verifyRow(port, handler, Refusal::Exact);
}

void TestRequestFraming::throughQHttpServer_data()
{
    addRows(Front::QHttpServer);
}

void TestRequestFraming::throughQHttpServer()
{
    // The embedding front: QHttpServer 6.4 parses, HttpServerIntegration converts with the same
    // code as the bundled server. Where QHttpServer accepts a request as the scanner does, the
    // handler receives the same; where it refuses one, nothing of it reaches the handler.
    TestHandler handler;
    QHttpServer server;
    HttpServerIntegration integration(handler.handler());
    QVERIFY(integration.mount(&server, QStringLiteral("/")));
    const quint16 port = server.listen(QHostAddress::LocalHost, 0);
    QVERIFY(port);
    // A refusal of QHttpServer's own closes, with or without an answer of its making.
    verifyRow(port, handler, Refusal::AnyAnswer);
}

void TestRequestFraming::verifyRow(quint16 port, const TestHandler &handler, Refusal refusal)
{
    QFETCH(QString, rfc);
    QFETCH(QByteArray, request);
    QFETCH(QList<int>, statuses);
    QFETCH(bool, closes);
    QFETCH(QStringList, reached);

    RawHttpClient client(port);
    client.send(request);
    for (const int status : statuses) {
        const auto response = client.readResponse();
        QVERIFY2(response, qPrintable(rfc));
        QVERIFY2(response->status == status,
                 qPrintable(QStringLiteral("%1 instead of %2 (%3)").arg(response->status).arg(status).arg(rfc)));
        if (status >= 400)
            QCOMPARE(response->value("Connection"), QByteArray("close"));
    }
    if (closes) {
        QVERIFY2(client.waitForClosed(), qPrintable(rfc));
        if (refusal == Refusal::Exact || !statuses.isEmpty())
            QVERIFY2(client.pending().isEmpty(), client.pending().constData());
    } else {
        // The connection goes on, and nothing was hidden in what came before.
        client.send("GET /after HTTP/1.1\r\nHost: a\r\n\r\n");
        const auto response = client.readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        reached << QStringLiteral("GET http://a/after");
    }
    reached.replaceInStrings(QStringLiteral("{port}"), QString::number(port));
    QCOMPARE(received(handler.requests()), reached);
}

void TestRequestFraming::halfClose_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("answered at once") << QByteArray("/p") << QByteArray("hello");
    QTest::newRow("answered later on the serving thread")
        << QByteArray("/later") << QByteArray("later");
    QTest::newRow("answered on another thread") << QByteArray("/thread") << QByteArray("later");
}

void TestRequestFraming::halfClose()
{
    // 9.6: a client may half-close once its requests are sent. The requests it sent are answered,
    // even by a handler still working when the client's end arrives; then the server closes too.
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, body);
    TestHandler handler;
    HttpServerPool pool(handler.handler());
    pool.setThreadCount(1);
    const quint16 port = pool.listen(QHostAddress::LocalHost, 0);
    QVERIFY(port);
    RawHttpClient client(port);
    const QByteArray request = "POST " + path + " HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\n";
    client.send(request + "one" + request + "two");
    QCOMPARE(::shutdown(int(client.socket().socketDescriptor()), SHUT_WR), 0);
    for (int i = 0; i < 2; ++i) {
        const auto response = client.readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        QCOMPARE(response->body, body);
    }
    QVERIFY(client.waitForClosed());
    const QString target = QStringLiteral("POST http://a") + QString::fromLatin1(path);
    QCOMPARE(received(handler.requests()), QStringList({target + " one", target + " two"}));
}

QTEST_GUILESS_MAIN(TestRequestFraming)
#include "tst_requestframing.moc"
