#pragma once
/* OpenSSL's digests as this module needs them: one call each, empty input allowed. */
#include <QByteArray>
#include <QByteArrayView>

namespace Gatehouse::LegacyHashes {

//! The digest \a name ("MD5", "SHA512") of \a data; empty when OpenSSL fails.
QByteArray digest(const char *name, QByteArrayView data);
//! PBKDF2 with HMAC-\a digestName; empty when OpenSSL fails.
QByteArray pbkdf2(const char *digestName, QByteArrayView password, QByteArrayView salt, qint64 iterations,
                  qsizetype length);
//! scrypt (OpenSSL's EVP_KDF "SCRYPT"); empty when OpenSSL fails.
QByteArray scrypt(QByteArrayView password, QByteArrayView salt, quint64 n, quint32 r, quint32 p, qsizetype length,
                  quint64 maxMemoryBytes);

} // namespace Gatehouse::LegacyHashes
