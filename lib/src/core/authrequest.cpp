#include <gatehouse/authrequest.h>

#include <QUrl>

#include <QVarLengthArray>

namespace Gatehouse {

namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/*!
 * \a value percent-decoded as UTF-8, as QUrl::fromPercentEncoding() decodes it. Values whose
 * every '%' starts two hex digits (what encodeURIComponent writes) are decoded on the stack;
 * any other goes to Qt, so that its handling of a stray '%' stays the one in force.
 */
QString percentDecoded(QByteArrayView value)
{
    QVarLengthArray<char, 256> bytes;
    bytes.reserve(value.size());
    for (qsizetype i = 0; i < value.size(); ++i) {
        if (value[i] != '%') {
            bytes.append(value[i]);
            continue;
        }
        const int high = i + 2 < value.size() ? hexDigit(value[i + 1]) : -1;
        const int low = high < 0 ? -1 : hexDigit(value[i + 2]);
        if (low < 0)
            return QUrl::fromPercentEncoding(value.toByteArray());
        bytes.append(char(high << 4 | low));
        i += 2;
    }
    return QString::fromUtf8(bytes.constData(), bytes.size());
}

} // namespace

QByteArray AuthRequest::header(QByteArrayView name) const
{
    for (const auto &h : headers) {
        if (h.first.size() == name.size() && qstrnicmp(h.first.constData(), name.data(), name.size()) == 0)
            return h.second;
    }
    return {};
}

QMap<QString, QString> AuthRequest::cookies() const
{
    QMap<QString, QString> result;
    for (const auto &h : headers) {
        if (h.first.compare("cookie", Qt::CaseInsensitive) != 0)
            continue;
        // RFC 6265 cookie-string: name=value pairs separated by "; ".
        QByteArrayView rest(h.second);
        while (!rest.isEmpty()) {
            const qsizetype semicolon = rest.indexOf(';');
            QByteArrayView pair = (semicolon < 0 ? rest : rest.first(semicolon)).trimmed();
            rest = semicolon < 0 ? QByteArrayView() : rest.sliced(semicolon + 1);
            const qsizetype eq = pair.indexOf('=');
            if (eq <= 0)
                continue;
            const QString name = QString::fromLatin1(pair.first(eq).trimmed());
            if (result.contains(name))
                continue;
            QByteArrayView value = pair.sliced(eq + 1).trimmed();
            if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
                value = value.sliced(1, value.size() - 2);
            // Values are percent-encoded by the writer (encodeURIComponent semantics).
            result.insert(name, value.contains('%') ? percentDecoded(value) : QString::fromLatin1(value));
        }
    }
    return result;
}

} // namespace Gatehouse
