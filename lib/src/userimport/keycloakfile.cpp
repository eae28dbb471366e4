#include "userimport/keycloakfile.h"

#include "userimport/userchecks_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse::UserImport {

namespace {

//! Why a credential cannot be turned into a hash string.
struct CredentialProblem
{
    QString reason;
};

//! A JSON object a credential keeps as a string (secretData, credentialData) or, in exports
//! before Keycloak 11, as the credential's own keys.
QJsonObject embedded(const QJsonObject &credential, const QString &key)
{
    const QJsonValue value = credential.value(key);
    if (value.isUndefined())
        return credential;
    if (value.isObject())
        return value.toObject();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(value.toString().toUtf8(), &error);
    if (!document.isObject())
        throw CredentialProblem{QStringLiteral("%1 is not a JSON object").arg(key)};
    return document.object();
}

//! The first value of a Keycloak additionalParameters entry (each is an array of strings).
QString parameter(const QJsonObject &parameters, const QString &name, const QString &fallback)
{
    const QJsonValue value = parameters.value(name);
    if (value.isArray() && !value.toArray().isEmpty())
        return value.toArray().first().toString();
    if (value.isString())
        return value.toString();
    return fallback;
}

//! Keycloak's standard base64 as PHC writes it: without '=' padding.
QString unpadded(const QString &base64)
{
    QString text = base64;
    while (text.endsWith(QLatin1Char('=')))
        text.chop(1);
    return text;
}

/*!
 * The password credential as the string legacyhashes/ reads. Keycloak's argon2 parameters are
 * in credentialData.additionalParameters (type, version, memory in KiB, parallelism) with
 * hashIterations as the passes.
 */
QString hashString(const QJsonObject &credential)
{
    const QJsonObject secret = embedded(credential, QStringLiteral("secretData"));
    const QJsonObject data = embedded(credential, QStringLiteral("credentialData"));
    const QString value = secret.value(QStringLiteral("value")).toString(secret.value(QStringLiteral("hashedSaltedValue")).toString());
    const QString salt = secret.value(QStringLiteral("salt")).toString();
    const QString algorithm = data.value(QStringLiteral("algorithm")).toString();
    const QJsonValue iterations = data.value(QStringLiteral("hashIterations"));
    if (value.isEmpty() || salt.isEmpty())
        throw CredentialProblem{QStringLiteral("the password credential has no value or no salt")};
    if (!iterations.isDouble() || iterations.toDouble() < 1 || iterations.toDouble() > 1e12
        || iterations.toDouble() != double(qint64(iterations.toDouble())))
        throw CredentialProblem{QStringLiteral("hashIterations is not a positive whole number")};
    const qint64 rounds = qint64(iterations.toDouble());
    if (algorithm == QLatin1String("pbkdf2") || algorithm == QLatin1String("pbkdf2-sha256")
        || algorithm == QLatin1String("pbkdf2-sha512"))
        return QStringLiteral("$keycloak-") + algorithm + QLatin1Char('$') + QString::number(rounds) + QLatin1Char('$') + salt
            + QLatin1Char('$') + value;
    if (algorithm == QLatin1String("argon2")) {
        const QJsonObject parameters = data.value(QStringLiteral("additionalParameters")).toObject();
        const QString type = parameter(parameters, QStringLiteral("type"), QStringLiteral("id"));
        const QString version = parameter(parameters, QStringLiteral("version"), QStringLiteral("1.3"));
        const QString versionNumber = version == QLatin1String("1.3") ? QStringLiteral("19")
                                    : version == QLatin1String("1.0") ? QStringLiteral("16") : QString();
        if (versionNumber.isEmpty())
            throw CredentialProblem{QStringLiteral("argon2 version %1 is none of 1.0 and 1.3").arg(version)};
        return QStringLiteral("$argon2%1$v=%2$m=%3,t=%4,p=%5$%6$%7")
            .arg(type, versionNumber, parameter(parameters, QStringLiteral("memory"), QStringLiteral("7168")))
            .arg(rounds)
            .arg(parameter(parameters, QStringLiteral("parallelism"), QStringLiteral("1")), unpadded(salt), unpadded(value));
    }
    throw CredentialProblem{QStringLiteral("unknown password algorithm \"%1\"").arg(algorithm)};
}

//! The texts of a user entry, each looked up once.
struct EntryTexts
{
    QString username;
    QJsonValue email;
    QString firstName;
    QString lastName;
    QJsonArray groups;
};

//! The first of the user's texts that is not isUnicodeText(), or an empty string.
QString notUnicodeKey(const EntryTexts &entry)
{
    if (!isUnicodeText(entry.username))
        return QStringLiteral("username");
    if (!isUnicodeText(entry.email.toString()))
        return QStringLiteral("email");
    if (!isUnicodeText(entry.firstName))
        return QStringLiteral("firstName");
    if (!isUnicodeText(entry.lastName))
        return QStringLiteral("lastName");
    for (const QJsonValue group : entry.groups) {
        if (!isUnicodeText(group.toString()))
            return QStringLiteral("groups");
    }
    return QString();
}

int lineOfOffset(QByteArrayView file, qsizetype offset)
{
    return int(file.first(qBound<qsizetype>(0, offset, file.size())).count('\n')) + 1;
}

} // namespace

UserFileContents readKeycloak(const QByteArray &file, const ImportOptions &options)
{
    UserFileContents contents;
    UserChecks checks(contents, options);
    QByteArrayView text(file);
    if (text.startsWith("\xEF\xBB\xBF"))
        text = text.sliced(3);
    QJsonParseError error;
    // The file itself unless it starts with a byte order mark: no copy of a large export.
    const QJsonDocument document = QJsonDocument::fromJson(text.size() == file.size() ? file : text.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError) {
        checks.fail(lineOfOffset(text, error.offset), QStringLiteral("not JSON: %1").arg(error.errorString()));
        return contents;
    }
    const QJsonValue users = document.object().value(QStringLiteral("users"));
    if (!users.isArray()) {
        checks.fail(1, QStringLiteral("no \"users\" array: not a Keycloak realm export with its users"));
        return contents;
    }
    const QJsonArray all = users.toArray();
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QJsonObject entry = all.at(i).toObject();
        const EntryTexts texts{entry.value(QStringLiteral("username")).toString(), entry.value(QStringLiteral("email")),
                               entry.value(QStringLiteral("firstName")).toString(),
                               entry.value(QStringLiteral("lastName")).toString(), entry.value(QStringLiteral("groups")).toArray()};
        const QString &username = texts.username;
        const QString where = QStringLiteral("users[") + QString::number(i) + QLatin1Char(']');
        const QString named =
            username.isEmpty() || !isUnicodeText(username) ? where : where + QStringLiteral(" (") + username + QLatin1Char(')');
        if (const QString key = notUnicodeKey(texts); !key.isEmpty()) {
            checks.refuse(0, named, QStringLiteral("%1: %2").arg(key, loneSurrogateReason()));
            continue;
        }
        ImportedUser user;
        const QString email = texts.email.toString(username);
        const std::optional<QString> address = checks.email(0, named, email, named);
        if (!address)
            continue;
        user.email = *address;
        user.name = QStringList{texts.firstName, texts.lastName}.join(QLatin1Char(' ')).trimmed();
        user.emailVerified = entry.value(QStringLiteral("emailVerified")).toBool(false);
        user.disabled = !entry.value(QStringLiteral("enabled")).toBool(true);
        for (const QJsonValue group : texts.groups) {
            QString path = group.toString();
            if (path.startsWith(QLatin1Char('/')))
                path.remove(0, 1);
            if (!path.isEmpty())
                user.groups.append(path);
        }
        QList<QJsonObject> passwords;
        const QJsonArray credentials = entry.value(QStringLiteral("credentials")).toArray();
        for (const QJsonValue credential : credentials) {
            if (credential.toObject().value(QStringLiteral("type")).toString() == QLatin1String("password"))
                passwords.append(credential.toObject());
        }
        if (passwords.size() > 1) {
            checks.refuse(0, named, QStringLiteral("%1 password credentials; Keycloak keeps one").arg(passwords.size()));
            continue;
        }
        QString hash;
        try {
            if (!passwords.isEmpty())
                hash = hashString(passwords.first());
        } catch (const CredentialProblem &problem) {
            checks.refuse(0, named, problem.reason);
            continue;
        }
        if (checks.hash(user, named, hash.toUtf8()))
            checks.accept(user);
    }
    return contents;
}

} // namespace Gatehouse::UserImport
