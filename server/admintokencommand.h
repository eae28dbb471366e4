#pragma once
/*! \file admintokencommand.h  `gatehouse-server admin-token ...`: the admin API's bearer tokens
 *  (create, list, revoke) from the command line. */
#include "databasecommand.h"

#include <QString>
#include <QStringList>

namespace Gatehouse {

//! The arguments of one `admin-token` command.
struct AdminTokenCommand
{
    QString action;       //!< create, list, revoke
    QString name;         //!< create, revoke
    QString scopes;       //!< create --scope: comma-separated
    QString expires;      //!< create --expires: 90d, 12h, 30m (default 90d)
};

/*!
 * Runs \a command on the database of \a choice. \c create prints the token once, alone on the
 * last line of its output (for scripts: `| tail -n 1`); only its SHA-256 is stored. \c create
 * and \c revoke are audited with by: \c cli:USER (operatingUser()). Returns 0 on success, 1
 * when it failed (a name taken, an unknown or revoked token, an unreachable database or an old
 * schema), 2 for a malformed command.
 */
int adminTokenCommand(const AdminTokenCommand &command, const DatabaseChoice &choice);

//! The actions of adminTokenCommand().
QStringList adminTokenActions();

} // namespace Gatehouse
