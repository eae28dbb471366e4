#pragma once
/*!
 * \file htpasswdfile.h  An Apache/nginx htpasswd file read into the users it names (README.md),
 * for `gatehouse-server user import --format htpasswd`. Reading only: nothing is stored here.
 */
#include "userimport/importeduser.h"

namespace Gatehouse::UserImport {

//! htpasswd's options and contents are every reader's (importeduser.h).
using HtpasswdOptions = ImportOptions;
using HtpasswdContents = UserFileContents;

/*!
 * Reads \a file: one `user:hash` a line; blank lines and lines starting with '#' are skipped; a
 * UTF-8 byte order mark and CRLF line ends are accepted. Every line that cannot be imported is
 * refused with its number and reason: no ':' , an empty name, a name that is not valid UTF-8 or
 * gives no email address, a name seen on an earlier line, a hash parseLegacyHash() refuses, a
 * weak hash without \c allowWeakHashes. Never throws.
 */
HtpasswdContents readHtpasswd(const QByteArray &file, const HtpasswdOptions &options);

} // namespace Gatehouse::UserImport
