#pragma once
/*! \file consentsmodel.h  One person's "Apps with access": the OpenID clients they consented to. */
#include "recordsmodel.h"

#include <QPointer>
#include <QThreadPool>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class ConsentsModelPrivate;

/*!
 * Set \c connection and \c userId: the apps the person allowed at the OpenID Provider's consent
 * page (OidcConsentStore; over a server \c {GET users/{id}/consents}), by client id. Names come
 * from the configuration the connection knows (OidcClientsModel's source); a client it does
 * not name shows its id.
 *
 * Roles: \c clientId, \c name (the client's \c name, else its id), \c scopes (list),
 * \c scopesText (the scopes in words, in the app's language), \c grantedAt, \c updatedAt
 * (UTC date-times).
 *
 * revoke() takes an app's access away as the account page and the admin API do: the consent
 * and every refresh grant of that client for the person, so the app must ask again; audited as
 * \c oidcConsentRevoked (\c clientId; on a database \c by: \c admin and \c operator: who runs
 * the app). It ends with \c operationFinished(operation, ok, message) like UserDetail's actions.
 */
class ConsentsModel : public RecordsModel
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    Q_PROPERTY(QString userId READ userId WRITE setUserId NOTIFY userIdChanged)
    //! The database keeps consents (an OpenID Provider's schema); false hides the section.
    Q_PROPERTY(bool available READ isAvailable NOTIFY loadedChanged)
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

public:
    explicit ConsentsModel(QObject *parent = nullptr);
    ~ConsentsModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    QString userId() const;
    void setUserId(const QString &userId);
    bool isAvailable() const;
    bool isBusy() const;
    QString errorString() const;

    Q_INVOKABLE void reload();
    //! Revokes the person's consent to \a clientId with the client's refresh grants.
    Q_INVOKABLE void revoke(const QString &clientId);

    //! \a scopes in words, in the app's language ("sign-in and identity, email address").
    static QString scopesText(const QStringList &scopes);

Q_SIGNALS:
    void connectionChanged();
    void userIdChanged();
    void loadedChanged();
    void busyChanged();
    void errorStringChanged();
    void operationFinished(const QString &operation, bool ok, const QString &message);

private:
    std::unique_ptr<ConsentsModelPrivate> d;
    friend class ConsentsModelPrivate;
};

} // namespace Gatehouse::Admin
