#include "receivedmessage.h"

#include <QRegularExpression>

namespace Gatehouse::Test {

namespace {

QByteArray unfold(const QByteArray &head)
{
    QByteArray out = head;
    out.replace("\r\n ", " ").replace("\r\n\t", " ");
    return out;
}

QString decodeWords(const QByteArray &value)
{
    static const QRegularExpression word(QStringLiteral("=\\?([^?]+)\\?([BbQq])\\?([^?]*)\\?="));
    QString text = QString::fromUtf8(value);
    // Adjacent encoded words are joined without the folding whitespace between them.
    text.replace(QRegularExpression(QStringLiteral("\\?=\\s+=\\?")), QStringLiteral("?==?"));
    QString out;
    qsizetype pos = 0;
    auto it = word.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(pos, m.capturedStart() - pos);
        const QByteArray payload = m.captured(3).toLatin1();
        const QByteArray bytes = m.captured(2).toUpper() == u"B"
            ? QByteArray::fromBase64(payload)
            : decodeQuotedPrintable(QByteArray(payload).replace('_', ' '));
        out += QString::fromUtf8(bytes);
        pos = m.capturedEnd();
    }
    return out + text.mid(pos);
}

QMap<QByteArray, QString> parseHeaders(const QByteArray &head)
{
    QMap<QByteArray, QString> headers;
    for (const QByteArray &line : unfold(head).split('\n')) {
        const QByteArray l = line.endsWith('\r') ? line.chopped(1) : line;
        const qsizetype colon = l.indexOf(':');
        if (colon > 0)
            headers.insert(l.left(colon).trimmed().toLower(), decodeWords(l.mid(colon + 1).trimmed()));
    }
    return headers;
}

} // namespace

QByteArray decodeQuotedPrintable(const QByteArray &encoded)
{
    QByteArray soft = encoded;
    soft.replace("=\r\n", "");
    QByteArray out;
    for (qsizetype i = 0; i < soft.size(); ++i) {
        if (soft.at(i) == '=' && i + 2 < soft.size()) {
            bool ok = false;
            const int value = soft.mid(i + 1, 2).toInt(&ok, 16);
            if (ok) {
                out += char(value);
                i += 2;
                continue;
            }
        }
        out += soft.at(i);
    }
    return out;
}

ReceivedMessage ReceivedMessage::parse(const QByteArray &raw)
{
    ReceivedMessage message;
    message.raw = raw;
    const qsizetype split = raw.indexOf("\r\n\r\n");
    message.headers = parseHeaders(raw.left(split));
    const QByteArray body = raw.mid(split + 4);
    static const QRegularExpression boundaryPattern(QStringLiteral("boundary=\"?([^\";]+)\"?"));
    const QString boundary = boundaryPattern.match(message.headers.value("content-type")).captured(1);
    const QByteArray delimiter = "--" + boundary.toLatin1();
    qsizetype pos = body.indexOf(delimiter);
    while (pos >= 0) {
        const qsizetype start = pos + delimiter.size();
        if (body.mid(start, 2) == "--")
            break;
        const qsizetype next = body.indexOf("\r\n" + delimiter, start);
        const QByteArray part = body.mid(start + 2, (next < 0 ? body.size() : next) - start - 2);
        const qsizetype partSplit = part.indexOf("\r\n\r\n");
        const QMap<QByteArray, QString> partHeaders = parseHeaders(part.left(partSplit));
        QByteArray content = part.mid(partSplit + 4);
        if (partHeaders.value("content-transfer-encoding").compare(u"quoted-printable", Qt::CaseInsensitive) == 0)
            content = decodeQuotedPrintable(content);
        const QString type = partHeaders.value("content-type");
        if (type.startsWith(u"text/plain"))
            message.text = QString::fromUtf8(content);
        else if (type.startsWith(u"text/html"))
            message.html = QString::fromUtf8(content);
        pos = next < 0 ? -1 : next + 2;
    }
    return message;
}

QString ReceivedMessage::link() const
{
    static const QRegularExpression url(QStringLiteral("https?://[^\\s\"'<>]+"));
    return url.match(text).captured(0);
}

} // namespace Gatehouse::Test
