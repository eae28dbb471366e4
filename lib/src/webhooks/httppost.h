#pragma once
/*!
 * \file httppost.h  One webhook delivery over HTTP: a blocking POST with libcurl (as the mailer
 * sends mail), made on a delivery thread of its own, never on a serving thread. Redirects are not
 * followed (a redirect is no delivery), only http and https are spoken, certificates are verified,
 * the answer's body is read and dropped.
 */
#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

#include <chrono>

namespace Gatehouse::Webhooks {

//! How a POST ended: a status when an answer came, else why none did.
struct PostOutcome
{
    int status = 0;  //!< the HTTP status; 0 without an answer
    QString error;   //!< why there is no answer ("Connection refused", "Timeout was reached ...")

    bool delivered() const { return status >= 200 && status < 300; }
    //! "HTTP 503", "HTTP 302 (a redirect, not followed)" or the transport error.
    QString problem() const;
};

//! POSTs \a body to \a url with \a headers ("Name: value"), all of it within \a timeout.
PostOutcome post(const QUrl &url, const QList<QByteArray> &headers, const QByteArray &body,
                 std::chrono::milliseconds timeout);

} // namespace Gatehouse::Webhooks
