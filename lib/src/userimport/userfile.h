#pragma once
/*!
 * \file userfile.h  The formats `gatehouse-server user import --format` reads, by name, and the
 * one call that reads a file in any of them.
 */
#include "userimport/importeduser.h"

#include <optional>

namespace Gatehouse::UserImport {

enum class UserFileFormat { Authelia, Htpasswd, Keycloak, Csv, JsonLines };

//! "authelia", "htpasswd", "keycloak", "csv", "jsonl".
QStringList userFileFormatNames();
//! The format named \a name (as userFileFormatNames() spells it), or nullopt.
std::optional<UserFileFormat> userFileFormat(const QString &name);

//! Reads \a file in \a format with that format's reader. Never throws.
UserFileContents readUserFile(UserFileFormat format, const QByteArray &file, const ImportOptions &options);

} // namespace Gatehouse::UserImport
