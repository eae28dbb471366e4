#pragma once
/*!
 * \file logoutoutbox.h  The worker that sends the Logout Tokens waiting in the database
 * (OidcSessionStore's deliveries, schema step 24): it claims due ones under a lease, signs each
 * at send time with the client's ID token key, POSTs it (logoutdelivery.h), and removes it when
 * delivered, reschedules it with backoff when the round failed, or gives it up (a 4xx, a
 * redirect, a day of failures), audited. Gatehouse::Auth runs one when its provider has a client
 * with a back-channel URI; it is woken when this process queues deliveries and polls for those
 * other processes sharing the database queued.
 */
#include "oidcprovider/signingkeycache.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/config.h>
#include <gatehouse/oidcsessionstore.h>

#include <memory>

namespace Gatehouse::OidcLogout {

class LogoutOutboxPrivate;

class LogoutOutbox
{
public:
    struct Policy
    {
        int pollMs = 3000;                 //!< how often deliveries queued by other processes are looked for
        int batch = 20;                    //!< deliveries claimed at once
        int leaseSeconds = 60;             //!< a claim's hold: longer than a round's attempts
        int firstRetrySeconds = 10;        //!< the wait after a failed round, doubled after each
        int maxRetrySeconds = 600;         //!< the longest wait
        qint64 giveUpSeconds = 86400;      //!< after this long since the session ended: failed
        int attempts = 3;                  //!< POSTs in one round (logoutdelivery.h)
        int timeoutMs = 5000;              //!< each POST
        int firstAttemptDelayMs = 1000;    //!< between a round's POSTs, doubled
    };

    struct Setup
    {
        QList<OidcClient> clients;                                  //!< the provider's clients
        QString issuer;                                             //!< for deliveries that recorded none
        std::shared_ptr<const OidcProvider::SigningKeyCache> keys;
        std::shared_ptr<OidcSessionStore> store;
        std::shared_ptr<AuditStore> audit;                          //!< null: no audit events
    };

    //! Starts the worker's thread and its first round.
    LogoutOutbox(Setup setup, const Policy &policy);
    LogoutOutbox(Setup setup);
    //! Stops: deliveries being sent are given back (due at once), the thread ends.
    ~LogoutOutbox();
    LogoutOutbox(const LogoutOutbox &) = delete;
    LogoutOutbox &operator=(const LogoutOutbox &) = delete;

    //! Looks for due deliveries now (also done when this process queues some).
    void wake();

private:
    std::unique_ptr<LogoutOutboxPrivate> d;
};

} // namespace Gatehouse::OidcLogout
