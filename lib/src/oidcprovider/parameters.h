#pragma once
/*!
 * \file parameters.h  The parameters of an authorization or token request, read from a query or
 * an \c application/x-www-form-urlencoded body: a parameter sent twice is refused (RFC 6749
 * §3.1, §3.2), since two servers reading different copies is how parameter pollution works. Pure.
 */
#include <QByteArray>
#include <QHash>
#include <QString>

#include <optional>

namespace Gatehouse::OidcProvider {

//! The most parameters and the longest value read; beyond them the request is refused unread.
inline constexpr qsizetype maxParameters = 64;
inline constexpr qsizetype maxParameterLength = 4096;

struct Parameters
{
    QHash<QString, QString> values;  //!< an empty value counts as absent (RFC 6749 §3.1)
    QString repeated;                //!< the first parameter sent more than once; empty when none
    bool tooLarge = false;           //!< more than maxParameters, or a value longer than maxParameterLength

    QString value(const QString &name) const { return values.value(name); }
    bool has(const QString &name) const { return values.contains(name); }
};

/*!
 * The parameters of \a encoded (a query without '?' or a form body): '+' is a space, then
 * percent-decoding once. Empty values are dropped (an empty parameter is treated as omitted).
 */
Parameters parseParameters(const QByteArray &encoded);

} // namespace Gatehouse::OidcProvider
