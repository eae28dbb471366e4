#pragma once
/*! \file oidcconsentstore.h  What each person allowed each OpenID Provider client
 *  (\c gatehouse_oidc_consents; lib/src/oidcprovider/README.md, "Consent"): one row per person
 *  and client, the scopes granted and when. */
#include <gatehouse/adaptertypes.h>

#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QStringList>

#include <optional>

namespace Gatehouse {

//! A person's consent to one client.
struct GATEHOUSE_EXPORT OidcConsent
{
    QString userId;          //!< the ID tokens' \c sub
    QString clientId;
    QStringList scopes;      //!< every scope the person allowed the client, sorted
    QDateTime grantedAt;     //!< UTC; the first time the person allowed the client
    QDateTime updatedAt;     //!< UTC; the last time the person allowed it (the consent page's binding)
};

/*!
 * Consents: a grant adds scopes to what the person allowed the client (the union); revoking
 * removes the consent and every refresh grant of that client for that person, in one step, so
 * that the app must ask again and holds nothing that outlives the revocation. Futures fail with
 * AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT OidcConsentStore
{
public:
    virtual ~OidcConsentStore();

    /*!
     * Adds \a scopes to the consent of \a userId for \a clientId (a new row when there is none),
     * sets its updatedAt to \a at (and grantedAt, when new) and returns the consent as stored.
     */
    virtual QFuture<OidcConsent> grantOidcConsent(const QString &userId, const QString &clientId, const QStringList &scopes,
                                                  const QDateTime &at) = 0;
    //! The consent of \a userId for \a clientId; nullopt when there is none.
    virtual QFuture<std::optional<OidcConsent>> oidcConsent(const QString &userId, const QString &clientId) = 0;
    //! Every consent of \a userId, by client id.
    virtual QFuture<QList<OidcConsent>> oidcConsentsOfUser(const QString &userId) = 0;
    /*!
     * Removes the consent of \a userId for \a clientId and every refresh grant (OidcGrantStore)
     * of that client for that person, with their tokens; whether there was a consent.
     */
    virtual QFuture<bool> revokeOidcConsent(const QString &userId, const QString &clientId) = 0;

protected:
    OidcConsentStore() = default;
    Q_DISABLE_COPY(OidcConsentStore)
};

} // namespace Gatehouse
