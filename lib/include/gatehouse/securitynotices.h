#pragma once
/*!
 * \file securitynotices.h  Security notices by e-mail: a person is told when something happens
 * to their account (a sign-in from a new browser, a changed or reset password, two-factor
 * sign-in turned on or off, a recovery code used, an account linked or unlinked, a passkey
 * added). lib/src/notices/README.md has the design.
 */
#include <gatehouse/adapter.h>
#include <gatehouse/config.h>

#include <QFuture>
#include <QObject>

#include <chrono>
#include <memory>

namespace Gatehouse {

class SecurityNotifierPrivate;

/*!
 * Mails the notices the configuration's \c account.notices turns on, read from the audit log:
 * what happened is recorded first and told afterwards, so a notice never delays or fails what it
 * tells of. The notifier keeps its place in the log in the database (AuditFeedStore), so a mail
 * server that is down, or a restart, loses no notice: it is retried, with a warning in the
 * \c gatehouse.notices log, and a notice that still cannot go out after a day is given up with an
 * error naming it. Several servers sharing the database mail each notice once between them.
 *
 * Needs an adapter that implements AuditStore and AuditFeedStore (SqlAdapter and MemoryAdapter
 * do), an \c email provider with an SMTP \c server (its \c from sends the notices) and \c url
 * (AUTH_URL: the notices link to the account page); otherwise unavailableReason() says which is
 * missing and start() does nothing.
 */
class GATEHOUSE_EXPORT SecurityNotifier : public QObject
{
    Q_OBJECT
public:
    SecurityNotifier(const Config &config, std::shared_ptr<Adapter> adapter, QObject *parent = nullptr);
    ~SecurityNotifier() override;

    //! Empty when the notifier can run; else what is missing, for the operator's log.
    QString unavailableReason() const;

    //! Looks for new events every \a interval (and at once) until stop() or destruction.
    void start(std::chrono::milliseconds interval = std::chrono::seconds(5));
    /*!
     * Stops looking and gives its place up, so another server takes over at once; returns when
     * the round that runs has ended (a mail being sent: at most the SMTP server's time-outs).
     */
    void stop();

    /*!
     * One round now: mails what is due and answers how many notices went out. Fails when the
     * store cannot be asked; a notice that cannot be mailed ends the round early (it is tried
     * again on the next one). Rounds never overlap.
     */
    QFuture<int> deliverPending();

    /*!
     * For tests: a clock instead of the system's, and how long an event must have been in the
     * log before it is read (default 2 s: a write committed late under a lower id is not
     * skipped).
     */
    void setClockForTesting(std::function<QDateTime()> clock, std::chrono::seconds settle);

Q_SIGNALS:
    //! \a count notices went out in a round.
    void delivered(int count);

private:
    std::shared_ptr<SecurityNotifierPrivate> d;
};

} // namespace Gatehouse
