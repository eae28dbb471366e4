#pragma once
/*!
 * \file flowsecrets.h  The secrets of one authorization request: the PKCE verifier and its S256
 * challenge (RFC 7636 §4.1, §4.2), \c state and \c nonce, each from OpenSSL's CSPRNG.
 */
#include <QByteArray>
#include <QString>

namespace Gatehouse::NativeSignInDetail {

struct FlowSecrets
{
    QString verifier;    //!< 43 base64url characters (32 random bytes)
    QString challenge;   //!< base64url(SHA-256(verifier))
    QString state;       //!< 32 random bytes, base64url
    QString nonce;       //!< 32 random bytes, base64url

    //! Fresh values for one sign-in.
    static FlowSecrets generate();
};

//! The S256 code challenge of \a verifier: base64url(SHA-256(ASCII(verifier))), no padding.
QString s256Challenge(const QString &verifier);

} // namespace Gatehouse::NativeSignInDetail
