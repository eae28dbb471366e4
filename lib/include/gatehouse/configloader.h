#pragma once
/*!
 * \file configloader.h  Reads a Config from JSON and the environment, and validates it.
 *
 * gatehouse-server, the admin app and embedders load the same JSON file: its keys are the
 * names of Config's members (\c providers, \c basePath, \c session.maxAge, ...). Values that
 * cannot be JSON (functions) stay unset. The environment fills what the JSON leaves open:
 *
 * | Variable | Fills |
 * |---|---|
 * | \c AUTH_SECRET, then \c AUTH_SECRET_1 .. \c _3 | \c secret (newest first), only when the JSON has none |
 * | \c NEXTAUTH_SECRET | legacy alias, read when \c AUTH_SECRET is unset |
 * | \c AUTH_URL (legacy \c NEXTAUTH_URL) | \c url; its path becomes \c basePath when the JSON has none; \c trustHost becomes true (as in next-auth) unless set otherwise |
 * | \c AUTH_TRUST_HOST (\c true/1/yes or \c false/0/no) | \c trustHost |
 * | \c AUTH_REDIRECT_PROXY_URL | \c redirectProxyUrl |
 * | \c AUTH_{ID}_ID, \c AUTH_{ID}_SECRET, \c AUTH_{ID}_ISSUER | \c clientId, \c clientSecret, \c issuer of oauth/oidc providers |
 * | \c AUTH_{ID}_KEY | \c apiKey of email providers |
 * | \c DATABASE_URL | \c adapter.url |
 *
 * \c {ID} is the provider id in upper snake case (\c local-idp becomes \c LOCAL_IDP). A value in
 * the JSON always wins over the environment, secrets included (as in Auth.js).
 *
 * Secrets need not be written into the file or the environment. Every variable above (and
 * \c DATABASE_PASSWORD) may come from a file instead: \c NAME_FILE=/path, or a systemd
 * credential named \c NAME in \c $CREDENTIALS_DIRECTORY (\c LoadCredential=AUTH_SECRET:/etc/gatehouse/secret).
 * In the JSON, \c secretFile (a file name or a list, instead of \c secret), a provider's
 * \c clientSecretFile and \c apiKeyFile, and \c adapter.passwordFile name files, relative to the
 * configuration file. A file's value is its contents without the line end; a file that cannot
 * be read is an error at the key that names it (\c "secretFile: cannot read /etc/gatehouse/secret:
 * Permission denied"), one every user may read is a warning.
 *
 * Validation reports every problem at once, each with the key path and the reason
 * (\c "providers[1].issuer: not a URL"). Unknown keys are problems too. Warnings (for example a
 * secret shorter than 32 characters) do not make the configuration invalid.
 *
 * Problems are in English (gatehouse-server logs them so). A tool that shows them to people
 * installs the catalogue \c :/gatehouse/i18n/gatehouse_config_<language>.qm (compiled into the
 * library; translations/gatehouse_config_<language>.ts) with a QTranslator and shows
 * ConfigProblem::translatedMessage().
 */
#include <gatehouse/config.h>
#include <gatehouse/global.h>
#include <gatehouse/serverlimits.h>

#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Gatehouse {

//! One finding about a configuration: where (key path or environment variable) and what.
struct GATEHOUSE_EXPORT ConfigProblem
{
    enum class Severity { Error, Warning };

    QString path;        //!< e.g. \c providers[1].issuer, \c AUTH_URL; empty for the whole file
    QString message;     //!< in English, e.g. \c "not a URL"
    Severity severity = Severity::Error;
    /*!
     * \c message before its placeholders were filled in: a source text of the translation
     * context \c "Gatehouse::Config" (e.g. \c "must be an integer from %1 to %2"), and the
     * values of \c %1, \c %2, ... Empty for a message that has no translation (the mail
     * module's address and SMTP checks, a callbacks script's errors).
     */
    QString sourceText;
    QStringList arguments;

    //! \c "path: message" (or the message alone when there is no path).
    QString toString() const;
    /*!
     * \c message in the language of the installed translators (QCoreApplication::translate()
     * with the context \c "Gatehouse::Config"); \c message itself when none has it.
     */
    QString translatedMessage() const;
    //! toString() with translatedMessage().
    QString translatedString() const;
    //! Compares path, message and severity.
    bool operator==(const ConfigProblem &other) const;
};

/*!
 * Settings of gatehouse-server that are not part of the engine's Config. JSON: the top-level
 * keys \c callbacksScript, \c callbacks, \c events, \c adapter and the \c server object.
 */
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

    //! \c adapter as written, with \c url filled from \c DATABASE_URL when the JSON has none.
    //! Empty: no adapter.
    QJsonObject adapterOptions;
    //! \c adapter.url (or \c DATABASE_URL); empty: no adapter.
    QString adapterUrl;
    //! The database password when the URL has none: the file \c adapter.passwordFile, else
    //! \c DATABASE_PASSWORD (or its file or systemd credential, see the table above).
    QString adapterPassword;

    //! \c server.listen: \c HOST:PORT to listen on (\c [::1]:3000 for IPv6).
    QString listen = QStringLiteral("127.0.0.1:3000");
    /*!
     * \c server.metricsListen: \c HOST:PORT of the Prometheus listener (\c GET /metrics, on
     * this address only). Empty (the default): no listener, nothing counted.
     */
    QString metricsListen;
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
};

//! A loaded configuration: the engine's Config, the server's settings, and every problem found.
struct GATEHOUSE_EXPORT ConfigResult
{
    Config config;
    ServerSettings server;
    QList<ConfigProblem> problems;   //!< errors and warnings, in the order of the keys

    //! True when no problem is an error (warnings allowed).
    bool isValid() const;
    QList<ConfigProblem> errors() const;
    QList<ConfigProblem> warnings() const;
};

//! Options of loadConfig() and loadConfigFile().
struct GATEHOUSE_EXPORT ConfigLoadOptions
{
    /*!
     * When true (the default), a configuration without any secret (neither in the JSON nor
     * in the environment) has the error \c "secret: missing (set AUTH_SECRET or \"secret\")".
     * A caller that supplies a secret itself (a development mode) sets this to false.
     */
    bool requireSecret = true;
};

/*!
 * Builds a configuration from \a json and \a env. Relative file names in the JSON (such as
 * \c callbacksScript) are resolved against \a baseDir.
 */
GATEHOUSE_EXPORT ConfigResult loadConfig(const QJsonObject &json, const QProcessEnvironment &env,
                                         const QString &baseDir,
                                         const ConfigLoadOptions &options = {});

/*!
 * Reads the JSON file \a path and loads it like loadConfig(), relative to the file's folder.
 * An unreadable file or invalid JSON is one problem without a path, for example
 * \c "gatehouse.json:3:3: JSON syntax error: unterminated object" (line:column, 1-based, at the
 * character where parsing failed).
 */
GATEHOUSE_EXPORT ConfigResult loadConfigFile(const QString &path, const QProcessEnvironment &env,
                                             const ConfigLoadOptions &options = {});

/*!
 * Parses a listen address \c HOST:PORT, as in \c server.listen: HOST is an IP address or
 * \c localhost (\c [::1]:3000 for IPv6), PORT 1 to 65535. Returns false when malformed.
 */
GATEHOUSE_EXPORT bool parseListenAddress(const QString &text, QHostAddress *address = nullptr,
                                         quint16 *port = nullptr);

/*!
 * The environment-variable form of a provider id: upper case, \c - becomes \c _
 * (\c "azure-ad-b2c" -> \c "AZURE_AD_B2C").
 */
GATEHOUSE_EXPORT QString providerEnvironmentName(const QString &providerId);

} // namespace Gatehouse
