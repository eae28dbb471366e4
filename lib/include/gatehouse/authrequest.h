#pragma once
/*! \file authrequest.h  The framework-neutral HTTP request the engine handles. */
#include <gatehouse/global.h>

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QMap>
#include <QPair>
#include <QUrl>

namespace Gatehouse {

/*!
 * One HTTP request as the engine sees it. Every integration (QHttpServer, the generic
 * handler, tests) converts its own request type into this value.
 *
 * \c url is the full URL the client asked for, scheme and authority included; with
 * \c trustHost the engine derives the origin from \c X-Forwarded-Proto / \c X-Forwarded-Host.
 */
struct GATEHOUSE_EXPORT AuthRequest
{
    QByteArray method = "GET";                       //!< upper-case HTTP method
    QUrl url;                                        //!< absolute request URL
    QList<QPair<QByteArray, QByteArray>> headers;    //!< as received, in order
    QByteArray body;                                 //!< raw body (form or JSON)
    QHostAddress remoteAddress;                      //!< peer address, for rate limits and logs

    //! First value of header \a name (case-insensitive), or an empty array.
    QByteArray header(QByteArrayView name) const;
    //! All \c Cookie header pairs, decoded; the first occurrence of a name wins.
    QMap<QString, QString> cookies() const;
};

} // namespace Gatehouse
