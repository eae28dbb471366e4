#pragma once
/*! \file secretsources.h  Secrets read from files: NAME_FILE, systemd credentials, *File keys. */
#include "config/jsonreader.h"

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace Gatehouse::ConfigDetail {

/*!
 * \a env with the variables the configuration reads (names starting with \c AUTH_,
 * \c NEXTAUTH_ or \c DATABASE_) filled from files where the environment does not give them:
 * - \c NAME_FILE=/path: the contents of the file become \c NAME (Docker's convention);
 * - a file \c NAME in \c $CREDENTIALS_DIRECTORY: a systemd credential (\c LoadCredential=NAME:/path).
 *
 * A value is the file's contents without the line ends at its end. Giving a variable twice
 * (\c NAME and \c NAME_FILE, or either and the credential) is an error at \c NAME_FILE or at
 * the credential's path, as is a file that cannot be read (\c "AUTH_SECRET_FILE: cannot read
 * /etc/gatehouse/secret: Permission denied") or is empty. A \c NAME_FILE that every user may
 * read is a warning.
 */
QProcessEnvironment withSecretFiles(const QProcessEnvironment &env, ProblemList &problems);

/*!
 * The secret in the file \a fileName (relative to \a baseDir), for the key at \a keyPath;
 * nullopt with a problem at \a keyPath when it cannot be read or is empty.
 */
std::optional<QString> readSecretFile(const QString &fileName, const QString &baseDir, const QString &keyPath,
                                      ProblemList &problems);

/*!
 * The key \a fileKey of \a r (\c clientSecretFile): when present, the secret in that file
 * becomes \a valueKey (\c clientSecret) of \a options, so that it wins over the environment as
 * a value written in the file would. Both keys at once are an error.
 */
void readSecretFileKey(ObjectReader &r, QJsonObject &options, const QString &fileKey, const QString &valueKey,
                       const QString &baseDir);

} // namespace Gatehouse::ConfigDetail
