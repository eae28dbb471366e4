#pragma once
/*! \file auditstore.h  The persisted audit log: sign-ins, failures, sign-outs, new users and accounts. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>

namespace Gatehouse {

//! One audit log entry. Never holds a secret (no tokens, no passwords).
struct GATEHOUSE_EXPORT AuditEvent
{
    qint64 id = 0;                  //!< assigned by the store; increases with every append
    QDateTime time;                 //!< when it happened (UTC)
    QString type;                   //!< event name: "signIn", "signOut", "createUser", ...
    QString userId;                 //!< empty when no user is known
    QString provider;               //!< provider id, empty when none
    QString clientAddress;          //!< the client's IP address, empty when unknown
    QJsonObject detail;             //!< anything else worth keeping
};

//! Which audit events to return; every set field must match.
struct GATEHOUSE_EXPORT AuditFilter
{
    QString type;                   //!< exact event type; empty: any
    QString userId;                 //!< exact user id; empty: any
    QString provider;               //!< exact provider id; empty: any
    QDateTime from;                 //!< inclusive; invalid: no lower bound
    QDateTime to;                   //!< exclusive; invalid: no upper bound
};

/*!
 * Where the engine writes its audit events (\c gatehouse_audit). An adapter that implements it
 * gets them; without it nothing is recorded. Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT AuditStore
{
public:
    virtual ~AuditStore();

    //! Appends \a event (its \c id is ignored; an invalid \c time means now); returns the new id.
    virtual QFuture<qint64> appendAudit(const AuditEvent &event) = 0;
    /*!
     * Matching events, newest first (by \c time, then by \c id), skipping \a offset and
     * returning at most \a limit.
     */
    virtual QFuture<QList<AuditEvent>> auditEvents(const AuditFilter &filter, int limit,
                                                   int offset = 0) = 0;

protected:
    AuditStore() = default;
    Q_DISABLE_COPY(AuditStore)
};

} // namespace Gatehouse
