#pragma once
/*! \file activitymodel.h  Every user's audit events, newest first, filtered and following the log. */
#include <QAbstractListModel>
#include <QDateTime>
#include <QJsonObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

// moc compiles this header before adminconnection.h: the property type must be complete.
Q_MOC_INCLUDE("adminconnection.h")

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class ActivityModelPrivate;

/*!
 * The audit log of every user for the Activity view, newest first (by time, then by id), the same
 * on both connection kinds: on a database through the library's audit store (AuditStore listing
 * back, AuditFeedStore reading forward), on a server through the admin API's audit pull
 * (\c {GET audit?before=} back, \c {after=} forward; scope \c audit:read).
 *
 * Filters: \c types (none: every type), \c user (an email or a user id), \c since and \c until
 * (local date or date and time, ISO 8601: "2026-11-29" or "2026-11-29 08:00"; \c until is
 * exclusive). A change reloads from the newest event.
 *
 * Bounded memory: the model keeps a window of at most \c maxRows events. It starts with the
 * newest \c pageSize; loadOlder() appends the next older page (the view asks near its end), and
 * when the window is full the newest rows are dropped (\c atNewest false: the view offers to go
 * back to the newest).
 *
 * Following the log: while \c active, the model reads forward every \c pollIntervalMs. New events
 * go in at the top at once while \c followNewest (the view is scrolled to the top); otherwise
 * they are held and counted in \c pendingCount, so a reader who scrolled back is not moved, until
 * showPending() (or scrolling back to the top) puts them in. Events are shown once they are two
 * seconds old, as the admin API hands them out, so a forward read never misses one.
 *
 * Roles: \c eventId, \c time (date-time), \c timeText, \c type, \c typeText (in words),
 * \c userId, \c userEmail (empty until known, or when the user is gone), \c provider,
 * \c clientAddress, \c details (one "key: value" a line).
 */
class ActivityModel : public QAbstractListModel
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    //! The event types shown (e.g. "signIn", "signInFailed"); empty: every type.
    Q_PROPERTY(QStringList types READ types WRITE setTypes NOTIFY filterChanged)
    //! Only this user's events: an email or a user id; empty: everyone's.
    Q_PROPERTY(QString user READ user WRITE setUser NOTIFY filterChanged)
    //! From this local date or date-time on (ISO 8601); empty: no lower bound.
    Q_PROPERTY(QString since READ since WRITE setSince NOTIFY filterChanged)
    //! Before this local date or date-time (ISO 8601); empty: no upper bound.
    Q_PROPERTY(QString until READ until WRITE setUntil NOTIFY filterChanged)
    //! Why the filters cannot be used ("since: ... is not a date"); empty when they can.
    Q_PROPERTY(QString filterProblem READ filterProblem NOTIFY filterChanged)
    //! Read forward while true (the view is shown). Default true.
    Q_PROPERTY(bool active READ isActive WRITE setActive NOTIFY activeChanged)
    //! The view shows the top: new events go in at once. Default true.
    Q_PROPERTY(bool followNewest READ followNewest WRITE setFollowNewest NOTIFY followNewestChanged)
    //! New events held back while the reader is scrolled away from the top.
    Q_PROPERTY(int pendingCount READ pendingCount NOTIFY pendingCountChanged)
    //! The window reaches the newest event (false after paging far back dropped the newest rows).
    Q_PROPERTY(bool atNewest READ atNewest NOTIFY windowChanged)
    //! Older events remain to be loaded.
    Q_PROPERTY(bool hasOlder READ hasOlder NOTIFY windowChanged)
    //! The first page has been read (for the current filters).
    Q_PROPERTY(bool loaded READ isLoaded NOTIFY windowChanged)
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    //! The last failure of a read; empty when none.
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)
    //! The connection may not read the audit log (a server refused: no \c audit:read).
    Q_PROPERTY(bool forbidden READ isForbidden NOTIFY errorStringChanged)
    //! Events read a page (default 100, 1 to 1000).
    Q_PROPERTY(int pageSize READ pageSize WRITE setPageSize NOTIFY windowChanged)
    //! The most events kept (default 1000, at least two pages).
    Q_PROPERTY(int maxRows READ maxRows WRITE setMaxRows NOTIFY windowChanged)
    //! How often the log is read forward (milliseconds, default 3000).
    Q_PROPERTY(int pollIntervalMs READ pollIntervalMs WRITE setPollIntervalMs NOTIFY activeChanged)
    //! The event types the filter offers: a list of {type, text}, by text.
    Q_PROPERTY(QVariantList eventTypes READ eventTypes NOTIFY eventTypesChanged)

public:
    enum Role {
        EventIdRole = Qt::UserRole + 1,
        TimeRole,
        TimeTextRole,
        TypeRole,
        TypeTextRole,
        UserIdRole,
        UserEmailRole,
        ProviderRole,
        ClientAddressRole,
        DetailsRole,
    };
    Q_ENUM(Role)

    explicit ActivityModel(QObject *parent = nullptr);
    ~ActivityModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    QStringList types() const;
    void setTypes(const QStringList &types);
    QString user() const;
    void setUser(const QString &user);
    QString since() const;
    void setSince(const QString &since);
    QString until() const;
    void setUntil(const QString &until);
    QString filterProblem() const;
    bool isActive() const;
    void setActive(bool active);
    bool followNewest() const;
    void setFollowNewest(bool follow);
    int pendingCount() const;
    bool atNewest() const;
    bool hasOlder() const;
    bool isLoaded() const;
    bool isBusy() const;
    QString errorString() const;
    bool isForbidden() const;
    int pageSize() const;
    void setPageSize(int events);
    int maxRows() const;
    void setMaxRows(int rows);
    int pollIntervalMs() const;
    void setPollIntervalMs(int milliseconds);
    QVariantList eventTypes() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    //! Reads the newest page again (drops the window and the held events).
    Q_INVOKABLE void refresh();
    //! Appends the next older page (nothing while one is loading or none remains).
    Q_INVOKABLE void loadOlder();
    //! Puts the held new events in at the top (reloads when the window no longer reaches them).
    Q_INVOKABLE void showPending();
    //! Reads forward now (the timer does it every \c pollIntervalMs).
    Q_INVOKABLE void poll();
    //! The row's values as a map with the role names as keys.
    Q_INVOKABLE QVariantMap get(int row) const;
    //! \a type in words ("signInFailed": "Sign-in failed"); an unknown type as it is.
    Q_INVOKABLE static QString typeText(const QString &type);

Q_SIGNALS:
    void connectionChanged();
    void filterChanged();
    void activeChanged();
    void followNewestChanged();
    void pendingCountChanged();
    void windowChanged();
    void busyChanged();
    void errorStringChanged();
    //! Events went in at the top (live); the view keeps its place or shows them.
    void newestAdded(int count);
    //! The language changed: the types' words with it.
    void eventTypesChanged();

protected:
    //! A translator installed or removed (the app's language switch): the words and times again.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    std::unique_ptr<ActivityModelPrivate> d;
    friend class ActivityModelPrivate;
};

} // namespace Gatehouse::Admin
