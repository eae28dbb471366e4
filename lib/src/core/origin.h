#pragma once
#include <gatehouse/authrequest.h>
#include <gatehouse/config.h>

#include <QString>

namespace Gatehouse {

//! Where a request is considered to come from.
struct RequestOrigin
{
    QString origin;        //!< "scheme://host[:port]"
    bool trusted = false;  //!< false: the UntrustedHost configuration error applies
    bool secure = false;   //!< cookies get the __Secure-/__Host- names and the Secure attribute
};

/*!
 * The origin of \a request: the configured \c url (AUTH_URL) when set; otherwise, with
 * \c trustHost, \c X-Forwarded-Proto / \c X-Forwarded-Host (first values) over the request URL.
 * Without either, the origin is the request URL's and it is not trusted.
 */
RequestOrigin resolveOrigin(const AuthRequest &request, const Config &config);

} // namespace Gatehouse
