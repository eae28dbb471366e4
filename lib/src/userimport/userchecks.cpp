#include "userimport/userchecks_p.h"

#include "legacyhashes/legacyhash.h"

#include <QRegularExpression>
#include <QStringDecoder>

#include <algorithm>

namespace Gatehouse::UserImport {

QList<FileLine> fileLines(QByteArrayView file)
{
    QList<FileLine> lines;
    if (file.startsWith("\xEF\xBB\xBF"))
        file = file.sliced(3);
    int number = 0;
    while (!file.isEmpty()) {
        const qsizetype end = file.indexOf('\n');
        QByteArrayView line = end < 0 ? file : file.first(end);
        file = end < 0 ? QByteArrayView() : file.sliced(end + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        lines.append({++number, line});
    }
    return lines;
}

std::optional<QString> utf8(QByteArrayView bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

QString loneSurrogateReason()
{
    return QStringLiteral("half of a UTF-16 surrogate pair (an escape \\uD800 to \\uDFFF) alone is not a character");
}

void UserChecks::refuse(int line, const QString &field, const QString &reason)
{
    m_contents.refused.append({line, reason, field});
}

void UserChecks::fail(int line, const QString &reason)
{
    m_contents.users.clear();
    refuse(line, QString(), reason + QStringLiteral("; nothing of the file is imported"));
}

std::optional<QString> UserChecks::email(int line, const QString &field, const QString &name, const QString &where)
{
    // An address as the sign-in form's: one '@', no whitespace, something on both sides.
    static const QRegularExpression address(QStringLiteral("^[^@\\s]+@[^@\\s]+$"));
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        refuse(line, field, QStringLiteral("the user name is empty"));
        return std::nullopt;
    }
    QString email = trimmed.toLower();
    if (!email.contains(QLatin1Char('@'))) {
        if (m_options.emailDomain.isEmpty()) {
            refuse(line, field,
                   QStringLiteral("\"%1\" is not an email address (--email-domain turns user names into addresses)").arg(trimmed));
            return std::nullopt;
        }
        email += QLatin1Char('@') + m_options.emailDomain.toLower();
    }
    // The pattern's \s is ASCII only: a Unicode space (U+2000 and the like) is no address either.
    if (!address.match(email).hasMatch() || std::any_of(email.cbegin(), email.cend(), [](QChar c) { return c.isSpace(); })) {
        refuse(line, field, QStringLiteral("\"%1\" is not an email address").arg(email));
        return std::nullopt;
    }
    if (const auto earlier = m_seen.constFind(email); earlier != m_seen.constEnd()) {
        refuse(line, field, QStringLiteral("%1 is on %2 already").arg(email, *earlier));
        return std::nullopt;
    }
    m_seen.insert(email, where);
    return email;
}

bool UserChecks::hash(ImportedUser &user, const QString &field, QByteArrayView hash)
{
    if (hash.isEmpty())
        return true;
    try {
        const std::unique_ptr<const LegacyHashes::LegacyHash> parsed = LegacyHashes::parseLegacyHash(hash);
        const QString weakness = parsed->weakness();
        if (!weakness.isEmpty() && !m_options.allowWeakHashes) {
            refuse(user.line, field, weakness + QStringLiteral(" (--allow-weak-hashes accepts it)"));
            return false;
        }
        user.passwordHash = QString::fromLatin1(hash);
        user.scheme = parsed->scheme();
        user.weakness = weakness;
        return true;
    } catch (const LegacyHashes::HashProblem &problem) {
        refuse(user.line, field, problem.reason());
        return false;
    }
}

} // namespace Gatehouse::UserImport
