#pragma once
/*! \file adapter.h  The storage adapter contract: Auth.js v5's Adapter interface, method for method. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QStringList>

namespace Gatehouse {

/*!
 * Where users, accounts, sessions, verification tokens and authenticators live. Every method is
 * asynchronous: it returns a QFuture that finishes with the result or fails with an
 * AdapterError, so the engine never blocks a serving thread on storage. Methods may be called
 * from any thread at the same time.
 *
 * Every method is optional, as in Auth.js: the base class fails the future with
 * AdapterError::Reason::NotImplemented ("adapter method getAuthenticator is not implemented").
 * \c implementedMethods() lists what a subclass overrides, so the engine can report
 * \c MissingAdapterMethods when the configuration is loaded instead of at the first request.
 *
 * Rules every implementation keeps:
 * - "or null" results are \c std::nullopt when the record is absent (also for ids that cannot
 *   exist, such as a non-numeric id in a store with integer ids), never an error;
 * - \c linkAccount lower-cases \c token_type and sets \c expires_at from \c expires_in when
 *   \c expires_at is absent;
 * - \c deleteUser also deletes the user's accounts, sessions and authenticators;
 * - \c useVerificationToken returns the token and deletes it in one atomic step: of many
 *   concurrent callers exactly one gets it;
 * - \c updateUser and \c updateSession change only the fields that are set.
 */
class GATEHOUSE_EXPORT Adapter
{
public:
    virtual ~Adapter();

    //! Names of the contract methods this adapter implements (e.g. "getSessionAndUser").
    virtual QStringList implementedMethods() const = 0;
    //! Every method name of the contract (createUser, getUser, ...: Auth.js's names), plus
    //! deleteAuthenticator.
    static QStringList contractMethods();
    //! The names in \a needed that are not in implementedMethods(), for MissingAdapterMethods.
    QStringList missingMethods(const QStringList &needed) const;

    virtual QFuture<AdapterUser> createUser(const AdapterUser &user);
    virtual QFuture<std::optional<AdapterUser>> getUser(const QString &id);
    virtual QFuture<std::optional<AdapterUser>> getUserByEmail(const QString &email);
    virtual QFuture<std::optional<AdapterUser>> getUserByAccount(const QString &provider,
                                                                 const QString &providerAccountId);
    //! Fails with Reason::NotFound when the user does not exist.
    virtual QFuture<AdapterUser> updateUser(const AdapterUserUpdate &update);
    //! The deleted user, or nullopt when there was none. Cascades (see the class notes).
    virtual QFuture<std::optional<AdapterUser>> deleteUser(const QString &userId);

    //! Fails with Reason::NotFound for an unknown user, Reason::Conflict for a duplicate
    //! (provider, providerAccountId).
    virtual QFuture<AdapterAccount> linkAccount(const AdapterAccount &account);
    //! The removed account, or nullopt when there was none.
    virtual QFuture<std::optional<AdapterAccount>> unlinkAccount(const QString &provider,
                                                                 const QString &providerAccountId);
    virtual QFuture<std::optional<AdapterAccount>> getAccount(const QString &providerAccountId,
                                                              const QString &provider);

    //! Fails with Reason::NotFound for an unknown user, Reason::Conflict for a duplicate token.
    virtual QFuture<AdapterSession> createSession(const AdapterSession &session);
    //! The session and its user, expired or not (the engine decides), or nullopt.
    virtual QFuture<std::optional<SessionAndUser>> getSessionAndUser(const QString &sessionToken);
    virtual QFuture<std::optional<AdapterSession>> updateSession(const AdapterSessionUpdate &update);
    //! The deleted session, or nullopt when there was none.
    virtual QFuture<std::optional<AdapterSession>> deleteSession(const QString &sessionToken);

    //! Fails with Reason::Conflict when the token exists already.
    virtual QFuture<std::optional<VerificationToken>> createVerificationToken(const VerificationToken &token);
    //! The token, deleted in the same step, or nullopt when it does not exist (any more).
    virtual QFuture<std::optional<VerificationToken>> useVerificationToken(const QString &identifier,
                                                                           const QString &token);

    //! Fails with Reason::NotFound for an unknown user, Reason::Conflict for a duplicate id.
    virtual QFuture<AdapterAuthenticator> createAuthenticator(const AdapterAuthenticator &authenticator);
    virtual QFuture<std::optional<AdapterAuthenticator>> getAuthenticator(const QString &credentialID);
    //! Empty for an unknown user.
    virtual QFuture<QList<AdapterAuthenticator>> listAuthenticatorsByUserId(const QString &userId);
    //! Fails with Reason::NotFound for an unknown credential.
    virtual QFuture<AdapterAuthenticator> updateAuthenticatorCounter(const QString &credentialID,
                                                                     qint64 newCounter);
    //! The deleted authenticator, or nullopt when there was none.
    virtual QFuture<std::optional<AdapterAuthenticator>> deleteAuthenticator(const QString &credentialID);

    /*!
     * Creates \a user and links \a account (its \c userId is set to the new id) as one unit:
     * if linking fails, the user does not stay behind. The base class chains \c createUser and
     * \c linkAccount and deletes the user when linking fails (when \c deleteUser is
     * implemented); stores with transactions override it.
     */
    virtual QFuture<UserAndAccount> createUserAndLinkAccount(const AdapterUser &user,
                                                             const AdapterAccount &account);

protected:
    Adapter() = default;
    Adapter(const Adapter &) = delete;
    Adapter &operator=(const Adapter &) = delete;
};

} // namespace Gatehouse
