#pragma once
/*!
 * \file importeduser.h  What every user file reader of userimport/ returns (README.md): the users
 * a file names, ready to store, and the lines it refuses with their reasons. Never a hash in a
 * reason.
 */
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Gatehouse::UserImport {

//! One user of a file, ready to import.
struct ImportedUser
{
    int line = 0;          //!< 1-based line of the file where the user starts (0: a JSON document's, see field)
    QString email;         //!< lower-cased
    QString passwordHash;  //!< the hash in the form legacyhashes/ reads; empty: the user has no password
    QString scheme;        //!< its scheme ("bcrypt", "sha512-crypt", ...); empty without a hash
    QString weakness;      //!< empty, or why it is weak (accepted only with allowWeakHashes)
    QString name;          //!< display name; empty: none
    bool emailVerified = false;
    bool disabled = false;
    QStringList groups;    //!< as the file names them; the command checks them as group names
};

//! Something of a file that cannot be imported, and why ("line 14 (password): bcrypt cost 31 is above 14").
struct RefusedLine
{
    int line = 0;      //!< 1-based; 0 where a JSON document has no line for it (field says where)
    QString reason;
    QString field;     //!< the field, column or key at fault; empty when it is the whole line
    QString toString() const
    {
        if (line == 0)
            return QStringLiteral("%1: %2").arg(field, reason);
        if (field.isEmpty())
            return QStringLiteral("line %1: %2").arg(line).arg(reason);
        return QStringLiteral("line %1 (%2): %3").arg(line).arg(field, reason);
    }
};

//! How user names become addresses and whether weak hashes come along (the command's options).
struct ImportOptions
{
    QString emailDomain;          //!< turns a user name without '@' into name@domain; empty: such names are refused
    bool allowWeakHashes = false; //!< accept apr1, low bcrypt costs, ... (--allow-weak-hashes)
};

//! A file read: its users and what it refuses. A file that cannot be read as a whole (not its
//! format, truncated) has no users, and its refusals say where it stopped.
struct UserFileContents
{
    QList<ImportedUser> users;
    QList<RefusedLine> refused;
};

} // namespace Gatehouse::UserImport
