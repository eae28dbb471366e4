#pragma once
/*! \file otpauthuri.h  The \c otpauth:// URI an authenticator app reads from a QR code. */
#include <QByteArrayView>
#include <QString>

namespace Gatehouse::Totp {

/*!
 * \c otpauth://totp/Issuer:account?secret=BASE32&issuer=Issuer&algorithm=SHA1&digits=6&period=30
 * for \a secret, the key format of Google Authenticator that every app reads: base32 without
 * padding, the issuer both in the label and as a parameter, everything percent-encoded. A colon
 * in \a issuer or \a accountName (the label's separator) becomes a space. Without an issuer the
 * label is the account alone.
 */
QString otpauthUri(const QString &issuer, const QString &accountName, QByteArrayView secret);

} // namespace Gatehouse::Totp
