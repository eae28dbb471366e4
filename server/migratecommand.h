#pragma once
/*! \file migratecommand.h  `gatehouse-server migrate`: bring a database to this build's schema. */
#include "databasecommand.h"

namespace Gatehouse {

/*!
 * Applies SqlAdapter::migrate() to the database of \a choice, printing one line per step to
 * stdout. Running it again changes nothing ("already applied"). Returns 0, or 1 with the reason
 * on stderr when the database cannot be reached or a step fails.
 */
int migrateCommand(const DatabaseChoice &choice);

} // namespace Gatehouse
