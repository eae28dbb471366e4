#include "userimport/keycloakfile.h"

#include "userimport/userchecks_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstring>
#include <optional>

namespace Gatehouse::UserImport {

namespace {

//! Why a credential cannot be turned into a hash string.
struct CredentialProblem
{
    QString reason;
};

//! A JSON object a credential keeps as a string (secretData, credentialData) or, in exports
//! before Keycloak 11, as the credential's own keys.
QJsonObject embedded(const QJsonObject &credential, const QJsonValue &value, const QString &key)
{
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
 * A password credential: as QJsonDocument read it, or (\c scanned) the texts of its secretData
 * and credentialData as ExportScanner read them.
 */
struct Password
{
    QJsonObject credential;
    QString secretData;
    QString credentialData;
    bool scanned = false;
};

//! What a password credential's secretData and credentialData give.
struct CredentialFields
{
    QString value;
    QString salt;
    QString algorithm;
    QJsonValue iterations;
    QJsonObject parameters;  //!< additionalParameters
};

//! The fields of ExportScanner's texts, as QJsonDocument would read them; false when it leaves them to it.
bool scannedFields(const QString &secretData, const QString &credentialData, CredentialFields &fields);

CredentialFields credentialFields(const Password &password)
{
    CredentialFields fields;
    if (password.scanned && scannedFields(password.secretData, password.credentialData, fields))
        return fields;
    const auto field = [&](const QString &key, const QString &text) {
        return embedded(password.credential, password.scanned ? QJsonValue(text) : password.credential.value(key), key);
    };
    const QJsonObject secret = field(QStringLiteral("secretData"), password.secretData);
    const QJsonObject data = field(QStringLiteral("credentialData"), password.credentialData);
    fields.value = secret.value(QStringLiteral("value")).toString(secret.value(QStringLiteral("hashedSaltedValue")).toString());
    fields.salt = secret.value(QStringLiteral("salt")).toString();
    fields.algorithm = data.value(QStringLiteral("algorithm")).toString();
    fields.iterations = data.value(QStringLiteral("hashIterations"));
    fields.parameters = data.value(QStringLiteral("additionalParameters")).toObject();
    return fields;
}

/*!
 * The password credential as the string legacyhashes/ reads. Keycloak's argon2 parameters are
 * in credentialData.additionalParameters (type, version, memory in KiB, parallelism) with
 * hashIterations as the passes.
 */
QString hashString(const Password &password)
{
    const CredentialFields fields = credentialFields(password);
    const QString &value = fields.value;
    const QString &salt = fields.salt;
    const QString &algorithm = fields.algorithm;
    const QJsonValue &iterations = fields.iterations;
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
        const QJsonObject &parameters = fields.parameters;
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

//! A user entry of the export: what the reader takes from it, each field looked up once.
struct Entry
{
    QString username;               //!< "" when not a string
    std::optional<QString> email;   //!< nullopt when not a string
    QString firstName;
    QString lastName;
    bool emailVerified = false;
    bool enabled = true;
    QStringList groups;             //!< each "" when not a string
    QList<Password> passwords;      //!< the credentials of type "password"
};

//! The first of the user's texts that is not isUnicodeText(), or an empty string.
QString notUnicodeKey(const Entry &entry)
{
    if (!isUnicodeText(entry.username))
        return QStringLiteral("username");
    if (!isUnicodeText(entry.email.value_or(QString())))
        return QStringLiteral("email");
    if (!isUnicodeText(entry.firstName))
        return QStringLiteral("firstName");
    if (!isUnicodeText(entry.lastName))
        return QStringLiteral("lastName");
    for (const QString &group : entry.groups) {
        if (!isUnicodeText(group))
            return QStringLiteral("groups");
    }
    return QString();
}

//! The entry users[\a i] as a user, or its refusal.
void readEntry(UserChecks &checks, qsizetype i, const Entry &entry)
{
    const QString &username = entry.username;
    const QString where = QStringLiteral("users[") + QString::number(i) + QLatin1Char(']');
    const QString named = username.isEmpty() || !isUnicodeText(username) ? where : where + QStringLiteral(" (") + username + QLatin1Char(')');
    if (const QString key = notUnicodeKey(entry); !key.isEmpty()) {
        checks.refuse(0, named, QStringLiteral("%1: %2").arg(key, loneSurrogateReason()));
        return;
    }
    ImportedUser user;
    const std::optional<QString> address = checks.email(0, named, entry.email.value_or(username), named);
    if (!address)
        return;
    user.email = *address;
    user.name = QStringList{entry.firstName, entry.lastName}.join(QLatin1Char(' ')).trimmed();
    user.emailVerified = entry.emailVerified;
    user.disabled = !entry.enabled;
    for (QString path : entry.groups) {
        if (path.startsWith(QLatin1Char('/')))
            path.remove(0, 1);
        if (!path.isEmpty())
            user.groups.append(path);
    }
    if (entry.passwords.size() > 1) {
        checks.refuse(0, named, QStringLiteral("%1 password credentials; Keycloak keeps one").arg(entry.passwords.size()));
        return;
    }
    QString hash;
    try {
        if (!entry.passwords.isEmpty())
            hash = hashString(entry.passwords.first());
    } catch (const CredentialProblem &problem) {
        checks.refuse(0, named, problem.reason);
        return;
    }
    if (checks.hash(user, named, hash.toUtf8()))
        checks.accept(user);
}

//! users[] of \a document as QJsonDocument reads them.
Entry documentEntry(const QJsonObject &object)
{
    Entry entry;
    entry.username = object.value(QStringLiteral("username")).toString();
    if (const QJsonValue email = object.value(QStringLiteral("email")); email.isString())
        entry.email = email.toString();
    entry.firstName = object.value(QStringLiteral("firstName")).toString();
    entry.lastName = object.value(QStringLiteral("lastName")).toString();
    entry.emailVerified = object.value(QStringLiteral("emailVerified")).toBool(false);
    entry.enabled = object.value(QStringLiteral("enabled")).toBool(true);
    const QJsonArray groups = object.value(QStringLiteral("groups")).toArray();
    for (const QJsonValue group : groups)
        entry.groups.append(group.toString());
    const QJsonArray credentials = object.value(QStringLiteral("credentials")).toArray();
    for (const QJsonValue credential : credentials) {
        if (credential.toObject().value(QStringLiteral("type")).toString() == QLatin1String("password"))
            entry.passwords.append(Password{credential.toObject(), {}, {}, false});
    }
    return entry;
}

/*!
 * The users of an export as they usually are, read without building the whole document (most
 * of the time QJsonDocument took): nullopt for anything else, and QJsonDocument reads the file.
 * What it reads, it reads as QJsonDocument would; what it is not sure of it leaves to it: a
 * string with a \u escape, a control character, DEL or a byte beyond ASCII, a number beyond 15
 * digits or with an exponent, nesting deeper than 64, a key it reads given twice, a field of
 * another type than Keycloak writes, a credential of before Keycloak 11, a syntax error.
 */
class ExportScanner
{
public:
    explicit ExportScanner(QByteArrayView text) : m_p(text.data()), m_end(text.data() + text.size()) {}

    std::optional<QList<Entry>> users()
    {
        QList<Entry> users;
        bool seen = false;
        const bool read = object([&](QByteArrayView key) {
            if (key != "users")
                return value(0);
            if (seen)
                return false;
            seen = true;
            return array([&] {
                Entry entry;
                if (!user(entry))
                    return false;
                users.append(std::move(entry));
                return true;
            });
        });
        if (!read || !seen || !end())
            return std::nullopt;
        return users;
    }

    //! secretData: its value (else hashedSaltedValue) and salt, each a string when given.
    bool secretData(CredentialFields &fields)
    {
        unsigned seen = 0;
        std::optional<QString> plain;
        std::optional<QString> hashed;
        const bool read = object([&](QByteArrayView name) {
            if (name == "value" || name == "hashedSaltedValue") {
                QString text;
                if (!once(seen, name == "value" ? 1 : 2) || !string(text))
                    return false;
                (name == "value" ? plain : hashed) = text;
                return true;
            }
            if (name == "salt")
                return once(seen, 4) && string(fields.salt);
            return value(1);
        });
        fields.value = plain.value_or(hashed.value_or(QString()));
        return read && end();
    }

    //! credentialData: algorithm, hashIterations a whole number, additionalParameters empty.
    bool credentialData(CredentialFields &fields)
    {
        unsigned seen = 0;
        const bool read = object([&](QByteArrayView name) {
            if (name == "algorithm")
                return once(seen, 1) && string(fields.algorithm);
            if (name == "hashIterations") {
                space();
                const char *start = m_p;
                if (!once(seen, 2) || m_p == m_end || *m_p == '0' || !digits(15)
                    || (m_p != m_end && (*m_p == '.' || *m_p == 'e' || *m_p == 'E')))
                    return false;
                fields.iterations = double(QByteArrayView(start, m_p - start).toLongLong());
                return true;
            }
            if (name == "additionalParameters")
                return once(seen, 4) && take('{') && take('}');
            return value(1);
        });
        return read && end();
    }

private:
    static constexpr int MaxDepth = 64;

    bool end()
    {
        space();
        return m_p == m_end;
    }

    void space()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }

    bool take(char c)
    {
        space();
        if (m_p == m_end || *m_p != c)
            return false;
        ++m_p;
        return true;
    }

    bool at(char c)
    {
        space();
        return m_p != m_end && *m_p == c;
    }

    //! A string; its bytes (escapes not yet decoded) in \a raw, whether it has escapes in \a escaped.
    bool rawString(QByteArrayView &raw, bool &escaped)
    {
        if (!take('"'))
            return false;
        const char *start = m_p;
        escaped = false;
        while (m_p < m_end && *m_p != '"') {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c < 0x20 || c >= 0x7F)
                return false;
            if (c == '\\') {
                ++m_p;
                if (m_p == m_end || !std::strchr("\"\\/bfnrt", *m_p))
                    return false;
                escaped = true;
            }
            ++m_p;
        }
        if (m_p == m_end)
            return false;
        raw = QByteArrayView(start, m_p - start);
        ++m_p;
        return true;
    }

    bool string(QString &out)
    {
        QByteArrayView raw;
        bool escaped = false;
        if (!rawString(raw, escaped))
            return false;
        if (!escaped) {
            out = QString::fromLatin1(raw);
            return true;
        }
        out.clear();
        out.reserve(raw.size());
        for (qsizetype i = 0; i < raw.size(); ++i) {
            char c = raw[i];
            if (c == '\\') {
                switch (raw[++i]) {
                case 'b': c = '\b'; break;
                case 'f': c = '\f'; break;
                case 'n': c = '\n'; break;
                case 'r': c = '\r'; break;
                case 't': c = '\t'; break;
                default: c = raw[i]; break;  // " \ /
                }
            }
            out.append(QLatin1Char(c));
        }
        return true;
    }

    bool key(QByteArrayView &out)
    {
        bool escaped = false;
        return rawString(out, escaped) && !escaped && take(':');
    }

    bool digits(int most)
    {
        int n = 0;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9') {
            ++m_p;
            if (++n > most)
                return false;
        }
        return n > 0;
    }

    //! -?(0|[1-9][0-9]*)(.[0-9]+)?, at most 15 digits on either side of the point.
    bool number()
    {
        if (m_p < m_end && *m_p == '-')
            ++m_p;
        if (m_p == m_end)
            return false;
        if (*m_p == '0')
            ++m_p;
        else if (!digits(15))
            return false;
        if (m_p < m_end && *m_p == '.') {
            ++m_p;
            if (!digits(15))
                return false;
        }
        return m_p == m_end || (*m_p != 'e' && *m_p != 'E' && !(*m_p >= '0' && *m_p <= '9'));
    }

    bool literal(QByteArrayView word)
    {
        if (QByteArrayView(m_p, m_end - m_p).startsWith(word)) {
            m_p += word.size();
            return true;
        }
        return false;
    }

    bool boolean(bool &out)
    {
        space();
        if (literal("true"))
            out = true;
        else if (literal("false"))
            out = false;
        else
            return false;
        return true;
    }

    //! Any value, not kept.
    bool value(int depth)
    {
        space();
        if (m_p == m_end || depth > MaxDepth)
            return false;
        switch (*m_p) {
        case '"': {
            QByteArrayView raw;
            bool escaped = false;
            return rawString(raw, escaped);
        }
        case '{': return object([&](QByteArrayView) { return value(depth + 1); });
        case '[': return array([&] { return value(depth + 1); });
        case 't': return literal("true");
        case 'f': return literal("false");
        case 'n': return literal("null");
        default: return number();
        }
    }

    //! An object, \a member reading each member's value after its key.
    template <typename Member>
    bool object(Member member)
    {
        if (!take('{'))
            return false;
        if (take('}'))
            return true;
        do {
            QByteArrayView name;
            if (!key(name) || !member(name))
                return false;
        } while (take(','));
        return take('}');
    }

    template <typename Element>
    bool array(Element element)
    {
        if (!take('['))
            return false;
        if (take(']'))
            return true;
        do {
            if (!element())
                return false;
        } while (take(','));
        return take(']');
    }

    //! Whether \a name is a key not seen before in this object.
    static bool once(unsigned &seen, unsigned bit)
    {
        if (seen & bit)
            return false;
        seen |= bit;
        return true;
    }

    bool user(Entry &entry)
    {
        unsigned seen = 0;
        return object([&](QByteArrayView name) {
            if (name == "username")
                return once(seen, 1) && string(entry.username);
            if (name == "email") {
                QString email;
                if (!once(seen, 2) || !string(email))
                    return false;
                entry.email = email;
                return true;
            }
            if (name == "firstName")
                return once(seen, 4) && string(entry.firstName);
            if (name == "lastName")
                return once(seen, 8) && string(entry.lastName);
            if (name == "emailVerified")
                return once(seen, 16) && boolean(entry.emailVerified);
            if (name == "enabled")
                return once(seen, 32) && boolean(entry.enabled);
            if (name == "groups") {
                return once(seen, 64) && array([&] {
                    QString group;
                    if (!string(group))
                        return false;
                    entry.groups.append(group);
                    return true;
                });
            }
            if (name == "credentials")
                return once(seen, 128) && array([&] { return credential(entry); });
            return value(1);
        });
    }

    bool credential(Entry &entry)
    {
        unsigned seen = 0;
        QString type;
        std::optional<QString> secretData;
        std::optional<QString> credentialData;
        const bool read = object([&](QByteArrayView name) {
            if (name == "type")
                return once(seen, 1) && string(type);
            if (name == "secretData" || name == "credentialData") {
                QString text;
                if (!once(seen, name == "secretData" ? 2 : 4) || !string(text))
                    return false;
                (name == "secretData" ? secretData : credentialData) = text;
                return true;
            }
            return value(2);
        });
        if (!read)
            return false;
        if (type != QLatin1String("password"))
            return true;
        if (!secretData || !credentialData)
            return false;  // before Keycloak 11 (or not Keycloak's): QJsonDocument reads it
        entry.passwords.append(Password{{}, *secretData, *credentialData, true});
        return true;
    }

    const char *m_p;
    const char *m_end;
};

bool scannedFields(const QString &secretData, const QString &credentialData, CredentialFields &fields)
{
    // Their texts are ASCII (ExportScanner reads no other): Latin-1 is their UTF-8.
    const QByteArray secret = secretData.toLatin1();
    const QByteArray data = credentialData.toLatin1();
    return ExportScanner(secret).secretData(fields) && ExportScanner(data).credentialData(fields);
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
    // Beyond 1 GiB QJsonDocument alone, whatever its limits are.
    if (const std::optional<QList<Entry>> users = text.size() < (qsizetype(1) << 30) ? ExportScanner(text).users() : std::nullopt) {
        for (qsizetype i = 0; i < users->size(); ++i)
            readEntry(checks, i, users->at(i));
        return contents;
    }
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
    for (qsizetype i = 0; i < all.size(); ++i)
        readEntry(checks, i, documentEntry(all.at(i).toObject()));
    return contents;
}

} // namespace Gatehouse::UserImport
