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
    QString action;            //!< add, passwd, list, disable, enable, delete, "2fa reset", unlock, groups
    QString email;             //!< the user (all actions but list)
    QString name;              //!< add --name
    bool passwordFromStdin = false;   //!< --password-stdin
    QString search;            //!< list --search
    bool locked = false;       //!< list --locked: the people a rate limit keeps out now
    QString groupsAction;      //!< groups: add, remove, list, members
    QString group;             //!< groups add|remove EMAIL GROUP, groups members GROUP
};

/*!
 * Runs \a command on the database of \a choice. Email addresses are trimmed and lower-cased,
 * as the sign-in form's are. Returns 0 on success, 1 when it failed (unknown email, a user that
 * already exists, an unacceptable password, an unreachable database or an old schema), 2 for a
 * malformed command (a group name groupNameProblem() refuses included); the reason goes to
 * stderr. \c groups \c add and \c remove succeed when there is nothing to change, saying so.
 */
int userCommand(const UserCommand &command, const DatabaseChoice &choice);

/*!
 * Who runs the command, for the audit log of what an administrator does (`user unlock`): the
 * operating system's name of the effective user, or its numeric id when it has none.
 */
QString operatingUser();

//! The actions of userCommand().
QStringList userActions();
//! The actions of `user groups`.
QStringList userGroupsActions();

} // namespace Gatehouse
