#pragma once
/*! \file provider.h  A configured sign-in provider. */
#include <gatehouse/authrequest.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QJsonObject>
#include <QString>
#include <functional>
#include <optional>

namespace Gatehouse {

/*!
 * Verifies submitted credentials for a \c credentials provider. The future yields the user
 * (at least \c id; \c name, \c email, \c image as available) or \c std::nullopt to refuse.
 * To refuse with a specific code, fail the future with \c CredentialsSignin(code).
 */
using AuthorizeFunction =
    std::function<QFuture<std::optional<QJsonObject>>(const QJsonObject &credentials,
                                                      const AuthRequest &request)>;

/*!
 * One provider. Providers are data: \c options holds every provider field of SPEC.md
 * other than id/name/type (for example \c issuer, \c clientId, \c clientSecret, \c checks,
 * \c credentials, \c style, \c allowDangerousEmailAccountLinking), with the same key names
 * as the JSON configuration. Behaviour that cannot be data is a function member.
 */
struct GATEHOUSE_EXPORT Provider
{
    QString id;       //!< unique; part of URLs
    QString name;     //!< shown on the sign-in button
    QString type;     //!< "oauth", "oidc", "email", "credentials", "webauthn"
    QJsonObject options;

    AuthorizeFunction authorize;  //!< credentials providers

    //! \c options[key], or \a fallback when absent.
    QJsonValue option(const QString &key, const QJsonValue &fallback = {}) const;
};

} // namespace Gatehouse
