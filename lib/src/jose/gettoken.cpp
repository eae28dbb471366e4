// getToken() reads the request's headers directly (its own small Cookie parser with the rules of
// Auth.js's cookie parser) instead of AuthRequest::cookies(), so that this module does not
// depend on gh_core, which depends on it.
#include <gatehouse/jwt.h>

#include "jose/jwe.h"

#include <QMap>
#include <QStringDecoder>
#include <QtGlobal>

#include <algorithm>
#include <stdexcept>

namespace Gatehouse::Jwt {
namespace {

bool isHexDigit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// decodeURIComponent: std::nullopt for a malformed escape or bytes that are not UTF-8.
std::optional<QString> decodeUriComponent(QByteArrayView encoded)
{
    if (!encoded.contains('%'))
        return QString::fromLatin1(encoded);
    for (qsizetype i = encoded.indexOf('%'); i >= 0; i = encoded.indexOf('%', i + 1)) {
        if (i + 2 >= encoded.size() || !isHexDigit(encoded[i + 1]) || !isHexDigit(encoded[i + 2]))
            return std::nullopt;
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString decoded = utf8.decode(QByteArray::fromPercentEncoding(encoded.toByteArray()));
    if (utf8.hasError())
        return std::nullopt;
    return decoded;
}

QByteArrayView trimmed(QByteArrayView text)
{
    while (!text.isEmpty() && (text.front() == ' ' || text.front() == '\t'))
        text = text.sliced(1);
    while (!text.isEmpty() && (text.back() == ' ' || text.back() == '\t'))
        text.chop(1);
    return text;
}

// Name -> value of every Cookie header, first occurrence winning. Values are percent-decoded
// when that works and kept as they are otherwise.
QMap<QString, QString> requestCookies(const AuthRequest &request)
{
    QMap<QString, QString> cookies;
    for (const auto &[name, value] : request.headers) {
        if (name.compare("cookie", Qt::CaseInsensitive) != 0)
            continue;
        QByteArrayView rest(value);
        while (!rest.isEmpty()) {
            const qsizetype semicolon = rest.indexOf(';');
            const QByteArrayView pair = semicolon < 0 ? rest : rest.first(semicolon);
            rest = semicolon < 0 ? QByteArrayView() : rest.sliced(semicolon + 1);
            const qsizetype eq = pair.indexOf('=');
            if (eq < 0)
                continue;
            const QString key = QString::fromLatin1(trimmed(pair.first(eq)));
            if (cookies.contains(key))
                continue;
            const QByteArrayView raw = trimmed(pair.sliced(eq + 1));
            cookies.insert(key, decodeUriComponent(raw).value_or(QString::fromLatin1(raw)));
        }
    }
    return cookies;
}

// The cookie \a name, or its chunks name.0, name.1, ... joined in index order.
QString sessionCookie(const QMap<QString, QString> &cookies, const QString &name)
{
    const QString whole = cookies.value(name);
    if (!whole.isEmpty())
        return whole;
    QMap<uint, QString> chunks;
    const QString prefix = name + QLatin1Char('.');
    for (auto it = cookies.lowerBound(prefix); it != cookies.cend() && it.key().startsWith(prefix); ++it) {
        const QStringView suffix = QStringView(it.key()).sliced(prefix.size());
        const bool isIndex = !suffix.isEmpty() && suffix.size() <= 9
            && std::all_of(suffix.begin(), suffix.end(), [](QChar c) { return c.isDigit() && c.unicode() < 128; });
        if (isIndex && !it.value().isEmpty())
            chunks.insert(suffix.toUInt(), it.value());
    }
    QString joined;
    for (const QString &chunk : std::as_const(chunks))
        joined += chunk;
    return joined;
}

QByteArrayView firstHeader(const AuthRequest &request, QByteArrayView name)
{
    for (const auto &[key, value] : request.headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool secureByDefault()
{
    QString url = qEnvironmentVariable("AUTH_URL");
    if (url.isEmpty())
        url = qEnvironmentVariable("NEXTAUTH_URL");
    return url.startsWith(QLatin1String("https://"));
}

QString cookieNameOf(const GetTokenParams &params)
{
    if (!params.cookieName.isEmpty())
        return params.cookieName;
    return params.secureCookie.value_or(secureByDefault())
        ? QStringLiteral("__Secure-authjs.session-token")
        : QStringLiteral("authjs.session-token");
}

} // namespace

std::optional<QString> getRawToken(const GetTokenParams &params)
{
    const QString token = sessionCookie(requestCookies(params.req), cookieNameOf(params));
    if (!token.isEmpty())
        return token;

    // As Auth.js: the header split at spaces must start with "Bearer"; the next piece is the token.
    const QByteArrayView authorization = firstHeader(params.req, "authorization");
    if (!authorization.startsWith("Bearer "))
        return std::nullopt;
    QByteArrayView encoded = authorization.sliced(7);
    if (const qsizetype space = encoded.indexOf(' '); space >= 0)
        encoded.truncate(space);
    std::optional<QString> bearer = decodeUriComponent(encoded);
    if (!bearer || bearer->isEmpty())
        return std::nullopt;
    return bearer;
}

std::optional<QJsonObject> getToken(const GetTokenParams &params)
{
    const std::optional<QString> token = getRawToken(params);
    if (!token)
        return std::nullopt;
    if (params.secret.isEmpty())
        throw std::invalid_argument("Gatehouse::Jwt::getToken: pass a secret (MissingSecret)");
    const QString salt = params.salt.isEmpty() ? cookieNameOf(params) : params.salt;
    return Jose::JweCodec(params.secret).decrypt(*token, salt);
}

} // namespace Gatehouse::Jwt
