#pragma once
/*! \file cachecontrol.h  How long a fetched document (discovery, JWKS) may be reused (RFC 9111). */
#include "oauth/httpclient.h"

#include <QDateTime>

namespace Gatehouse::OAuth {

struct CacheLimits
{
    qint64 defaultSeconds = 600;  //!< when the response says nothing
    qint64 maxSeconds = 86400;    //!< never longer, whatever it says
};

/*!
 * Until when \a response may be reused: \c no-store or \c no-cache: not at all (\a received);
 * otherwise \c max-age (or \c s-maxage) minus \c Age, else \c Expires minus \c Date, else the
 * default; clamped to [0, maxSeconds].
 */
QDateTime freshUntil(const HttpResponse &response, const CacheLimits &limits = {});

} // namespace Gatehouse::OAuth
