#pragma once
/*!
 * \file cbor.h  Strict reading of the CBOR that authenticators send (attestation objects, COSE
 * keys, extensions) on top of QCborValue. Every failure is a VerificationError naming \a what.
 */
#include <QByteArrayView>
#include <QCborMap>
#include <QCborValue>
#include <QString>

namespace Gatehouse::WebAuthn::Cbor {

/*!
 * The first CBOR data item of \a data; \a consumed receives the number of bytes it occupies.
 * Throws when \a data does not start with a complete, well-formed item.
 */
QCborValue decodeItem(QByteArrayView data, const QString &what, qsizetype *consumed);

//! The single CBOR data item that \a data holds; trailing bytes are an error.
QCborValue decodeAll(QByteArrayView data, const QString &what);

//! \a value as a map whose keys are all different.
QCborMap map(const QCborValue &value, const QString &what);

//! \a map[key] as a byte string; throws when absent or of another type.
QByteArray bytes(const QCborMap &map, const QCborValue &key, const QString &what);

//! \a map[key] as an integer; throws when absent or of another type.
qint64 integer(const QCborMap &map, const QCborValue &key, const QString &what);

} // namespace Gatehouse::WebAuthn::Cbor
