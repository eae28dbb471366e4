#pragma once
/*!
 * \file autheliafile.h  Authelia's file backend, `users_database.yml` (README.md), for
 * `gatehouse-server user import --format authelia`.
 */
#include "userimport/importeduser.h"

namespace Gatehouse::UserImport {

/*!
 * Reads \a file: a top-level \c users mapping, each user a mapping of \c password, \c email
 * (both required), \c displayname, \c disabled and \c groups (a block or flow sequence), as
 * Authelia's documentation shows it. Only that subset of YAML is read, by its own small reader:
 * plain, single- and double-quoted scalars, comments, spaces for indentation. Anything else
 * (another top-level key, a tab, an anchor, a block scalar, a line outside the structure, text
 * that is not UTF-8) refuses the whole file with its line; an unknown key of a user, a value of
 * the wrong kind, a missing field, an address an earlier user has or a hash UserChecks refuses
 * refuses that user, with the line and key. Never throws.
 */
UserFileContents readAuthelia(const QByteArray &file, const ImportOptions &options);

} // namespace Gatehouse::UserImport
