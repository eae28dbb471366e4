#include "forwardauth/originalrequest.h"

#include <QUrl>

#include <algorithm>

namespace Gatehouse::ForwardAuth {

namespace {

QString headerText(const AuthRequest &request, const char *name)
{
    // A proxy that appends to a list puts its own value last; the values before it came from
    // further out, the client included, and must not decide which host or method is asked about.
    const QByteArray value = request.header(name);
    return QString::fromLatin1(value.mid(value.lastIndexOf(',') + 1).trimmed());
}

bool hasControl(const QString &text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; });
}

} // namespace

OriginalRequest originalRequest(const AuthRequest &request)
{
    OriginalRequest original;
    original.method = headerText(request, "x-original-method");
    if (original.method.isEmpty())
        original.method = headerText(request, "x-forwarded-method");
    if (original.method.isEmpty())
        original.method = QString::fromLatin1(request.method);
    original.method = original.method.toUpper();

    QString url = QString::fromLatin1(request.header("x-original-url").trimmed());
    if (url.isEmpty()) {
        const QString host = headerText(request, "x-forwarded-host");
        QString proto = headerText(request, "x-forwarded-proto").toLower();
        QString uri = QString::fromLatin1(request.header("x-forwarded-uri").trimmed());
        if (proto.isEmpty())
            proto = QStringLiteral("http");
        if (uri.isEmpty())
            uri = QStringLiteral("/");
        // The host must stay a host: "evil.test/x@app.example.test" is no host.
        if (host.isEmpty() || host.contains(QLatin1Char('/')) || host.contains(QLatin1Char('@'))
            || host.contains(QLatin1Char('\\')) || !uri.startsWith(QLatin1Char('/')))
            return original;
        url = proto + QLatin1String("://") + host + uri;
    }
    if (hasControl(url))
        return original;
    // Path and query as the client wrote them: after the authority, before any fragment. Only
    // scheme and authority are parsed strictly; the path is the access rules' to judge, which
    // refuse one they may read otherwise (a backslash: 403, not 400, to the proxy).
    const qsizetype separator = url.indexOf(QLatin1String("://"));
    if (separator < 0)
        return original;
    const qsizetype authority = separator + 3;
    const qsizetype pathStart = url.indexOf(QLatin1Char('/'), authority);
    const qsizetype queryStart = url.indexOf(QLatin1Char('?'), authority);
    const qsizetype start = pathStart < 0 ? queryStart : queryStart < 0 ? pathStart : std::min(pathStart, queryStart);
    const QUrl parsed(start < 0 ? url : url.left(start), QUrl::StrictMode);
    const QString scheme = parsed.scheme();
    if (!parsed.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        || parsed.host().isEmpty() || !parsed.userInfo().isEmpty())
        return original;
    original.url = url;
    original.host = parsed.host().toLower();
    original.path = start < 0 ? QStringLiteral("/") : url.mid(start);
    if (!original.path.startsWith(QLatin1Char('/')))
        original.path.prepend(QLatin1Char('/'));
    original.valid = true;
    return original;
}

} // namespace Gatehouse::ForwardAuth
