#pragma once
/*!
 * \file htpasswdfile.h  An Apache/nginx htpasswd file read into the users it names (README.md),
 * for `gatehouse-server user import --format htpasswd`. Reading only: nothing is stored here.
 */
#include <QByteArray>
#include <QList>
#include <QString>

namespace Gatehouse::UserImport {

//! One user of the file, ready to import.
struct ImportedUser
{
    int line = 0;          //!< 1-based line of the file
    QString email;         //!< lower-cased
    QString passwordHash;  //!< the hash as the file has it (legacyhashes/ reads it)
    QString scheme;        //!< its scheme ("bcrypt", "sha512-crypt", ...)
    QString weakness;      //!< empty, or why it is weak (accepted only with allowWeakHashes)
};

//! A line that cannot be imported, and why ("line 14: bcrypt cost 31 is above 14").
struct RefusedLine
{
    int line = 0;
    QString reason;
    QString toString() const { return QStringLiteral("line %1: %2").arg(line).arg(reason); }
};

struct HtpasswdOptions
{
    QString emailDomain;          //!< turns a user name without '@' into name@domain; empty: such names are refused
    bool allowWeakHashes = false; //!< accept apr1, low bcrypt costs, ... (--allow-weak-hashes)
};

struct HtpasswdContents
{
    QList<ImportedUser> users;
    QList<RefusedLine> refused;
};

/*!
 * Reads \a file: one `user:hash` a line; blank lines and lines starting with '#' are skipped; a
 * UTF-8 byte order mark and CRLF line ends are accepted. Every line that cannot be imported is
 * refused with its number and reason: no ':' , an empty name, a name that is not valid UTF-8 or
 * gives no email address, a name seen on an earlier line, a hash parseLegacyHash() refuses, a
 * weak hash without \c allowWeakHashes. Never throws.
 */
HtpasswdContents readHtpasswd(const QByteArray &file, const HtpasswdOptions &options);

} // namespace Gatehouse::UserImport
