// A reader for the YAML Authelia's documentation writes in users_database.yml, and nothing more:
// a full YAML parser would accept what the import cannot mean (anchors, tags, merges).
#include "userimport/autheliafile.h"

#include "userimport/userchecks_p.h"

#include <QHash>

namespace Gatehouse::UserImport {

namespace {

//! The file cannot be read on from this line.
struct YamlProblem
{
    int line;
    QString reason;
};

//! A scalar value; null for nothing after the colon.
struct Scalar
{
    QString text;
    bool null = true;
    bool quoted = false;
};

//! Reads the scalar at the start of \a text (which has no leading space); \a rest gets what follows.
Scalar scalar(const QString &text, int line, QString *rest, const QString &stops = QString())
{
    Scalar value;
    if (text.isEmpty() || text.startsWith(QLatin1Char('#'))) {
        *rest = QString();
        return value;
    }
    value.null = false;
    const QChar first = text.front();
    if (first == QLatin1Char('\'') || first == QLatin1Char('"')) {
        value.quoted = true;
        const bool single = first == QLatin1Char('\'');
        qsizetype i = 1;
        for (;; ++i) {
            if (i >= text.size())
                throw YamlProblem{line, QStringLiteral("a quoted value does not end on its line")};
            const QChar c = text.at(i);
            if (single && c == QLatin1Char('\'')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\'')) {
                    value.text += c;
                    ++i;
                    continue;
                }
                break;
            }
            if (!single && c == QLatin1Char('"'))
                break;
            if (!single && c == QLatin1Char('\\')) {
                if (++i >= text.size())
                    throw YamlProblem{line, QStringLiteral("a quoted value does not end on its line")};
                const QChar e = text.at(i);
                static const QHash<QChar, QChar> simple = {{u'\\', u'\\'}, {u'"', u'"'}, {u'/', u'/'},
                                                          {u'n', u'\n'}, {u't', u'\t'}, {u'r', u'\r'}, {u' ', u' '}};
                if (simple.contains(e)) {
                    value.text += simple.value(e);
                } else if (e == QLatin1Char('u') && i + 4 < text.size()) {
                    bool ok = false;
                    const ushort code = text.mid(i + 1, 4).toUShort(&ok, 16);
                    if (!ok)
                        throw YamlProblem{line, QStringLiteral("\\u needs four hexadecimal digits")};
                    value.text += QChar(code);
                    i += 4;
                } else {
                    throw YamlProblem{line, QStringLiteral("the escape \\%1 is not supported").arg(e)};
                }
                continue;
            }
            value.text += c;
        }
        // Two \u escapes may make one pair; half of one alone is no character (as a bad escape).
        if (!isUnicodeText(value.text))
            throw YamlProblem{line, loneSurrogateReason()};
        *rest = text.mid(i + 1).trimmed();
        return value;
    }
    static const QString reserved = QStringLiteral("&*!|>{%@`");
    if (reserved.contains(first))
        throw YamlProblem{line, QStringLiteral("'%1' starts a YAML feature this reader does not support").arg(first)};
    // Plain: up to a comment (space then '#') or one of \a stops.
    qsizetype end = 0;
    while (end < text.size() && !stops.contains(text.at(end))
           && !(text.at(end) == QLatin1Char('#') && end > 0 && text.at(end - 1).isSpace()))
        ++end;
    value.text = text.first(end).trimmed();
    *rest = text.mid(end).trimmed();
    return value;
}

//! Nothing but a comment may follow a value.
void endOfLine(const QString &rest, int line)
{
    if (!rest.isEmpty() && !rest.startsWith(QLatin1Char('#')))
        throw YamlProblem{line, QStringLiteral("unexpected \"%1\" after the value").arg(rest)};
}

//! A flow sequence "[a, 'b']" of scalars.
QStringList flowSequence(const QString &text, int line)
{
    QStringList items;
    QString rest = text.mid(1).trimmed();
    while (!rest.startsWith(QLatin1Char(']'))) {
        if (rest.isEmpty())
            throw YamlProblem{line, QStringLiteral("a [ list does not end on its line")};
        QString after;
        const Scalar item = scalar(rest, line, &after, QStringLiteral(",]"));
        if (item.null || (!item.quoted && item.text.isEmpty()))
            throw YamlProblem{line, QStringLiteral("an empty item in a [ list")};
        items.append(item.text);
        rest = after;
        if (rest.startsWith(QLatin1Char(',')))
            rest = rest.mid(1).trimmed();
        else if (!rest.startsWith(QLatin1Char(']')))
            throw YamlProblem{line, QStringLiteral("expected ',' or ']' in a [ list")};
    }
    endOfLine(rest.mid(1).trimmed(), line);
    return items;
}

//! "key: value" split; the key may be quoted.
std::pair<QString, QString> keyAndValue(const QString &content, int line)
{
    QString rest;
    QString key;
    if (content.startsWith(QLatin1Char('\'')) || content.startsWith(QLatin1Char('"'))) {
        key = scalar(content, line, &rest).text;
        if (!rest.startsWith(QLatin1Char(':')))
            throw YamlProblem{line, QStringLiteral("expected ':' after the key")};
        return {key, rest.mid(1).trimmed()};
    }
    qsizetype colon = content.indexOf(QLatin1String(": "));
    if (colon < 0 && content.endsWith(QLatin1Char(':')))
        colon = content.size() - 1;
    if (colon <= 0)
        throw YamlProblem{line, QStringLiteral("expected \"key: value\"")};
    return {content.first(colon).trimmed(), content.mid(colon + 1).trimmed()};
}

//! One user as read, before the checks.
struct PendingUser
{
    int line = 0;
    QString username;
    QHash<QString, std::pair<int, Scalar>> fields;   // key -> line, value
    QStringList groups;
    int groupsLine = 0;
    bool hasGroups = false;
    int problemLine = 0;
    QString problemField;
    QString problem;
    void refuse(int at, const QString &field, const QString &reason)
    {
        if (problem.isEmpty()) {
            problemLine = at;
            problemField = field;
            problem = reason;
        }
    }
};

const QStringList autheliaKeys = {QStringLiteral("password"), QStringLiteral("email"), QStringLiteral("displayname"),
                               QStringLiteral("disabled"), QStringLiteral("groups")};

void finish(const PendingUser &pending, UserChecks &checks)
{
    if (!pending.problem.isEmpty()) {
        checks.refuse(pending.problemLine, pending.problemField, pending.problem);
        return;
    }
    for (const char *required : {"email", "password"}) {
        if (!pending.fields.contains(QLatin1String(required))) {
            checks.refuse(pending.line, QLatin1String(required),
                          QStringLiteral("user %1 has no %2").arg(pending.username, QLatin1String(required)));
            return;
        }
    }
    ImportedUser user;
    user.line = pending.line;
    const auto [emailLine, email] = pending.fields.value(QStringLiteral("email"));
    const std::optional<QString> address =
        checks.email(emailLine, QStringLiteral("email"), email.text, QStringLiteral("line %1").arg(emailLine));
    if (!address)
        return;
    user.email = *address;
    user.name = pending.fields.value(QStringLiteral("displayname")).second.text;
    if (pending.fields.contains(QStringLiteral("disabled"))) {
        const auto [line, disabled] = pending.fields.value(QStringLiteral("disabled"));
        const QString flag = disabled.text.toLower();
        if (disabled.quoted || (flag != QLatin1String("true") && flag != QLatin1String("false"))) {
            checks.refuse(line, QStringLiteral("disabled"), QStringLiteral("must be true or false"));
            return;
        }
        user.disabled = flag == QLatin1String("true");
    }
    user.groups = pending.groups;
    const auto [passwordLine, password] = pending.fields.value(QStringLiteral("password"));
    user.line = passwordLine;  // where the hash's refusal points
    const bool accepted = checks.hash(user, QStringLiteral("password"), password.text.toUtf8());
    user.line = pending.line;
    if (accepted)
        checks.accept(user);
}

} // namespace

UserFileContents readAuthelia(const QByteArray &file, const ImportOptions &options)
{
    UserFileContents contents;
    UserChecks checks(contents, options);
    std::optional<PendingUser> pending;
    int usersLine = 0;
    int userIndent = 0;
    int fieldIndent = 0;
    bool inGroups = false;
    try {
        for (const FileLine &raw : fileLines(file)) {
            const int n = raw.number;
            const std::optional<QString> decoded = utf8(raw.text);
            if (!decoded)
                throw YamlProblem{n, QStringLiteral("not UTF-8")};
            const QString &text = *decoded;
            qsizetype indent = 0;
            while (indent < text.size() && text.at(indent) == QLatin1Char(' '))
                ++indent;
            const QString content = text.mid(indent).trimmed();
            if (content.isEmpty() || content.startsWith(QLatin1Char('#')))
                continue;
            if (indent < text.size() && text.at(indent) == QLatin1Char('\t'))
                throw YamlProblem{n, QStringLiteral("a tab in the indentation; YAML indents with spaces")};
            if (indent == 0) {
                if (usersLine == 0 && content == QLatin1String("---"))
                    continue;
                const auto [key, value] = keyAndValue(content, n);
                if (key != QLatin1String("users") || usersLine != 0)
                    throw YamlProblem{n, QStringLiteral("unexpected top-level key \"%1\"; the file has one: users").arg(key)};
                if (!value.isEmpty() && !value.startsWith(QLatin1Char('#')) && value != QLatin1String("{}"))
                    throw YamlProblem{n, QStringLiteral("users must be a mapping of user names")};
                usersLine = n;
                continue;
            }
            if (usersLine == 0)
                throw YamlProblem{n, QStringLiteral("indented text before \"users:\"")};
            if (userIndent == 0)
                userIndent = int(indent);
            if (indent == userIndent) {
                if (pending)
                    finish(*pending, checks);
                const auto [name, value] = keyAndValue(content, n);
                if (!value.isEmpty() && !value.startsWith(QLatin1Char('#')))
                    throw YamlProblem{n, QStringLiteral("user %1 must be a mapping of its fields").arg(name)};
                pending = PendingUser{};
                pending->line = n;
                pending->username = name;
                inGroups = false;
                fieldIndent = 0;
                continue;
            }
            if (indent < userIndent || !pending)
                throw YamlProblem{n, QStringLiteral("indented by %1 spaces where users are indented by %2").arg(indent).arg(userIndent)};
            if (fieldIndent == 0)
                fieldIndent = int(indent);
            const bool item = content == QLatin1String("-") || content.startsWith(QLatin1String("- "));
            if (inGroups && item && indent >= fieldIndent) {
                QString rest;
                const Scalar group = scalar(content.mid(1).trimmed(), n, &rest);
                endOfLine(rest, n);
                if (group.null || group.text.isEmpty())
                    pending->refuse(n, QStringLiteral("groups"), QStringLiteral("an empty group name"));
                else
                    pending->groups.append(group.text);
                continue;
            }
            if (indent != fieldIndent)
                throw YamlProblem{n, QStringLiteral("indented by %1 spaces where the fields of user %2 are indented by %3")
                                         .arg(indent).arg(pending->username).arg(fieldIndent)};
            inGroups = false;
            const auto [key, valueText] = keyAndValue(content, n);
            if (!autheliaKeys.contains(key)) {
                pending->refuse(n, key, QStringLiteral("unknown key; a user has %1").arg(autheliaKeys.join(QStringLiteral(", "))));
                continue;
            }
            if (pending->fields.contains(key) || (key == QLatin1String("groups") && pending->hasGroups)) {
                pending->refuse(n, key, QStringLiteral("%1 is given twice").arg(key));
                continue;
            }
            if (key == QLatin1String("groups")) {
                pending->hasGroups = true;
                if (valueText.startsWith(QLatin1Char('[')))
                    pending->groups = flowSequence(valueText, n);
                else if (valueText.isEmpty() || valueText.startsWith(QLatin1Char('#')))
                    inGroups = true;
                else
                    pending->refuse(n, key, QStringLiteral("must be a list of group names"));
                continue;
            }
            QString rest;
            const Scalar value = scalar(valueText, n, &rest);
            endOfLine(rest, n);
            if (value.null) {
                pending->refuse(n, key, QStringLiteral("has no value"));
                continue;
            }
            pending->fields.insert(key, {n, value});
        }
        if (pending)
            finish(*pending, checks);
        if (usersLine == 0 && !file.trimmed().isEmpty())
            throw YamlProblem{1, QStringLiteral("no \"users:\" mapping")};
    } catch (const YamlProblem &problem) {
        checks.fail(problem.line, problem.reason);
    }
    return contents;
}

} // namespace Gatehouse::UserImport
