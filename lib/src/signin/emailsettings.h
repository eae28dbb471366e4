#pragma once
/*
 * The options of an \c email provider, read from Provider::options (the JSON configuration's
 * key names):
 *
 *   server     SMTP URL or object (see mail/smtpsettings.h); required unless the provider
 *              has its own sendVerificationRequest
 *   from       the sender, "address" or "Name <address>"; required
 *   apiKey     the SMTP password when \c server names a user without one (AUTH_<ID>_KEY)
 *   maxAge     lifetime of a sign-in link in seconds; default 86400 (24 h)
 *   rateLimit  false, or {"perAddress": 5, "perClient": 20, "windowSeconds": 900}: at most
 *              that many sign-in mails per address and per client IP address in the window
 *              (a Gatehouse addition; Auth.js has no limit)
 */
#include "mail/message.h"
#include "mail/smtpsettings.h"

#include <gatehouse/provider.h>

namespace Gatehouse::EmailFlow {

struct EmailSettings
{
    struct RateLimit
    {
        bool enabled = true;
        int perAddress = 5;
        int perClient = 20;
        qint64 windowSeconds = 900;
    };

    Mail::SmtpSettings server;
    Mail::Mailbox from;
    qint64 maxAge = 86400;
    RateLimit rateLimit;

    /*!
     * The settings of \a provider. Throws an AuthError of type \c InvalidProvider (shown as a
     * Configuration error) naming the provider and the option that is wrong.
     */
    static EmailSettings fromProvider(const Provider &provider);
};

} // namespace Gatehouse::EmailFlow
