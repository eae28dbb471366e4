#pragma once
/*! \file oidcsessionstore.h  Which OpenID Provider clients got an ID token for which Gatehouse
 *  session (\c gatehouse_oidc_sessions; lib/src/oidclogout/README.md): whom a Logout Token goes
 *  to when that session, or every session of the person, ends. */
#include <gatehouse/adaptertypes.h>

#include <QDateTime>
#include <QFuture>
#include <QList>

namespace Gatehouse {

//! One client that received an ID token for one session.
struct GATEHOUSE_EXPORT OidcSessionClient
{
    QString sid;           //!< the ID token's \c sid: derived from the session, never the session token
    QString clientId;
    QString userId;        //!< the ID token's \c sub
    QDateTime expiresAt;   //!< UTC; after it the row is swept (no one is told)
};

/*!
 * The record: added (or renewed) when a client gets an ID token, taken when the session or the
 * person's sessions end. Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT OidcSessionStore
{
public:
    virtual ~OidcSessionStore();

    //! Stores \a client (one row per sid and client: a later one renews it) and sweeps expired rows.
    virtual QFuture<void> addOidcSessionClient(const OidcSessionClient &client) = 0;
    //! The unexpired clients of session \a sid, removed (each is told once).
    virtual QFuture<QList<OidcSessionClient>> takeOidcSessionClients(const QString &sid) = 0;
    //! The unexpired clients of every session of \a userId, removed.
    virtual QFuture<QList<OidcSessionClient>> takeOidcSessionClientsOfUser(const QString &userId) = 0;

protected:
    OidcSessionStore() = default;
    Q_DISABLE_COPY(OidcSessionStore)
};

} // namespace Gatehouse
