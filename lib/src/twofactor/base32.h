#pragma once
/*! \file base32.h  RFC 4648 base32, the alphabet authenticator apps use for TOTP secrets. */
#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringView>

#include <optional>

namespace Gatehouse::Base32 {

//! \a data in base32 (A-Z, 2-7), upper case, without padding, as otpauth:// URIs carry it.
QString encode(QByteArrayView data);

/*!
 * The bytes of \a text, which a person may have typed: case, spaces, hyphens and trailing \c =
 * padding are ignored. std::nullopt for any other character or a length no encoding has.
 */
std::optional<QByteArray> decode(QStringView text);

} // namespace Gatehouse::Base32
