#pragma once
/*! \file backupcommand.h  `gatehouse-server backup FILE`: a consistent copy of an SQLite database. */
#include "databasecommand.h"

namespace Gatehouse {

/*!
 * Writes a consistent copy of the SQLite database of \a choice to \a target with SQLite's
 * \c VACUUM INTO, while servers keep using the database (it reads one snapshot; writers are
 * not blocked in WAL mode). The copy is readable by its owner only (it holds password hashes
 * and sessions). Refuses a \a target that exists, and PostgreSQL or MariaDB (use pg_dump or
 * mariadb-dump). Returns 0, or 1 with the reason on stderr.
 */
int backupCommand(const DatabaseChoice &choice, const QString &target);

} // namespace Gatehouse
