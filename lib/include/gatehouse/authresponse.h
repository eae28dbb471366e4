#pragma once
/*! \file authresponse.h  The framework-neutral HTTP response the engine produces. */
#include <gatehouse/cookie.h>
#include <gatehouse/global.h>

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QUrl>

namespace Gatehouse {

//! One HTTP response: status, headers, cookies and body. Integrations write it out as is.
struct GATEHOUSE_EXPORT AuthResponse
{
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;    //!< every header but Set-Cookie
    QList<SetCookie> cookies;                        //!< one Set-Cookie header each, in order
    QByteArray body;

    //! Replaces header \a name (case-insensitive) with \a value.
    void setHeader(const QByteArray &name, const QByteArray &value);
    //! First value of header \a name (case-insensitive), or an empty array.
    QByteArray header(QByteArrayView name) const;

    //! A JSON response with \c Content-Type: application/json.
    static AuthResponse json(const QJsonValue &value, int status = 200);
    //! A 302 response to \a location with an empty body.
    static AuthResponse redirect(const QUrl &location);
    //! An HTML response with \c Content-Type: text/html.
    static AuthResponse html(const QByteArray &page, int status = 200);
};

} // namespace Gatehouse
