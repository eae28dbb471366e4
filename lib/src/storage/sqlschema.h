#pragma once
/*! \file sqlschema.h  The tables SqlAdapter uses and the versioned steps that create them. */
#include "storage/sqlconnection.h"

namespace Gatehouse::SqlSchema {

//! The number of the last migration step of this build.
int latestVersion();

//! The version recorded in \c gatehouse_schema_version; 0 when the table does not exist.
int currentVersion(SqlConnection &connection);

/*!
 * Applies the missing steps, each in its own transaction (on MariaDB, DDL commits by itself,
 * so every step only creates what does not exist yet and can run again). Tables and indexes
 * that exist already (an Auth.js database) are adopted as they are. Other processes
 * migrating the same database wait for a lock (PostgreSQL advisory lock, MariaDB GET_LOCK,
 * SQLite's write lock). Calls \a progress once per step; returns the version reached.
 */
int migrate(SqlConnection &connection, const SqlAdapter::ProgressFunction &progress);

} // namespace Gatehouse::SqlSchema
