#include "config/jsonreader.h"

#include "config/messages.h"

#include <QRegularExpression>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <vector>

namespace Gatehouse::ConfigDetail {

ObjectReader::ObjectReader(const QJsonObject &object, QString path, ProblemList &problems)
    : m_object(object), m_path(std::move(path)), m_problems(problems)
{
}

QString ObjectReader::pathOf(const QString &key) const
{
    return m_path.isEmpty() ? key : m_path + u'.' + key;
}

QJsonValue ObjectReader::value(const QString &key)
{
    if (!m_known.contains(key))
        m_known.append(key);
    return m_object.value(key);
}

std::optional<QString> ObjectReader::string(const QString &key)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isString()) {
        error(key, Messages::MustBeString);
        return std::nullopt;
    }
    if (v.toString().isEmpty()) {
        error(key, Messages::MustNotBeEmpty);
        return std::nullopt;
    }
    return v.toString();
}

std::optional<bool> ObjectReader::boolean(const QString &key)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isBool()) {
        error(key, Messages::MustBeBoolean);
        return std::nullopt;
    }
    return v.toBool();
}

std::optional<qint64> ObjectReader::integer(const QString &key, qint64 min, qint64 max)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    const double d = v.toDouble(std::nan(""));
    const bool integral = v.isDouble() && std::isfinite(d) && std::floor(d) == d;
    if (integral && d >= double(min) && d <= double(max))
        return qint64(d);
    if (max < Q_INT64_C(9007199254740991))
        error(key, Messages::IntegerFromTo, {QString::number(min), QString::number(max)});
    else if (min == 1)
        error(key, Messages::PositiveInteger);
    else if (min == 0)
        error(key, Messages::NonNegativeInteger);
    else
        error(key, Messages::IntegerAtLeast, {QString::number(min)});
    return std::nullopt;
}

std::optional<QJsonObject> ObjectReader::object(const QString &key)
{
    const QJsonValue v = value(key);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isObject()) {
        error(key, Messages::MustBeObject);
        return std::nullopt;
    }
    return v.toObject();
}

std::optional<QString> ObjectReader::choice(const QString &key, const QStringList &choices)
{
    const std::optional<QString> s = string(key);
    if (!s)
        return std::nullopt;
    if (choices.contains(*s))
        return s;
    if (const std::optional<QString> match = closestMatch(*s, choices))
        error(key, Messages::OneOfDidYouMean, {choices.join(QStringLiteral(", ")), *match});
    else
        error(key, Messages::OneOf, {choices.join(QStringLiteral(", "))});
    return std::nullopt;
}

std::optional<QString> ObjectReader::httpUrl(const QString &key)
{
    const std::optional<QString> s = string(key);
    if (!s)
        return std::nullopt;
    const QUrl url(*s, QUrl::StrictMode);
    if (!url.isValid() || url.isRelative() || url.host().isEmpty()) {
        error(key, Messages::NotAUrl);
        return std::nullopt;
    }
    if (!isHttpUrl(*s)) {
        error(key, Messages::MustBeHttpUrl);
        return std::nullopt;
    }
    return s;
}

void ObjectReader::rejectFunctions(const QStringList &keys)
{
    for (const QString &key : keys) {
        if (!value(key).isUndefined())
            error(key, Messages::TakesFunctions);
    }
}

void ObjectReader::error(const QString &key, const char *text, const QStringList &arguments)
{
    m_problems.error(pathOf(key), text, arguments);
}

void ObjectReader::warning(const QString &key, const char *text, const QStringList &arguments)
{
    m_problems.warning(pathOf(key), text, arguments);
}

void ObjectReader::finish()
{
    for (auto it = m_object.constBegin(); it != m_object.constEnd(); ++it) {
        if (m_known.contains(it.key()))
            continue;
        if (const std::optional<QString> match = closestMatch(it.key(), m_known))
            error(it.key(), Messages::UnknownKeyDidYouMean, {*match});
        else
            error(it.key(), Messages::UnknownKey);
    }
}

namespace {

// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
int editDistance(const QString &a, const QString &b)
{
    const int n = int(a.size());
    const int m = int(b.size());
    std::vector<std::vector<int>> d(size_t(n + 1), std::vector<int>(size_t(m + 1)));
    for (int i = 0; i <= n; ++i)
        d[size_t(i)][0] = i;
    for (int j = 0; j <= m; ++j)
        d[0][size_t(j)] = j;
    for (int i = 1; i <= n; ++i) {
        for (int j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = std::min({d[size_t(i - 1)][size_t(j)] + 1, d[size_t(i)][size_t(j - 1)] + 1,
                                 d[size_t(i - 1)][size_t(j - 1)] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                best = std::min(best, d[size_t(i - 2)][size_t(j - 2)] + 1);
            d[size_t(i)][size_t(j)] = best;
        }
    }
    return d[size_t(n)][size_t(m)];
}

} // namespace

std::optional<QString> closestMatch(const QString &name, const QStringList &known)
{
    const QString lower = name.toLower();
    const int threshold = name.size() < 5 ? 1 : 2;
    std::optional<QString> best;
    int bestDistance = threshold + 1;
    for (const QString &candidate : known) {
        const int distance = editDistance(lower, candidate.toLower());
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && !url.host().isEmpty()
        && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"));
}

bool isCssColour(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral(
        "^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})"
        "|(rgba?|hsla?)\\([0-9a-z.,%/ +-]*\\)"
        "|[a-zA-Z]+)$"));
    return pattern.match(text).hasMatch();
}

bool isCookieName(const QString &text)
{
    if (text.isEmpty())
        return false;
    static const QString separators = QStringLiteral("()<>@,;:\\\"/[]?={}");
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return c.unicode() > 0x20 && c.unicode() < 0x7f && !separators.contains(c);
    });
}

} // namespace Gatehouse::ConfigDetail
