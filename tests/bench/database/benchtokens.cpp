#include "benchtokens.h"

#include <QCryptographicHash>

namespace BenchTokens {

QString sessionToken(qint64 index)
{
    const QByteArray hex = QCryptographicHash::hash("gatehouse-bench-session-" + QByteArray::number(index),
                                                    QCryptographicHash::Sha256)
                               .toHex();
    return QString::fromLatin1(hex.left(8) + '-' + hex.mid(8, 4) + '-' + hex.mid(12, 4) + '-' + hex.mid(16, 4) + '-'
                               + hex.mid(20, 12));
}

QString userEmail(qint64 id)
{
    return QStringLiteral("user%1@bench.example.test").arg(id);
}

} // namespace BenchTokens
