#pragma once
/*! \file auditfeedstore.h  The audit log read in order, and named positions in it that one
 *  reader at a time moves forward: what turns audit events into mails (securitynotices.h) and
 *  never loses one when a delivery fails or the process restarts. */
#include <gatehouse/auditstore.h>

#include <QFuture>

#include <chrono>
#include <optional>

namespace Gatehouse {

/*!
 * Reading the audit log forward from a position (an event id), and cursors: a cursor is a
 * position with a name, held by one holder at a time for a lease, so that several servers sharing
 * the database deliver each event once between them. Futures fail with AdapterError like the
 * adapter's.
 */
class GATEHOUSE_EXPORT AuditFeedStore
{
public:
    virtual ~AuditFeedStore();

    //! Events with an id above \a afterId, oldest first, at most \a limit of them.
    virtual QFuture<QList<AuditEvent>> auditEventsAfter(qint64 afterId, int limit) = 0;

    /*!
     * Takes or renews the cursor \a name for \a holder until \a lease from now, and answers its
     * position; nullopt while another holder's lease runs. A cursor that does not exist yet is
     * made at the newest event's id (a new reader starts now, not at the log's beginning). A
     * lease of zero gives the cursor up: any holder may take it at once (a holder that stops).
     */
    virtual QFuture<std::optional<qint64>> claimAuditCursor(const QString &name, const QString &holder,
                                                            std::chrono::seconds lease) = 0;

    /*!
     * Moves the cursor \a name to \a position if \a holder holds it and it is behind; true when
     * it moved. A holder whose lease was taken over moves nothing.
     */
    virtual QFuture<bool> advanceAuditCursor(const QString &name, const QString &holder, qint64 position) = 0;

protected:
    AuditFeedStore() = default;
    Q_DISABLE_COPY(AuditFeedStore)
};

} // namespace Gatehouse
