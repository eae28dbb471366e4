#pragma once
#include "loadplan.h"

#include <gatehouse/sqladapter.h>

/*!
 * Loads \a plan into PostgreSQL with COPY ... FROM STDIN, streamed through Debian's \c psql
 * (found on PATH) to the database of \a options; \a db is an open QPSQL connection to the same
 * database, used to move the id sequences past the loaded rows. The COPY sessions run with
 * session_replication_role = replica, which skips the per-row foreign-key triggers (the
 * loaded rows reference existing users by construction); this needs a superuser, as the
 * benchmark's throwaway cluster has.
 */
void postgresBulkLoad(QSqlDatabase &db, const Gatehouse::SqlAdapterOptions &options, const LoadPlan &plan);
