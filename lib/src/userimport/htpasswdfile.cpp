#include "userimport/htpasswdfile.h"

#include "legacyhashes/legacyhash.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringDecoder>

namespace Gatehouse::UserImport {

namespace {

//! An address as the sign-in form's: one '@', no whitespace, something on both sides.
bool isAddress(const QString &email)
{
    static const QRegularExpression address(QStringLiteral("^[^@\\s]+@[^@\\s]+$"));
    return address.match(email).hasMatch();
}

} // namespace

HtpasswdContents readHtpasswd(const QByteArray &file, const HtpasswdOptions &options)
{
    HtpasswdContents contents;
    QByteArrayView rest(file);
    if (rest.startsWith("\xEF\xBB\xBF"))
        rest = rest.sliced(3);
    QHash<QString, int> seen; // email -> line
    int lineNumber = 0;
    while (!rest.isEmpty()) {
        ++lineNumber;
        const qsizetype end = rest.indexOf('\n');
        QByteArrayView line = end < 0 ? rest : rest.first(end);
        rest = end < 0 ? QByteArrayView() : rest.sliced(end + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.startsWith('#'))
            continue;
        const auto refuse = [&](const QString &reason) { contents.refused.append({lineNumber, reason}); };
        const qsizetype colon = line.indexOf(':');
        if (colon < 0) {
            refuse(QStringLiteral("no ':' between the user name and the hash"));
            continue;
        }
        QStringDecoder utf8(QStringDecoder::Utf8);
        const QString name = QString(utf8(line.first(colon))).trimmed();
        if (utf8.hasError()) {
            refuse(QStringLiteral("the user name is not UTF-8"));
            continue;
        }
        if (name.isEmpty()) {
            refuse(QStringLiteral("the user name is empty"));
            continue;
        }
        QString email = name.toLower();
        if (!email.contains(QLatin1Char('@'))) {
            if (options.emailDomain.isEmpty()) {
                refuse(QStringLiteral("\"%1\" is not an email address (--email-domain turns user names into addresses)").arg(name));
                continue;
            }
            email += QLatin1Char('@') + options.emailDomain.toLower();
        }
        if (!isAddress(email)) {
            refuse(QStringLiteral("\"%1\" is not an email address").arg(email));
            continue;
        }
        if (const auto earlier = seen.constFind(email); earlier != seen.constEnd()) {
            refuse(QStringLiteral("%1 is on line %2 already").arg(email).arg(*earlier));
            continue;
        }
        seen.insert(email, lineNumber);
        const QByteArrayView hash = line.sliced(colon + 1);
        try {
            const std::unique_ptr<const LegacyHashes::LegacyHash> parsed = LegacyHashes::parseLegacyHash(hash);
            const QString weakness = parsed->weakness();
            if (!weakness.isEmpty() && !options.allowWeakHashes) {
                refuse(weakness + QStringLiteral(" (--allow-weak-hashes accepts it)"));
                continue;
            }
            contents.users.append({lineNumber, email, QString::fromLatin1(hash), parsed->scheme(), weakness});
        } catch (const LegacyHashes::HashProblem &problem) {
            refuse(problem.reason());
        }
    }
    return contents;
}

} // namespace Gatehouse::UserImport
