#include "webhooks/signature.h"

#include "crypto/compare.h"
#include "crypto/hash.h"

#include <QList>

#include <optional>

namespace Gatehouse::Webhooks {

namespace {

QByteArray digest(QByteArrayView secret, qint64 unixSeconds, QByteArrayView body)
{
    QByteArray signedContent = QByteArray::number(unixSeconds);
    signedContent += '.';
    signedContent += body;
    return Crypto::hmacSha256(secret, signedContent).toHex();
}

} // namespace

QByteArray signature(QByteArrayView secret, qint64 unixSeconds, QByteArrayView body)
{
    return "t=" + QByteArray::number(unixSeconds) + ",v1=" + digest(secret, unixSeconds, body);
}

bool verifySignature(QByteArrayView secret, QByteArrayView header, QByteArrayView body, qint64 nowSeconds,
                     qint64 toleranceSeconds)
{
    std::optional<qint64> timestamp;
    QList<QByteArray> candidates;
    for (const QByteArray &part : header.toByteArray().split(',')) {
        const QByteArray item = part.trimmed();
        if (item.startsWith("t=")) {
            bool ok = false;
            const qint64 value = item.mid(2).toLongLong(&ok);
            if (!ok || timestamp)
                return false;  // a second timestamp: which one was signed?
            timestamp = value;
        } else if (item.startsWith("v1=")) {
            candidates.append(item.mid(3));
        }
    }
    if (!timestamp || candidates.isEmpty() || qAbs(nowSeconds - *timestamp) > toleranceSeconds)
        return false;
    const QByteArray expected = digest(secret, *timestamp, body);
    bool any = false;
    for (const QByteArray &candidate : candidates)
        any = Crypto::constantTimeEquals(candidate, expected) || any;  // every one compared
    return any;
}

} // namespace Gatehouse::Webhooks
