#include "core/csrf.h"

#include "crypto/compare.h"
#include "crypto/hash.h"
#include "crypto/random.h"

namespace Gatehouse::Csrf {

namespace {
QByteArray hashOf(const QString &token, const QString &secret)
{
    return Crypto::sha256((token + secret).toUtf8()).toHex();
}
} // namespace

Token fromCookie(const QString &cookieValue, const QStringList &secrets)
{
    const qsizetype bar = cookieValue.indexOf(QLatin1Char('|'));
    if (bar > 0) {
        const QString token = cookieValue.left(bar);
        const QByteArray hash = cookieValue.mid(bar + 1).toLatin1();
        for (const QString &secret : secrets) {
            if (Crypto::constantTimeEquals(hash, hashOf(token, secret)))
                return {token, cookieValue, false};
        }
    }
    Token fresh;
    fresh.token = Crypto::randomHex(32);
    fresh.cookieValue = fresh.token + QLatin1Char('|') + QString::fromLatin1(hashOf(fresh.token, secrets.value(0)));
    fresh.isNew = true;
    return fresh;
}

bool verify(const Token &token, const QString &submitted)
{
    return !token.isNew && !submitted.isEmpty()
        && Crypto::constantTimeEquals(submitted.toUtf8(), token.token.toUtf8());
}

} // namespace Gatehouse::Csrf
