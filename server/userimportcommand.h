#pragma once
/*! \file userimportcommand.h  `gatehouse-server user import FILE` and `user export [FILE]`:
 *  users moved in from other systems' files and out again (issue 40). */
#include "databasecommand.h"

#include <QString>
#include <QStringList>

namespace Gatehouse {

//! The arguments of `user import`.
struct UserImportCommand
{
    QString file;               //!< "-": standard input
    QString format;             //!< --format
    bool dryRun = false;        //!< --dry-run
    QString onConflict;         //!< --on-conflict skip|update|fail (default fail)
    QStringList groups;         //!< --group, repeatable
    QString emailDomain;        //!< --email-domain
    bool allowWeakHashes = false; //!< --allow-weak-hashes
};

/*!
 * Imports the users of the command's file in one transaction and prints a summary: every
 * refused line with its reason, then the counts. Returns 0 when it imported (or, dry, would
 * import) without refusing anything, or refused only with --on-conflict skip; 1 when something
 * was refused (nothing is then imported) or the database failed; 2 for a malformed command.
 */
int userImportCommand(const UserImportCommand &command, const DatabaseChoice &choice);

//! The arguments of `user export`.
struct UserExportCommand
{
    QString file;                    //!< empty or "-": standard output; else a new file, mode 0600
    QString format;                  //!< --format: jsonl
    bool withPasswordHashes = false; //!< --with-password-hashes
};

/*!
 * Writes every user as a line of the JSON Lines file `user import --format jsonl` reads; the
 * password hashes only with --with-password-hashes. A named file must not exist yet and is
 * created 0600. Returns 0, 1 when the file or the database failed, 2 for a malformed command.
 */
int userExportCommand(const UserExportCommand &command, const DatabaseChoice &choice);

} // namespace Gatehouse
