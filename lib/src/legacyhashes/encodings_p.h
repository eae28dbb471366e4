#pragma once
/* The strict readers every hash parser shares: numbers and the base64 flavours of the formats. */
#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <optional>

namespace Gatehouse::LegacyHashes {

//! A decimal number of at most 10 digits, no sign, no leading zero (except "0"); nullopt otherwise.
std::optional<qint64> parseDecimal(QByteArrayView text);
//! Standard base64 (RFC 4648 section 4), padding optional; nullopt for any other character.
std::optional<QByteArray> decodeBase64(QByteArrayView text);
//! passlib's "adapted base64": '.' for '+', no padding (also what OpenLDAP's pw-pbkdf2 writes).
std::optional<QByteArray> decodeAdaptedBase64(QByteArrayView text);
//! \a name when it can be named in a reason: 1 to 16 of [A-Za-z0-9_-] (a scheme's name, never
//! hash material); empty otherwise.
QString schemeLabel(QByteArrayView name);
//! \a text cut at \a separator (an empty piece for each leading, doubled or trailing one).
QList<QByteArrayView> splitAt(QByteArrayView text, char separator);
inline QList<QByteArrayView> splitDollar(QByteArrayView text) { return splitAt(text, '$'); }

} // namespace Gatehouse::LegacyHashes
