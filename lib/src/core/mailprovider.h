#pragma once
/*
 * The provider whose SMTP server mails what is not a sign-in link: password reset links,
 * security notices. Asked by each of them, so that they agree on whether mail can be sent.
 */
#include <gatehouse/provider.h>

#include <QList>

namespace Gatehouse {

//! The first \c email provider of \a providers with an SMTP \c server (a non-empty URL or
//! object); null when none has one.
const Provider *smtpMailProvider(const QList<Provider> &providers);

} // namespace Gatehouse
