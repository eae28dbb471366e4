#pragma once
/*! \file base64url.h  Strict base64url (RFC 4648 §5) without padding, as JOSE uses it. */
#include <QByteArray>
#include <QByteArrayView>
#include <QStringView>

#include <optional>

namespace Gatehouse::Crypto {

//! Length of the unpadded base64url encoding of \a size bytes.
constexpr qsizetype base64UrlEncodedSize(qsizetype size)
{
    return size / 3 * 4 + (size % 3 == 0 ? 0 : size % 3 + 1);
}

//! Bytes encoded by \a length base64url characters, or -1 when no encoding has that length.
constexpr qsizetype base64UrlDecodedSize(qsizetype length)
{
    return length % 4 == 1 ? -1 : length / 4 * 3 + (length % 4 == 0 ? 0 : length % 4 - 1);
}

//! \a data as unpadded base64url.
QByteArray base64UrlEncode(QByteArrayView data);

/*!
 * Writes the unpadded base64url form of \a data, base64UrlEncodedSize(data.size()) characters,
 * to \a out and returns the position after the last one. For building tokens without copies.
 */
char *base64UrlEncode(QByteArrayView data, char *out);
char16_t *base64UrlEncode(QByteArrayView data, char16_t *out);

/*!
 * Decodes \a encoded, writing base64UrlDecodedSize(encoded.size()) bytes to \a out.
 * Strict: false for any character outside \c A-Za-z0-9-_ (padding included), an impossible
 * length, or non-zero unused bits in the last character, so every byte string has exactly one
 * accepted encoding. \a out may be partly written when false is returned.
 */
bool base64UrlDecode(QByteArrayView encoded, char *out);
bool base64UrlDecode(QStringView encoded, char *out);

//! Decodes \a encoded as above; std::nullopt when it is not strict base64url.
std::optional<QByteArray> base64UrlDecode(QByteArrayView encoded);
std::optional<QByteArray> base64UrlDecode(QStringView encoded);

} // namespace Gatehouse::Crypto
