#include "webauthn/cbor.h"

#include "webauthn/verificationerror.h"

#include <QCborStreamReader>

#include <algorithm>
#include <vector>

namespace Gatehouse::WebAuthn::Cbor {

QCborValue decodeItem(QByteArrayView data, const QString &what, qsizetype *consumed)
{
    if (data.isEmpty())
        throw VerificationError(QStringLiteral("%1: no CBOR data").arg(what));
    QCborStreamReader reader(data.data(), data.size());
    const QCborValue value = QCborValue::fromCbor(reader);
    const QCborError error = reader.lastError();
    if (error != QCborError::NoError)
        throw VerificationError(QStringLiteral("%1: malformed CBOR (%2)").arg(what, error.toString()));
    // A truncated item reads as "end of data" on some paths: make sure the item really ended.
    const qint64 offset = reader.currentOffset();
    if (offset <= 0 || offset > data.size())
        throw VerificationError(QStringLiteral("%1: malformed CBOR (incomplete item)").arg(what));
    *consumed = qsizetype(offset);
    return value;
}

QCborValue decodeAll(QByteArrayView data, const QString &what)
{
    qsizetype consumed = 0;
    const QCborValue value = decodeItem(data, what, &consumed);
    if (consumed != data.size())
        throw VerificationError(QStringLiteral("%1: %2 unexpected bytes after the CBOR item")
                                    .arg(what).arg(data.size() - consumed));
    return value;
}

QCborMap map(const QCborValue &value, const QString &what)
{
    if (!value.isMap())
        throw VerificationError(QStringLiteral("%1: expected a CBOR map").arg(what));
    const QCborMap map = value.toMap();
    std::vector<QCborValue> keys;
    keys.reserve(size_t(map.size()));
    for (auto it = map.constBegin(); it != map.constEnd(); ++it)
        keys.push_back(it.key());
    std::sort(keys.begin(), keys.end());
    if (std::adjacent_find(keys.begin(), keys.end()) != keys.end())
        throw VerificationError(QStringLiteral("%1: CBOR map has a duplicate key").arg(what));
    return map;
}

QByteArray bytes(const QCborMap &map, const QCborValue &key, const QString &what)
{
    const QCborValue value = map.value(key);
    if (!value.isByteArray())
        throw VerificationError(QStringLiteral("%1: %2").arg(what, value.isUndefined()
                                                                  ? QStringLiteral("missing")
                                                                  : QStringLiteral("not a byte string")));
    return value.toByteArray();
}

qint64 integer(const QCborMap &map, const QCborValue &key, const QString &what)
{
    const QCborValue value = map.value(key);
    if (!value.isInteger())
        throw VerificationError(QStringLiteral("%1: %2").arg(what, value.isUndefined()
                                                                  ? QStringLiteral("missing")
                                                                  : QStringLiteral("not an integer")));
    return value.toInteger();
}

} // namespace Gatehouse::WebAuthn::Cbor
