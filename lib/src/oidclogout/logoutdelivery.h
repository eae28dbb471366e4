#pragma once
/*!
 * \file logoutdelivery.h  Sending Logout Tokens (OpenID Connect Back-Channel Logout 1.0 §2.5):
 * a form POST of \c logout_token to the client's back-channel URI, on a thread of its own, so
 * that no person's sign-out waits for a client. Redirects are never followed; a transport error,
 * a timeout or a 5xx is tried again a bounded number of times; a 200 or 204 is delivered, any
 * other answer final. One call is one round of logoutoutbox.h, which reports its end (audit,
 * metric, log line); the token itself is never logged.
 */

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>

namespace Gatehouse::OidcLogout {

//! One Logout Token for one client.
struct LogoutDeliveryJob
{
    QUrl uri;                            //!< the client's backchannelLogoutUri
    QString logoutToken;                 //!< the signed token (never logged)
    QString clientId;
};

//! How a delivery ended.
struct LogoutDeliveryOutcome
{
    bool delivered = false;
    int attempts = 0;
    QString problem;                     //!< why the last attempt failed ("HTTP 500", "timed out ...")
    bool retryable = false;              //!< failed, and a later round may succeed (no answer, a 5xx)
};

class LogoutDeliveryPrivate;

class LogoutDelivery
{
public:
    struct Policy
    {
        int attempts = 3;                //!< at most, the first included
        int timeoutMs = 5000;            //!< each attempt, connecting included
        int firstRetryDelayMs = 1000;    //!< doubled for each further retry
    };

    explicit LogoutDelivery(const Policy &policy);
    ~LogoutDelivery();  //!< drops what is still waiting
    LogoutDelivery(const LogoutDelivery &) = delete;
    LogoutDelivery &operator=(const LogoutDelivery &) = delete;

    //! Queues \a job and returns at once; \a done (when set) runs on the delivery thread at the end.
    void submit(LogoutDeliveryJob job, std::function<void(const LogoutDeliveryOutcome &)> done = {});

private:
    std::unique_ptr<LogoutDeliveryPrivate> d;
};

} // namespace Gatehouse::OidcLogout
