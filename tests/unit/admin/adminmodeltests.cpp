#include "adminmodeltests.h"

#include "activitymodel.h"
#include "adminconnection.h"
#include "consentsmodel.h"
#include "dashboardmodel.h"
#include "detailmodels.h"
#include "oidcclientsmodel.h"
#include "operatinguser.h"
#include "sessionsmodel.h"
#include "userdetail.h"
#include "userimportmodel.h"
#include "usersmodel.h"
#include "support/adminseed.h"
#include "support/sessioncount.h"

#include <gatehouse/account.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/lockouts.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTest>
#include <QUuid>

using namespace Gatehouse;
using namespace Gatehouse::Admin;

namespace Gatehouse::Testing {

namespace {

constexpr int waitMs = 20000;

//! Opens \a url (or a config path) and waits until the connection is ready.
void openReady(AdminConnection &connection, const QString &target)
{
    connection.open(target);
    QTRY_VERIFY2_WITH_TIMEOUT(connection.status() != AdminConnection::Status::Connecting,
                              "still connecting", waitMs);
    QVERIFY2(connection.isReady(), qPrintable(connection.errorString()));
}

//! The arguments of the next operationFinished of \a spy (waits for it).
QVariantList nextOperation(QSignalSpy &spy)
{
    if (spy.isEmpty() && !spy.wait(waitMs))
        return {};
    return spy.takeFirst();
}

//! \a fields with the by and operator of every change the app makes on a database (as the CLI's).
QJsonObject byTheApp(QJsonObject fields)
{
    fields.insert(QStringLiteral("by"), QStringLiteral("admin"));
    fields.insert(QStringLiteral("operator"), Admin::operatingUser());
    return fields;
}

QString compact(const QJsonObject &json)
{
    return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

/*!
 * What \a userId's page shows in its audit list of \a type: empty when it shows \a count such
 * events, the newest with exactly byTheApp(\a fields) as its detail (nothing more: no secret);
 * otherwise what it shows instead. The page is opened afresh, as a person would.
 */
QString auditShownProblem(AdminConnection &connection, const QString &userId, const QString &type, const QJsonObject &fields,
                          int count = 1)
{
    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(userId);
    QDeadlineTimer deadline(waitMs);
    while (!(detail.isLoaded() && !detail.isBusy()) && !deadline.hasExpired())
        QTest::qWait(10);
    if (!detail.isLoaded())
        return QStringLiteral("the user page of %1 did not load").arg(userId);
    QList<QJsonObject> shown;   // newest first
    for (int row = 0; row < detail.auditEvents()->rowCount(); ++row) {
        const QVariantMap event = detail.auditEvents()->get(row);
        if (event.value(QStringLiteral("type")).toString() == type)
            shown.append(QJsonDocument::fromJson(event.value(QStringLiteral("detail")).toString().toUtf8()).object());
    }
    if (shown.size() != count)
        return QStringLiteral("the page shows %1 %2 event(s), not %3").arg(shown.size()).arg(type).arg(count);
    const QJsonObject expected = byTheApp(fields);
    if (count > 0 && shown.first() != expected)
        return QStringLiteral("%1 shows %2, not %3").arg(type, compact(shown.first()), compact(expected));
    return {};
}

//! Reads every row of \a model in the order given by \a rows (loading pages as needed).
QStringList emailsAt(UsersModel &model, const QList<int> &rows)
{
    QStringList emails;
    for (int row : rows) {
        const QModelIndex index = model.index(row);
        if (!model.data(index, UsersModel::LoadedRole).toBool()) {
            QElapsedTimer timer;
            timer.start();
            while (!model.data(index, UsersModel::LoadedRole).toBool() && timer.elapsed() < waitMs)
                QTest::qWait(2);
        }
        emails.append(model.data(index, UsersModel::EmailRole).toString());
    }
    return emails;
}

struct BulkUser
{
    qint64 n;
    QString name;      // empty: none
    QString email;
    bool verified;
};

//! The bulk users in the order the admin lists them: users without a value last, ties by id.
QStringList expectedOrder(qint64 count, UsersModel::SortColumn sort, bool ascending)
{
    QList<BulkUser> users;
    for (qint64 n = 1; n <= count; ++n)
        users.append({n, AdminSeed::bulkName(n), AdminSeed::bulkEmail(n), n % 3 != 0});
    const auto ordered = [ascending](const auto &a, const auto &b) { return ascending ? a < b : b < a; };
    std::sort(users.begin(), users.end(), [&](const BulkUser &a, const BulkUser &b) {
        switch (sort) {
        case UsersModel::SortColumn::Id:
            break;
        case UsersModel::SortColumn::Email:
            if (a.email != b.email)
                return ordered(a.email.toUtf8(), b.email.toUtf8());
            break;
        case UsersModel::SortColumn::Name:
            if (a.name.isEmpty() != b.name.isEmpty())
                return !a.name.isEmpty();
            if (a.name != b.name)
                return ordered(a.name.toUtf8(), b.name.toUtf8());
            break;
        case UsersModel::SortColumn::EmailVerified:
            if (a.verified != b.verified)
                return a.verified; // verification times grow with n
            break;
        }
        return ordered(a.n, b.n);
    });
    QStringList emails;
    for (const BulkUser &u : users)
        emails.append(u.email);
    return emails;
}

} // namespace

bool AdminModelTests::execute(const QString &url, const QStringList &statements, QString *error)
{
    const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, error);
    if (!options)
        return false;
    const QString name = QUuid::createUuid().toString();
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(options->driverName(), name);
        db.setDatabaseName(options->databaseName);
        db.setHostName(options->host);
        db.setPort(options->port);
        db.setUserName(options->userName);
        db.setPassword(options->password);
        ok = db.open();
        if (!ok && error)
            *error = db.lastError().text();
        QSqlQuery q(db);
        if (ok && options->backend == SqlAdapterOptions::Backend::MySQL) // "quoted" names as elsewhere
            q.exec(QStringLiteral("SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',ANSI_QUOTES')"));
        for (const QString &sql : statements) {
            if (ok && !q.exec(sql)) {
                ok = false;
                if (error)
                    *error = sql + QStringLiteral(": ") + q.lastError().text();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

QString AdminModelTests::migratedDatabase(const QString &name, QString *error)
{
    const QString url = newDatabase(name, error);
    if (url.isEmpty())
        return {};
    auto adapter = SqlAdapter::fromUrl(url, error);
    if (!adapter)
        return {};
    try {
        adapter->migrate().result();
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return {};
    }
    return url;
}

QString AdminModelTests::seededDatabase(const QString &name, qint64 users, QString *error)
{
    const QString url = migratedDatabase(name, error);
    if (url.isEmpty() || !AdminSeed::seedBulkUsers(url, users, {}, error))
        return {};
    return url;
}

void AdminModelTests::initTestCase()
{
    if (const QString why = unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(startBackend(&error), qPrintable(error));
}

void AdminModelTests::missingSqliteFileIsAnError()
{
    AdminConnection connection;
    const QString path = m_dir.filePath(QStringLiteral("no-such.db"));
    connection.open(QStringLiteral("sqlite://") + path);
    QCOMPARE(connection.status(), AdminConnection::Status::Failed);
    QCOMPARE(connection.errorString(), QStringLiteral("the SQLite database file %1 does not exist").arg(path));
    QVERIFY(!QFile::exists(path)); // nothing was created
}

void AdminModelTests::refusedConnectionIsAClearError()
{
    quint16 port = 0;
    {
        QTcpServer probe; // a free port, closed again: connecting is refused
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        port = probe.serverPort();
    }
    AdminConnection connection;
    QSignalSpy failed(&connection, &AdminConnection::failed);
    connection.open(QStringLiteral("postgresql://postgres@127.0.0.1:%1/gatehouse").arg(port));
    QVERIFY(failed.wait(waitMs));
    QCOMPARE(connection.status(), AdminConnection::Status::Failed);
    QVERIFY2(connection.errorString().startsWith(
                 QStringLiteral("could not open the database postgresql://postgres@127.0.0.1:%1/gatehouse: ").arg(port)),
             qPrintable(connection.errorString()));
    QVERIFY(!connection.adapter());
}

void AdminModelTests::silentServerTimesOut_data()
{
    QTest::addColumn<bool>("driverFirst");
    // The connection's own timer fires while the GUI thread waits for it.
    QTest::newRow("the limit noticed first") << false;
    // The GUI thread is too busy for the timer (as under load) until the driver's connect
    // time-out has given up too, and then handles the driver's answer before any timer.
    QTest::newRow("the driver noticed first") << true;
}

void AdminModelTests::silentServerTimesOut()
{
    QFETCH(bool, driverFirst);
    // Accepts TCP connections and never answers, like a firewalled or hung server.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    AdminConnection connection;
    connection.setTimeoutMs(1500);
    QSignalSpy failed(&connection, &AdminConnection::failed);
    QElapsedTimer timer;
    timer.start();
    connection.open(QStringLiteral("postgresql://postgres@127.0.0.1:%1/gatehouse").arg(silent.serverPort()));
    QCOMPARE(connection.status(), AdminConnection::Status::Connecting);
    if (driverFirst) {
        // Blocking waits and posted events only: no timer can fire until the test returns to
        // an event loop.
        QVERIFY(silent.waitForNewConnection(waitMs));
        QTcpSocket *driver = silent.nextPendingConnection();
        QVERIFY(driver);
        QVERIFY(driver->state() == QAbstractSocket::UnconnectedState || driver->waitForDisconnected(waitMs));
        const QDeadlineTimer deadline(waitMs);
        while (failed.isEmpty() && !deadline.hasExpired()) {
            QCoreApplication::sendPostedEvents();  // the worker's answer, once it has posted it
            QThread::msleep(5);
        }
        QCOMPARE(failed.count(), 1);
    } else {
        QVERIFY(failed.wait(waitMs));
    }
    QVERIFY2(timer.elapsed() < 6000, qPrintable(QString::number(timer.elapsed())));
    const QString message =
        QStringLiteral("could not reach the database postgresql://postgres@127.0.0.1:%1/gatehouse within 1.5 s")
            .arg(silent.serverPort());
    QCOMPARE(connection.status(), AdminConnection::Status::Failed);
    QCOMPARE(connection.errorString(), message);
    QCOMPARE(failed.first().first().toString(), message);
}

void AdminModelTests::configFileOpensItsDatabase()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("configured"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("gatehouse.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("adapter"), QJsonObject{{QStringLiteral("url"), url}}},
                                         {QStringLiteral("session"), QJsonObject{{QStringLiteral("maxAge"), 3600}}}})
                   .toJson());
    file.close();

    AdminConnection connection;
    openReady(connection, QStringLiteral("file://") + path);
    QCOMPARE(connection.configPath(), path);
    QCOMPARE(connection.sessionMaxAge(), qint64(3600));
    QVERIFY(!connection.displayUrl().isEmpty());

    QFile bare(m_dir.filePath(QStringLiteral("bare.json")));
    QVERIFY(bare.open(QIODevice::WriteOnly));
    bare.write("{}");
    bare.close();
    connection.open(bare.fileName());
    QCOMPARE(connection.status(), AdminConnection::Status::Failed);
    QCOMPARE(connection.errorString(),
             QStringLiteral("the configuration %1 names no database: set adapter.url or DATABASE_URL").arg(bare.fileName()));
}

QString AdminModelTests::olderDatabase(const QString &name, QString *error)
{
    const QString url = migratedDatabase(name, error);
    if (url.isEmpty())
        return {};
    // What an older build left: schema 4, without the listing indexes, the user state, the
    // session lookup index, the account tables, the two-factor tables, the passkey details, the
    // groups, the audit log's user-and-time index, the OpenID Provider's keys, codes and grants,
    // the reset links, the audit cursors, the admin API's tokens and back-channel logout's outbox.
    const SqlAdapterOptions::Backend backend = SqlAdapterOptions::fromUrl(url)->backend;
    const bool mysql = backend == SqlAdapterOptions::Backend::MySQL;
    const auto dropIndex = [mysql](const QString &index, const QString &table) {
        return mysql ? QStringLiteral("DROP INDEX %1 ON %2").arg(index, table) : QStringLiteral("DROP INDEX %1").arg(index);
    };
    QStringList statements{QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version >= 5"),
                           QStringLiteral("DROP TABLE gatehouse_session_details"),
                           QStringLiteral("DROP TABLE gatehouse_session_revocations"),
                           QStringLiteral("DROP TABLE gatehouse_recovery_codes"),
                           QStringLiteral("DROP TABLE gatehouse_totp"),
                           QStringLiteral("DROP TABLE gatehouse_passkeys"),
                           QStringLiteral("DROP TABLE gatehouse_user_groups"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_keys"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_codes"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_refresh_tokens"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_grants"),
                           QStringLiteral("DROP TABLE gatehouse_password_resets"),
                           QStringLiteral("DROP TABLE gatehouse_audit_cursors"),
                           QStringLiteral("DROP TABLE gatehouse_admin_tokens"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_sessions"),
                           QStringLiteral("DROP TABLE gatehouse_notice_preferences"),
                           QStringLiteral("DROP TABLE gatehouse_webhook_retries"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_consents"),
                           QStringLiteral("DROP TABLE gatehouse_oidc_logouts"),
                           QStringLiteral("DROP TABLE gatehouse_user_state"),
                           dropIndex(QStringLiteral("users_name_id_idx"), QStringLiteral("users")),
                           dropIndex(QStringLiteral("users_email_id_idx"), QStringLiteral("users")),
                           dropIndex(QStringLiteral("users_verified_id_idx"), QStringLiteral("users")),
                           dropIndex(QStringLiteral("gatehouse_audit_type_time_idx"), QStringLiteral("gatehouse_audit")),
                           dropIndex(QStringLiteral("gatehouse_audit_user_time_idx"), QStringLiteral("gatehouse_audit"))};
    if (backend == SqlAdapterOptions::Backend::PostgreSQL) // step 7 replaced the unique key of step 2
        statements << QStringLiteral("DROP INDEX sessions_token_lookup_key")
                   << QStringLiteral("CREATE UNIQUE INDEX sessions_token_key ON sessions (\"sessionToken\")");
    else
        statements << dropIndex(QStringLiteral("sessions_token_lookup_idx"), QStringLiteral("sessions"));
    if (!mysql) // step 25 keys nothing on MariaDB
        statements << dropIndex(QStringLiteral("users_email_lower_idx"), QStringLiteral("users"))
                   << dropIndex(QStringLiteral("users_name_lower_idx"), QStringLiteral("users"));
    else // step 26's generated columns, with their keys
        statements << QStringLiteral("ALTER TABLE users DROP COLUMN gatehouse_email_key, DROP COLUMN gatehouse_name_key");
    const bool ok = execute(url, statements, error);
    return ok ? url : QString();
}

void AdminModelTests::olderSchemaMigratesWithProgress()
{
    QString error;
    const QString url = olderDatabase(QStringLiteral("older"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));

    AdminConnection connection;
    connection.open(url);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::NeedsMigration, waitMs);
    QCOMPARE(connection.schemaState(), AdminConnection::SchemaState::Older);
    QCOMPARE(connection.schemaVersion(), 4);
    QVERIFY(!connection.adapter()); // the models stay empty until migrated

    QSignalSpy progress(&connection, &AdminConnection::migrationProgressChanged);
    QSignalSpy opened(&connection, &AdminConnection::opened);
    connection.migrate();
    QCOMPARE(connection.status(), AdminConnection::Status::Migrating);
    QVERIFY(opened.wait(waitMs));
    QCOMPARE(connection.status(), AdminConnection::Status::Ready);
    QCOMPARE(connection.schemaState(), AdminConnection::SchemaState::Current);
    QCOMPARE(connection.schemaVersion(), AdminConnection::latestSchemaVersion());
    QCOMPARE(connection.migrationProgress(), 1.0);
    QVERIFY(progress.size() >= 2);
    const QStringList log = connection.migrationLog();
    QVERIFY2(log.constLast().startsWith(QStringLiteral("schema step %1/%1 ").arg(AdminConnection::latestSchemaVersion())),
             qPrintable(log.constLast()));
    QCOMPARE(log.at(4), QStringLiteral("schema step 5/26 (listing indexes): created users_name_id_idx, users_email_id_idx, "
                                       "users_verified_id_idx, gatehouse_audit_type_time_idx"));
    QCOMPARE(log.at(5), QStringLiteral("schema step 6/26 (disabled users): created gatehouse_user_state"));
    if (SqlAdapterOptions::fromUrl(url)->backend == SqlAdapterOptions::Backend::PostgreSQL)
        QCOMPARE(log.at(6), QStringLiteral("schema step 7/26 (session lookup index): created sessions_token_lookup_key; "
                                           "dropped sessions_token_key, which it replaces"));
    else
        QCOMPARE(log.at(6), QStringLiteral("schema step 7/26 (session lookup index): created sessions_token_lookup_idx"));
    QCOMPARE(log.at(7), QStringLiteral("schema step 8/26 (session details and JWT revocation): created "
                                       "gatehouse_session_details, gatehouse_session_revocations"));
    QCOMPARE(log.at(8), QStringLiteral("schema step 9/26 (two-factor sign-in): created gatehouse_totp, gatehouse_recovery_codes"));
    QCOMPARE(log.at(9), QStringLiteral("schema step 10/26 (passkey names and times): created gatehouse_passkeys"));
    QCOMPARE(log.at(10), QStringLiteral("schema step 11/26 (user groups): created gatehouse_user_groups"));
    QCOMPARE(log.at(11), QStringLiteral("schema step 12/26 (audit log by user and time): created gatehouse_audit_user_time_idx"));
    QCOMPARE(log.at(12), QStringLiteral("schema step 13/26 (sign-in methods of database sessions): "
                                        "added gatehouse_session_details.\"signInMethods\""));
    QCOMPARE(log.at(13), QStringLiteral("schema step 14/26 (OpenID Provider signing keys): created gatehouse_oidc_keys"));
    QCOMPARE(log.at(14), QStringLiteral("schema step 15/26 (OpenID Provider authorization codes): created gatehouse_oidc_codes"));
    QCOMPARE(log.at(15), QStringLiteral("schema step 16/26 (password reset links): created gatehouse_password_resets"));
    QCOMPARE(log.at(16), QStringLiteral("schema step 17/26 (OpenID Provider refresh grants): created gatehouse_oidc_grants, "
                                        "gatehouse_oidc_refresh_tokens; added gatehouse_oidc_codes.\"storedUser\""));
    QCOMPARE(log.at(17), QStringLiteral("schema step 18/26 (audit log cursors): created gatehouse_audit_cursors"));
    QCOMPARE(log.at(18), QStringLiteral("schema step 19/26 (admin API tokens): created gatehouse_admin_tokens"));
    QCOMPARE(log.at(19), QStringLiteral("schema step 20/26 (notice preferences): created gatehouse_notice_preferences"));
    QCOMPARE(log.at(20), QStringLiteral("schema step 21/26 (OpenID Provider sessions for back-channel logout): "
                                        "created gatehouse_oidc_sessions"));
    QCOMPARE(log.at(21), QStringLiteral("schema step 22/26 (webhook retries): created gatehouse_webhook_retries"));
    QCOMPARE(log.at(22), QStringLiteral("schema step 23/26 (OpenID Provider consents): created gatehouse_oidc_consents"));
    QCOMPARE(log.at(23), QStringLiteral("schema step 24/26 (OpenID Provider back-channel logout deliveries): "
                                        "created gatehouse_oidc_logouts; added gatehouse_oidc_sessions.issuer"));
    // MariaDB has no keys on expressions: it keys generated columns instead (sqlschema.cpp).
    const bool mysql = SqlAdapterOptions::fromUrl(url)->backend == SqlAdapterOptions::Backend::MySQL;
    QCOMPARE(log.at(24), QStringLiteral("schema step 25/26 (user search by the start of email and name): ")
                             + (mysql ? QStringLiteral("nothing to do on MariaDB")
                                      : QStringLiteral("created users_email_lower_idx, users_name_lower_idx")));
    QCOMPARE(log.constLast(), QStringLiteral("schema step 26/26 (user search keys on MariaDB): ")
                                  + (mysql ? QStringLiteral("added users.gatehouse_email_key, users.gatehouse_name_key; "
                                                            "created users_email_lower_idx, users_name_lower_idx")
                                           : QStringLiteral("nothing to do on SQLite and PostgreSQL (step 25 keys the expressions)")));
}

void AdminModelTests::failedMigrationSaysWhyAndCanBeRetried()
{
    QString error;
    const QString url = olderDatabase(QStringLiteral("conflict"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    // A view named like the table of step 6: the step fails (after step 5 ran).
    QVERIFY2(execute(url, {QStringLiteral("CREATE VIEW gatehouse_user_state AS SELECT 1 AS one")}, &error), qPrintable(error));
    const bool mysql = SqlAdapterOptions::fromUrl(url)->backend == SqlAdapterOptions::Backend::MySQL;

    AdminConnection connection;
    connection.open(url);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::NeedsMigration, waitMs);
    QCOMPARE(connection.schemaVersion(), 4);
    QSignalSpy failed(&connection, &AdminConnection::failed);
    connection.migrate();
    QCOMPARE(connection.status(), AdminConnection::Status::Migrating);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::NeedsMigration, waitMs);
    QVERIFY(failed.isEmpty());  // not Failed: the offer to migrate stays
    QVERIFY(!connection.adapter());
    const QString message = connection.errorString();
    QVERIFY2(message.startsWith(QStringLiteral("step 6/26 (disabled users): ")), qPrintable(message));
    if (mysql) {
        // MariaDB commits DDL by itself: step 5 stays applied.
        QVERIFY2(message.endsWith(QStringLiteral("; the steps before it stay applied, the schema is version 5")), qPrintable(message));
        QCOMPARE(connection.schemaVersion(), 5);
    } else {
        QVERIFY2(message.endsWith(QStringLiteral("; the migration was rolled back, the schema is still version 4")),
                 qPrintable(message));
        QCOMPARE(connection.schemaVersion(), 4);
    }
    QCOMPARE(SqlAdapter(*SqlAdapterOptions::fromUrl(url)).schemaVersion().result(), connection.schemaVersion());

    // With the cause gone, migrating again succeeds.
    QVERIFY2(execute(url, {QStringLiteral("DROP VIEW gatehouse_user_state")}, &error), qPrintable(error));
    QSignalSpy opened(&connection, &AdminConnection::opened);
    connection.migrate();
    QVERIFY(connection.errorString().isEmpty());
    QVERIFY(opened.wait(waitMs));
    QCOMPARE(connection.status(), AdminConnection::Status::Ready);
    QCOMPARE(connection.schemaVersion(), AdminConnection::latestSchemaVersion());
}

void AdminModelTests::newerSchemaIsRefused()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("newer"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    QVERIFY2(execute(url,
                     {QStringLiteral("INSERT INTO gatehouse_schema_version (version, description, \"appliedAt\") VALUES "
                                     "(42, 'from the future', '2030-01-01 00:00:00')")},
                     &error),
             qPrintable(error));
    AdminConnection connection;
    QSignalSpy failed(&connection, &AdminConnection::failed);
    connection.open(url);
    QVERIFY(failed.wait(waitMs));
    QCOMPARE(connection.schemaState(), AdminConnection::SchemaState::Newer);
    QCOMPARE(connection.errorString(),
             QStringLiteral("the database schema is version 42, newer than this build's %1; use a newer gatehouse-admin")
                 .arg(AdminConnection::latestSchemaVersion()));
    QVERIFY(!connection.adapter());
}

void AdminModelTests::rememberRecentConnections()
{
    QString error;
    const QString first = migratedDatabase(QStringLiteral("recent1"), &error);
    const QString second = migratedDatabase(QStringLiteral("recent2"), &error);
    QVERIFY2(!second.isEmpty(), qPrintable(error));
    AdminConnection connection;
    connection.clearRecentConnections();
    openReady(connection, first);
    openReady(connection, second);
    const QString firstShown = SqlAdapterOptions::fromUrl(first)->displayUrl();
    const QString secondShown = SqlAdapterOptions::fromUrl(second)->displayUrl();
    QCOMPARE(AdminConnection().recentConnections(), (QStringList{secondShown, firstShown}));
    openReady(connection, first);
    QCOMPARE(connection.recentConnections(), (QStringList{firstShown, secondShown}));
    connection.forgetRecentConnection(secondShown);
    QCOMPARE(connection.recentConnections(), QStringList{firstShown});
}

void AdminModelTests::usersPageThroughEveryRowBothWays_data()
{
    QTest::addColumn<UsersModel::SortColumn>("sort");
    QTest::addColumn<bool>("ascending");
    QTest::newRow("id") << UsersModel::SortColumn::Id << true;
    QTest::newRow("id, descending") << UsersModel::SortColumn::Id << false;
    QTest::newRow("name") << UsersModel::SortColumn::Name << true;
    QTest::newRow("name, descending") << UsersModel::SortColumn::Name << false;
    QTest::newRow("email, descending") << UsersModel::SortColumn::Email << false;
    QTest::newRow("verified") << UsersModel::SortColumn::EmailVerified << true;
    QTest::newRow("verified, descending") << UsersModel::SortColumn::EmailVerified << false;
}

void AdminModelTests::usersPageThroughEveryRowBothWays()
{
    QFETCH(UsersModel::SortColumn, sort);
    QFETCH(bool, ascending);
    constexpr qint64 count = 1234;
    QString error;
    const QString url = seededDatabase(QStringLiteral("paging_%1_%2").arg(int(sort)).arg(ascending), count, &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));

    AdminConnection connection;
    openReady(connection, url);
    UsersModel model;
    model.setPageSize(50);
    model.setSortColumn(sort);
    model.setAscending(ascending);
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);
    QCOMPARE(model.rowCount(), int(count));

    const QStringList expected = expectedOrder(count, sort, ascending);
    // Forward from the top: each page from its predecessor (keyset).
    QList<int> rows;
    for (int row = 0; row < count; ++row)
        rows.append(row);
    QCOMPARE(emailsAt(model, rows), expected);

    // Backward from the bottom, with a fresh window: the last page by position from the end,
    // each earlier page from its successor.
    model.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);
    std::reverse(rows.begin(), rows.end());
    QStringList backward = emailsAt(model, rows);
    std::reverse(backward.begin(), backward.end());
    QCOMPARE(backward, expected);
    QVERIFY(model.errorString().isEmpty());
}

void AdminModelTests::usersJumpToTheEnd()
{
    constexpr qint64 count = 3000;
    QString error;
    const QString url = seededDatabase(QStringLiteral("jump"), count, &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    UsersModel model;
    model.setSortColumn(UsersModel::SortColumn::Name);
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);
    const QStringList expected = expectedOrder(count, UsersModel::SortColumn::Name, true);

    // A row not loaded yet reads as a placeholder, then dataChanged brings it.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const QModelIndex last = model.index(int(count - 1));
    QCOMPARE(model.data(last, UsersModel::LoadedRole).toBool(), false);
    QCOMPARE(model.data(last, UsersModel::EmailRole).toString(), QString());
    QVERIFY(changed.wait(waitMs));
    QCOMPARE(model.data(last, UsersModel::EmailRole).toString(), expected.last());
    QCOMPARE(model.get(int(count - 1)).value(QStringLiteral("email")).toString(), expected.last());
    // The middle, then a few rows around it.
    QCOMPARE(emailsAt(model, {1500, 1499, 1551, 17}),
             (QStringList{expected[1500], expected[1499], expected[1551], expected[17]}));
    QVERIFY(!model.ensureLoaded(2200, 2399) || model.ensureLoaded(2200, 2399));
    QTRY_VERIFY_WITH_TIMEOUT(model.ensureLoaded(2200, 2399), waitMs);

    // Another order: no row keeps its old value; each reads as loading until fetched again.
    model.setSortColumn(UsersModel::SortColumn::Email);
    model.setAscending(false);
    QCOMPARE(model.data(last, UsersModel::LoadedRole).toBool(), false);
    const QStringList byEmail = expectedOrder(count, UsersModel::SortColumn::Email, false);
    QCOMPARE(emailsAt(model, {int(count - 1), 0, 2300}), (QStringList{byEmail.last(), byEmail.first(), byEmail[2300]}));
    QCOMPARE(model.totalCount(), count);
}

void AdminModelTests::usersSearch()
{
    constexpr qint64 count = 500;
    QString error;
    const QString url = seededDatabase(QStringLiteral("search"), count, &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    UsersModel model;
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);

    // The start of the email, any case.
    model.setSearch(QStringLiteral("USER12"));
    QStringList expected;
    for (qint64 n = 1; n <= count; ++n) {
        if (AdminSeed::bulkEmail(n).startsWith(QStringLiteral("user12")) || AdminSeed::bulkName(n).toLower().startsWith(QStringLiteral("user12")))
            expected.append(AdminSeed::bulkEmail(n));
    }
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(expected.size()), waitMs);
    QList<int> rows;
    for (int i = 0; i < expected.size(); ++i)
        rows.append(i);
    QCOMPARE(emailsAt(model, rows), expected);

    // A name, and an id.
    const QString name = AdminSeed::bulkName(5);
    model.setSearch(name.toLower());
    QTRY_VERIFY_WITH_TIMEOUT(model.totalCount() >= 1, waitMs);
    QVERIFY(emailsAt(model, {0}).first().startsWith(QStringLiteral("user")));
    // User 321 matches by id alone: no email or name starts with "321".
    model.setSearch(QStringLiteral("321"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(1), waitMs);
    QCOMPARE(emailsAt(model, {0}), QStringList{AdminSeed::bulkEmail(321)});
    QCOMPARE(model.get(0).value(QStringLiteral("userId")).toString(), QStringLiteral("321"));
    // With a star, anywhere: every email or name with "321" in it.
    model.setSearch(QStringLiteral("*321"));
    QTRY_VERIFY_WITH_TIMEOUT(model.totalCount() >= 1, waitMs);
    QCOMPARE(model.get(0).isEmpty(), false);
    QList<int> found;
    for (int row = 0; row < model.rowCount(); ++row)
        found.append(row);
    emailsAt(model, found);
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids.append(model.get(row).value(QStringLiteral("userId")).toString());
    QVERIFY2(ids.contains(QStringLiteral("321")), qPrintable(ids.join(u',')));
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariantMap user = model.get(row);
        QVERIFY(user.value(QStringLiteral("email")).toString().contains(QStringLiteral("321"))
                || user.value(QStringLiteral("name")).toString().contains(QStringLiteral("321")));
    }

    model.setSearch(QStringLiteral("%"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(0), waitMs);
    model.setSearch({});
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);
}

void AdminModelTests::usersFilterByGroup()
{
    constexpr qint64 count = 300;
    QString error;
    const QString url = seededDatabase(QStringLiteral("groupfilter"), count, &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    const auto store = connection.adapter();
    // Every seventh user is in "ops", every seventh from the third in "night shift".
    QStringList ops;
    for (qint64 n = 7; n <= count; n += 7) {
        const auto user = store->getUserByEmail(AdminSeed::bulkEmail(n)).result();
        QVERIFY(user);
        QVERIFY(store->addUserGroup(user->id, QStringLiteral("ops")).result());
        ops.append(user->email);
    }
    const auto night = store->getUserByEmail(AdminSeed::bulkEmail(3)).result();
    QVERIFY(store->addUserGroup(night->id, QStringLiteral("night shift")).result());

    UsersModel model;
    model.setPageSize(10); // several pages for 42 members
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);

    model.setSearch(QStringLiteral("group:ops"));
    QCOMPARE(model.group(), QStringLiteral("ops"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(ops.size()), waitMs);
    QCOMPARE(model.rowCount(), int(ops.size()));
    QList<int> rows;
    for (int i = 0; i < ops.size(); ++i)
        rows.append(i);
    QCOMPARE(emailsAt(model, rows), ops);
    // Paging backward from the end finds the same members.
    QList<int> backward(rows.crbegin(), rows.crend());
    model.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(ops.size()), waitMs);
    QStringList reversedOps(ops.crbegin(), ops.crend());
    QCOMPARE(emailsAt(model, backward), reversedOps);
    // Descending order too.
    model.setAscending(false);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(ops.size()), waitMs);
    QCOMPARE(emailsAt(model, rows), reversedOps);
    model.setAscending(true);

    // The rest of the text searches among the members (the start of the email: user7, user70, ...).
    QStringList ops7;
    for (const QString &email : ops) {
        if (email.startsWith(QStringLiteral("user7")))
            ops7.append(email);
    }
    QVERIFY(ops7.size() >= 2);
    model.setSearch(QStringLiteral("user7 group:ops"));
    QCOMPARE(model.group(), QStringLiteral("ops"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(ops7.size()), waitMs);
    rows.clear();
    for (int i = 0; i < ops7.size(); ++i)
        rows.append(i);
    QCOMPARE(emailsAt(model, rows), ops7);

    // A quoted name with a space; names are exact; an unknown group has no members.
    QCOMPARE(model.groupSearch(QStringLiteral("ops")), QStringLiteral("group:ops"));
    QCOMPARE(model.groupSearch(QStringLiteral("night shift")), QStringLiteral("group:\"night shift\""));
    model.setSearch(model.groupSearch(QStringLiteral("night shift")));
    QCOMPARE(model.group(), QStringLiteral("night shift"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(1), waitMs);
    QCOMPARE(emailsAt(model, {0}), QStringList{AdminSeed::bulkEmail(3)});
    model.setSearch(QStringLiteral("group:Ops"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(0), waitMs);
    QCOMPARE(model.rowCount(), 0);

    // Taking a member out (user detail) shows in the filtered list after a refresh.
    model.setSearch(QStringLiteral("group:ops"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(ops.size()), waitMs);
    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(store->getUserByEmail(ops.first()).result()->id);
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    QSignalSpy done(&detail, &UserDetail::operationFinished);
    detail.removeGroup(QStringLiteral("ops"));
    QVERIFY(nextOperation(done).value(1).toBool());
    model.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(ops.size() - 1), waitMs);
    QCOMPARE(emailsAt(model, {0}), QStringList{ops.at(1)});

    // No filter: everyone again.
    model.setSearch(QString());
    QCOMPARE(model.group(), QString());
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), count, waitMs);
}

void AdminModelTests::usersEditsAndValidation()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("edits"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    UsersModel model;
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(0), waitMs);
    QSignalSpy done(&model, &UsersModel::operationFinished);

    // Validation, without touching the database.
    QCOMPARE(model.validateEmail(QStringLiteral("x@")), QStringLiteral("\"x@\" is not a valid email address"));
    QCOMPARE(model.validateEmail(QStringLiteral("  ")), QStringLiteral("an email address is required"));
    QCOMPARE(model.validateEmail(QStringLiteral("ann@example.test")), QString());
    model.createUser(QStringLiteral("not an address"), QStringLiteral("Ann"), {});
    QVariantList op = nextOperation(done);
    QCOMPARE(op.value(0).toString(), QStringLiteral("createUser"));
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("\"not an address\" is not a valid email address"));
    model.createUser(QStringLiteral("ann@example.test"), QStringLiteral("Ann"), QStringLiteral("ftp://x/y.png"));
    QCOMPARE(nextOperation(done).value(2).toString(), QStringLiteral("the image \"ftp://x/y.png\" is not an http(s) URL"));

    // Create, then a duplicate (any case).
    model.createUser(QStringLiteral(" Ann@Example.test "), QStringLiteral("Ann"), QStringLiteral("https://img.example.test/a.png"));
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    const QString annId = op.value(3).toMap().value(QStringLiteral("userId")).toString();
    QVERIFY(!annId.isEmpty());
    // Audited as the admin API's POST users is, naming who ran the app.
    QString shown = auditShownProblem(connection, annId, QStringLiteral("userCreate"), {{QStringLiteral("email"), QStringLiteral("ann@example.test")}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(1), waitMs);
    QTRY_VERIFY_WITH_TIMEOUT(model.get(0).value(QStringLiteral("loaded")).toBool(), waitMs);
    QCOMPARE(model.get(0).value(QStringLiteral("email")).toString(), QStringLiteral("ann@example.test"));
    QCOMPARE(model.get(0).value(QStringLiteral("name")).toString(), QStringLiteral("Ann"));
    QCOMPARE(model.get(0).value(QStringLiteral("emailVerified")).toDateTime(), QDateTime());
    model.createUser(QStringLiteral("ANN@example.test"), {}, {});
    op = nextOperation(done);
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("a user with the email ann@example.test exists already"));

    model.createUser(QStringLiteral("ben@example.test"), {}, {});
    op = nextOperation(done);
    const QString benId = op.value(3).toMap().value(QStringLiteral("userId")).toString();
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(2), waitMs);

    // Edit: a taken email is refused, a free one saved; an empty name stores none.
    model.updateUser(benId, QStringLiteral("Ben"), QStringLiteral("ann@example.test"), {});
    QCOMPARE(nextOperation(done).value(2).toString(), QStringLiteral("a user with the email ann@example.test exists already"));
    shown = auditShownProblem(connection, benId, QStringLiteral("userUpdate"), {}, 0); // refused: nothing recorded
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    model.updateUser(benId, QStringLiteral("  "), QStringLiteral("benjamin@example.test"), {});
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    const auto ben = connection.adapter()->getUser(benId).result();
    QVERIFY(ben);
    QCOMPARE(ben->email, QStringLiteral("benjamin@example.test"));
    QCOMPARE(ben->name, std::nullopt);
    const QJsonArray formFields{QStringLiteral("name"), QStringLiteral("email"), QStringLiteral("image")};
    shown = auditShownProblem(connection, benId, QStringLiteral("userUpdate"), {{QStringLiteral("fields"), formFields}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    model.updateUser(QStringLiteral("999999"), {}, QStringLiteral("who@example.test"), {});
    QCOMPARE(nextOperation(done).value(2).toString(), QStringLiteral("there is no user with id 999999"));

    // Verification.
    model.setEmailVerified(annId, true);
    QVERIFY(nextOperation(done).value(1).toBool());
    const auto verified = connection.adapter()->getUser(annId).result()->emailVerified;
    QVERIFY(verified && qAbs(verified->secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QTRY_VERIFY_WITH_TIMEOUT(model.get(0).value(QStringLiteral("emailVerified")).toDateTime().isValid(), waitMs);
    model.setEmailVerified(annId, false);
    QVERIFY(nextOperation(done).value(1).toBool());
    QCOMPARE(connection.adapter()->getUser(annId).result()->emailVerified, std::nullopt);
    shown = auditShownProblem(connection, annId, QStringLiteral("userUpdate"),
                              {{QStringLiteral("fields"), QJsonArray{QStringLiteral("emailVerified")}}}, 2);
    QVERIFY2(shown.isEmpty(), qPrintable(shown));

    // Passwords.
    model.setPassword(annId, QStringLiteral("short"));
    QCOMPARE(nextOperation(done).value(2).toString(), QStringLiteral("the password must have at least 8 characters"));
    shown = auditShownProblem(connection, annId, QStringLiteral("passwordChange"), {}, 0); // refused: nothing recorded
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    model.setPassword(annId, QStringLiteral("a long enough secret"));
    QVERIFY(nextOperation(done).value(1).toBool());
    // As the API's: the event, never the password (the detail is only by and operator).
    shown = auditShownProblem(connection, annId, QStringLiteral("passwordChange"), {});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    const auto firstHash = connection.adapter()->passwordHash(QStringLiteral("ann@example.test")).result();
    QVERIFY(firstHash && firstHash->hash.startsWith(QStringLiteral("$argon2id$")));
    QTRY_VERIFY_WITH_TIMEOUT(model.get(0).value(QStringLiteral("hasPassword")).toBool(), waitMs);
    model.resetPassword(annId);
    op = nextOperation(done);
    QVERIFY(op.value(1).toBool());
    QCOMPARE(op.value(3).toMap().value(QStringLiteral("password")).toString().size(), 16);
    QVERIFY(connection.adapter()->passwordHash(QStringLiteral("ann@example.test")).result()->hash != firstHash->hash);
    shown = auditShownProblem(connection, annId, QStringLiteral("passwordChange"), {}, 2);
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
}

void AdminModelTests::usersDisableAndDeleteCascade()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("cascade"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    UsersModel model;
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(demo.userIds.size()), waitMs);
    QSignalSpy done(&model, &UsersModel::operationFinished);
    const auto store = connection.adapter();

    // User 0 (Ada) has a password, GitHub and passkey accounts, an authenticator, sessions.
    const QString ada = demo.userIds.first();
    const qint64 adaSessions = Test::countSessions(*store, ada).result();
    QVERIFY(adaSessions > 0);
    model.setDisabled(ada, true);
    QVariantList op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QString shown = auditShownProblem(connection, ada, QStringLiteral("userDisable"), {{QStringLiteral("sessionsEnded"), adaSessions}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    QVERIFY(store->isUserDisabled(ada).result());
    QVERIFY(!store->passwordHash(demo.emails.first()).result()->disabled); // the password keeps its own state
    QCOMPARE(Test::countSessions(*store, ada).result(), qint64(0)); // signed out everywhere
    QTRY_VERIFY_WITH_TIMEOUT(model.get(0).value(QStringLiteral("disabled")).toBool(), waitMs);
    QVERIFY(!model.get(0).value(QStringLiteral("passwordDisabled")).toBool());
    model.setDisabled(ada, false);
    QVERIFY(nextOperation(done).value(1).toBool());
    QVERIFY(!store->isUserDisabled(ada).result());
    QTRY_VERIFY_WITH_TIMEOUT(!model.get(0).value(QStringLiteral("disabled")).toBool(), waitMs);
    shown = auditShownProblem(connection, ada, QStringLiteral("userEnable"), {});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    // A user without a password is disabled all the same (it may sign in otherwise).
    model.setDisabled(demo.userIds.at(1), true);
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QVERIFY(store->isUserDisabled(demo.userIds.at(1)).result());
    model.setDisabled(QStringLiteral("987654"), true);
    op = nextOperation(done);
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("there is no user with id 987654"));
    AuditFilter disables;
    disables.type = QStringLiteral("userDisable");
    QCOMPARE(store->auditEvents(disables, 100).result().size(), 2); // not the refused one

    // Delete cascades to accounts, sessions, authenticators and the password.
    QVERIFY(store->getAuthenticator(QStringLiteral("cred-1")).result());
    const QString carol = demo.userIds.at(4); // i = 4: accounts, passkey, password, sessions
    QVERIFY(Test::countSessions(*store, carol).result() > 0);
    const QString carolEmail = demo.emails.at(4);
    model.remove(carol);
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QVERIFY(!store->getUser(carol).result());
    QVERIFY(store->listAccounts(carol).result().isEmpty());
    QCOMPARE(Test::countSessions(*store, carol).result(), qint64(0));
    QVERIFY(store->listAuthenticatorsByUserId(carol).result().isEmpty());
    QVERIFY(!store->getAuthenticator(QStringLiteral("cred-5")).result());
    QVERIFY(!store->passwordHash(carolEmail).result());
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), qint64(demo.userIds.size() - 1), waitMs);
    model.remove(carol);
    QCOMPARE(nextOperation(done).value(2).toString(), QStringLiteral("there is no user with id %1").arg(carol));
    // The user page is gone with the user; the audit log (the Activity view) keeps the deletion, once.
    AuditFilter deletions;
    deletions.userId = carol;
    deletions.type = QStringLiteral("userDelete");
    const QList<AuditEvent> deleted = store->auditEvents(deletions, 100).result();
    QCOMPARE(deleted.size(), 1);
    QCOMPARE(compact(deleted.first().detail), compact(byTheApp({{QStringLiteral("email"), carolEmail}})));
}

void AdminModelTests::userDetailListsAndRevokes()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("detail"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();

    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(demo.userIds.first());
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    QVERIFY(detail.exists());
    QCOMPARE(detail.name(), QStringLiteral("Ada Lovelace"));
    QCOMPARE(detail.email(), demo.emails.first());
    QVERIFY(detail.hasPassword());
    QVERIFY(!detail.isDisabled());
    QVERIFY(detail.emailVerified().isValid());
    QCOMPARE(detail.accounts()->rowCount(), 2);
    QCOMPARE(detail.accounts()->get(0).value(QStringLiteral("provider")).toString(), QStringLiteral("github"));
    QCOMPARE(detail.accounts()->get(1).value(QStringLiteral("provider")).toString(), QStringLiteral("passkey"));
    QCOMPARE(detail.authenticators()->rowCount(), 1);
    const QVariantMap authenticator = detail.authenticators()->get(0);
    QCOMPARE(authenticator.value(QStringLiteral("credentialID")).toString(), QStringLiteral("cred-1"));
    QCOMPARE(authenticator.value(QStringLiteral("transports")).toStringList(), (QStringList{QStringLiteral("internal"), QStringLiteral("hybrid")}));
    QCOMPARE(authenticator.value(QStringLiteral("backedUp")).toBool(), true);
    const int sessions = detail.sessions()->rowCount();
    QCOMPARE(qint64(sessions), Test::countSessions(*store, demo.userIds.first()).result());
    QVERIFY(sessions >= 1);
    const QVariantMap session = detail.sessions()->get(0);
    // Shown as the admin API and the audit log name it (its token's SHA-256), never a part of the token.
    const QString hint =
        QString::fromLatin1(QCryptographicHash::hash(session.value(QStringLiteral("sessionToken")).toString().toUtf8(), QCryptographicHash::Sha256)
                                .toHex()
                                .left(8))
        + QStringLiteral("…");
    QCOMPARE(session.value(QStringLiteral("tokenHint")).toString(), hint);
    QVERIFY(!session.value(QStringLiteral("clientAddress")).toString().isEmpty());
    QVERIFY(detail.auditEvents()->rowCount() > 0);
    QCOMPARE(detail.auditEvents()->get(0).value(QStringLiteral("userId")).toString(), demo.userIds.first());

    QSignalSpy done(&detail, &UserDetail::operationFinished);
    const QString token = session.value(QStringLiteral("sessionToken")).toString();
    detail.revokeSession(token);
    QVariantList op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QVERIFY(!store->getSessionAndUser(token).result());
    QTRY_COMPARE_WITH_TIMEOUT(detail.sessions()->rowCount(), sessions - 1, waitMs);
    // Named as the API's sessionEnd names it: the token's SHA-256, never the token.
    const QString sessionId =
        QString::fromLatin1(QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex());
    QString shown = auditShownProblem(connection, demo.userIds.first(), QStringLiteral("sessionEnd"), {{QStringLiteral("session"), sessionId}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    detail.revokeSession(token);
    op = nextOperation(done);
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("the session %1 does not exist any more").arg(hint));
    shown = auditShownProblem(connection, demo.userIds.first(), QStringLiteral("sessionEnd"), {{QStringLiteral("session"), sessionId}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown)); // still one: the failed revoke recorded nothing

    // Named by the person, as the account page records it: the event names it too.
    const QString passkeyName = QStringLiteral("Ada's laptop");
    store->recordPasskey({QStringLiteral("cred-1"), demo.userIds.first(), passkeyName, QDateTime::currentDateTimeUtc(), {}}).waitForFinished();
    const QString registration = detail.accounts()->get(1).value(QStringLiteral("providerAccountId")).toString();
    QVERIFY(store->getAccount(registration, QStringLiteral("passkey")).result());
    detail.removeAuthenticator(QStringLiteral("cred-1"));
    QVERIFY(nextOperation(done).value(1).toBool());
    QVERIFY(!store->getAuthenticator(QStringLiteral("cred-1")).result());
    // Its webauthn registration goes with it, as the admin API's removal takes it.
    QVERIFY(!store->getAccount(registration, QStringLiteral("passkey")).result());
    QTRY_COMPARE_WITH_TIMEOUT(detail.accounts()->rowCount(), 1, waitMs);
    detail.unlinkAccount(QStringLiteral("github"), QStringLiteral("100000"));
    QVERIFY(nextOperation(done).value(1).toBool());
    QVERIFY(!store->getAccount(QStringLiteral("100000"), QStringLiteral("github")).result());
    QTRY_COMPARE_WITH_TIMEOUT(detail.accounts()->rowCount(), 0, waitMs);
    shown = auditShownProblem(connection, demo.userIds.first(), QStringLiteral("passkeyRemove"),
                              {{QStringLiteral("passkey"), Account::passkeyId(QStringLiteral("cred-1"))}, {QStringLiteral("name"), passkeyName}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    shown = auditShownProblem(connection, demo.userIds.first(), QStringLiteral("unlinkAccount"), {{QStringLiteral("type"), QStringLiteral("oauth")}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    AuditFilter unlinked;
    unlinked.userId = demo.userIds.first();
    unlinked.type = QStringLiteral("unlinkAccount");
    QCOMPARE(store->auditEvents(unlinked, 10).result().value(0).provider, QStringLiteral("github"));
    AuditFilter passkeyRemoved;
    passkeyRemoved.userId = demo.userIds.first();
    passkeyRemoved.type = QStringLiteral("passkeyRemove");
    QCOMPARE(store->auditEvents(passkeyRemoved, 10).result().value(0).provider, QStringLiteral("passkey"));

    // Sign out everywhere (user 1 has two active sessions and an expired one).
    detail.setUserId(demo.userIds.at(1));
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    QCOMPARE(detail.sessions()->rowCount(), 3);
    detail.revokeAllSessions();
    op = nextOperation(done);
    QVERIFY(op.value(1).toBool());
    QCOMPARE(op.value(2).toString(), QStringLiteral("revoked 3 session(s)"));
    QTRY_COMPARE_WITH_TIMEOUT(detail.sessions()->rowCount(), 0, waitMs);
    shown = auditShownProblem(connection, demo.userIds.at(1), QStringLiteral("sessionsEndAll"), {{QStringLiteral("sessionsEnded"), 3}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));

    // The seed disables every sixth user from the fifth on.
    detail.setUserId(demo.userIds.at(4));
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded() && detail.email() == demo.emails.at(4), waitMs);
    QVERIFY(detail.isDisabled());

    detail.setUserId(QStringLiteral("424242"));
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    QVERIFY(!detail.exists());
}

//! The audit events of type \a type for \a userId, newest first (waits a little: TwoFactor writes
//! its events in the background).
static QList<AuditEvent> auditOf(SqlAdapter &store, const QString &userId, const QString &type, int expected)
{
    AuditFilter filter;
    filter.userId = userId;
    filter.type = type;
    QList<AuditEvent> events;
    QElapsedTimer timer;
    timer.start();
    do {
        events = store.auditEvents(filter, 100).result();
        if (events.size() >= expected)
            break;
        QTest::qWait(20);
    } while (timer.elapsed() < waitMs);
    return events;
}

void AdminModelTests::userDetailTwoFactor()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("twofactor"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();
    const QString ada = demo.userIds.at(0);
    const TwoFactor twoFactor(store, {QStringLiteral("another secret: status opens nothing sealed")});

    // Ada set up an authenticator app through gatehouse/twofactor.h (the seed); she used one
    // recovery code since.
    const QStringList codes = twoFactor.regenerateRecoveryCodes(ada).result();
    QCOMPARE(codes.size(), 10);
    QCOMPARE(twoFactor.verify(ada, codes.first()).result(), SecondFactor::RecoveryCode);
    const TwoFactorStatus before = twoFactor.status(ada).result();
    QVERIFY(before.enrolled);

    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(ada);
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    QVERIFY(detail.twoFactorAvailable());
    QVERIFY(detail.twoFactorEnrolled());
    QVERIFY(!detail.twoFactorPending());
    QCOMPARE(detail.twoFactorEnrolledAt(), *before.enrolledAt);
    QVERIFY(qAbs(detail.twoFactorEnrolledAt().secsTo(QDateTime::currentDateTimeUtc())) < 600);
    QCOMPARE(detail.recoveryCodesLeft(), 9);

    // Remove it, as gatehouse-server user 2fa reset does: gone, audited as by an administrator.
    QSignalSpy done(&detail, &UserDetail::operationFinished);
    detail.removeTwoFactor();
    QVariantList op = nextOperation(done);
    QCOMPARE(op.value(0).toString(), QStringLiteral("removeTwoFactor"));
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("removed the authenticator app and 9 recovery code(s); sign-in "
                                                    "asks for no code until the person sets it up again"));
    const TwoFactorStatus after = twoFactor.status(ada).result();
    QVERIFY(!after.enrolled && !after.pending);
    QCOMPARE(after.recoveryCodesLeft, 0);
    QTRY_VERIFY_WITH_TIMEOUT(!detail.twoFactorEnrolled() && !detail.isBusy(), waitMs);
    QVERIFY(!detail.twoFactorEnrolledAt().isValid());
    QCOMPARE(detail.recoveryCodesLeft(), 0);
    const QList<AuditEvent> removed = auditOf(*store, ada, QStringLiteral("twoFactorRemove"), 1);
    QCOMPARE(removed.size(), 1);
    const QString shown = auditShownProblem(connection, ada, QStringLiteral("twoFactorRemove"), {});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    // A recovery code stopped working with it.
    bool refused = false;
    try {
        twoFactor.verify(ada, codes.at(1)).result();
    } catch (const AuthError &) {
        refused = true;
    }
    QVERIFY(refused);
    // Again: nothing to remove, said so.
    detail.removeTwoFactor();
    op = nextOperation(done);
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("there is no authenticator app to remove any more"));

    // Alan started an enrolment and never confirmed it: pending, removable the same way.
    detail.setUserId(demo.userIds.at(1));
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded() && detail.email() == demo.emails.at(1), waitMs);
    QVERIFY(!detail.twoFactorEnrolled());
    QVERIFY(detail.twoFactorPending());
    QCOMPARE(detail.recoveryCodesLeft(), 0);
    detail.removeTwoFactor();
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!detail.twoFactorPending() && !detail.isBusy(), waitMs);
    QCOMPARE(auditOf(*store, demo.userIds.at(1), QStringLiteral("twoFactorRemove"), 1).size(), 1);

    // Someone without any: nothing enrolled, nothing pending.
    detail.setUserId(demo.userIds.at(2));
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded() && detail.email() == demo.emails.at(2), waitMs);
    QVERIFY(detail.twoFactorAvailable());
    QVERIFY(!detail.twoFactorEnrolled() && !detail.twoFactorPending());
}

void AdminModelTests::userDetailGroups()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("groups"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();
    const QString ada = demo.userIds.at(0);

    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(ada);
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    QCOMPARE(detail.groups(), (QStringList{QStringLiteral("admins"), QStringLiteral("staff")}));

    QSignalSpy done(&detail, &UserDetail::operationFinished);
    detail.addGroup(QStringLiteral("on call"));
    QVariantList op = nextOperation(done);
    QCOMPARE(op.value(0).toString(), QStringLiteral("addGroup"));
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("added to on call"));
    QCOMPARE(store->userGroups(ada).result(), (QStringList{QStringLiteral("admins"), QStringLiteral("on call"), QStringLiteral("staff")}));
    QTRY_COMPARE_WITH_TIMEOUT(detail.groups(),
                              (QStringList{QStringLiteral("admins"), QStringLiteral("on call"), QStringLiteral("staff")}), waitMs);
    QList<AuditEvent> events = auditOf(*store, ada, QStringLiteral("groupAdd"), 1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(compact(events.first().detail), compact(byTheApp({{QStringLiteral("group"), QStringLiteral("on call")}})));
    // Twice: nothing changes, nothing is recorded.
    detail.addGroup(QStringLiteral("on call"));
    op = nextOperation(done);
    QVERIFY(op.value(1).toBool());
    QCOMPARE(op.value(2).toString(), QStringLiteral("already in on call"));

    // The CLI's rule for names, refused before the database is asked.
    const QList<std::pair<QString, QString>> refused{
        {QString(), QStringLiteral("Enter a group name.")},
        {QStringLiteral("a,b"), QStringLiteral("A group name cannot contain a comma.")},
        {QStringLiteral(" admins"), QStringLiteral("A group name cannot begin or end with a space.")},
        {QStringLiteral("x\r\nRemote-User: root"), QStringLiteral("A group name cannot contain line breaks, tabs or other control characters.")},
        {QString(129, QLatin1Char('g')), QStringLiteral("A group name has at most 128 characters.")}};
    for (const auto &[name, problem] : refused) {
        QCOMPARE(detail.validateGroupName(name), problem);
        detail.addGroup(name);
        op = nextOperation(done);
        QCOMPARE(op.value(1).toBool(), false);
        QCOMPARE(op.value(2).toString(), problem);
    }
    QCOMPARE(detail.validateGroupName(QStringLiteral("Ops-Team_2 (night)")), QString());
    QCOMPARE(store->userGroups(ada).result().size(), 3);

    detail.removeGroup(QStringLiteral("admins"));
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("removed from admins"));
    QCOMPARE(store->userGroups(ada).result(), (QStringList{QStringLiteral("on call"), QStringLiteral("staff")}));
    QTRY_COMPARE_WITH_TIMEOUT(detail.groups(), (QStringList{QStringLiteral("on call"), QStringLiteral("staff")}), waitMs);
    events = auditOf(*store, ada, QStringLiteral("groupRemove"), 1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(compact(events.first().detail), compact(byTheApp({{QStringLiteral("group"), QStringLiteral("admins")}})));
    QCOMPARE(auditOf(*store, ada, QStringLiteral("groupAdd"), 1).size(), 1); // the second add recorded nothing
    // The events show in the user's audit list.
    detail.reload();
    QTRY_VERIFY_WITH_TIMEOUT(!detail.isBusy(), waitMs);
    QStringList types;
    for (int row = 0; row < detail.auditEvents()->rowCount(); ++row)
        types.append(detail.auditEvents()->get(row).value(QStringLiteral("type")).toString());
    QVERIFY2(types.contains(QStringLiteral("groupAdd")) && types.contains(QStringLiteral("groupRemove")), qPrintable(types.join(u',')));
    detail.removeGroup(QStringLiteral("admins"));
    op = nextOperation(done);
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("not in admins any more"));
}

void AdminModelTests::userDetailLockouts()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("lockouts"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();
    const QString ada = demo.userIds.at(0);

    // Ada typed five wrong passwords (the seed): the default limit, 5 in 15 minutes, keeps her out.
    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(ada);
    QTRY_VERIFY_WITH_TIMEOUT(detail.isLoaded(), waitMs);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QCOMPARE(detail.lockouts().size(), 1);
    const QVariantMap lockout = detail.lockouts().first().toMap();
    QCOMPARE(lockout.value(QStringLiteral("kind")).toString(), QStringLiteral("password sign-in"));
    const QDateTime until = lockout.value(QStringLiteral("until")).toDateTime();
    // Windows are aligned to multiples of 15 minutes and the previous one still weighs: five
    // failures early in one keep her out until a fifth of the next one has passed.
    QVERIFY2(until > now && until <= now.addSecs(900 + 180), qPrintable(until.toString(Qt::ISODate)));

    // Alan is kept out of nothing.
    UserDetail alan;
    alan.setConnection(&connection);
    alan.setUserId(demo.userIds.at(1));
    QTRY_VERIFY_WITH_TIMEOUT(alan.isLoaded(), waitMs);
    QVERIFY(alan.lockouts().isEmpty());

    // Lift it, as gatehouse-server user unlock does: gone, audited with who lifted it.
    QSignalSpy done(&detail, &UserDetail::operationFinished);
    detail.unlock();
    QVariantList op = nextOperation(done);
    QCOMPARE(op.value(0).toString(), QStringLiteral("unlock"));
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("cleared the counted failures of %1 (password sign-in): the next "
                                                    "attempt is allowed at once").arg(demo.emails.at(0)));
    QTRY_VERIFY_WITH_TIMEOUT(detail.lockouts().isEmpty() && !detail.isBusy(), waitMs);
    const QList<AuditEvent> lifted = auditOf(*store, ada, QStringLiteral("lockoutLift"), 1);
    QCOMPARE(lifted.size(), 1);
    QCOMPARE(lifted.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
    QVERIFY(!lifted.first().detail.value(QStringLiteral("operator")).toString().isEmpty());
    QVERIFY(currentLockouts(store, connection.lockoutLimits()).result().isEmpty());
    // Again: nothing counted, said so.
    detail.unlock();
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("nothing was counted against %1: no limit to lift").arg(demo.emails.at(0)));

    // The limits are the server's: a configuration that allows ten attempts keeps nobody out after five.
    for (int i = 0; i < 5; ++i)
        store->hitRateLimit(QStringLiteral("credentials:credentials:id:") + demo.emails.at(0), std::chrono::seconds(900), 5)
            .waitForFinished();
    detail.reload();
    QTRY_VERIFY_WITH_TIMEOUT(detail.lockouts().size() == 1 && !detail.isBusy(), waitMs);
    const QString path = m_dir.filePath(QStringLiteral("lockouts.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("adapter"), QJsonObject{{QStringLiteral("url"), url}}},
                                         {QStringLiteral("rateLimit"),
                                          QJsonObject{{QStringLiteral("maxFailuresPerIdentifier"), 10}}}})
                   .toJson());
    file.close();
    AdminConnection configured;
    openReady(configured, path);
    QCOMPARE(configured.lockoutLimits().rateLimit.maxFailuresPerIdentifier, 10);
    UserDetail viaConfig;
    viaConfig.setConnection(&configured);
    viaConfig.setUserId(ada);
    QTRY_VERIFY_WITH_TIMEOUT(viaConfig.isLoaded(), waitMs);
    QVERIFY(viaConfig.lockouts().isEmpty());
}

void AdminModelTests::sessionsFilterRevokeAndCleanUp()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("sessions"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();

    SessionsModel model;
    model.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), demo.activeSessions, waitMs);
    QCOMPARE(model.totalCount(), qint64(demo.activeSessions));
    QCOMPARE(model.expiredCount(), qint64(demo.expiredSessions));
    for (int row = 0; row < model.rowCount(); ++row)
        QVERIFY(!model.get(row).value(QStringLiteral("expired")).toBool());
    for (int row = 1; row < model.rowCount(); ++row) // latest expiry first
        QVERIFY(model.get(row - 1).value(QStringLiteral("expires")).toDateTime() >= model.get(row).value(QStringLiteral("expires")).toDateTime());

    model.setIncludeExpired(true);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), demo.activeSessions + demo.expiredSessions, waitMs);

    // By user: Ada's sessions only.
    model.setIncludeExpired(false);
    model.setUserFilter(QStringLiteral("LOVELACE"));
    QTRY_COMPARE_WITH_TIMEOUT(model.totalCount(), Test::countSessions(*store, demo.userIds.first()).result(), waitMs);
    QTRY_COMPARE_WITH_TIMEOUT(qint64(model.rowCount()), model.totalCount(), waitMs);
    QCOMPARE(model.get(0).value(QStringLiteral("userEmail")).toString(), demo.emails.first());

    // By provider: users linked to Google are i % 3 == 1.
    model.setUserFilter({});
    model.setProviderFilter(QStringLiteral("google"));
    QTRY_VERIFY_WITH_TIMEOUT(model.totalCount() > 0 && model.rowCount() == model.totalCount(), waitMs);
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString userId = model.get(row).value(QStringLiteral("userId")).toString();
        QCOMPARE(demo.userIds.indexOf(userId) % 3, 1);
    }

    // Revoke one.
    QSignalSpy done(&model, &SessionsModel::operationFinished);
    const int before = model.rowCount();
    const QString token = model.get(0).value(QStringLiteral("sessionToken")).toString();
    const QString owner = model.get(0).value(QStringLiteral("userId")).toString();
    model.revoke(token);
    QVariantList op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    const QString sessionId =
        QString::fromLatin1(QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex());
    const QString shown = auditShownProblem(connection, owner, QStringLiteral("sessionEnd"), {{QStringLiteral("session"), sessionId}});
    QVERIFY2(shown.isEmpty(), qPrintable(shown));
    QVERIFY(!store->getSessionAndUser(token).result());
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), before - 1, waitMs);

    // Clean-up with progress: more expired sessions than one batch.
    model.setProviderFilter({});
    const QDateTime past = QDateTime::currentDateTimeUtc().addDays(-2);
    QList<QFuture<AdapterSession>> created;
    for (int i = 0; i < 2500; ++i)
        created.append(store->createSession({QStringLiteral("old-%1").arg(i), demo.userIds.at(i % 5), past}));
    for (auto &f : created)
        f.waitForFinished();
    model.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(model.expiredCount(), qint64(demo.expiredSessions + 2500), waitMs);
    QList<double> progress;
    connect(&model, &SessionsModel::cleanupChanged, &model, [&] { progress.append(model.cleanupProgress()); });
    model.cleanupExpired();
    QVERIFY(model.isCleanupRunning());
    op = nextOperation(done);
    QCOMPARE(op.value(0).toString(), QStringLiteral("cleanupExpired"));
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("deleted %1 expired session(s)").arg(demo.expiredSessions + 2500));
    QVERIFY(!model.isCleanupRunning());
    QCOMPARE(model.cleanupProgress(), 1.0);
    QVERIFY2(progress.size() >= 4, qPrintable(QString::number(progress.size()))); // start, 3 batches, end
    QVERIFY(std::is_sorted(progress.cbegin(), progress.cend()));
    QCOMPARE(store->countExpiredSessions().result(), qint64(0));
    QTRY_COMPARE_WITH_TIMEOUT(model.expiredCount(), qint64(0), waitMs);
    // Every user's sessions: no user page; the audit log has it once, as the API's clean-up.
    AuditFilter cleanUps;
    cleanUps.type = QStringLiteral("sessionsCleanUp");
    QList<AuditEvent> recorded = store->auditEvents(cleanUps, 10).result();
    QCOMPARE(recorded.size(), 1);
    QCOMPARE(recorded.first().userId, QString());
    QCOMPARE(compact(recorded.first().detail), compact(byTheApp({{QStringLiteral("deleted"), demo.expiredSessions + 2500}})));
    // Nothing left to clean: nothing recorded.
    model.cleanupExpired();
    op = nextOperation(done);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(store->auditEvents(cleanUps, 10).result().size(), 1);
}

void AdminModelTests::dashboardFigures()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("dashboard"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));

    DashboardModel dashboard;
    dashboard.setConnection(&connection);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.isLoaded(), waitMs);
    QVERIFY(dashboard.errorString().isEmpty());
    QCOMPARE(dashboard.userCount(), qint64(demo.userIds.size()));
    QCOMPARE(dashboard.activeSessionCount(), qint64(demo.activeSessions));
    QCOMPARE(dashboard.signInsToday(), qint64(demo.signInsToday));
    QCOMPARE(dashboard.failuresToday(), qint64(demo.failuresToday));
    const QVariantList days = dashboard.days();
    QCOMPARE(days.size(), 30);
    QCOMPARE(days.last().toMap().value(QStringLiteral("date")).toDate(), QDateTime::currentDateTimeUtc().date());
    QCOMPARE(days.last().toMap().value(QStringLiteral("signIns")).toLongLong(), qint64(demo.signInsToday));
    qint64 max = 0;
    qint64 failures = 0;
    for (const QVariant &day : days) {
        max = qMax(max, qMax(day.toMap().value(QStringLiteral("signIns")).toLongLong(), day.toMap().value(QStringLiteral("failures")).toLongLong()));
        failures += day.toMap().value(QStringLiteral("failures")).toLongLong();
    }
    QCOMPARE(dashboard.maxDaily(), max);
    AuditFilter failed;
    failed.type = QStringLiteral("signInFailed");
    QCOMPARE(failures, qint64(connection.adapter()->auditEvents(failed, 100000).result().size()));
    const QVariantList providers = dashboard.topProviders();
    QVERIFY(!providers.isEmpty() && providers.size() <= 5);
    for (int i = 1; i < providers.size(); ++i)
        QVERIFY(providers.at(i - 1).toMap().value(QStringLiteral("count")).toLongLong()
                >= providers.at(i).toMap().value(QStringLiteral("count")).toLongLong());
    AuditFilter github;
    github.type = QStringLiteral("signIn");
    github.provider = providers.first().toMap().value(QStringLiteral("provider")).toString();
    github.from = QDateTime(QDateTime::currentDateTimeUtc().date().addDays(-29), QTime(0, 0), Qt::UTC);
    QCOMPARE(providers.first().toMap().value(QStringLiteral("count")).toLongLong(),
             qint64(connection.adapter()->auditEvents(github, 100000).result().size()));
}

// "Import users…": the file is checked first (nothing stored), every user shown with what would
// become of it; the import then stores what was shown, audited as the admin's.
void AdminModelTests::importUsersCheckedThenImported()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("import"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    std::shared_ptr<SqlAdapter> store = connection.adapter();
    AdapterUser dee;
    dee.email = QStringLiteral("dee@example.test");
    store->createUser(dee).result();

    const QByteArray bcrypt10 = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
    const QByteArray bcrypt5 = "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
    const QString path = m_dir.filePath(QStringLiteral("users.htpasswd"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("ada:" + bcrypt10 + "\nbob:" + bcrypt5 + "\ndee:" + bcrypt10 + "\n");
    file.close();

    UserImportModel model;
    model.setConnection(&connection);
    model.setFormat(QStringLiteral("csv"));
    model.setFileUrl(QUrl::fromLocalFile(path));
    QCOMPARE(model.format(), QStringLiteral("htpasswd"));  // from the file's name
    model.setEmailDomain(QStringLiteral("example.test"));
    model.setGroups(QStringLiteral("staff, imported"));
    const auto rows = [&model] {
        QStringList out;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            out.append(QStringLiteral("%1|%2|%3").arg(index.data(UserImportModel::LineRole).toInt())
                           .arg(index.data(UserImportModel::EmailRole).toString(), index.data(UserImportModel::OutcomeRole).toString()));
        }
        return out;
    };

    // All or nothing (the default) with a weak hash and an existing user: nothing to import.
    model.check();
    QTRY_COMPARE_WITH_TIMEOUT(model.state(), UserImportModel::State::Checked, waitMs);
    QCOMPARE(rows(), (QStringList{QStringLiteral("1|ada@example.test|created"), QStringLiteral("2||refused"),
                                  QStringLiteral("3|dee@example.test|refused")}));
    QVERIFY(model.index(1).data(UserImportModel::ReasonRole).toString().contains(QStringLiteral("bcrypt cost 5")));
    QCOMPARE(model.refusedCount(), 2);
    QVERIFY(!model.canImport());
    QVERIFY(model.blockedReason().contains(QStringLiteral("refused: nothing would be imported")));
    model.importUsers();  // refused while blocked
    QCOMPARE(model.state(), UserImportModel::State::Checked);
    QVERIFY(!store->getUserByEmail(QStringLiteral("ada@example.test")).result());

    // A changed option asks for a new check.
    model.setOnConflict(QStringLiteral("skip"));
    QCOMPARE(model.state(), UserImportModel::State::Idle);
    QCOMPARE(model.rowCount(), 0);
    model.check();
    QTRY_COMPARE_WITH_TIMEOUT(model.state(), UserImportModel::State::Checked, waitMs);
    QCOMPARE(rows(), (QStringList{QStringLiteral("1|ada@example.test|created"), QStringLiteral("2||refused"),
                                  QStringLiteral("3|dee@example.test|skipped")}));
    QVERIFY2(model.canImport(), qPrintable(model.blockedReason()));
    QVERIFY(!store->getUserByEmail(QStringLiteral("ada@example.test")).result());  // a check stores nothing

    model.importUsers();
    QCOMPARE(model.state(), UserImportModel::State::Importing);
    QTRY_COMPARE_WITH_TIMEOUT(model.state(), UserImportModel::State::Imported, waitMs);
    QVERIFY(model.isCommitted());
    QCOMPARE(model.createdCount(), 1);
    QCOMPARE(model.progress(), 1.0);
    const std::optional<AdapterUser> ada = store->getUserByEmail(QStringLiteral("ada@example.test")).result();
    QVERIFY(ada);
    QStringList groups = store->userGroups(ada->id).result();
    groups.sort();
    QCOMPARE(groups, (QStringList{QStringLiteral("imported"), QStringLiteral("staff")}));
    QVERIFY(store->passwordHash(QStringLiteral("ada@example.test")).result());
    QVERIFY(!store->getUserByEmail(QStringLiteral("bob@example.test")).result());
    AuditFilter filter;
    filter.userId = ada->id;
    filter.type = QStringLiteral("userImport");
    const QList<AuditEvent> events = store->auditEvents(filter, 10).result();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
    QCOMPARE(events.first().detail.value(QStringLiteral("format")).toString(), QStringLiteral("htpasswd"));

    // The same file again: nothing new.
    model.check();
    QTRY_COMPARE_WITH_TIMEOUT(model.state(), UserImportModel::State::Checked, waitMs);
    QCOMPARE(rows().first(), QStringLiteral("1|ada@example.test|skipped"));
    QVERIFY(!model.canImport());
    QVERIFY(model.blockedReason().startsWith(QStringLiteral("Nothing to import")));

    // A file that is not there: said, nothing else.
    model.setFileUrl(QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("missing.csv"))));
    QCOMPARE(model.format(), QStringLiteral("csv"));
    model.check();
    QTRY_COMPARE_WITH_TIMEOUT(model.state(), UserImportModel::State::Failed, waitMs);
    QVERIFY2(model.errorString().startsWith(QStringLiteral("cannot read ")), qPrintable(model.errorString()));
    QCOMPARE(model.rowCount(), 0);
}


namespace {

//! "type user" of each row of \a model, top to bottom.
QStringList activityRows(const ActivityModel &model)
{
    QStringList rows;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariantMap event = model.get(row);
        rows.append(event.value("type").toString() + u' ' + event.value("details").toString());
    }
    return rows;
}

//! The event numbers ("n: 17" in the details) of \a model's rows, top to bottom.
QList<int> activityNumbers(const ActivityModel &model)
{
    QList<int> numbers;
    for (int row = 0; row < model.rowCount(); ++row)
        numbers.append(model.get(row).value("details").toString().section(QStringLiteral("n: "), 1).section(u'\n', 0, 0).toInt());
    return numbers;
}

} // namespace

// The Activity view's model on a database: every user's events newest first, a window that pages
// back and stays bounded, the filters (types, a user by email or id, a time window) and new events
// appearing live, at the top or held while the reader is scrolled back.
void AdminModelTests::activityPagesBackFiltersAndFollows()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("activity"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    AdminConnection connection;
    openReady(connection, url);
    std::shared_ptr<SqlAdapter> store = connection.adapter();
    AdapterUser adaUser;
    adaUser.email = QStringLiteral("ada@example.test");
    const QString ada = store->createUser(adaUser).result().id;
    AdapterUser bobUser;
    bobUser.email = QStringLiteral("bob@example.test");
    const QString bob = store->createUser(bobUser).result().id;

    // 250 events an hour ago, a second apart; the last ten in one and the same millisecond.
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-3600);
    const QStringList kinds{QStringLiteral("signIn"), QStringLiteral("signInFailed"), QStringLiteral("signOut")};
    for (int n = 0; n < 250; ++n) {
        AuditEvent event;
        event.time = start.addSecs(qMin(n, 240));
        event.type = kinds.at(n % 3);
        event.userId = n % 2 == 0 ? ada : bob;
        event.provider = QStringLiteral("credentials");
        event.clientAddress = QStringLiteral("192.0.2.7");
        event.detail = QJsonObject{{"n", n}};
        store->appendAudit(event).result();
    }

    ActivityModel model;
    model.setPageSize(40);
    model.setMaxRows(100);
    model.setPollIntervalMs(200);
    model.setConnection(&connection);
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.errorString(), QString());
    QCOMPARE(model.rowCount(), 40);
    QVERIFY(model.hasOlder());
    QVERIFY(model.atNewest());
    QList<int> expected;
    for (int n = 249; n >= 210; --n)
        expected.append(n);
    QCOMPARE(activityNumbers(model), expected);
    const QVariantMap top = model.get(0);
    QCOMPARE(top.value("typeText").toString(), QStringLiteral("Signed in"));
    QCOMPARE(top.value("userId").toString(), bob);
    QTRY_COMPARE_WITH_TIMEOUT(model.get(0).value("userEmail").toString(), QStringLiteral("bob@example.test"), waitMs);
    QCOMPARE(top.value("provider").toString(), QStringLiteral("credentials"));
    QCOMPARE(top.value("clientAddress").toString(), QStringLiteral("192.0.2.7"));
    QCOMPARE(top.value("details").toString(), QStringLiteral("n: 249"));

    // Paging back: the next older pages, each event once (also within one millisecond); the
    // window stays at maxRows, dropping the newest rows.
    model.loadOlder();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 80, waitMs);
    model.loadOlder();
    QTRY_VERIFY_WITH_TIMEOUT(!model.atNewest(), waitMs);
    QCOMPARE(model.rowCount(), 100);
    expected.clear();
    for (int n = 229; n >= 130; --n)
        expected.append(n);
    QCOMPARE(activityNumbers(model), expected);
    for (int page = 0; page < 10 && model.hasOlder(); ++page) {
        const int oldest = activityNumbers(model).constLast();
        model.loadOlder();
        QTRY_VERIFY_WITH_TIMEOUT(activityNumbers(model).constLast() < oldest, waitMs);
    }
    QVERIFY(!model.hasOlder());
    QCOMPARE(activityNumbers(model).constLast(), 0);
    QCOMPARE(model.rowCount(), 100);

    // Filters: one type, two types, a user by email and by id, a time window.
    model.setPageSize(300);
    model.setMaxRows(1000);
    model.setTypes({QStringLiteral("signInFailed")});
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.rowCount(), 83);
    for (const QString &row : activityRows(model))
        QVERIFY2(row.startsWith(QStringLiteral("signInFailed ")), qPrintable(row));
    model.setTypes({QStringLiteral("signOut"), QStringLiteral("signInFailed")});
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.rowCount(), 166);
    QCOMPARE(activityRows(model).filter(QStringLiteral("signIn ")).size(), 0);
    model.setTypes({});
    model.setUser(QStringLiteral("Bob@Example.test"));
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.rowCount(), 125);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.get(row).value("userId").toString(), bob);
    model.setUser(ada);
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.rowCount(), 125);
    QCOMPARE(activityNumbers(model).constFirst(), 248);
    model.setUser(QStringLiteral("nobody@example.test"));
    QTRY_COMPARE_WITH_TIMEOUT(model.errorString(), QStringLiteral("could not read the activity: no user has the email nobody@example.test"), waitMs);
    QCOMPARE(model.rowCount(), 0);
    model.setUser(QString());
    const QDateTime from = start.addSecs(100).toLocalTime();
    const QDateTime to = start.addSecs(110).toLocalTime();
    model.setSince(from.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    model.setUntil(to.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.errorString(), QString());
    expected.clear();
    for (int n = 109; n >= 100; --n)
        expected.append(n);
    QCOMPARE(activityNumbers(model), expected);
    model.setSince(QStringLiteral("yesterday"));
    QCOMPARE(model.filterProblem(), QStringLiteral("\"yesterday\" is not a date (write it as 2026-11-29 or 2026-11-29 08:00)"));
    QCOMPARE(model.rowCount(), 0);
    model.setSince(QString());
    model.setUntil(QString());
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    QCOMPARE(model.rowCount(), 250);

    // Live: a new event goes in at the top while the reader is there ...
    QSignalSpy added(&model, &ActivityModel::newestAdded);
    AuditEvent fresh;
    fresh.type = QStringLiteral("passwordChange");
    fresh.userId = ada;
    fresh.detail = QJsonObject{{"n", 1000}};
    store->appendAudit(fresh).result();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 251, waitMs);
    QCOMPARE(activityNumbers(model).constFirst(), 1000);
    QCOMPARE(model.get(0).value("typeText").toString(), QStringLiteral("Password changed"));
    QCOMPARE(added.size(), 1);
    // ... and is held while the reader is scrolled back: the rows stay as they are.
    model.setFollowNewest(false);
    fresh.detail = QJsonObject{{"n", 1001}};
    store->appendAudit(fresh).result();
    QTRY_COMPARE_WITH_TIMEOUT(model.pendingCount(), 1, waitMs);
    QCOMPARE(model.rowCount(), 251);
    QCOMPARE(activityNumbers(model).constFirst(), 1000);
    model.showPending();
    QCOMPARE(model.pendingCount(), 0);
    QCOMPARE(activityNumbers(model).mid(0, 2), (QList<int>{1001, 1000}));
    // A filtered list follows only what matches.
    model.setFollowNewest(true);
    model.setTypes({QStringLiteral("signIn")});
    QTRY_VERIFY_WITH_TIMEOUT(model.isLoaded(), waitMs);
    const int signIns = model.rowCount();
    fresh.detail = QJsonObject{{"n", 1002}};
    store->appendAudit(fresh).result();
    fresh.type = QStringLiteral("signIn");
    fresh.detail = QJsonObject{{"n", 1003}};
    store->appendAudit(fresh).result();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), signIns + 1, waitMs);
    QCOMPARE(activityNumbers(model).constFirst(), 1003);
    // New to the log but older than the rows shown (an import keeps its own times): it goes where
    // its time puts it, once.
    fresh.time = start.addSecs(100).addMSecs(500);
    fresh.detail = QJsonObject{{"n", 1004}};
    store->appendAudit(fresh).result();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), signIns + 2, waitMs);
    const QList<int> numbers = activityNumbers(model);
    QCOMPARE(numbers.constFirst(), 1003);
    QCOMPARE(numbers.mid(numbers.indexOf(102), 3), (QList<int>{102, 1004, 99}));
    QCOMPARE(numbers.count(1004), 1);
}

constexpr const char *kOidcConfigSecret = "an-admin-test-secret-of-32-characters-or-more";

/*!
 * The \c sid gatehouse-server gives the database session \a token under \a secret, computed here
 * from the rule (HKDF-SHA256 of the secret, salt "gatehouse.oidc-sid", then HMAC-SHA256 of
 * "database:" and the token, base64url), not by the library's own code.
 */
static QString expectedSessionId(const QByteArray &secret, const QString &token)
{
    const QByteArray prk = QMessageAuthenticationCode::hash(secret, "gatehouse.oidc-sid", QCryptographicHash::Sha256);
    const QByteArray key = QMessageAuthenticationCode::hash("OpenID Provider session id\x01", prk, QCryptographicHash::Sha256);
    const QByteArray mac = QMessageAuthenticationCode::hash("database:" + token.toUtf8(), key, QCryptographicHash::Sha256);
    return QString::fromLatin1(mac.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

//! A configuration file at \a path naming the database \a url and two OpenID clients.
static bool writeOidcConfig(const QString &path, const QString &url)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    const QJsonArray clients{
        QJsonObject{{QStringLiteral("clientId"), QStringLiteral("grafana")},
                    {QStringLiteral("name"), QStringLiteral("Grafana")},
                    {QStringLiteral("clientSecret"), QStringLiteral("a-secret-of-at-least-32-characters-long")},
                    {QStringLiteral("redirectUris"), QJsonArray{QStringLiteral("https://grafana.example.test/login/generic_oauth")}},
                    {QStringLiteral("scopes"), QJsonArray{QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"), QStringLiteral("groups")}},
                    {QStringLiteral("access"), QJsonObject{{QStringLiteral("groups"), QJsonArray{QStringLiteral("admins")}}}},
                    {QStringLiteral("backchannelLogoutUri"), QStringLiteral("https://grafana.example.test/logout")}},
        QJsonObject{{QStringLiteral("clientId"), QStringLiteral("desktop")},
                    {QStringLiteral("public"), true},
                    {QStringLiteral("consent"), false},
                    {QStringLiteral("redirectUris"), QJsonArray{QStringLiteral("http://127.0.0.1/callback")}},
                    {QStringLiteral("scopes"), QJsonArray{QStringLiteral("openid"), QStringLiteral("offline_access")}}}};
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("adapter"), QJsonObject{{QStringLiteral("url"), url}}},
                                         {QStringLiteral("secret"), QString::fromLatin1(kOidcConfigSecret)},
                                         {QStringLiteral("oidcProvider"), QJsonObject{{QStringLiteral("clients"), clients}}}})
                   .toJson());
    return true;
}

void AdminModelTests::consentsListedNamedAndRevoked()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("consents"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("consents.json"));
    QVERIFY(writeOidcConfig(path, url));
    AdminConnection connection;
    openReady(connection, path);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();
    const QString ada = demo.userIds.at(0);
    const QString other = demo.userIds.at(1);
    const QDateTime first = QDateTime(QDate(2026, 11, 2), QTime(9, 30), Qt::UTC);
    store->grantOidcConsent(ada, QStringLiteral("grafana"), {QStringLiteral("openid"), QStringLiteral("email")}, first).waitForFinished();
    store->grantOidcConsent(ada, QStringLiteral("gone-app"), {QStringLiteral("openid")}, first.addDays(1)).waitForFinished();
    store->grantOidcConsent(other, QStringLiteral("grafana"), {QStringLiteral("openid")}, first).waitForFinished();

    ConsentsModel consents;
    consents.setConnection(&connection);
    consents.setUserId(ada);
    QTRY_COMPARE_WITH_TIMEOUT(consents.rowCount(), 2, waitMs);
    QVERIFY(consents.isAvailable());
    QCOMPARE(consents.errorString(), QString());
    QVariantMap grafana = consents.get(0);
    QVariantMap gone = consents.get(1);
    if (grafana.value(QStringLiteral("clientId")) != QStringLiteral("grafana"))
        std::swap(grafana, gone);
    // The configured name; a client the configuration does not name any more shows its id.
    QCOMPARE(grafana.value(QStringLiteral("name")).toString(), QStringLiteral("Grafana"));
    QCOMPARE(grafana.value(QStringLiteral("scopesText")).toString(), QStringLiteral("sign-in and identity, email address"));
    QCOMPARE(grafana.value(QStringLiteral("grantedAt")).toDateTime(), first);
    QCOMPARE(gone.value(QStringLiteral("name")).toString(), QStringLiteral("gone-app"));

    QSignalSpy done(&consents, &ConsentsModel::operationFinished);
    consents.revoke(QStringLiteral("grafana"));
    QVariantList op = nextOperation(done);
    QCOMPARE(op.value(0).toString(), QStringLiteral("revokeConsent"));
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(op.value(2).toString(), QStringLiteral("Grafana has no access any more: it asks again at the next sign-in"));
    QVERIFY(!store->oidcConsent(ada, QStringLiteral("grafana")).result());
    QVERIFY(store->oidcConsent(other, QStringLiteral("grafana")).result()); // only this person's
    QTRY_COMPARE_WITH_TIMEOUT(consents.rowCount(), 1, waitMs);
    QCOMPARE(consents.get(0).value(QStringLiteral("clientId")).toString(), QStringLiteral("gone-app"));
    const QList<AuditEvent> events = auditOf(*store, ada, QStringLiteral("oidcConsentRevoked"), 1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().detail.value(QStringLiteral("clientId")).toString(), QStringLiteral("grafana"));
    QCOMPARE(events.first().detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
    QCOMPARE(events.first().detail.value(QStringLiteral("operator")).toString(), Admin::operatingUser());

    // Gone meanwhile: refused by name, nothing recorded.
    consents.revoke(QStringLiteral("grafana"));
    op = nextOperation(done);
    QCOMPARE(op.value(1).toBool(), false);
    QCOMPARE(op.value(2).toString(), QStringLiteral("grafana had no access any more"));
    QCOMPARE(auditOf(*store, ada, QStringLiteral("oidcConsentRevoked"), 2).size(), 1);

    // Another user: their own list.
    consents.setUserId(other);
    QTRY_COMPARE_WITH_TIMEOUT(consents.rowCount(), 1, waitMs);
    QCOMPARE(consents.get(0).value(QStringLiteral("name")).toString(), QStringLiteral("Grafana"));
}

void AdminModelTests::revokedSessionTellsItsClients()
{
    // Revoking one session on a database queues a Logout Token for each client it signed in to
    // (a running server sends them): the user page's and the sessions view's revoke alike.
    QString error;
    const QString url = migratedDatabase(QStringLiteral("revokeclients"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("revokeclients.json"));
    QVERIFY(writeOidcConfig(path, url));
    AdminConnection connection;
    openReady(connection, path);
    AdminDemoData demo;
    QVERIFY2(AdminSeed::seedDemo(*connection.adapter(), &demo, &error), qPrintable(error));
    const auto store = connection.adapter();
    const QString ada = demo.userIds.at(0);
    const QDateTime later = QDateTime::currentDateTimeUtc().addDays(1);
    const QStringList tokens{QStringLiteral("revoke-one-token"), QStringLiteral("revoke-two-token"),
                             QStringLiteral("revoke-three-token")};
    for (const QString &token : tokens) {
        store->createSession({token, ada, later}).waitForFinished();
        store->addOidcSessionClient({expectedSessionId(kOidcConfigSecret, token), QStringLiteral("grafana"), ada, later,
                                     QStringLiteral("https://auth.example.test/auth")})
            .waitForFinished();
    }
    QCOMPARE(store->countOidcLogouts().result(), 0);

    UserDetail detail;
    detail.setConnection(&connection);
    detail.setUserId(ada);
    QSignalSpy detailDone(&detail, &UserDetail::operationFinished);
    detail.revokeSession(tokens.at(0));
    QVariantList op = nextOperation(detailDone);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(store->countOidcLogouts().result(), 1);

    SessionsModel sessions;
    sessions.setConnection(&connection);
    QSignalSpy sessionsDone(&sessions, &SessionsModel::operationFinished);
    sessions.revoke(tokens.at(1));
    op = nextOperation(sessionsDone);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(store->countOidcLogouts().result(), qint64(2), waitMs);

    // Opened by its URL the app knows no secret: the revoke works, no client can be found.
    AdminConnection byUrl;
    openReady(byUrl, url);
    UserDetail bare;
    bare.setConnection(&byUrl);
    bare.setUserId(ada);
    QSignalSpy bareDone(&bare, &UserDetail::operationFinished);
    bare.revokeSession(tokens.at(2));
    op = nextOperation(bareDone);
    QVERIFY2(op.value(1).toBool(), qPrintable(op.value(2).toString()));
    QCOMPARE(byUrl.adapter()->countOidcLogouts().result(), qint64(2));
}

void AdminModelTests::oidcClientsFromTheConfigFile()
{
    QString error;
    const QString url = migratedDatabase(QStringLiteral("clients"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("clients.json"));
    QVERIFY(writeOidcConfig(path, url));
    AdminConnection connection;
    openReady(connection, path);

    OidcClientsModel clients;
    clients.setConnection(&connection);
    QTRY_COMPARE_WITH_TIMEOUT(clients.rowCount(), 2, waitMs);
    QVERIFY(clients.isConfigured());
    QCOMPARE(clients.source(), path);
    QCOMPARE(clients.errorString(), QString());
    const QVariantMap grafana = clients.get(0);
    QCOMPARE(grafana.value(QStringLiteral("clientId")).toString(), QStringLiteral("grafana"));
    QCOMPARE(grafana.value(QStringLiteral("name")).toString(), QStringLiteral("Grafana"));
    QCOMPARE(grafana.value(QStringLiteral("isPublic")).toBool(), false);
    QCOMPARE(grafana.value(QStringLiteral("kind")).toString(), QStringLiteral("confidential (client secret)"));
    QCOMPARE(grafana.value(QStringLiteral("consentText")).toString(), QStringLiteral("asks each person first"));
    QCOMPARE(grafana.value(QStringLiteral("access")).toString(), QStringLiteral("groups: admins"));
    QCOMPARE(grafana.value(QStringLiteral("redirectUris")).toStringList(),
             QStringList{QStringLiteral("https://grafana.example.test/login/generic_oauth")});
    QCOMPARE(grafana.value(QStringLiteral("backchannelLogoutUri")).toString(), QStringLiteral("https://grafana.example.test/logout"));
    QCOMPARE(grafana.value(QStringLiteral("scopes")).toStringList(),
             (QStringList{QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"), QStringLiteral("groups")}));
    const QVariantMap desktop = clients.get(1);
    QCOMPARE(desktop.value(QStringLiteral("name")).toString(), QStringLiteral("desktop"));
    QCOMPARE(desktop.value(QStringLiteral("kind")).toString(), QStringLiteral("public (PKCE, no secret)"));
    QCOMPARE(desktop.value(QStringLiteral("consentText")).toString(), QStringLiteral("first-party: never asks"));
    QCOMPARE(desktop.value(QStringLiteral("access")).toString(), QStringLiteral("anyone signed in"));
    QCOMPARE(desktop.value(QStringLiteral("backchannelLogoutUri")).toString(), QString());
    const QString text = QString::fromUtf8(QJsonDocument::fromVariant(QVariant(clients.records().first())).toJson());
    QVERIFY2(!text.contains(QStringLiteral("a-secret-of")), "no secret is shown");

    // A database opened by its URL: no file, so no clients and no error.
    AdminConnection byUrl;
    openReady(byUrl, url);
    OidcClientsModel none;
    none.setConnection(&byUrl);
    QTRY_VERIFY_WITH_TIMEOUT(!none.isBusy(), waitMs);
    QCOMPARE(none.rowCount(), 0);
    QVERIFY(!none.isConfigured());
    QCOMPARE(none.source(), QString());
}

} // namespace Gatehouse::Testing
