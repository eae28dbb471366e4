#pragma once
/*!
 * \file csvfile.h  CSV user files (README.md) for `gatehouse-server user import --format csv`:
 * a header row naming the columns, one user a record.
 */
#include "userimport/importeduser.h"

namespace Gatehouse::UserImport {

/*!
 * Reads \a file (RFC 4180: comma-separated, fields in double quotes may hold commas, quotes
 * doubled and line breaks). The first record names the columns, in any order: email (required),
 * name, email_verified, disabled (true/false, yes/no, 1/0, or empty for false), groups (names
 * separated by commas, which a group name cannot hold) and password_hash. An unknown or repeated
 * column, or a quote left open, refuses the file; a record with another number of fields, a
 * value that is not UTF-8 or not a boolean, an address an earlier record has, or a hash
 * UserChecks refuses is refused with its line and column. Never throws.
 */
UserFileContents readCsv(const QByteArray &file, const ImportOptions &options);

} // namespace Gatehouse::UserImport
