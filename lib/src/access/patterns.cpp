#include "access/patterns.h"

#include <QByteArray>
#include <QStringDecoder>
#include <QStringList>

#include <algorithm>

namespace Gatehouse::Access {

namespace {

bool isHostLabelChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'_';
}

//! A lower-case DNS name (or IPv4 address): dot-separated non-empty labels.
bool isHostName(const QString &host)
{
    if (host.isEmpty() || host.size() > 253)
        return false;
    for (const QString &label : host.split(QLatin1Char('.'))) {
        if (label.isEmpty() || !std::all_of(label.begin(), label.end(), isHostLabelChar))
            return false;
    }
    return true;
}

//! '*' matches any run of characters (slashes included); everything else matches itself.
bool globMatches(QStringView pattern, QStringView text)
{
    qsizetype p = 0, t = 0, star = -1, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == u'*') {
            star = p++;
            resume = t;
        } else if (p < pattern.size() && pattern[p] == text[t]) {
            ++p;
            ++t;
        } else if (star >= 0) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == u'*')
        ++p;
    return p == pattern.size();
}

//! Whether ';' starts a segment's parameters (Tomcat, Jetty, Spring) or is part of its name.
enum class Parameters { Removed, Kept };

bool isHexDigit(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'0' && u <= u'9') || (u >= u'a' && u <= u'f') || (u >= u'A' && u <= u'F');
}

/*!
 * Every '%' of \a raw starts two hex digits (QByteArray::fromPercentEncoding() would make a byte
 * of "%0." too: '.'), and none encodes '/', '\\' or ';': one server decodes those before
 * splitting the path into segments, another after.
 */
bool hasPlainEscapes(QStringView raw)
{
    for (qsizetype i = raw.indexOf(u'%'); i >= 0; i = raw.indexOf(u'%', i + 1)) {
        if (i + 2 >= raw.size() || !isHexDigit(raw[i + 1]) || !isHexDigit(raw[i + 2]))
            return false;
        const QString escape = raw.mid(i + 1, 2).toString().toLower();
        if (escape == QLatin1String("2f") || escape == QLatin1String("5c") || escape == QLatin1String("3b"))
            return false;
    }
    return true;
}

/*!
 * \a raw percent-decoded once, or nullopt when servers may read it differently: not printable
 * ASCII as sent (clients encode the rest), a backslash, a broken escape or an encoded delimiter,
 * a '%' left (a second level of encoding), a control character (NUL included), invalid UTF-8
 * (overlong forms such as %c0%ae included).
 */
std::optional<QString> decodedOnce(QStringView raw)
{
    const bool printable = std::all_of(raw.begin(), raw.end(), [](QChar c) { return c.unicode() > 0x20 && c.unicode() < 0x7f; });
    if (!printable || raw.contains(u'\\') || !hasPlainEscapes(raw))
        return std::nullopt;
    const QByteArray bytes = QByteArray::fromPercentEncoding(raw.toLatin1());
    if (bytes.contains('%') || std::any_of(bytes.begin(), bytes.end(), [](char c) { return uchar(c) < 0x20 || uchar(c) == 0x7f; }))
        return std::nullopt;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8(bytes);
    if (utf8.hasError())
        return std::nullopt;
    return text;
}

//! \a decoded with dot segments resolved and repeated slashes merged, ';' parameters as \a parameters says.
QString resolved(const QString &decoded, Parameters parameters)
{
    QStringList segments;
    bool directory = false;  // "/dir/", "/dir/." and "/dir/.." stay directories: "/dir/*" must see them below "/dir"
    const QStringList parts = decoded.split(QLatin1Char('/'));
    for (QString part : parts) {
        const qsizetype semicolon = part.indexOf(QLatin1Char(';'));
        if (parameters == Parameters::Removed && semicolon >= 0)
            part.truncate(semicolon);
        directory = part.isEmpty() || part == QLatin1String(".") || part == QLatin1String("..");
        if (part.isEmpty() || part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..")) {
            if (!segments.isEmpty())
                segments.removeLast();
            continue;
        }
        segments.append(part);
    }
    QString result = QLatin1Char('/') + segments.join(QLatin1Char('/'));
    if (directory && !segments.isEmpty())
        result += QLatin1Char('/');
    return result;
}

} // namespace

QString normalizedHost(const QString &host)
{
    QString h = host.trimmed().toLower();
    if (h.startsWith(QLatin1Char('['))) {
        const qsizetype end = h.indexOf(QLatin1Char(']'));
        return end < 0 ? h : h.left(end + 1);
    }
    const qsizetype colon = h.lastIndexOf(QLatin1Char(':'));
    if (colon >= 0)
        h.truncate(colon);
    while (h.endsWith(QLatin1Char('.')))
        h.chop(1);
    return h;
}

std::optional<QStringList> pathReadings(const QString &path)
{
    qsizetype end = path.size();
    for (const QChar stop : {QLatin1Char('?'), QLatin1Char('#')}) {
        const qsizetype at = path.indexOf(stop);
        if (at >= 0 && at < end)
            end = at;
    }
    const std::optional<QString> decoded = decodedOnce(QStringView(path).left(end));
    if (!decoded)
        return std::nullopt;
    QStringList readings{resolved(*decoded, Parameters::Removed)};
    if (decoded->contains(QLatin1Char(';')))
        readings.append(resolved(*decoded, Parameters::Kept));
    return readings;
}

bool hostMatches(const QString &pattern, const QString &host)
{
    if (pattern.startsWith(QLatin1String("*."))) {
        // Dot-bounded: "*.example.test" takes "a.example.test", never "example.test" or "badexample.test".
        const QStringView domain = QStringView(pattern).mid(1);  // ".example.test"
        return host.size() > domain.size() && host.endsWith(domain, Qt::CaseInsensitive);
    }
    return host.compare(pattern, Qt::CaseInsensitive) == 0;
}

bool pathMatches(const QString &pattern, const QString &path)
{
    if (pattern.contains(QLatin1Char('*')))
        return globMatches(pattern, path);
    if (!path.startsWith(pattern))
        return false;
    // "/api" takes "/api" and "/api/x", not "/apix"; "/api/" takes everything below.
    return path.size() == pattern.size() || pattern.endsWith(QLatin1Char('/')) || path.at(pattern.size()) == u'/';
}

bool isHostPattern(const QString &pattern)
{
    const QString name = pattern.startsWith(QLatin1String("*.")) ? pattern.mid(2) : pattern;
    return isHostName(name);
}

bool isPathPattern(const QString &pattern)
{
    if (!pattern.startsWith(QLatin1Char('/')) && !pattern.startsWith(QLatin1Char('*')))
        return false;
    return std::none_of(pattern.begin(), pattern.end(), [](QChar c) {
        return c.unicode() <= 0x20 || c.unicode() == 0x7f || c == QLatin1Char('?') || c == QLatin1Char('#');
    });
}

bool isMethodName(const QString &method)
{
    static const QLatin1String extra("!#$%&'*+-.^_`|~");
    return !method.isEmpty() && std::all_of(method.begin(), method.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || (u < 0x80 && extra.contains(QLatin1Char(char(u))));
    });
}

} // namespace Gatehouse::Access
