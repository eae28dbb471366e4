#pragma once
/*! \file oidcclientsmodel.h  The OpenID Provider's configured clients (\c oidcProvider.clients), read-only. */
#include "recordsmodel.h"

#include <gatehouse/config.h>

#include <QJsonObject>
#include <QPointer>
#include <QThreadPool>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse::Admin {

class AdminConnection;
class OidcClientsModelPrivate;

/*!
 * The relying parties the configuration names, in its order: from the configuration file the
 * connection opened (a database opened by URL has none: \c configured false), or over the
 * admin API from the server's configuration (\c {GET config}, secrets masked). Read again on
 * reload() and when the connection opens.
 *
 * Roles: \c clientId, \c name (\c name, else the client id), \c isPublic, \c kind ("public
 * (PKCE, no secret)" / "confidential (client secret)"), \c consent (bool), \c consentText,
 * \c redirectUris (list), \c postLogoutRedirectUris (list), \c scopes (list), \c access (the
 * policy in words), \c backchannelLogoutUri (empty: none), \c idTokenSignedResponseAlg.
 */
class OidcClientsModel : public RecordsModel
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Gatehouse::Admin::AdminConnection *connection READ connection WRITE setConnection NOTIFY connectionChanged)
    //! The configuration has an \c oidcProvider (Gatehouse is an OpenID Provider there).
    Q_PROPERTY(bool configured READ isConfigured NOTIFY loadedChanged)
    //! Where the list comes from, for the view ("/etc/gatehouse/gatehouse.json", "the server's configuration").
    Q_PROPERTY(QString source READ source NOTIFY loadedChanged)
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

public:
    explicit OidcClientsModel(QObject *parent = nullptr);
    ~OidcClientsModel() override;

    AdminConnection *connection() const;
    void setConnection(AdminConnection *connection);
    bool isConfigured() const;
    QString source() const;
    bool isBusy() const;
    QString errorString() const;

    Q_INVOKABLE void reload();

    //! The clients of \a config (nullopt: no \c oidcProvider) as this model's records.
    static QList<QVariantMap> clientRecords(const std::optional<OidcProviderOptions> &provider);
    //! The provider section of a configuration as JSON (a file's, or GET config's masked one).
    static std::optional<OidcProviderOptions> providerOf(const QJsonObject &json, const QString &baseDir);
    //! \a policy in the app's language ("everyone signed in", "users a@x, groups admins", "nobody").
    static QString policyText(const AccessPolicy &policy);

Q_SIGNALS:
    void connectionChanged();
    void loadedChanged();
    void busyChanged();
    void errorStringChanged();

private:
    std::unique_ptr<OidcClientsModelPrivate> d;
    friend class OidcClientsModelPrivate;
};

} // namespace Gatehouse::Admin
