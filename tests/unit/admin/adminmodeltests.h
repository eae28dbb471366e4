#pragma once
/*! \file adminmodeltests.h  The admin models' tests, run on each database backend. */
#include <QCoreApplication>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

namespace Gatehouse::Testing {

/*!
 * Tests of Gatehouse.Admin.Core's models against a real database. A subclass says where new,
 * empty databases come from (a SQLite file, a throwaway PostgreSQL server's database) and how
 * to run raw SQL in them (to make a schema older or newer than this build's).
 */
class AdminModelTests : public QObject
{
    Q_OBJECT

protected:
    //! Empty when the backend can be used here; otherwise why not.
    virtual QString unavailableReason() const = 0;
    virtual bool startBackend(QString *error) = 0;
    //! The URL of a new, empty database (nothing migrated).
    virtual QString newDatabase(const QString &name, QString *error) = 0;
    //! Runs \a statements (one per entry) in the database at \a url.
    bool execute(const QString &url, const QStringList &statements, QString *error);
    //! A new database migrated to this build's schema.
    QString migratedDatabase(const QString &name, QString *error);
    //! A new migrated database with \a users bulk users (AdminSeed::seedBulkUsers).
    QString seededDatabase(const QString &name, qint64 users, QString *error);
    //! A new database as an older build left it: schema 4, without the listing indexes and the user state.
    QString olderDatabase(const QString &name, QString *error);

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase();

    void missingSqliteFileIsAnError();
    void refusedConnectionIsAClearError();
    void silentServerTimesOut_data();
    void silentServerTimesOut();
    void configFileOpensItsDatabase();
    void olderSchemaMigratesWithProgress();
    void failedMigrationSaysWhyAndCanBeRetried();
    void newerSchemaIsRefused();
    void rememberRecentConnections();

    void usersPageThroughEveryRowBothWays_data();
    void usersPageThroughEveryRowBothWays();
    void usersJumpToTheEnd();
    void usersSearch();
    void usersFilterByGroup();
    void usersEditsAndValidation();
    void usersDisableAndDeleteCascade();

    void userDetailListsAndRevokes();
    void userDetailTwoFactor();
    void userDetailGroups();
    void userDetailLockouts();
    void sessionsFilterRevokeAndCleanUp();
    void dashboardFigures();
    void activityPagesBackFiltersAndFollows();
    void consentsListedNamedAndRevoked();
    void revokedSessionTellsItsClients();
    void oidcClientsFromTheConfigFile();
    void importUsersCheckedThenImported();
};

/*!
 * AdminModelTests on a throwaway database server started by the test: \a Server is
 * PostgresServer or MariaDbServer (tests/support).
 */
template<typename Server>
class ServerAdminModelTests : public AdminModelTests
{
protected:
    QString unavailableReason() const override { return Server::unavailableReason(); }
    bool startBackend(QString *error) override { return m_server.start(error); }
    QString newDatabase(const QString &name, QString *error) override
    {
        return m_server.createDatabase(name, error) ? m_server.url(name) : QString();
    }

private:
    Server m_server;
};

//! The main() of a test program running \a Tests, with recent connections kept in a
//! throwaway QSettings file.
template<typename Tests>
int runAdminModelTests(const char *programName, int argc, char *argv[])
{
    QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.path().toUtf8());
    QCoreApplication app(argc, argv);
    app.setOrganizationName(QStringLiteral("gatehouse-tests"));
    app.setApplicationName(QString::fromLatin1(programName));
    Tests tests;
    return QTest::qExec(&tests, argc, argv);
}

} // namespace Gatehouse::Testing