#include "twofactor/recoverycodes.h"

#include "crypto/hash.h"
#include "crypto/random.h"
#include "twofactor/base32.h"

namespace Gatehouse::RecoveryCodes {

namespace {

constexpr int Symbols = Bits / 5;   // 16 base32 characters

} // namespace

QStringList generate(int count)
{
    QStringList codes;
    codes.reserve(count);
    for (int i = 0; i < count; ++i) {
        const QString symbols = Base32::encode(Crypto::randomBytes(Bits / 8)).toLower();
        QStringList groups;
        for (int at = 0; at < Symbols; at += 4)
            groups.append(symbols.mid(at, 4));
        codes.append(groups.join(QLatin1Char('-')));
    }
    return codes;
}

QString normalise(QStringView typed)
{
    QString out;
    out.reserve(Symbols);
    for (const QChar c : typed) {
        if (c.isSpace() || c == u'-')
            continue;
        const QChar upper = c.toUpper();
        const bool letter = upper >= u'A' && upper <= u'Z';
        const bool digit = upper >= u'2' && upper <= u'7';
        if (!letter && !digit)
            return {};
        out.append(upper);
        if (out.size() > Symbols)
            return {};
    }
    return out.size() == Symbols ? out : QString();
}

QString hash(const QString &userId, const QString &normalised)
{
    const QByteArray input = QByteArrayLiteral("Gatehouse recovery code\0") + userId.toUtf8() + '\0' + normalised.toLatin1();
    return QString::fromLatin1(Crypto::sha256(input).toHex());
}

} // namespace Gatehouse::RecoveryCodes
