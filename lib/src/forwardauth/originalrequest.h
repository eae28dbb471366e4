#pragma once
/*
 * The request a reverse proxy asks about, from the headers it sends with its sub-request:
 * X-Original-Method and X-Original-URL (nginx), or X-Forwarded-Method, -Proto, -Host and -Uri
 * (Traefik, Caddy).
 */
#include <gatehouse/authrequest.h>

#include <QString>

namespace Gatehouse::ForwardAuth {

struct OriginalRequest
{
    QString method;  //!< upper-case; the sub-request's own when the proxy names none
    QString url;     //!< absolute http(s) URL, as the client asked for it
    QString host;    //!< the URL's host, lower-case, without port
    QString path;    //!< the URL's path and query, still encoded (the access rules normalise it)
    bool valid = false;  //!< false: the proxy sent no usable original URL
};

OriginalRequest originalRequest(const AuthRequest &request);

} // namespace Gatehouse::ForwardAuth
