#pragma once
/*!
 * \file keycloakfile.h  The users of a Keycloak realm export (README.md) for
 * `gatehouse-server user import --format keycloak`.
 */
#include "userimport/importeduser.h"

namespace Gatehouse::UserImport {

/*!
 * Reads the \c users of the realm export \a file (`kc.sh export`, or the admin console's partial
 * export): \c email (else \c username, with the options' domain when it has no '@'),
 * \c firstName and \c lastName as the name, \c emailVerified, \c enabled, \c groups (their
 * paths, the leading '/' dropped) and the \c password credential: \c secretData and
 * \c credentialData (JSON in strings) with algorithm \c pbkdf2, \c pbkdf2-sha256,
 * \c pbkdf2-sha512 or \c argon2, turned into the string legacyhashes/ reads. Refusals name
 * the user as \c users[i] (a JSON document has no line per user); a document that is not JSON
 * or has no \c users array is refused as a whole with the line of the error. Never throws.
 */
UserFileContents readKeycloak(const QByteArray &file, const ImportOptions &options);

} // namespace Gatehouse::UserImport
