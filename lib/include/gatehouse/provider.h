#pragma once
/*! \file provider.h  A configured sign-in provider. */
#include <gatehouse/authrequest.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>
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
 * Maps an \c oauth or \c oidc provider's profile to the user: receives the profile (the
 * id_token's claims, the userinfo response or \c profileFromToken's object) and the token
 * response, yields \c {id, name, email, image} (\c id required; a number becomes a string,
 * \c email is lower-cased). Replaces \c profileMapping. A thrown exception or failed future
 * ends the sign-in with \c OAuthCallbackError.
 */
using ProfileFunction =
    std::function<QFuture<QJsonObject>(const QJsonObject &profile, const QJsonObject &tokens)>;

/*!
 * Chooses what an \c oauth or \c oidc account stores of the token response \a tokens
 * (the OAuth fields of an account record, AdapterAccount in adaptertypes.h: \c access_token,
 * \c refresh_token, \c expires_at, ...); Gatehouse adds
 * \c provider, \c type and \c providerAccountId. Replaces the default token set. A thrown
 * exception or failed future ends the sign-in with \c OAuthCreateAccount.
 */
using AccountFunction = std::function<QFuture<QJsonObject>(const QJsonObject &tokens)>;

//! What an email provider's \c sendVerificationRequest receives.
struct VerificationRequest
{
    QString identifier;   //!< the normalised email address
    QString url;          //!< the sign-in link
    QString token;        //!< the raw token (the link carries it; storage holds only its hash)
    QDateTime expires;
    QString providerId;
    AuthRequest request;  //!< the request that asked for the link
};

/*!
 * One provider. Providers are data: \c options holds every field of an Auth.js v5 provider
 * configuration other than id/name/type (for example \c issuer, \c clientId, \c clientSecret, \c checks,
 * \c credentials, \c style, \c allowDangerousEmailAccountLinking), with the same key names
 * as the JSON configuration. Behaviour that cannot be data is a function member.
 */
struct GATEHOUSE_EXPORT Provider
{
    QString id;       //!< unique; part of URLs
    QString name;     //!< shown on the sign-in button
    QString type;     //!< one of types(): "oauth", "oidc", "email", "credentials", "webauthn"
    QJsonObject options;

    AuthorizeFunction authorize;  //!< credentials providers

    /*!
     * Email providers: replaces the built-in address normalisation (trim, lower-case, NFKC).
     * The future yields the address to use, which must still pass the built-in checks (one
     * address, no quotes, lists or whitespace; otherwise the sign-in fails as an invalid
     * address). Fail the future (or throw) to refuse the address: that is \c EmailSignin.
     */
    std::function<QFuture<QString>(const QString &identifier)> normalizeIdentifier;
    //! Email providers: replaces the random 32-byte hex token.
    std::function<QString()> generateVerificationToken;
    //! Email providers: replaces the built-in SMTP mail; a failed future is EmailSignin.
    std::function<QFuture<void>(const VerificationRequest &)> sendVerificationRequest;

    ProfileFunction profile;      //!< oauth/oidc: profile -> user (default: \c profileMapping)
    AccountFunction account;      //!< oauth/oidc: token response -> stored account fields

    //! \c options[key], or \a fallback when absent.
    QJsonValue option(const QString &key, const QJsonValue &fallback = {}) const;

    //! The provider types, as \c type spells them.
    static QStringList types();
    //! Whether \a type is \c oauth or \c oidc: an OAuth 2.0 flow, OpenID Connect included.
    static bool isOAuthType(QStringView type) { return type == u"oauth" || type == u"oidc"; }

    bool isOAuth() const { return isOAuthType(type); }    //!< \c oauth or \c oidc
    bool isOidc() const { return type == u"oidc"; }
    bool isEmail() const { return type == u"email"; }
    bool isCredentials() const { return type == u"credentials"; }
    bool isWebAuthn() const { return type == u"webauthn"; }
};

} // namespace Gatehouse
