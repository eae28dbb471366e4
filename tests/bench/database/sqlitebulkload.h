#pragma once
#include "loadplan.h"

/*!
 * Loads \a plan into the SQLite database open on \a db with prepared multi-row INSERTs, one
 * transaction per 100 000 rows (synchronous=OFF, a large page cache and sorter threads on this
 * connection only, also for the index builds that follow).
 */
void sqliteBulkLoad(QSqlDatabase &db, const LoadPlan &plan);
