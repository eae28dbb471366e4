#include "core/clientaddress.h"

#include <algorithm>

namespace Gatehouse {

namespace {

QHostAddress plain(const QHostAddress &address)
{
    bool mapped = false;
    const quint32 ipv4 = address.toIPv4Address(&mapped);
    return mapped && address.protocol() == QAbstractSocket::IPv6Protocol ? QHostAddress(ipv4) : address;
}

bool isTrusted(const QHostAddress &address, const QList<ProxySubnet> &trustedProxies)
{
    return std::any_of(trustedProxies.begin(), trustedProxies.end(),
                       [&](const ProxySubnet &subnet) { return address.isInSubnet(subnet); });
}

//! One X-Forwarded-For entry: an address, also in the "[v6]:port" and "v4:port" forms some proxies write.
QHostAddress parseEntry(QByteArrayView entry)
{
    QString text = QString::fromLatin1(entry.trimmed());
    if (text.startsWith(u'[')) {
        const qsizetype close = text.indexOf(u']');
        if (close < 0)
            return {};
        text = text.mid(1, close - 1);
    } else if (text.count(u':') == 1) {
        text.truncate(text.indexOf(u':'));
    }
    QHostAddress address;
    if (text.isEmpty() || !address.setAddress(text))
        return {};
    return plain(address);
}

} // namespace

QHostAddress clientAddress(const AuthRequest &request, const QList<ProxySubnet> &trustedProxies)
{
    QHostAddress current = plain(request.remoteAddress);
    if (trustedProxies.isEmpty() || !isTrusted(current, trustedProxies))
        return current;
    QList<QByteArrayView> entries;
    for (const auto &[name, value] : request.headers) {
        if (name.compare("x-forwarded-for", Qt::CaseInsensitive) != 0)
            continue;
        for (qsizetype start = 0; start <= value.size();) {
            qsizetype comma = value.indexOf(',', start);
            if (comma < 0)
                comma = value.size();
            entries.append(QByteArrayView(value).sliced(start, comma - start));
            start = comma + 1;
        }
    }
    for (auto entry = entries.crbegin(); entry != entries.crend(); ++entry) {
        const QHostAddress previous = parseEntry(*entry);
        if (previous.isNull())
            return current;  // the trusted proxy passed on something that is not an address
        current = previous;
        if (!isTrusted(current, trustedProxies))
            return current;
    }
    return current;  // every hop was a trusted proxy: the left-most one is the client
}

} // namespace Gatehouse
