#include "oidcprovider/parameters.h"

#include <QByteArrayList>
#include <QUrl>

namespace Gatehouse::OidcProvider {

namespace {

QString decoded(QByteArray part)
{
    part.replace('+', ' ');
    return QString::fromUtf8(QByteArray::fromPercentEncoding(part));
}

} // namespace

Parameters parseParameters(const QByteArray &encoded)
{
    Parameters result;
    if (encoded.isEmpty())
        return result;
    const QByteArrayList pairs = encoded.split('&');
    // Counted before anything is decoded: a flood of parameters costs no more than its split.
    if (pairs.size() > maxParameters) {
        result.tooLarge = true;
        return result;
    }
    QHash<QString, bool> seen;
    for (const QByteArray &pair : pairs) {
        if (pair.isEmpty())
            continue;
        const qsizetype equals = pair.indexOf('=');
        const QByteArray rawName = equals < 0 ? pair : pair.first(equals);
        const QByteArray rawValue = equals < 0 ? QByteArray() : pair.sliced(equals + 1);
        if (rawValue.size() > 3 * maxParameterLength || rawName.size() > 3 * maxParameterLength) {
            result.tooLarge = true;
            return result;
        }
        const QString name = decoded(rawName);
        const QString value = decoded(rawValue);
        if (value.size() > maxParameterLength) {
            result.tooLarge = true;
            return result;
        }
        if (seen.contains(name)) {
            if (result.repeated.isEmpty())
                result.repeated = name;
            continue;
        }
        seen.insert(name, true);
        if (!value.isEmpty())
            result.values.insert(name, value);
    }
    return result;
}

} // namespace Gatehouse::OidcProvider
