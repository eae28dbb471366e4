#include "access/patterns.h"

#include <QByteArray>
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

QString normalizedPath(const QString &path)
{
    qsizetype end = path.size();
    for (const QChar stop : {QLatin1Char('?'), QLatin1Char('#')}) {
        const qsizetype at = path.indexOf(stop);
        if (at >= 0 && at < end)
            end = at;
    }
    QString decoded = QString::fromUtf8(QByteArray::fromPercentEncoding(path.left(end).toUtf8()));
    decoded.replace(QLatin1Char('\\'), QLatin1Char('/'));
    QStringList segments;
    const QStringList parts = decoded.split(QLatin1Char('/'));
    for (const QString &part : parts) {
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
    // "/dir/" and "/dir/." stay directories: "/dir/*" must see them as below "/dir".
    const bool directory = decoded.endsWith(QLatin1Char('/')) || decoded.endsWith(QLatin1String("/."))
        || decoded.endsWith(QLatin1String("/.."));
    if (directory && !segments.isEmpty())
        result += QLatin1Char('/');
    return result;
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
