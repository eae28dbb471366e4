#pragma once
/*! \file dashboardmodel.h  The dashboard's figures, from the store and the audit log. */
#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class DashboardModelPrivate;

/*!
 * Loads when the connection becomes ready and on refresh(). Days are UTC days.
 * \c days: 30 entries, oldest first, each a map {date (QDate), label ("23 Nov", in the
 * current locale), signIns, failures}; days without events have zeros. \c topProviders: up to
 * 5 maps {provider, count} of sign-ins in the last 30 days, most first.
 */
class DashboardModel : public QObject
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    Q_PROPERTY(qint64 userCount READ userCount NOTIFY figuresChanged)
    Q_PROPERTY(qint64 activeSessionCount READ activeSessionCount NOTIFY figuresChanged)
    Q_PROPERTY(qint64 signInsToday READ signInsToday NOTIFY figuresChanged)
    Q_PROPERTY(qint64 failuresToday READ failuresToday NOTIFY figuresChanged)
    Q_PROPERTY(QVariantList days READ days NOTIFY figuresChanged)
    //! The largest signIns or failures value in \c days (at least 1), to scale a chart.
    Q_PROPERTY(qint64 maxDaily READ maxDaily NOTIFY figuresChanged)
    Q_PROPERTY(QVariantList topProviders READ topProviders NOTIFY figuresChanged)
    Q_PROPERTY(bool loaded READ isLoaded NOTIFY figuresChanged)
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

public:
    explicit DashboardModel(QObject *parent = nullptr);
    ~DashboardModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    qint64 userCount() const;
    qint64 activeSessionCount() const;
    qint64 signInsToday() const;
    qint64 failuresToday() const;
    QVariantList days() const;
    qint64 maxDaily() const;
    QVariantList topProviders() const;
    bool isLoaded() const;
    bool isBusy() const;
    QString errorString() const;

    Q_INVOKABLE void refresh();

Q_SIGNALS:
    void connectionChanged();
    void figuresChanged();
    void busyChanged();
    void errorStringChanged();

private:
    std::unique_ptr<DashboardModelPrivate> d;
};

} // namespace Gatehouse::Admin
