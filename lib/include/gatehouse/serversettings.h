#pragma once
/*!
 * \file serversettings.h  gatehouse-server's own settings, read from the same JSON file as the
 * engine's Config (the top-level keys \c callbacksScript, \c callbacks, \c events (with its
 * \c webhooks), \c adapter
 * and the \c server object). gatehouse-server and gatehouse-admin read them; an application
 * that embeds the engine needs only configloader.h.
 */
#include <gatehouse/configloader.h>
#include <gatehouse/serverlimits.h>

#include <QHostAddress>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Gatehouse {

/*!
 * \c admin: the admin API at \c {basePath}/admin/api/ (adminapi.h). Without the key the API is
 * off: its paths are the engine's, as any other.
 */
struct GATEHOUSE_EXPORT AdminSettings
{
    bool enabled = false;   //!< the configuration has an \c admin object
    /*!
     * \c admin.groups: the groups whose members may sign in to administer, through the OpenID
     * Provider's built-in client clientId() (gatehouse-admin's); API tokens need none. Exact
     * names, as groupNameProblem() allows them.
     */
    QStringList groups;

    /*!
     * The client id of gatehouse-admin at this server's OpenID Provider: with \c admin the
     * configuration gets this public client (PKCE, loopback redirect URIs, access for
     * \c groups only), and the admin API takes its access tokens. Reserved then.
     */
    static QString clientId() { return QStringLiteral("gatehouse-admin"); }
};

/*!
 * One of \c events.webhooks: the audit events POSTed to \c url, signed with the secret of
 * \c secretFile (webhooks.h; lib/src/webhooks/README.md).
 */
struct GATEHOUSE_EXPORT WebhookSettings
{
    QUrl url;            //!< \c url: http or https
    QString secret;      //!< what \c secretFile holds (never logged)
    QStringList events;  //!< \c events: the audit event types sent; empty: every one
};

//! Settings of gatehouse-server that are not part of the engine's Config.
struct GATEHOUSE_EXPORT ServerSettings
{
    //! Absolute path of the JavaScript file (\c callbacksScript, relative to the config file).
    QString callbacksScript;
    //! \c callbacks: callback name (\c signIn, \c redirect, \c jwt, \c session, \c authorized)
    //! -> name of the JavaScript function.
    QMap<QString, QString> callbackFunctions;
    //! \c events: event name (\c signIn, \c signOut, \c createUser, \c updateUser,
    //! \c linkAccount, \c session) -> name of the JavaScript function.
    QMap<QString, QString> eventFunctions;
    //! \c events.webhooks: where audit events are delivered, at least once (needs a database).
    QList<WebhookSettings> webhooks;

    //! \c adapter as written, with \c url filled from \c DATABASE_URL when the JSON has none.
    //! Empty: no adapter.
    QJsonObject adapterOptions;
    //! \c adapter.url (or \c DATABASE_URL); empty: no adapter.
    QString adapterUrl;
    //! The database password when the URL has none: the file \c adapter.passwordFile, else
    //! \c DATABASE_PASSWORD (or its file or systemd credential, see configloader.h).
    QString adapterPassword;

    //! \c server.listen: \c HOST:PORT to listen on (\c [::1]:3000 for IPv6).
    QString listen = QStringLiteral("127.0.0.1:3000");
    /*!
     * \c server.metricsListen: \c HOST:PORT of the Prometheus listener (\c GET /metrics, on
     * this address only). Empty (the default): no listener, nothing counted.
     */
    QString metricsListen;
    /*!
     * \c server.adminListen: \c HOST:PORT of the admin API's own listener, for a management
     * network; with it, the admin API is served there only (and not on \c listen). Empty (the
     * default): on \c listen, beside the engine. Needs \c admin.
     */
    QString adminListen;
    /*!
     * \c server.home: where \c GET / sends a browser (a path on this site or an http(s) URL,
     * e.g. the application the server protects). Empty (the default): the account page,
     * \c {basePath}/account. Other paths outside the base path answer the 404 page.
     */
    QString home;
    //! \c server.threads: serving threads; 0 means one per core.
    int threads = 0;
    /*!
     * Connection limits: \c server.maxBodySize, \c server.maxHeaderSize (bytes),
     * \c server.headerTimeoutMs, \c server.bodyTimeoutMs, \c server.idleTimeoutMs,
     * \c server.maxConnections and \c server.maxConnectionsPerAddress, with ServerLimits'
     * defaults. The server exempts \c trustedProxies from the per-address limit.
     */
    ServerLimits limits;
    //! \c server.scriptTimeoutMs: longest a JavaScript callback may take.
    int scriptTimeoutMs = 2000;
    //! \c server.startupNotice: a line printed at start-up (the demo names its demo account).
    QString startupNotice;
    //! \c server.reloadOnChange: reload when the configuration file changes on disk (SIGHUP
    //! always reloads).
    bool reloadOnChange = true;
    //! \c server.logFormat: \c "text" (one readable line per entry) or \c "json" (one object per line).
    QString logFormat = QStringLiteral("text");
    //! \c admin: the admin API; off without the key. Needs a database (\c adapter.url) and a restart.
    AdminSettings admin;
};

//! loadConfig()'s result with the server's settings from the same file.
struct GATEHOUSE_EXPORT ServerConfigResult : ConfigResult
{
    ServerSettings server;
};

//! loadConfig() with the server's settings.
GATEHOUSE_EXPORT ServerConfigResult loadServerConfig(const QJsonObject &json, const QProcessEnvironment &env,
                                                     const QString &baseDir,
                                                     const ConfigLoadOptions &options = {});

//! loadConfigFile() with the server's settings.
GATEHOUSE_EXPORT ServerConfigResult loadServerConfigFile(const QString &path, const QProcessEnvironment &env,
                                                         const ConfigLoadOptions &options = {});

/*!
 * Parses a listen address \c HOST:PORT, as in \c server.listen: HOST is an IP address or
 * \c localhost (\c [::1]:3000 for IPv6), PORT 0 to 65535 (0: a free port the system picks;
 * gatehouse-server's log names it). Returns false when malformed.
 */
GATEHOUSE_EXPORT bool parseListenAddress(const QString &text, QHostAddress *address = nullptr,
                                         quint16 *port = nullptr);

} // namespace Gatehouse
