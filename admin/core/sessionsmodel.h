#pragma once
/*! \file sessionsmodel.h  Every session, filtered, with revocation and expired-session clean-up. */
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class SessionsModelPrivate;

/*!
 * Sessions matching the filters, latest expiry first, loaded in pages of 200 as a view scrolls
 * (canFetchMore/fetchMore, which ListView calls by itself). Roles as SessionListModel's:
 * \c sessionToken, \c tokenHint, \c userId, \c userEmail, \c userName, \c expires, \c expired,
 * \c lastSeen (clientAddress stays empty here; see UserDetail).
 *
 * revoke() and cleanupExpired() end with \c operationFinished(operation, ok, message).
 * cleanupExpired() deletes in batches and reports \c cleanupProgress (0..1) meanwhile.
 */
class SessionsModel : public QAbstractListModel
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    //! The user's email or name contains it (any case); empty: every user.
    Q_PROPERTY(QString userFilter READ userFilter WRITE setUserFilter NOTIFY filterChanged)
    //! Sessions of users linked to this provider id (e.g. "github"); empty: any.
    Q_PROPERTY(QString providerFilter READ providerFilter WRITE setProviderFilter NOTIFY filterChanged)
    //! Also list expired sessions (default false: active only).
    Q_PROPERTY(bool includeExpired READ includeExpired WRITE setIncludeExpired NOTIFY filterChanged)
    //! All matching sessions (rowCount() grows towards it as pages load).
    Q_PROPERTY(qint64 totalCount READ totalCount NOTIFY totalCountChanged)
    //! Expired sessions in the database, whatever the filters (what cleanupExpired() deletes).
    Q_PROPERTY(qint64 expiredCount READ expiredCount NOTIFY totalCountChanged)
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    Q_PROPERTY(bool cleanupRunning READ isCleanupRunning NOTIFY cleanupChanged)
    Q_PROPERTY(double cleanupProgress READ cleanupProgress NOTIFY cleanupChanged)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

public:
    enum Role {
        SessionTokenRole = Qt::UserRole + 1,
        TokenHintRole,
        UserIdRole,
        UserEmailRole,
        UserNameRole,
        ExpiresRole,
        ExpiredRole,
        LastSeenRole,
        ClientAddressRole,
    };
    Q_ENUM(Role)

    explicit SessionsModel(QObject *parent = nullptr);
    ~SessionsModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    QString userFilter() const;
    void setUserFilter(const QString &text);
    QString providerFilter() const;
    void setProviderFilter(const QString &provider);
    bool includeExpired() const;
    void setIncludeExpired(bool include);
    qint64 totalCount() const;
    qint64 expiredCount() const;
    bool isBusy() const;
    bool isCleanupRunning() const;
    double cleanupProgress() const;
    QString errorString() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    Q_INVOKABLE void refresh();
    Q_INVOKABLE QVariantMap get(int row) const;
    Q_INVOKABLE void revoke(const QString &sessionToken);
    Q_INVOKABLE void cleanupExpired();

Q_SIGNALS:
    void connectionChanged();
    void filterChanged();
    void totalCountChanged();
    void busyChanged();
    void cleanupChanged();
    void errorStringChanged();
    void operationFinished(const QString &operation, bool ok, const QString &message);

private:
    std::unique_ptr<SessionsModelPrivate> d;
    friend class SessionsModelPrivate;
};

} // namespace Gatehouse::Admin
