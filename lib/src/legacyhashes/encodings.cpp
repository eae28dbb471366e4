#include "legacyhashes/encodings_p.h"

#include <QString>

namespace Gatehouse::LegacyHashes {

std::optional<qint64> parseDecimal(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 10 || (text.size() > 1 && text.front() == '0'))
        return std::nullopt;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

std::optional<QByteArray> decodeBase64(QByteArrayView text)
{
    if (text.isEmpty())
        return std::nullopt;
    auto decoded = QByteArray::fromBase64Encoding(text.toByteArray(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return decoded.decoded;
}

std::optional<QByteArray> decodeAdaptedBase64(QByteArrayView text)
{
    QByteArray standard = text.toByteArray();
    for (char &c : standard) {
        if (c == '+' || c == '=')
            return std::nullopt;
        if (c == '.')
            c = '+';
    }
    return decodeBase64(standard);
}

QString schemeLabel(QByteArrayView name)
{
    if (name.isEmpty() || name.size() > 16)
        return {};
    for (const char c : name) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return {};
    }
    return QString::fromLatin1(name);
}

QList<QByteArrayView> splitAt(QByteArrayView text, char separator)
{
    QList<QByteArrayView> pieces;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == separator) {
            pieces.append(text.sliced(start, i - start));
            start = i + 1;
        }
    }
    return pieces;
}

} // namespace Gatehouse::LegacyHashes
