#include "config/configsecrets.h"

#include <QJsonArray>
#include <QMultiHash>
#include <QRegularExpression>

#include <functional>
#include <optional>

namespace Gatehouse::ConfigSecrets {

namespace {

const QString kUrlPasswordMask = QStringLiteral("********");

bool isSecretKey(const QString &key)
{
    static const QStringList names = {QStringLiteral("secret"), QStringLiteral("clientSecret"), QStringLiteral("apiKey"),
                                      QStringLiteral("password"), QStringLiteral("pass")};
    return names.contains(key) || key.endsWith(QLatin1String("Secret")) || key.endsWith(QLatin1String("Password"))
        || key.endsWith(QLatin1String("ApiKey"));
}

//! scheme://user:PASSWORD@host...: the parts before and after the password, or no match.
QRegularExpressionMatch urlWithPassword(const QString &text)
{
    static const QRegularExpression url(QStringLiteral("^([A-Za-z][A-Za-z0-9+.\\-]*://[^/:@]*:)([^/@]+)(@.*)$"));
    return url.match(text);
}

QString maskOf(const QString &path)
{
    return QStringLiteral("(masked %1)").arg(path);
}

/*
 * One stored secret: where it is, the name of its key and its value. A URL's mask is the URL
 * with the password masked, a plain secret's the mask naming its path.
 */
struct Found
{
    QString path;
    QString key;
    QString value;    //!< as stored (the whole URL for a URL's password)
    QString mask;     //!< what masked() shows instead
    QString secret;   //!< the secret alone (a URL's password)
};

//! Walks \a value at \a path under the key \a key, calling \a visit for each string.
void walk(const QJsonValue &value, const QString &path, const QString &key,
          const std::function<void(const QString &path, const QString &key, const QString &text)> &visit)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            walk(it.value(), path.isEmpty() ? it.key() : path + u'.' + it.key(), it.key(), visit);
    } else if (value.isArray()) {
        const QJsonArray list = value.toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            walk(list.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), key, visit);
    } else if (value.isString()) {
        visit(path, key, value.toString());
    }
}

//! \a value with each string replaced by what \a change makes of it.
QJsonValue rewrite(const QJsonValue &value, const QString &path, const QString &key,
                   const std::function<QString(const QString &path, const QString &key, const QString &text)> &change)
{
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            it.value() = rewrite(it.value(), path.isEmpty() ? it.key() : path + u'.' + it.key(), it.key(), change);
        return object;
    }
    if (value.isArray()) {
        QJsonArray list = value.toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            list[i] = rewrite(list.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), key, change);
        return list;
    }
    if (value.isString())
        return change(path, key, value.toString());
    return value;
}

std::optional<Found> secretAt(const QString &path, const QString &key, const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    if (isSecretKey(key))
        return Found{path, key, text, maskOf(path), text};
    const QRegularExpressionMatch url = urlWithPassword(text);
    if (url.hasMatch())
        return Found{path, key, text, url.captured(1) + kUrlPasswordMask + url.captured(3), url.captured(2)};
    return std::nullopt;
}

QList<Found> secretsIn(const QJsonObject &json)
{
    QList<Found> found;
    walk(json, QString(), QString(), [&found](const QString &path, const QString &key, const QString &text) {
        if (const std::optional<Found> secret = secretAt(path, key, text))
            found.append(*secret);
    });
    return found;
}

} // namespace

QJsonObject masked(const QJsonObject &json)
{
    return rewrite(json, QString(), QString(), [](const QString &path, const QString &key, const QString &text) {
               const std::optional<Found> secret = secretAt(path, key, text);
               return secret ? secret->mask : text;
           })
        .toObject();
}

QJsonObject unmasked(const QJsonObject &proposed, const QJsonObject &stored)
{
    QMultiHash<QString, Found> byMask;
    for (const Found &secret : secretsIn(stored))
        byMask.insert(secret.mask, secret);
    if (byMask.isEmpty())
        return proposed;
    return rewrite(proposed, QString(), QString(), [&byMask](const QString &path, const QString &key, const QString &text) {
               // The secret of the same place first (two URLs may mask alike), else one of a key so named.
               const QList<Found> candidates = byMask.values(text);
               const Found *chosen = nullptr;
               for (const Found &candidate : candidates) {
                   if (candidate.key == key && (!chosen || candidate.path == path))
                       chosen = &candidate;
               }
               return chosen ? chosen->value : text;
           })
        .toObject();
}

QStringList secretsOf(const QJsonObject &json)
{
    QStringList secrets;
    for (const Found &secret : secretsIn(json))
        secrets.append(secret.secret);
    secrets.removeDuplicates();
    return secrets;
}

} // namespace Gatehouse::ConfigSecrets
