#pragma once
/*! \file sqlschema.h  The tables SqlAdapter uses and the versioned steps that create them. */
#include "storage/sqlconnection.h"

namespace Gatehouse::SqlSchema {

//! The number of the last migration step of this build.
int latestVersion();

//! The version recorded in \c gatehouse_schema_version; 0 when the table does not exist.
int currentVersion(SqlConnection &connection);

/*!
 * Applies the missing steps. On SQLite and PostgreSQL all of them run in one transaction: when
 * a step fails, nothing is changed (not even \c gatehouse_schema_version is created). On
 * MariaDB, DDL commits by itself: each step runs in its own transaction and only creates what
 * does not exist yet, so it can run again; the steps before a failed one stay applied. A
 * failure is an AdapterError "migrate: step 6/9 (disabled users): <the database's error>;
 * <what was kept>". Tables and indexes that exist already (an Auth.js database) are adopted as
 * they are. Other processes migrating the same database wait for a lock (PostgreSQL advisory
 * lock, MariaDB GET_LOCK, SQLite's write lock). Calls \a progress once per step, as the step
 * is applied (on SQLite and PostgreSQL before the whole is committed); returns the version
 * reached.
 */
int migrate(SqlConnection &connection, const SqlAdapter::ProgressFunction &progress);

} // namespace Gatehouse::SqlSchema
