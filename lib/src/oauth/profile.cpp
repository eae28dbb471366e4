#include "oauth/profile.h"

#include <gatehouse/errors.h>

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace Gatehouse::OAuth {

namespace {

QJsonValue defaultMapping(const QString &field)
{
    if (field == QLatin1String("id"))
        return QJsonArray{QStringLiteral("sub"), QStringLiteral("id")};
    if (field == QLatin1String("name"))
        return QJsonArray{QStringLiteral("name"), QStringLiteral("nickname"), QStringLiteral("preferred_username")};
    if (field == QLatin1String("email"))
        return QStringLiteral("email");
    return QStringLiteral("picture");
}

QString text(const QJsonValue &v)
{
    if (v.isDouble()) {
        const double d = v.toDouble();
        // Whole numbers print without a fraction; converting one outside qint64 is undefined.
        const bool whole = d >= -9223372036854775808.0 && d < 9223372036854775808.0 && d == std::trunc(d);
        return whole ? QString::number(qint64(d)) : QString::number(d);
    }
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return v.toString();
}

QJsonValue fromTemplate(const QJsonObject &profile, const QString &pattern)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{([^{}]+)\\}"));
    QString result;
    qsizetype last = 0;
    for (auto it = placeholder.globalMatch(pattern); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QJsonValue v = valueAtPath(profile, m.capturedView(1));
        if (v.isUndefined() || v.isNull() || v.isObject() || v.isArray())
            return QJsonValue::Null;
        result += pattern.mid(last, m.capturedStart() - last) + text(v);
        last = m.capturedEnd();
    }
    return result + pattern.mid(last);
}

QJsonValue mapped(const QJsonObject &profile, const QJsonValue &rule)
{
    if (rule.isNull())
        return QJsonValue::Null;
    if (rule.isString()) {
        const QString s = rule.toString();
        return s.contains(QLatin1Char('{')) ? fromTemplate(profile, s) : valueAtPath(profile, s);
    }
    QJsonValue value = QJsonValue::Undefined;
    for (const QJsonValue &candidate : rule.toArray()) {
        value = mapped(profile, candidate);
        if (!value.isUndefined() && !value.isNull())
            return value;
    }
    return value;
}

// \a seconds as a whole number within what JSON holds exactly (2^53 - 1 either way): a provider's
// absurd expires_in or expires_at must not overflow the conversion or the sum with now.
qint64 wholeSeconds(double seconds)
{
    constexpr double limit = 9007199254740991.0;
    return std::isnan(seconds) ? 0 : qint64(std::clamp(seconds, -limit, limit));
}

} // namespace

QJsonValue valueAtPath(const QJsonValue &root, QStringView path)
{
    QJsonValue v = root;
    for (QStringView step : path.split(u'.')) {
        if (v.isObject()) {
            v = v.toObject().value(step);
        } else if (v.isArray()) {
            bool ok = false;
            const int index = step.toInt(&ok);
            if (!ok || index < 0 || index >= v.toArray().size())
                return QJsonValue::Undefined;
            v = v.toArray().at(index);
        } else {
            return QJsonValue::Undefined;
        }
    }
    return v;
}

QJsonObject userFromProfile(const QJsonObject &profile, const QJsonObject &mapping)
{
    QJsonObject user;
    for (const QString &field : {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("email"), QStringLiteral("image")}) {
        QJsonValue v = mapped(profile, mapping.contains(field) ? mapping.value(field) : defaultMapping(field));
        if (v.isUndefined())
            continue;
        if (v.isDouble() || v.isBool())
            v = text(v);
        if (field == QLatin1String("email") && v.isString())
            v = v.toString().toLower();
        user.insert(field, v);
    }
    if (user.value(QLatin1String("id")).toString().isEmpty())
        throw OAuthProfileParseError(QStringLiteral("the provider's profile has no user id (claims: %1)")
                                         .arg(QStringList(profile.keys()).join(QStringLiteral(", "))));
    return user;
}

QJsonObject accountFromTokens(const QJsonObject &tokens, const QString &provider, const QString &type,
                              const QString &providerAccountId, qint64 now)
{
    QJsonObject account;
    for (const char *key : {"access_token", "id_token", "refresh_token"}) {
        const QJsonValue v = tokens.value(QLatin1String(key));
        if (v.isString())
            account.insert(QLatin1String(key), v);
    }
    const QJsonValue expiresAt = tokens.value(QLatin1String("expires_at"));
    const QJsonValue expiresIn = tokens.value(QLatin1String("expires_in"));
    bool ok = false;
    const qint64 seconds = expiresIn.isDouble() ? wholeSeconds(expiresIn.toDouble())
                                                : wholeSeconds(double(expiresIn.toString().toLongLong(&ok)));
    if (expiresAt.isDouble())
        account.insert(QStringLiteral("expires_at"), wholeSeconds(expiresAt.toDouble()));
    else if (expiresIn.isDouble() || ok)
        account.insert(QStringLiteral("expires_at"), now + seconds);
    if (tokens.value(QLatin1String("scope")).isString())
        account.insert(QStringLiteral("scope"), tokens.value(QLatin1String("scope")));
    if (tokens.value(QLatin1String("token_type")).isString())
        account.insert(QStringLiteral("token_type"), tokens.value(QLatin1String("token_type")).toString().toLower());
    if (tokens.contains(QLatin1String("session_state")))
        account.insert(QStringLiteral("session_state"), tokens.value(QLatin1String("session_state")));
    account.insert(QStringLiteral("provider"), provider);
    account.insert(QStringLiteral("type"), type);
    account.insert(QStringLiteral("providerAccountId"), providerAccountId);
    return account;
}

} // namespace Gatehouse::OAuth
