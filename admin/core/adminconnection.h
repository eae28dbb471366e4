#pragma once
/*! \file adminconnection.h  The admin app's connection to a Gatehouse database or server. */
#include <gatehouse/lockouts.h>

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace Gatehouse {
class SqlAdapter;
}

namespace Gatehouse::Admin {

class AdminConnectionPrivate;
class ApiClient;

/*!
 * Opens a Gatehouse database, given either a gatehouse-server JSON configuration file (its
 * \c adapter.url, or \c DATABASE_URL) or a database URL (\c sqlite:///path, \c postgresql://...,
 * \c mysql://...). Everything runs off the GUI thread; \c status tells where it is:
 *
 *     Closed -> Connecting -> Ready
 *                          -> NeedsMigration (schema older: call migrate()) -> Migrating -> Ready
 *                          -> Failed (unreachable, time-out, schema newer, bad URL/config, ...)
 *
 * A migration that fails goes back to NeedsMigration (migrate() may be called again) with
 * \c errorString saying which step failed, the database's error and what was kept ("step 6/7
 * (disabled users): table gatehouse_user_state already exists; the migration was rolled back,
 * the schema is still version 4"); \c schemaVersion is read again. On SQLite and PostgreSQL a
 * failed migration changes nothing (SqlAdapter::migrate()).
 *
 * \c errorString says what went wrong in one sentence naming the problem ("could not reach the
 * database postgresql://admin@db:5432/gatehouse within 10 s", "the database schema is version 9,
 * newer than this build's 4; use a newer gatehouse-admin"). Every successful open is put first
 * in \c recentConnections (QSettings, at most 10; passwords are never stored).
 *
 * Or connectToServer() reaches a gatehouse-server's admin API (\c kind Server): the person signs in
 * in the system browser (ServerLink: the server's built-in client \c gatehouse-admin, PKCE and a
 * loopback redirect, RFC 8252), and the models call the API with their access token:
 *
 *     Closed -> SigningIn (browser open) -> Ready
 *                                        -> Failed (refused: not in admin.groups, time-out, ...)
 *     Ready -> SignInRequired (the tokens were refused or revoked: call signIn())
 *
 * \c actingAs is whom the app acts as (the ID token's email). Every model works over the API as
 * over a database; the configuration editor reads and saves the server's file through it.
 *
 * The models (UsersModel, SessionsModel, ...) take this object as their \c connection and
 * reload when it becomes Ready.
 */
class AdminConnection : public QObject
{
    Q_OBJECT
    QML_ELEMENT
    //! Where the connection is (see the class notes).
    Q_PROPERTY(Status status READ status NOTIFY statusChanged)
    //! True when status is Ready: the models can be used.
    Q_PROPERTY(bool ready READ isReady NOTIFY statusChanged)
    //! Whether the database schema is older, the same as or newer than this build's.
    Q_PROPERTY(SchemaState schemaState READ schemaState NOTIFY schemaChanged)
    Q_PROPERTY(int schemaVersion READ schemaVersion NOTIFY schemaChanged)
    Q_PROPERTY(int latestSchemaVersion READ latestSchemaVersion CONSTANT)
    //! The last error; empty when none. Cleared by open() and migrate().
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)
    //! What open() was given (config path or URL; a URL without its password).
    Q_PROPERTY(QString target READ target NOTIFY targetChanged)
    //! The database URL without the password, e.g. "postgresql://admin@db:5432/gatehouse".
    Q_PROPERTY(QString displayUrl READ displayUrl NOTIFY targetChanged)
    //! The configuration file opened, empty when a URL was opened directly.
    Q_PROPERTY(QString configPath READ configPath NOTIFY targetChanged)
    //! The session maxAge (seconds) from the configuration file; 2592000 (30 days) otherwise.
    Q_PROPERTY(qint64 sessionMaxAge READ sessionMaxAge NOTIFY targetChanged)
    //! How long open() waits for the database before it fails (milliseconds, default 10000).
    Q_PROPERTY(int timeoutMs READ timeoutMs WRITE setTimeoutMs NOTIFY timeoutMsChanged)
    //! 0..1 while migrating; 1 when done.
    Q_PROPERTY(double migrationProgress READ migrationProgress NOTIFY migrationProgressChanged)
    //! The lines migrate() reported so far ("schema step 2/4 (...): created ...").
    Q_PROPERTY(QStringList migrationLog READ migrationLog NOTIFY migrationProgressChanged)
    //! Recently opened targets, newest first (config paths and password-less URLs).
    Q_PROPERTY(QStringList recentConnections READ recentConnections NOTIFY recentConnectionsChanged)
    //! Database (open()) or Server (connectToServer()).
    Q_PROPERTY(Kind kind READ kind NOTIFY targetChanged)
    //! The server connected to ("https://box.example/auth"); empty for a database.
    Q_PROPERTY(QString serverUrl READ serverUrl NOTIFY targetChanged)
    //! Whom the app acts as at the server: the signed-in person's email; empty otherwise.
    Q_PROPERTY(QString actingAs READ actingAs NOTIFY actingAsChanged)
    //! The sign-in page opened in the browser, for a person whose browser did not open.
    Q_PROPERTY(QUrl signInUrl READ signInUrl NOTIFY signInUrlChanged)
    /*!
     * A PEM file of CA certificates trusted besides the system's, for an appliance's own
     * certificate; empty: the system's only. Used by the next connectToServer().
     */
    Q_PROPERTY(QString caFile READ caFile WRITE setCaFile NOTIFY caFileChanged)
    //! Keep the refresh token in the platform keychain (when there is one), so that the next
    //! start needs no browser. Default true.
    Q_PROPERTY(bool keepSignIn READ keepSignIn WRITE setKeepSignIn NOTIFY keepSignInChanged)

public:
    enum class Status { Closed, Connecting, NeedsMigration, Migrating, Ready, Failed, SigningIn, SignInRequired };
    Q_ENUM(Status)
    enum class Kind { Database, Server };
    Q_ENUM(Kind)
    enum class SchemaState { Unknown, Older, Current, Newer };
    Q_ENUM(SchemaState)

    explicit AdminConnection(QObject *parent = nullptr);
    ~AdminConnection() override;

    Status status() const;
    bool isReady() const;
    SchemaState schemaState() const;
    int schemaVersion() const;
    static int latestSchemaVersion();
    QString errorString() const;
    QString target() const;
    QString displayUrl() const;
    QString configPath() const;
    qint64 sessionMaxAge() const;
    /*!
     * The configuration file's \c secret (empty when a URL was opened): what ending one session
     * needs to tell its OpenID Provider clients (queueBackchannelLogoutsOfSession()). Deliberately
     * no property: QML never sees it.
     */
    QStringList secrets() const;
    int timeoutMs() const;
    void setTimeoutMs(int milliseconds);
    double migrationProgress() const;
    QStringList migrationLog() const;
    QStringList recentConnections() const;
    Kind kind() const;
    bool isServer() const { return kind() == Kind::Server; }
    QString serverUrl() const;
    QString actingAs() const;
    QUrl signInUrl() const;
    QString caFile() const;
    void setCaFile(const QString &path);
    bool keepSignIn() const;
    void setKeepSignIn(bool keep);

    /*!
     * Opens \a target: a path to a JSON configuration file (with or without "file://") or a
     * database URL. Returns at once; watch \c status. A SQLite file that does not exist is an
     * error (nothing is created). An empty database counts as an older schema (version 0).
     */
    Q_INVOKABLE void open(const QString &target);
    //! Brings an older schema up to date (status NeedsMigration -> Migrating -> Ready).
    Q_INVOKABLE void migrate();
    //! Drops the connection (status Closed); running operations finish in the background.
    Q_INVOKABLE void close();
    /*!
     * Connects to the gatehouse-server at \a url ("https://box.example/auth": its public URL
     * with the base path; https is assumed when no scheme is given, plain http only on a
     * loopback address) and signs the person in in the system browser. Returns at once; watch
     * \c status.
     */
    Q_INVOKABLE void connectToServer(const QString &url);
    //! Signs in again (status SignInRequired or Failed, connected to a server).
    Q_INVOKABLE void signIn();
    //! Ends a sign-in under way in the browser (status Closed).
    Q_INVOKABLE void cancelSignIn();
    Q_INVOKABLE void forgetRecentConnection(const QString &target);
    Q_INVOKABLE void clearRecentConnections();

    //! The open store (null unless Ready on a database). Shared with the models; thread-safe.
    std::shared_ptr<SqlAdapter> adapter() const;
    //! The server's admin API (null unless Ready on a server). Lives in this object's thread.
    ApiClient *api() const;
    //! The access token in use (empty unless signed in at a server): for tests and tools.
    QString accessToken() const;
    //! The limits the server applies: the configuration file's \c rateLimit when one was opened
    //! and its \c rateLimit is valid, else the defaults (what \c {user list --locked} uses).
    LockoutLimits lockoutLimits() const;

Q_SIGNALS:
    void statusChanged();
    void schemaChanged();
    void errorStringChanged();
    void targetChanged();
    void timeoutMsChanged();
    void migrationProgressChanged();
    void recentConnectionsChanged();
    void actingAsChanged();
    void signInUrlChanged();
    void caFileChanged();
    void keepSignInChanged();
    //! Status became Ready (after open() or migrate()); the models reload on it.
    void opened();
    //! Status became Failed; \a message is the new errorString.
    void failed(const QString &message);

private:
    void retireAdapter();
    void retireServer();
    void setFailed(const QString &message);
    void remember(const QString &target);
    void giveUp();
    void migrationFailed(quint64 generation, const QString &error);

    std::unique_ptr<AdminConnectionPrivate> d;
};

} // namespace Gatehouse::Admin
