#pragma once
/*
 * What the account page and the sign-in step's enrolment both show of two-factor sign-in, in
 * one place: the QR code, the key in groups of four and what the app will show; the recovery
 * codes shown once.
 */
#include "pages/document.h"
#include "pages/html.h"
#include "pages/pages.h"

namespace Gatehouse::Pages::TwoFactorParts {

/*!
 * The QR code of \a enrolment (its SVG as a \c data: image: no script, and the pages' CSP
 * already allows \c data: images, so no 'unsafe-inline' is needed), the key in groups of four
 * (\c id gh-two-factor-secret) and what the app will show.
 */
Html enrolment(const Document &document, const TotpEnrolment &enrolment);

//! The new recovery codes with the note that they are shown once.
Html recoveryCodes(const Document &document, const QStringList &codes);

} // namespace Gatehouse::Pages::TwoFactorParts
