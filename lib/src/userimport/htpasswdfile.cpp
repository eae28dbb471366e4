#include "userimport/htpasswdfile.h"

#include "userimport/userchecks_p.h"

namespace Gatehouse::UserImport {

HtpasswdContents readHtpasswd(const QByteArray &file, const HtpasswdOptions &options)
{
    HtpasswdContents contents;
    UserChecks checks(contents, options);
    for (const FileLine &line : fileLines(file)) {
        if (line.text.trimmed().isEmpty() || line.text.startsWith('#'))
            continue;
        const qsizetype colon = line.text.indexOf(':');
        if (colon < 0) {
            checks.refuse(line.number, QString(), QStringLiteral("no ':' between the user name and the hash"));
            continue;
        }
        const std::optional<QString> name = utf8(line.text.first(colon));
        if (!name) {
            checks.refuse(line.number, QString(), QStringLiteral("the user name is not UTF-8"));
            continue;
        }
        ImportedUser user;
        user.line = line.number;
        const std::optional<QString> email =
            checks.email(line.number, QString(), *name, QStringLiteral("line %1").arg(line.number));
        if (!email)
            continue;
        user.email = *email;
        const QByteArrayView hash = line.text.sliced(colon + 1);
        if (hash.isEmpty()) {
            checks.refuse(line.number, QString(), QStringLiteral("the hash is empty"));
            continue;
        }
        if (checks.hash(user, QString(), hash))
            checks.accept(user);
    }
    return contents;
}

} // namespace Gatehouse::UserImport
