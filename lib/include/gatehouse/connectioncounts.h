#pragma once
/*! \file connectioncounts.h  What HttpServerPool's connection limits have done, for metrics. */
#include <gatehouse/global.h>

#include <QtGlobal>

namespace Gatehouse {

/*!
 * The connections of an HttpServerPool, over all its threads (HttpServerPool::connectionCounts()).
 * The totals count from the pool's creation and never go down.
 */
struct GATEHOUSE_EXPORT ConnectionCounts
{
    //! Connections open now.
    int open = 0;
    //! Of those, the ones in the middle of a request now (read in part or being answered): the
    //! ones the cap never evicts.
    int busy = 0;
    //! Connections admitted.
    quint64 accepted = 0;
    //! Idle connections closed to make room for new ones at ServerLimits::maxConnections.
    quint64 evicted = 0;
    //! New connections closed at ServerLimits::maxConnections because every open one was busy
    //! with a request.
    quint64 refusedAtCapacity = 0;
    //! New connections closed at ServerLimits::maxConnectionsPerAddress.
    quint64 refusedPerAddress = 0;
};

} // namespace Gatehouse
