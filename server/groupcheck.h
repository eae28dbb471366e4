#pragma once
/*
 * check-config's look at the database: groups the access rules name that no stored user is
 * in (a typo, or a group not filled yet). Warnings only, and only when the database can be
 * reached and has its tables; check-config never creates or changes one.
 */
#include <gatehouse/serversettings.h>

#include <QTextStream>

namespace Gatehouse {

//! Writes "warning: PATH: no stored user is in the group ..." to \a out for each such group of
//! \a loaded's access rules, or a note saying why the database was not asked.
void warnAboutEmptyGroups(const ServerConfigResult &loaded, QTextStream &out);

} // namespace Gatehouse
