#pragma once
/*!
 * \file ratelimitkeys.h  The keys the engine counts attempts under (RateLimiter,
 * gatehouse_rate_limit), spelt in one place: the flows count under them, and an
 * administrator's list and lift of lockouts (gatehouse/lockouts.h) reads them back.
 */
#include <QString>

namespace Gatehouse::RateLimitKeys {

// Per person: what a lockout is made of.
inline const QString CredentialsPrefix = QStringLiteral("credentials:");
inline const QString CredentialsIdentifierPart = QStringLiteral(":id:");
inline const QString TwoFactorUserPrefix = QStringLiteral("twoFactor:user:");
inline const QString PasswordResetUserPrefix = QStringLiteral("password-reset:user:");
inline const QString PasswordResetAddressPrefix = QStringLiteral("password-reset:address:");
//! After PasswordResetUserPrefix: an address no person has (counted as a person's would be).
inline const QString PasswordResetUnknownPart = QStringLiteral("address:");

//! A credentials provider's failed sign-ins (and the account page's password checks) per identifier.
inline QString credentialsIdentifier(const QString &providerId, const QString &identifier)
{
    return CredentialsPrefix + providerId + CredentialsIdentifierPart + identifier;
}

//! A credentials provider's failed sign-ins per client address.
inline QString credentialsAddress(const QString &providerId, const QString &clientAddress)
{
    return CredentialsPrefix + providerId + QStringLiteral(":ip:") + clientAddress;
}

//! Wrong second-factor codes (sign-in and enrolment) of a user.
inline QString twoFactorUser(const QString &userId)
{
    return TwoFactorUserPrefix + userId;
}

//! Second-factor codes per client address.
inline QString twoFactorAddress(const QString &clientAddress)
{
    return QStringLiteral("two-factor:ip:") + clientAddress;
}

//! Password reset requests of a person (by user id).
inline QString passwordResetUser(const QString &userId)
{
    return PasswordResetUserPrefix + userId;
}

//! Password reset requests for an address no person has, counted where a person's would be.
inline QString passwordResetUnknown(const QString &email)
{
    return PasswordResetUserPrefix + PasswordResetUnknownPart + email;
}

//! Password reset requests per (normalised) address.
inline QString passwordResetAddress(const QString &email)
{
    return PasswordResetAddressPrefix + email;
}

//! Password reset requests per client address.
inline QString passwordResetClient(const QString &clientAddress)
{
    return QStringLiteral("password-reset:ip:") + clientAddress;
}

//! Failed admin API token checks per client address (adminapi/).
inline QString adminApiAddress(const QString &clientAddress)
{
    return QStringLiteral("admin-api:ip:") + clientAddress;
}

//! Failed client authentications at the OpenID Provider's token, introspection and revocation
//! endpoints per configured client id (oidcendpoints/).
inline QString oidcClient(const QString &clientId)
{
    return QStringLiteral("oidc-client:id:") + clientId;
}

//! The same per client address.
inline QString oidcClientAddress(const QString &clientAddress)
{
    return QStringLiteral("oidc-client:ip:") + clientAddress;
}

} // namespace Gatehouse::RateLimitKeys
