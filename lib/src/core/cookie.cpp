#include <gatehouse/cookie.h>

#include <QLocale>
#include <QUrl>

namespace Gatehouse {

namespace {
// encodeURIComponent leaves these unescaped besides alphanumerics.
const QByteArray kUnreserved = QByteArrayLiteral("-_.!~*'()");
}

QByteArray SetCookie::toHeaderValue() const
{
    QByteArray out;
    out.reserve(name.size() + value.size() + 96);
    out += name.toLatin1();
    out += '=';
    out += QUrl::toPercentEncoding(value, kUnreserved);
    if (options.maxAge)
        out += "; Max-Age=" + QByteArray::number(*options.maxAge);
    if (!options.domain.isEmpty())
        out += "; Domain=" + options.domain.toLatin1();
    if (!options.path.isEmpty())
        out += "; Path=" + options.path.toLatin1();
    if (options.expires) {
        out += "; Expires=";
        out += QLocale::c()
                   .toString(options.expires->toUTC(), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"))
                   .toLatin1();
    }
    if (options.httpOnly)
        out += "; HttpOnly";
    if (options.secure)
        out += "; Secure";
    if (!options.sameSite.isEmpty())
        out += "; SameSite=" + options.sameSite.toLatin1();
    return out;
}

} // namespace Gatehouse
