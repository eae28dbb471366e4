#include "userimport/jsonlinesfile.h"

#include "userimport/userchecks_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse::UserImport {

namespace {

const QStringList jsonKeys = {QStringLiteral("email"), QStringLiteral("name"), QStringLiteral("email_verified"),
                               QStringLiteral("disabled"), QStringLiteral("groups"), QStringLiteral("password_hash")};

//! Reads one line's object into \a user; the key at fault and why, or nothing.
std::optional<std::pair<QString, QString>> readObject(const QJsonObject &object, ImportedUser &user, QString &email,
                                                      QString &hash)
{
    const auto wrong = [](const QString &key, const char *what) {
        return std::optional(std::pair(key, QStringLiteral("must be %1").arg(QLatin1String(what))));
    };
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString &key = it.key();
        const QJsonValue value = it.value();
        if (!jsonKeys.contains(key))
            return std::pair(key, QStringLiteral("unknown key; the keys are %1").arg(jsonKeys.join(QStringLiteral(", "))));
        if (key == QLatin1String("email_verified") || key == QLatin1String("disabled")) {
            if (!value.isBool())
                return wrong(key, "true or false");
            (key == QLatin1String("disabled") ? user.disabled : user.emailVerified) = value.toBool();
        } else if (key == QLatin1String("groups")) {
            if (!value.isArray())
                return wrong(key, "an array of group names");
            for (const QJsonValue group : value.toArray()) {
                if (!group.isString())
                    return wrong(key, "an array of group names");
                if (!isUnicodeText(group.toString()))
                    return std::pair(key, loneSurrogateReason());
                user.groups.append(group.toString());
            }
        } else if (!value.isString() && !(value.isNull() && key != QLatin1String("email"))) {
            return wrong(key, "a string");
        } else if (!isUnicodeText(value.toString())) {
            return std::pair(key, loneSurrogateReason());
        } else if (key == QLatin1String("email")) {
            email = value.toString();
        } else if (key == QLatin1String("name")) {
            user.name = value.toString();
        } else {
            hash = value.toString();
        }
    }
    if (!object.contains(QLatin1String("email")))
        return std::pair(QStringLiteral("email"), QStringLiteral("is missing"));
    return std::nullopt;
}

} // namespace

UserFileContents readJsonLines(const QByteArray &file, const ImportOptions &options)
{
    UserFileContents contents;
    UserChecks checks(contents, options);
    for (const FileLine &line : fileLines(file)) {
        if (line.text.trimmed().isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line.text.toByteArray(), &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            checks.refuse(line.number, QString(),
                          document.isNull() ? QStringLiteral("not JSON: %1 at column %2").arg(error.errorString()).arg(error.offset + 1)
                                            : QStringLiteral("not a JSON object"));
            continue;
        }
        ImportedUser user;
        user.line = line.number;
        QString email;
        QString hash;
        if (const auto problem = readObject(document.object(), user, email, hash)) {
            checks.refuse(line.number, problem->first, problem->second);
            continue;
        }
        const std::optional<QString> address =
            checks.email(line.number, QStringLiteral("email"), email, QStringLiteral("line %1").arg(line.number));
        if (!address)
            continue;
        user.email = *address;
        if (checks.hash(user, QStringLiteral("password_hash"), hash.toUtf8()))
            checks.accept(user);
    }
    return contents;
}

QByteArray jsonLine(const ImportedUser &user, bool withPasswordHash)
{
    QJsonObject object{{QStringLiteral("email"), user.email},
                       {QStringLiteral("name"), user.name.isEmpty() ? QJsonValue() : QJsonValue(user.name)},
                       {QStringLiteral("email_verified"), user.emailVerified},
                       {QStringLiteral("disabled"), user.disabled},
                       {QStringLiteral("groups"), QJsonArray::fromStringList(user.groups)}};
    if (withPasswordHash)
        object.insert(QStringLiteral("password_hash"), user.passwordHash.isEmpty() ? QJsonValue() : QJsonValue(user.passwordHash));
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace Gatehouse::UserImport
