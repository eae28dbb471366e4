// libFuzzer target for callback URL resolution (core/redirect, core/origin): the callbackUrl a
// visitor passes (query, form or cookie) against the origin Gatehouse serves, resolved from the
// request URL and, with trustHost, X-Forwarded-Host / X-Forwarded-Proto, or from AUTH_URL.
//
// Input: one option byte (trustHost; AUTH_URL set), then parts cut at "\n---\n": the callback URL,
// the request's Host, X-Forwarded-Host, X-Forwarded-Proto, and AUTH_URL.
// Property (the open-redirect guard): when the engine would serve the request (a trusted origin),
// Redirect::sameOrigin() returns the origin itself or a URL on that origin — never another site.
// "On that origin" is judged twice: by QUrl, and by reading the URL the way a browser reads a
// Location header (WHATWG URL: tabs and newlines dropped, "\" as "/", any number of slashes
// before the authority, userinfo up to the last "@", default ports dropped, host
// percent-decoded and lower-cased). The configured redirect callback, when there is one, decides
// instead (actions' Hooks::redirect) and is not fuzzed here.
// With redirectDomains (Redirect::allowed()), a result off the origin is one a browser reads as
// http(s) on a listed host or below a listed domain.
// Seeds: corpus/redirect (tests/unit/core/tst_redirect.cpp and tst_origin.cpp).
#include "core/origin.h"
#include "core/redirect.h"
#include "fuzzsupport.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/config.h>

#include <QHostAddress>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;

namespace {

struct BrowserOrigin
{
    QString scheme;
    QString host;
    int port = -1;
    bool operator==(const BrowserOrigin &o) const { return scheme == o.scheme && host == o.host && port == o.port; }
};

QString describe(const BrowserOrigin &o)
{
    return o.scheme + QStringLiteral("://") + o.host + QLatin1Char(':') + QString::number(o.port);
}

// An IPv4 address as a browser reads a host whose last label is a number: one to four parts,
// each decimal, 0x-hex or 0-octal, the last filling the remaining bytes ("127.1", "0x7f.0.0.1").
std::optional<QString> ipv4(QString host)
{
    QStringList parts = host.split(QLatin1Char('.'));
    if (parts.size() > 1 && parts.last().isEmpty())
        parts.removeLast();
    const auto number = [](const QString &part, bool *ok) -> quint64 {
        if (part.startsWith(QLatin1String("0x")) || part.startsWith(QLatin1String("0X")))
            return part.size() == 2 ? (*ok = true, 0) : part.mid(2).toULongLong(ok, 16);
        if (part.size() > 1 && part.startsWith(QLatin1Char('0')))
            return part.mid(1).toULongLong(ok, 8);
        return part.toULongLong(ok, 10);
    };
    bool lastIsNumber = false;
    number(parts.last(), &lastIsNumber);
    if (!lastIsNumber || parts.size() > 4)
        return std::nullopt;
    quint64 address = 0;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const quint64 n = number(parts.at(i), &ok);
        const bool last = i == parts.size() - 1;
        if (!ok || (!last && n > 255) || (last && n >= (quint64(1) << (8 * (5 - parts.size())))))
            return QStringLiteral("invalid");
        address = last ? address + n : address + (n << (8 * (3 - i)));
    }
    return QStringLiteral("%1.%2.%3.%4").arg(address >> 24).arg((address >> 16) & 255).arg((address >> 8) & 255).arg(address & 255);
}

// The host as a browser serializes it: IPv6 and IPv4 addresses in their canonical form, names
// in lower-case ASCII (IDNA).
QString canonicalHost(const QString &host)
{
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']'))) {
        const QHostAddress address(host.mid(1, host.size() - 2));
        return address.isNull() ? host : QLatin1Char('[') + address.toString() + QLatin1Char(']');
    }
    const QString ace = QString::fromLatin1(QUrl::toAce(host));
    const QString name = (ace.isEmpty() ? host : ace).toLower();
    return ipv4(name).value_or(name);
}

// The origin a browser gives \a url, read as an absolute URL; the scheme alone for
// non-hierarchical schemes (javascript:, data:, ...).
BrowserOrigin browserOrigin(QString url)
{
    while (!url.isEmpty() && url.front().unicode() <= 0x20)
        url.remove(0, 1);
    while (!url.isEmpty() && url.back().unicode() <= 0x20)
        url.chop(1);
    url.remove(QLatin1Char('\t')).remove(QLatin1Char('\n')).remove(QLatin1Char('\r'));
    BrowserOrigin origin;
    const qsizetype colon = url.indexOf(QLatin1Char(':'));
    origin.scheme = colon < 0 ? QString() : url.left(colon).toLower();
    if (origin.scheme != QLatin1String("http") && origin.scheme != QLatin1String("https"))
        return origin;
    qsizetype at = colon + 1;
    while (at < url.size() && (url.at(at) == QLatin1Char('/') || url.at(at) == QLatin1Char('\\')))
        ++at;
    qsizetype end = at;
    while (end < url.size() && !QStringView(u"/\\?#").contains(url.at(end)))
        ++end;
    QString authority = url.mid(at, end - at);
    authority = authority.mid(authority.lastIndexOf(QLatin1Char('@')) + 1);
    const qsizetype bracket = authority.lastIndexOf(QLatin1Char(']'));
    const qsizetype portColon = authority.lastIndexOf(QLatin1Char(':'));
    QString host = authority;
    if (portColon > bracket) {
        host = authority.left(portColon);
        const QString port = authority.mid(portColon + 1);
        bool ok = false;
        origin.port = port.isEmpty() ? -1 : port.toInt(&ok);
        if (!port.isEmpty() && !ok)
            origin.port = -2;  // not a port: the browser refuses the URL
    }
    if ((origin.scheme == QLatin1String("http") && origin.port == 80)
        || (origin.scheme == QLatin1String("https") && origin.port == 443))
        origin.port = -1;
    origin.host = canonicalHost(QUrl::fromPercentEncoding(host.toUtf8()));
    return origin;
}


} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::Bytes input(QByteArrayView(data, qsizetype(size)));
    const quint8 options = input.byte();
    const QList<QByteArray> parts = Fuzz::parts(input.rest(), 5);
    const QString callbackUrl = QString::fromUtf8(parts[0]);

    Config config;
    config.trustHost = options & 1;
    if (options & 2)
        config.url = QUrl(QString::fromUtf8(parts[4]));
    AuthRequest request;
    request.url = QUrl(QStringLiteral("http://") + QString::fromLatin1(parts[1]) + QStringLiteral("/auth/signin"));
    request.headers.append({QByteArrayLiteral("Host"), parts[1]});
    request.headers.append({QByteArrayLiteral("X-Forwarded-Host"), parts[2]});
    request.headers.append({QByteArrayLiteral("X-Forwarded-Proto"), parts[3]});
    const RequestOrigin origin = resolveOrigin(request, config);
    if (!origin.trusted)
        return 0;  // the engine answers UntrustedHost before it reads a callback URL
    FUZZ_CHECK(!origin.origin.isEmpty(), QString());

    // redirectDomains widen the rule: a URL off the origin must then be one a browser reads as
    // http(s) on a listed host or below a listed domain, never anywhere else.
    static const QStringList domains{QStringLiteral(".example.test"), QStringLiteral("app.other.test")};
    const QString widened = Redirect::allowed(callbackUrl, origin.origin, domains);
    if (Redirect::originOf(QUrl(widened)) != Redirect::originOf(QUrl(origin.origin))) {
        const BrowserOrigin seen = browserOrigin(widened);
        FUZZ_CHECK((seen.scheme == QLatin1String("http") || seen.scheme == QLatin1String("https"))
                       && Redirect::hostInDomains(seen.host, domains),
                   QStringLiteral("callbackUrl %1 with redirectDomains gave %2, which a browser reads as %3")
                       .arg(callbackUrl, widened, describe(seen)));
    }

    const QString result = Redirect::sameOrigin(callbackUrl, origin.origin);
    if (result == origin.origin)
        return 0;
    const QUrl resultUrl(result);
    FUZZ_CHECK(Redirect::originOf(resultUrl) == Redirect::originOf(QUrl(origin.origin)),
               QStringLiteral("callbackUrl %1 on origin %2 gave %3").arg(callbackUrl, origin.origin, result));
    const BrowserOrigin seen = browserOrigin(result);
    const BrowserOrigin expected = browserOrigin(origin.origin);
    FUZZ_CHECK(seen == expected, QStringLiteral("callbackUrl %1 on origin %2 gave %3, which a browser reads as %4")
                                     .arg(callbackUrl, origin.origin, result, describe(seen)));
    return 0;
}
