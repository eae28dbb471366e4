#pragma once
/*
 * The world the GUI tests run in: a real SQLite file seeded by tests/support/adminseed, a
 * gatehouse-server configuration that names it, and isolated settings; on request a database an
 * older build left behind and database servers that cannot be used. Exposed to QML as the
 * context property "fixture".
 *
 * With GATEHOUSE_ADMIN_TEST_SERVER (the gatehouse-server program) in the environment, the same
 * world is served: the configuration gains "admin" (the group "admins", the seed's first user's)
 * and the fixture runs gatehouse-server with it on a free loopback port (\c remote,
 * \c serverUrl). The app then connects to that server, and the fixture plays the system browser
 * of its sign-in: it visits the page the app opens with a session of the first user (made in the
 * database beforehand) and follows the redirect to the app's loopback listener.
 */
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QVariantMap>

class AdminFixture : public QObject
{
    Q_OBJECT
    //! The configuration file (its adapter.url is the seeded database).
    Q_PROPERTY(QString configPath READ configPath CONSTANT)
    Q_PROPERTY(QString databaseUrl READ databaseUrl CONSTANT)
    //! What was seeded: userCount, activeSessions, a user's userId/email/name (firstUser*), the
    //! user with two active sessions and an expired one (expiredSessionUserId/Email).
    Q_PROPERTY(QVariantMap seeded READ seeded CONSTANT)
    //! True when the views are tested against a running gatehouse-server (see above).
    Q_PROPERTY(bool remote READ isRemote CONSTANT)
    //! The server's URL with its base path ("http://127.0.0.1:PORT/auth"); empty unless remote.
    Q_PROPERTY(QString serverUrl READ serverUrl CONSTANT)

public:
    explicit AdminFixture(QObject *parent = nullptr);
    ~AdminFixture() override;

    //! Seeds the database and writes the configuration; false (and error()) on failure.
    bool setUp();
    QString error() const { return m_error; }

    QString configPath() const;
    QString databaseUrl() const;
    QVariantMap seeded() const { return m_seeded; }
    bool isRemote() const { return !m_serverProgram.isEmpty(); }
    QString serverUrl() const { return m_serverUrl; }

    //! The JSON object in \a path (the configuration as saved), or an empty object.
    Q_INVOKABLE QVariantMap readJson(const QString &path) const;
    //! Writes \a contents to the file \a name in the fixture's folder; its file:// URL, or an
    //! empty string on failure (a file a person would pick in a file dialog).
    Q_INVOKABLE QString writeFile(const QString &name, const QString &contents);

    /*!
     * A new SQLite database as an older build left it: the seeded demo data at schema version
     * 4 (before the listing indexes and the user state). Its URL, or an empty string (and a
     * warning) on failure.
     */
    Q_INVOKABLE QString olderSchemaDatabaseUrl();
    /*!
     * Like olderSchemaDatabaseUrl(), with a view named gatehouse_user_state where schema step 6
     * creates that table: migrating it fails at step 6.
     */
    Q_INVOKABLE QString failingMigrationDatabaseUrl();
    //! Drops that view again: the migration can succeed.
    Q_INVOKABLE bool removeMigrationConflict(const QString &url);
    //! Every schema object of the SQLite database at \a url (type, name, SQL) and the recorded
    //! schema versions, as one text to compare.
    Q_INVOKABLE QString schemaSnapshot(const QString &url);

    /*!
     * Records an audit event now in the seeded database, as gatehouse-server would (a sign-in of
     * \a userId with \a provider); false (and a warning) on failure.
     */
    Q_INVOKABLE bool recordEvent(const QString &type, const QString &userId, const QString &provider);

    //! Adds \a count users to the seeded database (AdminSeed::seedBulkUsers); false (and a
    //! warning) on failure.
    Q_INVOKABLE bool seedBulkUsers(int count);

    //! A PostgreSQL URL whose server accepts the connection and never answers (a hung host).
    Q_INVOKABLE QString silentDatabaseUrl();
    //! A PostgreSQL URL on a loopback port where nothing listens (connection refused).
    Q_INVOKABLE QString refusingDatabaseUrl();

    //! Makes QSettings, Qt.labs.settings and the recent connections write to a test location.
    static void isolateSettings();

public Q_SLOTS:
    //! QDesktopServices' handler for http while remote: the "browser" the app opens its sign-in in.
    void openUrl(const QUrl &url);

private:
    //! Starts gatehouse-server on the configuration; false (and m_error) when it does not listen.
    bool startServer();
    //! Runs \a statements in the SQLite file \a path; false (and a warning) at the first failure.
    static bool execute(const QString &path, const QStringList &statements, QStringList *rows = nullptr);

    QTemporaryDir m_dir;
    QVariantMap m_seeded;
    QString m_error;
    QTcpServer m_silentServer;        // accepts, reads nothing, answers nothing
    QList<QTcpSocket *> m_silentClients;
    int m_olderDatabases = 0;
    QString m_serverProgram;
    QString m_serverUrl;
    QString m_sessionToken;   // the first user's session, for the sign-in in the "browser"
    QProcess m_server;
    QNetworkAccessManager m_browser;
};
