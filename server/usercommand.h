#pragma once
/*! \file usercommand.h  `gatehouse-server user ...`: the users of built-in password sign-in
 *  (\c "authorize": \c "builtin") from the command line. */
#include "databasecommand.h"

#include <QString>
#include <QStringList>

namespace Gatehouse {

//! The arguments of one `user` command.
struct UserCommand
{
    QString action;            //!< add, passwd, list, disable, enable, delete, "2fa reset"
    QString email;             //!< the user (all actions but list)
    QString name;              //!< add --name
    bool passwordFromStdin = false;   //!< --password-stdin
    QString search;            //!< list --search
};

/*!
 * Runs \a command on the database of \a choice. Email addresses are trimmed and lower-cased,
 * as the sign-in form's are. Returns 0 on success, 1 when it failed (unknown email, a user that
 * already exists, an unacceptable password, an unreachable database or an old schema), 2 for a
 * malformed command; the reason goes to stderr.
 */
int userCommand(const UserCommand &command, const DatabaseChoice &choice);

//! The actions of userCommand().
QStringList userActions();

} // namespace Gatehouse
