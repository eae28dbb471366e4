#pragma once
/*! \file oidcsessionstore.h  Which OpenID Provider clients got an ID token for which Gatehouse
 *  session (\c gatehouse_oidc_sessions; lib/src/oidclogout/README.md): whom a Logout Token goes
 *  to when that session, or every session of the person, ends; and the Logout Tokens still to
 *  deliver (\c gatehouse_oidc_logouts), kept in the database until a client took them. */
#include <gatehouse/adaptertypes.h>

#include <memory>

#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QStringList>

namespace Gatehouse {

//! One client that received an ID token for one session.
struct GATEHOUSE_EXPORT OidcSessionClient
{
    QString sid;           //!< the ID token's \c sid: derived from the session, never the session token
    QString clientId;
    QString userId;        //!< the ID token's \c sub
    QDateTime expiresAt;   //!< UTC; after it the row is swept (no one is told)
    QString issuer;        //!< the ID token's \c iss, which the Logout Token repeats (empty: unknown)
};

/*!
 * One Logout Token still to deliver: a client of a session that ended. Signed only when it is
 * sent (the keys stay with the server that sends it).
 */
struct GATEHOUSE_EXPORT OidcLogoutDelivery
{
    QString sid;
    QString clientId;
    QString userId;
    QString issuer;            //!< the ID token's \c iss (empty: recorded before it was kept)
    int attempts = 0;          //!< POSTs that failed so far
    QDateTime queuedAt;        //!< UTC: when the session ended (the give-up time counts from it)
    QDateTime nextAttemptAt;   //!< UTC: due then; while leased, when the lease ends
    QString lastError;         //!< why the last round failed
    QString lease;             //!< the claim that holds it (claimOidcLogouts())
};

/*!
 * The record: added (or renewed) when a client gets an ID token, turned into deliveries when
 * the session or the person's sessions end. Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT OidcSessionStore
{
public:
    virtual ~OidcSessionStore();

    //! Stores \a client (one row per sid and client: a later one renews it) and sweeps expired rows.
    virtual QFuture<void> addOidcSessionClient(const OidcSessionClient &client) = 0;
    /*!
     * Session \a sid ended: each unexpired client row becomes a delivery due now, in the same
     * transaction as the row's removal (a crash loses none, two servers ending the same session
     * queue each once). Returns how many were queued.
     */
    virtual QFuture<int> queueOidcLogouts(const QString &sid) = 0;
    //! The same for every session of \a userId but \a keepSid (empty: every session).
    virtual QFuture<int> queueOidcLogoutsOfUser(const QString &userId, const QString &keepSid) = 0;
    /*!
     * Up to \a limit deliveries due at \a now, each leased under \a lease until \a leaseUntil:
     * an update whose affected-row count decides, so of two claimers only one gets a delivery.
     */
    virtual QFuture<QList<OidcLogoutDelivery>> claimOidcLogouts(const QString &lease, const QDateTime &now,
                                                                const QDateTime &leaseUntil, int limit) = 0;
    //! Delivered or given up: removed, if still under \a delivery's lease (false: it is not).
    virtual QFuture<bool> finishOidcLogout(const OidcLogoutDelivery &delivery) = 0;
    //! A round failed: \a delivery's attempts, nextAttemptAt and lastError stored, under its lease.
    virtual QFuture<bool> retryOidcLogout(const OidcLogoutDelivery &delivery) = 0;
    //! How many deliveries wait (due or not, leased or not).
    virtual QFuture<qint64> countOidcLogouts() = 0;

protected:
    OidcSessionStore() = default;
    Q_DISABLE_COPY(OidcSessionStore)
};

class Adapter;

/*!
 * Session \a sid ended: its clients are told (a delivery each, sent by the server that runs the
 * Logout Token worker: Gatehouse::Auth with a back-channel client). The storage-level way for
 * any module that ends sessions, with or without an engine. Nothing happens when \a adapter has
 * no OidcSessionStore; never fails (a failure is logged: the clients are not told). The
 * returned future gives how many deliveries were queued; a worker of this process is woken.
 * The caller keeps \a adapter alive until the future finished.
 */
GATEHOUSE_EXPORT QFuture<int> queueBackchannelLogouts(const std::shared_ptr<Adapter> &adapter, const QString &sid);
/*!
 * The database session with \a sessionToken ended: as queueBackchannelLogouts() for its \c sid,
 * which is derived from the token under the first of \a secrets (the configuration's \c secret,
 * as gatehouse-server has it). For a caller that ends one session by its token without an engine
 * (gatehouse-admin on a database); without a secret nothing can be found and nothing is queued.
 */
GATEHOUSE_EXPORT QFuture<int> queueBackchannelLogoutsOfSession(const std::shared_ptr<Adapter> &adapter,
                                                               const QStringList &secrets, const QString &sessionToken);
//! Every session of \a userId ended, but \a keepSid's (empty: all): as queueBackchannelLogouts().
GATEHOUSE_EXPORT QFuture<int> queueBackchannelLogoutsOfUser(const std::shared_ptr<Adapter> &adapter, const QString &userId,
                                                            const QString &keepSid = {});

} // namespace Gatehouse
