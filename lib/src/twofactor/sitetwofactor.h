#pragma once
/*
 * The TwoFactor API as a request of this site uses it, the same for the account page and the
 * sign-in step: the issuer authenticator apps show (the site's host), the audit's client
 * address, and the QR code of an enrolment's secret.
 */
#include "request/requeststate.h"

#include <gatehouse/twofactor.h>

#include <optional>

namespace Gatehouse::SiteTwoFactor {

//! The name apps show above the code: the site's host, which tells a person's sites apart.
QString issuer(const RequestState &state);

//! TwoFactor over the configured adapter and secrets, with the site's issuer.
TwoFactor of(const RequestState &state);

//! Who asks, for the audit events: the client's address.
TwoFactorChange changeOf(const RequestState &state);

//! What a page shows of an enrolment of \a secret (base32) for \a accountName.
struct Enrolment
{
    QString secret;       //!< base32, canonical
    QString uri;          //!< the otpauth:// URI apps read
    QString qrCodeSvg;    //!< the otpauth:// URI as a QR code
    QString issuer;
    QString accountName;
};

//! The enrolment of \a secret as pages show it; empty when \a secret is no base32.
std::optional<Enrolment> enrolment(const RequestState &state, const QString &secret, const QString &accountName);

} // namespace Gatehouse::SiteTwoFactor
