#pragma once
/* One reader per scheme family; parseLegacyHash() picks one by the string's prefix. Each throws
 * HashProblem (Malformed, TooCostly) like parseLegacyHash(). */
#include "legacyhashes/legacyhash.h"

namespace Gatehouse::LegacyHashes {

//! "$2a$", "$2b$", "$2y$" (bcrypt) and "$5$", "$6$" (sha-crypt), verified by libxcrypt.
std::unique_ptr<const LegacyHash> parseCryptHash(QByteArrayView stored);
//! "$apr1$": Apache's MD5 variant of md5crypt.
std::unique_ptr<const LegacyHash> parseApr1Hash(QByteArrayView stored);
//! "$argon2id$", "$argon2i$" in the PHC string format.
std::unique_ptr<const LegacyHash> parseArgon2Hash(QByteArrayView stored);
//! "$pbkdf2-sha256$", "$pbkdf2-sha512$" (passlib), "pbkdf2_sha256$" (Django),
//! "$keycloak-pbkdf2...$" (a Keycloak credential, README.md) and "{PBKDF2-SHA512}" (OpenLDAP).
std::unique_ptr<const LegacyHash> parsePbkdf2Hash(QByteArrayView stored);
//! "$scrypt$" as passlib writes it.
std::unique_ptr<const LegacyHash> parseScryptHash(QByteArrayView stored);
//! "{SSHA512}" (OpenLDAP's salted SHA-512); "{SHA}" and "{SSHA}" are refused.
std::unique_ptr<const LegacyHash> parseLdapShaHash(QByteArrayView stored);

} // namespace Gatehouse::LegacyHashes
