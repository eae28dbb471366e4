#pragma once
/*!
 * \file jsonlinesfile.h  JSON Lines user files (README.md): what `gatehouse-server user export`
 * writes and `user import --format jsonl` reads, one user a line.
 */
#include "userimport/importeduser.h"

namespace Gatehouse::UserImport {

/*!
 * Reads \a file: one JSON object a line with the keys email (required), name, email_verified,
 * disabled (booleans), groups (an array of strings) and password_hash; blank lines are skipped, a
 * BOM and CRLF accepted. A line that is no JSON object, has another key or a value of the wrong
 * type, an address an earlier line has, or a hash UserChecks refuses is refused with its number
 * and the key. Never throws.
 */
UserFileContents readJsonLines(const QByteArray &file, const ImportOptions &options);

//! \a user as one line of such a file, with its newline; the hash only when \a withPasswordHash.
QByteArray jsonLine(const ImportedUser &user, bool withPasswordHash);

} // namespace Gatehouse::UserImport
