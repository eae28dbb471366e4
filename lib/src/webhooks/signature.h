#pragma once
/*!
 * \file signature.h  The signature of one delivery (README.md: "Verifying a delivery"): HMAC-SHA256
 * with the webhook's secret over the timestamp, a full stop and the body, in the header
 * \c Gatehouse-Signature as \c t=TIMESTAMP,v1=HEX. The timestamp is signed with the body, so a
 * receiver that refuses old timestamps refuses a delivery replayed later.
 */
#include <QByteArray>
#include <QByteArrayView>

namespace Gatehouse::Webhooks {

//! The name of the header signature() is sent in.
inline constexpr char SignatureHeader[] = "Gatehouse-Signature";

//! \c t=\a unixSeconds,v1=<lower-case hex of HMAC-SHA256(\a secret, "<unixSeconds>.<body>")>.
QByteArray signature(QByteArrayView secret, qint64 unixSeconds, QByteArrayView body);

/*!
 * Whether \a header is a signature() of \a body with \a secret made at most \a toleranceSeconds
 * from \a nowSeconds: what a receiver checks (the tests' receiver does). The digest is compared
 * in constant time; any other \c v1 in the header is tried as well.
 */
bool verifySignature(QByteArrayView secret, QByteArrayView header, QByteArrayView body, qint64 nowSeconds,
                     qint64 toleranceSeconds = 300);

} // namespace Gatehouse::Webhooks
