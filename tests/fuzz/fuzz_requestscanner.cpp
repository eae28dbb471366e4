// libFuzzer target for the HTTP request scanner (http/requestscanner): the request line, the
// headers, bodies by Content-Length or chunked, and pipelined requests on one connection.
//
// Input: one byte choosing the limits and how the stream is cut, then the bytes a client sends.
// The stream is scanned twice, as one read and as reads of pseudo-random sizes; a socket may
// deliver any cut, so both must frame the same requests (same methods, targets, versions,
// keep-alive, request boundaries, the fields and bodies the scanner keeps) and fail with the same
// status. Seeds: corpus/requestscanner
// (the framing cases of tests/unit/http/tst_requestscanner.cpp and pipelined streams).
#include "fuzzsupport.h"
#include "http/requestscanner.h"

#include <cstddef>
#include <cstdint>

using Gatehouse::RequestScanner;
using Phase = RequestScanner::Phase;

namespace {

struct Framed
{
    QByteArray method;
    QByteArray target;
    bool http10 = false;
    bool keepAlive = false;
    qsizetype end = 0;  //!< offset just after the request in the stream
    QList<QPair<QByteArray, QByteArray>> fields;
    QByteArray body;

    bool operator==(const Framed &o) const
    {
        return method == o.method && target == o.target && http10 == o.http10 && keepAlive == o.keepAlive
            && end == o.end && fields == o.fields && body == o.body;
    }
};

struct Outcome
{
    QList<Framed> requests;
    Phase last = Phase::Idle;  //!< where the scanner stopped
    int errorStatus = 0;
};

QString describe(const Outcome &o)
{
    QString s = QStringLiteral("phase %1 status %2;").arg(int(o.last)).arg(o.errorStatus);
    for (const Framed &f : o.requests)
        s += QStringLiteral(" [%1 %2 end %3]").arg(QString::fromLatin1(f.method.toHex()),
                                                     QString::fromLatin1(f.target.toHex())).arg(f.end);
    return s;
}

// Cuts of 1 to 16 bytes from a small linear congruential generator.
class Cuts
{
public:
    explicit Cuts(quint8 seed) : m_state(seed | 1u) {}
    qsizetype next()
    {
        m_state = m_state * 1103515245u + 12345u;
        return qsizetype((m_state >> 16) % 16) + 1;
    }

private:
    quint32 m_state;
};

Outcome scan(QByteArrayView stream, qint64 maxHeader, qint64 maxBody, Cuts *cuts)
{
    Outcome out;
    RequestScanner scanner(maxHeader, maxBody);
    qsizetype pos = 0;
    while (pos < stream.size()) {
        const qsizetype piece = cuts ? qMin(cuts->next(), stream.size() - pos) : stream.size() - pos;
        const qsizetype taken = scanner.scan(stream.data() + pos, piece);
        FUZZ_CHECK(taken >= 0 && taken <= piece, QStringLiteral("took %1 of %2").arg(taken).arg(piece));
        pos += taken;
        if (scanner.phase() == Phase::Complete) {
            FUZZ_CHECK(!scanner.method().isEmpty() && !scanner.target().isEmpty(), QString());
            FUZZ_CHECK(!scanner.method().contains(' '), QString());
            const QList<QPair<QByteArray, QByteArray>> fields = scanner.fields();
            FUZZ_CHECK(fields.size() == scanner.fieldCount(), QString());
            const qint64 contentSize = scanner.contentSize();
            QByteArray body = scanner.takeBody();
            FUZZ_CHECK(body.size() == contentSize && body.size() <= maxBody,
                       QStringLiteral("body %1, content size %2").arg(body.size()).arg(contentSize));
            out.requests.append({scanner.method().toByteArray(), scanner.target().toByteArray(), scanner.isHttp10(),
                                 scanner.keepAlive(), pos, fields, std::move(body)});
            scanner.next();
            FUZZ_CHECK(scanner.phase() == Phase::Idle && scanner.errorStatus() == 0, QString());
        } else if (scanner.phase() == Phase::Failed) {
            const int status = scanner.errorStatus();
            FUZZ_CHECK(status == 400 || status == 413 || status == 414 || status == 417 || status == 431
                           || status == 501 || status == 505,
                       QStringLiteral("status %1").arg(status));
            break;
        } else {
            // Short of a complete or failed request the scanner takes everything it is given.
            FUZZ_CHECK(taken == piece, QStringLiteral("took %1 of %2").arg(taken).arg(piece));
        }
    }
    out.last = scanner.phase();
    out.errorStatus = scanner.errorStatus();
    return out;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::Bytes input(QByteArrayView(data, qsizetype(size)));
    const quint8 choice = input.byte();
    static constexpr qint64 headerLimits[] = {64, 256, 8192, 65536};
    static constexpr qint64 bodyLimits[] = {0, 100, 4096, 1 << 20};
    const qint64 maxHeader = headerLimits[choice & 3];
    const qint64 maxBody = bodyLimits[(choice >> 2) & 3];
    const QByteArrayView stream = input.rest();

    const Outcome whole = scan(stream, maxHeader, maxBody, nullptr);
    Cuts cuts(choice);
    const Outcome pieces = scan(stream, maxHeader, maxBody, &cuts);
    FUZZ_CHECK(whole.requests == pieces.requests && whole.last == pieces.last
                   && whole.errorStatus == pieces.errorStatus,
               QStringLiteral("one read: %1\npieces:   %2").arg(describe(whole), describe(pieces)));
    return 0;
}
