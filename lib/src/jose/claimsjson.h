#pragma once
/*! \file claimsjson.h  The JSON text of a token's claims, as the JWE payload. */
#include <QByteArray>
#include <QJsonObject>
#include <QStringView>

namespace Gatehouse::Jose {

//! The claims every issued token gets, replacing claims of the same names.
struct IssuedClaims
{
    qint64 iat = 0;   //!< issued at, seconds since the epoch
    qint64 exp = 0;   //!< expires, seconds since the epoch
    QStringView jti;  //!< token id
};

/*!
 * \a claims with \a issued merged in, as compact JSON: byte for byte what
 * QJsonDocument(merged).toJson(QJsonDocument::Compact) writes for the object that inserting
 * iat, exp and jti into a copy of \a claims gives (keys in QJsonObject's order, Qt's string
 * escapes and number formats), without copying the object or going through QJsonDocument.
 */
QByteArray claimsJson(const QJsonObject &claims, const IssuedClaims &issued);

} // namespace Gatehouse::Jose
