#pragma once
/*! \file adaptertypes.h  The records a storage adapter stores: users, accounts, sessions,
 *  verification tokens and WebAuthn authenticators, with the fields (and names) of Auth.js v5's
 *  adapter models. */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <optional>

namespace Gatehouse {

//! A stored user. The store assigns \c id when the user is created.
struct GATEHOUSE_EXPORT AdapterUser
{
    QString id;
    std::optional<QString> name;
    QString email;                              //!< unique
    std::optional<QDateTime> emailVerified;     //!< null until the first email sign-in
    std::optional<QString> image;

    //! \c {id, name, email, emailVerified, image}; nulls as JSON null, the date in ISO 8601.
    QJsonObject toJson() const;
    static AdapterUser fromJson(const QJsonObject &object);

    friend GATEHOUSE_EXPORT bool operator==(const AdapterUser &a, const AdapterUser &b);
    friend bool operator!=(const AdapterUser &a, const AdapterUser &b) { return !(a == b); }
};

/*!
 * A partial update of a user (\c updateUser): only the fields that were set change.
 * Setting \c name, \c emailVerified or \c image to \c std::nullopt stores NULL.
 */
class GATEHOUSE_EXPORT AdapterUserUpdate
{
public:
    explicit AdapterUserUpdate(QString id) : m_id(std::move(id)) {}

    QString id() const { return m_id; }

    AdapterUserUpdate &setName(std::optional<QString> name) { m_name = std::move(name); return *this; }
    AdapterUserUpdate &setEmail(QString email) { m_email = std::move(email); return *this; }
    AdapterUserUpdate &setEmailVerified(std::optional<QDateTime> when) { m_emailVerified = std::move(when); return *this; }
    AdapterUserUpdate &setImage(std::optional<QString> image) { m_image = std::move(image); return *this; }

    bool hasName() const { return m_name.has_value(); }
    bool hasEmail() const { return m_email.has_value(); }
    bool hasEmailVerified() const { return m_emailVerified.has_value(); }
    bool hasImage() const { return m_image.has_value(); }
    bool isEmpty() const { return !hasName() && !hasEmail() && !hasEmailVerified() && !hasImage(); }

    std::optional<QString> name() const { return m_name.value_or(std::nullopt); }
    QString email() const { return m_email.value_or(QString()); }
    std::optional<QDateTime> emailVerified() const { return m_emailVerified.value_or(std::nullopt); }
    std::optional<QString> image() const { return m_image.value_or(std::nullopt); }

    //! Copies the fields that were set into \a user.
    void applyTo(AdapterUser &user) const;

private:
    QString m_id;
    std::optional<std::optional<QString>> m_name;
    std::optional<QString> m_email;
    std::optional<std::optional<QDateTime>> m_emailVerified;
    std::optional<std::optional<QString>> m_image;
};

/*!
 * A connection between a user and a provider. Columns keep Auth.js's names: camelCase for
 * \c userId / \c providerAccountId, snake_case for the OAuth token set (\c access_token, ...).
 * The pair (\c provider, \c providerAccountId) is unique.
 */
struct GATEHOUSE_EXPORT AdapterAccount
{
    QString id;                                 //!< row id, assigned by the store
    QString userId;
    QString type;                               //!< "oauth", "oidc", "email", "webauthn", "credentials"
    QString provider;
    QString providerAccountId;
    std::optional<QString> accessToken;         //!< access_token
    std::optional<QString> refreshToken;        //!< refresh_token
    std::optional<QString> idToken;             //!< id_token
    std::optional<qint64> expiresAt;            //!< expires_at, seconds since the epoch
    //! expires_in (seconds). Input only: \c linkAccount turns it into \c expiresAt when that
    //! is absent; it is not stored.
    std::optional<qint64> expiresIn;
    std::optional<QString> scope;
    std::optional<QString> tokenType;           //!< token_type; lower-cased when linked
    QJsonValue sessionState = QJsonValue::Undefined; //!< session_state; Undefined when absent
    //! Provider-specific token-set fields beyond the ones above (stored as JSON).
    QJsonObject extra;

    /*!
     * The account in Auth.js's shape: the keys above in their stored spelling, absent optionals
     * left out, \c extra's keys merged in.
     */
    QJsonObject toJson() const;
    //! The inverse of toJson(): known keys fill the fields, every other key goes to \c extra.
    static AdapterAccount fromJson(const QJsonObject &object);

    friend GATEHOUSE_EXPORT bool operator==(const AdapterAccount &a, const AdapterAccount &b);
    friend bool operator!=(const AdapterAccount &a, const AdapterAccount &b) { return !(a == b); }
};

//! A database session: the cookie holds \c sessionToken.
struct GATEHOUSE_EXPORT AdapterSession
{
    QString sessionToken;
    QString userId;
    QDateTime expires;

    friend GATEHOUSE_EXPORT bool operator==(const AdapterSession &a, const AdapterSession &b);
    friend bool operator!=(const AdapterSession &a, const AdapterSession &b) { return !(a == b); }
};

//! A partial update of a session (\c updateSession): only the fields that were set change.
class GATEHOUSE_EXPORT AdapterSessionUpdate
{
public:
    explicit AdapterSessionUpdate(QString sessionToken) : m_sessionToken(std::move(sessionToken)) {}

    QString sessionToken() const { return m_sessionToken; }

    AdapterSessionUpdate &setUserId(QString userId) { m_userId = std::move(userId); return *this; }
    AdapterSessionUpdate &setExpires(QDateTime expires) { m_expires = std::move(expires); return *this; }

    bool hasUserId() const { return m_userId.has_value(); }
    bool hasExpires() const { return m_expires.has_value(); }
    bool isEmpty() const { return !hasUserId() && !hasExpires(); }

    QString userId() const { return m_userId.value_or(QString()); }
    QDateTime expires() const { return m_expires.value_or(QDateTime()); }

    //! Copies the fields that were set into \a session.
    void applyTo(AdapterSession &session) const;

private:
    QString m_sessionToken;
    std::optional<QString> m_userId;
    std::optional<QDateTime> m_expires;
};

//! \c getSessionAndUser's result.
struct GATEHOUSE_EXPORT SessionAndUser
{
    AdapterSession session;
    AdapterUser user;
};

//! \c createUserAndLinkAccount's result.
struct GATEHOUSE_EXPORT UserAndAccount
{
    AdapterUser user;
    AdapterAccount account;
};

//! A single-use email sign-in token. (\c identifier, \c token) is unique and \c token is unique.
struct GATEHOUSE_EXPORT VerificationToken
{
    QString identifier;                         //!< the email address
    QString token;                              //!< hashed with the secret
    QDateTime expires;

    friend GATEHOUSE_EXPORT bool operator==(const VerificationToken &a, const VerificationToken &b);
    friend bool operator!=(const VerificationToken &a, const VerificationToken &b) { return !(a == b); }
};

//! A WebAuthn credential of a user. \c credentialID is unique.
struct GATEHOUSE_EXPORT AdapterAuthenticator
{
    QString credentialID;                       //!< base64url
    QString userId;
    QString providerAccountId;
    QString credentialPublicKey;                //!< base64
    qint64 counter = 0;
    QString credentialDeviceType;               //!< "singleDevice" or "multiDevice"
    bool credentialBackedUp = false;
    std::optional<QString> transports;          //!< comma-separated transport flags

    friend GATEHOUSE_EXPORT bool operator==(const AdapterAuthenticator &a, const AdapterAuthenticator &b);
    friend bool operator!=(const AdapterAuthenticator &a, const AdapterAuthenticator &b) { return !(a == b); }
};

} // namespace Gatehouse
