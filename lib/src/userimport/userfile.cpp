#include "userimport/userfile.h"

#include "userimport/autheliafile.h"
#include "userimport/csvfile.h"
#include "userimport/htpasswdfile.h"
#include "userimport/jsonlinesfile.h"
#include "userimport/keycloakfile.h"

namespace Gatehouse::UserImport {

QStringList userFileFormatNames()
{
    return {QStringLiteral("authelia"), QStringLiteral("htpasswd"), QStringLiteral("keycloak"), QStringLiteral("csv"),
            QStringLiteral("jsonl")};
}

std::optional<UserFileFormat> userFileFormat(const QString &name)
{
    const qsizetype index = userFileFormatNames().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return UserFileFormat(index);
}

UserFileContents readUserFile(UserFileFormat format, const QByteArray &file, const ImportOptions &options)
{
    switch (format) {
    case UserFileFormat::Authelia:
        return readAuthelia(file, options);
    case UserFileFormat::Htpasswd:
        return readHtpasswd(file, options);
    case UserFileFormat::Keycloak:
        return readKeycloak(file, options);
    case UserFileFormat::Csv:
        return readCsv(file, options);
    case UserFileFormat::JsonLines:
        break;
    }
    return readJsonLines(file, options);
}

} // namespace Gatehouse::UserImport
