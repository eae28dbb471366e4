#pragma once
/*! \file sessioncount.h  How many sessions a store holds, for tests that check what was written. */
#include <gatehouse/adminstore.h>

namespace Gatehouse::Test {

//! Every session of \a userId (empty: of every user), expired ones too.
inline QFuture<qint64> countSessions(AdminStore &store, const QString &userId = {})
{
    SessionFilter filter;
    filter.userId = userId;
    filter.activeOnly = false;
    return store.countSessionEntries(filter);
}

} // namespace Gatehouse::Test
