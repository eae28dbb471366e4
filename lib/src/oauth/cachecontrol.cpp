#include "oauth/cachecontrol.h"

#include <QLocale>

#include <algorithm>

namespace Gatehouse::OAuth {

namespace {

QDateTime httpDate(const QByteArray &value)
{
    // IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    QDateTime date = QLocale::c().toDateTime(QString::fromLatin1(value.trimmed()),
                                             QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    date.setTimeSpec(Qt::UTC);
    return date;
}

} // namespace

QDateTime freshUntil(const HttpResponse &response, const CacheLimits &limits)
{
    const QDateTime received = response.received.isValid() ? response.received : QDateTime::currentDateTimeUtc();
    std::optional<qint64> lifetime;
    std::optional<qint64> sharedLifetime;
    for (QByteArray directive : response.header("cache-control").split(',')) {
        directive = directive.trimmed().toLower();
        if (directive == "no-store" || directive == "no-cache")
            return received;
        // delta-seconds are digits: a negative value is invalid, and a cache then treats the
        // response as stale (RFC 9111 §1.2.2), which also keeps "- Age" below from overflowing.
        bool ok = false;
        if (directive.startsWith("max-age=")) {
            const qint64 seconds = directive.mid(8).replace('"', QByteArray()).toLongLong(&ok);
            if (ok)
                lifetime = std::max<qint64>(seconds, 0);
        } else if (directive.startsWith("s-maxage=")) {
            const qint64 seconds = directive.mid(9).replace('"', QByteArray()).toLongLong(&ok);
            if (ok)
                sharedLifetime = std::max<qint64>(seconds, 0);
        }
    }
    if (sharedLifetime)
        lifetime = sharedLifetime;
    if (lifetime) {
        bool ok = false;
        const qint64 age = response.header("age").trimmed().toLongLong(&ok);
        if (ok && age > 0)
            *lifetime -= age;
    } else if (const QByteArray expires = response.header("expires"); !expires.isEmpty()) {
        const QDateTime expiry = httpDate(expires);
        const QDateTime date = httpDate(response.header("date"));
        // An invalid Expires (such as "0") means already expired.
        lifetime = !expiry.isValid() ? 0 : (date.isValid() ? date : received).secsTo(expiry);
    }
    const qint64 seconds = std::clamp<qint64>(lifetime.value_or(limits.defaultSeconds), 0, limits.maxSeconds);
    return received.addSecs(seconds);
}

} // namespace Gatehouse::OAuth
