#include "core/origin.h"

#include "core/redirect.h"

namespace Gatehouse {

namespace {
QString firstValue(QByteArrayView header)
{
    const qsizetype comma = header.indexOf(',');
    return QString::fromLatin1((comma < 0 ? header : header.first(comma)).trimmed());
}
} // namespace

RequestOrigin resolveOrigin(const AuthRequest &request, const Config &config)
{
    RequestOrigin result;
    if (config.url.isValid() && !config.url.host().isEmpty()) {
        result.origin = Redirect::originOf(config.url);
        // A URL without a scheme ("//app.example") has no origin to keep redirects on.
        result.trusted = !result.origin.isEmpty();
    } else {
        QUrl url = request.url;
        if (config.trustHost) {
            const QString proto = firstValue(request.header("x-forwarded-proto"));
            const QString host = firstValue(request.header("x-forwarded-host"));
            if (proto == QLatin1String("http") || proto == QLatin1String("https"))
                url.setScheme(proto);
            if (!host.isEmpty()) {
                const QUrl forwarded(QStringLiteral("http://") + host);
                if (forwarded.isValid() && !forwarded.host().isEmpty()) {
                    url.setHost(forwarded.host());
                    url.setPort(forwarded.port());
                }
            }
        }
        result.origin = Redirect::originOf(url);
        result.trusted = config.trustHost && !result.origin.isEmpty();
    }
    result.secure = config.useSecureCookies.value_or(result.origin.startsWith(QLatin1String("https:")));
    return result;
}

} // namespace Gatehouse
