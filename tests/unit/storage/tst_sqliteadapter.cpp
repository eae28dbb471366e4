#include "sqlfixture.h"

#include <gatehouse/userstate.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

//! A direct connection to a database file, beside the adapter's, for setting up and looking.
class DirectConnection
{
public:
    explicit DirectConnection(const QString &path)
        : m_name(QStringLiteral("direct-") + path)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        m_open = db.open();
    }
    ~DirectConnection() { QSqlDatabase::removeDatabase(m_name); }

    bool isOpen() const { return m_open; }

    //! Runs \a sql; returns the first column of the first row (or an empty QVariant).
    QVariant exec(const QString &sql, QString *error = nullptr)
    {
        QSqlQuery query(QSqlDatabase::database(m_name));
        if (!query.exec(sql)) {
            if (error)
                *error = query.lastError().text() + QStringLiteral(" in ") + sql;
            return {};
        }
        return query.next() ? query.value(0) : QVariant();
    }

    //! SQLite's plan for \a sql: the detail of each step, one per line.
    QString plan(const QString &sql)
    {
        QSqlQuery query(QSqlDatabase::database(m_name));
        if (!query.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + sql))
            return query.lastError().text();
        QStringList steps;
        while (query.next())
            steps.append(query.value(3).toString());
        return steps.join(u'\n');
    }

private:
    QString m_name;
    bool m_open = false;
};

QStringList migrationLines(SqlAdapter &adapter, int *version)
{
    QStringList lines;
    *version = adapter.migrate([&lines](const QString &line) { lines.append(line); }).result();
    return lines;
}

} // namespace

class TestSqliteAdapter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void migrationsAreIdempotent()
    {
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("idem.db"))));
        QCOMPARE(adapter.schemaVersion().result(), 0);

        int version = 0;
        QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        // One line per step, the last step last (steps are numbered, and a branch may lack one).
        QVERIFY2(lines.constLast().startsWith(QStringLiteral("schema step %1/%1 ").arg(SqlAdapter::latestSchemaVersion())),
                 qPrintable(lines.constLast()));
        QVERIFY2(lines.first().startsWith(QStringLiteral("schema step 1/")), qPrintable(lines.first()));
        QVERIFY2(lines.first().contains(QStringLiteral("created users, accounts, sessions, verification_token")),
                 qPrintable(lines.first()));
        QCOMPARE(adapter.schemaVersion().result(), SqlAdapter::latestSchemaVersion());
        const AdapterUser user = take(adapter.createUser({{}, QStringLiteral("Ann"), QStringLiteral("ann@example.test"), {}, {}}));

        lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        // One line per step, the last step last (steps are numbered, and a branch may lack one).
        QVERIFY2(lines.constLast().startsWith(QStringLiteral("schema step %1/%1 ").arg(SqlAdapter::latestSchemaVersion())),
                 qPrintable(lines.constLast()));
        for (const QString &line : lines)
            QVERIFY2(line.endsWith(QStringLiteral("already applied")), qPrintable(line));
        QCOMPARE(take(adapter.getUser(user.id)), std::optional(user));
    }

    void usesWriteAheadLogging()
    {
        const QString path = m_dir.filePath(QStringLiteral("wal.db"));
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
        }
        DirectConnection direct(path);
        QVERIFY(direct.isOpen());
        QCOMPARE(direct.exec(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    }

    void sessionLookupsReadTheIndexAlone()
    {
        const QString path = m_dir.filePath(QStringLiteral("lookups.db"));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        int version = 0;
        const QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(lines.at(6), QStringLiteral("schema step 7/26 (session lookup index): created sessions_token_lookup_idx"));
        const AdapterUser user = take(adapter.createUser({{}, {}, QStringLiteral("l@example.test"), {}, {}}));
        const AdapterSession session{QStringLiteral("lookup-token"), user.id, QDateTime(QDate(2099, 1, 1), QTime(0, 0), Qt::UTC)};
        take(adapter.createSession(session));
        QCOMPARE(take(adapter.getSessionAndUser(session.sessionToken))->session, session);
        try {
            take(adapter.createSession(session));
            QFAIL("a second session with the same token was created");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::Conflict);
        }

        // The session columns come from the index; the user from its row.
        DirectConnection direct(path);
        const QString plan = direct.plan(QStringLiteral(
            "SELECT s.\"sessionToken\", s.\"userId\", s.expires, u.name FROM sessions s "
            "JOIN users u ON u.id = s.\"userId\" WHERE s.\"sessionToken\" IN ('a', 'b')"));
        QVERIFY2(plan.startsWith(QStringLiteral("SEARCH s USING COVERING INDEX sessions_token_lookup_idx")), qPrintable(plan));
    }

    void adoptsAnAuthJsDatabase()
    {
        const QString path = m_dir.filePath(QStringLiteral("authjs.db"));
        {
            // The shape of Auth.js's SQL adapter schema, without keys or indexes, with rows in it.
            DirectConnection direct(path);
            QString error;
            for (const QString &sql : {
                     QStringLiteral("CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TEXT NOT NULL, "
                                    "token TEXT NOT NULL, PRIMARY KEY (identifier, token))"),
                     QStringLiteral("CREATE TABLE accounts (id INTEGER, \"userId\" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, "
                                    "provider VARCHAR(255) NOT NULL, \"providerAccountId\" VARCHAR(255) NOT NULL, "
                                    "refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT, scope TEXT, "
                                    "session_state TEXT, token_type TEXT, PRIMARY KEY (id))"),
                     QStringLiteral("CREATE TABLE sessions (id INTEGER, \"userId\" INTEGER NOT NULL, expires TEXT NOT NULL, "
                                    "\"sessionToken\" VARCHAR(255) NOT NULL, PRIMARY KEY (id))"),
                     QStringLiteral("CREATE TABLE users (id INTEGER, name VARCHAR(255), email VARCHAR(255), "
                                    "\"emailVerified\" TEXT, image TEXT, PRIMARY KEY (id))"),
                     QStringLiteral("INSERT INTO users (id, name, email) VALUES (7, 'Alice', 'alice@example.test')"),
                     QStringLiteral("INSERT INTO accounts (id, \"userId\", type, provider, \"providerAccountId\", "
                                    "token_type, expires_at) VALUES (3, 7, 'oidc', 'local-idp', 'user-1', 'bearer', 1893456000)"),
                     QStringLiteral("INSERT INTO sessions (\"userId\", expires, \"sessionToken\") "
                                    "VALUES (7, '2099-01-01T00:00:00.000Z', 'existing-session')"),
                     QStringLiteral("INSERT INTO verification_token (identifier, expires, token) "
                                    "VALUES ('alice@example.test', '2099-01-01T00:00:00.000Z', 'hashed')"),
                 }) {
                direct.exec(sql, &error);
                QVERIFY2(error.isEmpty(), qPrintable(error));
            }
        }

        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite:") + path));
        QCOMPARE(adapter.schemaVersion().result(), 0);
        int version = 0;
        const QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QVERIFY2(lines.first().contains(QStringLiteral("kept existing users, accounts, sessions, verification_token")),
                 qPrintable(lines.first()));

        const std::optional<AdapterUser> alice = take(adapter.getUser(QStringLiteral("7")));
        QVERIFY(alice);
        QCOMPARE(alice->name, std::optional<QString>(QStringLiteral("Alice")));
        QCOMPARE(take(adapter.getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-1"))), alice);
        const std::optional<SessionAndUser> session = take(adapter.getSessionAndUser(QStringLiteral("existing-session")));
        QVERIFY(session);
        QCOMPARE(session->session.expires, QDateTime(QDate(2099, 1, 1), QTime(0, 0), Qt::UTC));
        QCOMPARE(take(adapter.useVerificationToken(QStringLiteral("alice@example.test"), QStringLiteral("hashed")))->token,
                 QStringLiteral("hashed"));

        const AdapterUser bob = take(adapter.createUser({{}, {}, QStringLiteral("bob@example.test"), {}, {}}));
        QCOMPARE(bob.id, QStringLiteral("8"));
        take(adapter.createAuthenticator({QStringLiteral("cred"), alice->id, QStringLiteral("cred"), QStringLiteral("key"),
                                          0, QStringLiteral("singleDevice"), false, std::nullopt}));
        QCOMPARE(take(adapter.deleteUser(alice->id)), alice);
        QCOMPARE(take(adapter.getAccount(QStringLiteral("user-1"), QStringLiteral("local-idp"))), std::nullopt);
        QVERIFY(!take(adapter.getSessionAndUser(QStringLiteral("existing-session"))));
        QCOMPARE(take(adapter.getAuthenticator(QStringLiteral("cred"))), std::nullopt);
    }

    void disabledPasswordsBecomeDisabledUsers()
    {
        // Before schema 6, disabling a user disabled its built-in password only.
        const QString path = m_dir.filePath(QStringLiteral("userstate.db"));
        QString disabledId;
        QString otherId;
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
            disabledId = take(adapter.createUser({{}, {}, QStringLiteral("off@example.test"), {}, {}})).id;
            otherId = take(adapter.createUser({{}, {}, QStringLiteral("on@example.test"), {}, {}})).id;
            take(adapter.setPassword(disabledId, QStringLiteral("$argon2id$a")));
            take(adapter.setPassword(otherId, QStringLiteral("$argon2id$b")));
            take(adapter.setPasswordDisabled(disabledId, true));
        }
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("DROP TABLE gatehouse_user_state"), &error);
            direct.exec(QStringLiteral("DROP INDEX sessions_token_lookup_idx"), &error);
            direct.exec(QStringLiteral("DROP TABLE gatehouse_session_details"), &error);
            direct.exec(QStringLiteral("DROP TABLE gatehouse_session_revocations"), &error);
            direct.exec(QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version >= 6"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.schemaVersion().result(), 5);
        int version = 0;
        const QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(5), QStringLiteral("schema step 6/26 (disabled users): created gatehouse_user_state; "
                                             "1 user(s) with a disabled password are disabled users now"));
        QCOMPARE(take(adapter.isUserDisabled(disabledId)), true);
        QCOMPARE(take(adapter.isUserDisabled(otherId)), false);
        QCOMPARE(take(adapter.passwordHash(QStringLiteral("off@example.test")))->disabled, false);
        QCOMPARE(take(adapter.passwordHash(QStringLiteral("on@example.test")))->disabled, false);
    }

    void userGroupsStepKeepsTheData()
    {
        // A database of the build before groups (through step 10) gains gatehouse_user_groups;
        // its users stay, and their groups go with them when they are deleted.
        const QString path = m_dir.filePath(QStringLiteral("groups-step.db"));
        QString userId;
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
            userId = take(adapter.createUser({{}, QStringLiteral("Gil"), QStringLiteral("gil@example.test"), {}, {}})).id;
        }
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("DROP TABLE gatehouse_user_groups"), &error);
            direct.exec(QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version = 11"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.schemaVersion().result(), 10);
        int version = 0;
        const QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(10), QStringLiteral("schema step 11/26 (user groups): created gatehouse_user_groups"));
        QVERIFY2(lines.constLast().endsWith(QStringLiteral("already applied")), qPrintable(lines.constLast()));
        QVERIFY2(lines.at(9).endsWith(QStringLiteral("already applied")), qPrintable(lines.at(9)));
        QCOMPARE(take(adapter.userGroups(userId)), QStringList());
        QCOMPARE(take(adapter.addUserGroup(userId, QStringLiteral("admins"))), true);
        QCOMPARE(take(adapter.userGroups(userId)), QStringList{QStringLiteral("admins")});
        take(adapter.deleteUser(userId));
        DirectConnection direct(path);
        QCOMPARE(direct.exec(QStringLiteral("SELECT COUNT(*) FROM gatehouse_user_groups")).toInt(), 0);
    }

    void signInMethodsStepKeepsTheDetails()
    {
        // A database of the build before sign-in methods (through step 12) gains the column; the
        // details recorded before it stay, and read as "not recorded".
        const QString path = m_dir.filePath(QStringLiteral("methods-step.db"));
        QString userId;
        const QString token = QStringLiteral("methods-step-session");
        const QDateTime began = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch() - 60, Qt::UTC);
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
            userId = take(adapter.createUser({{}, QStringLiteral("Hal"), QStringLiteral("hal@example.test"), {}, {}})).id;
            take(adapter.createSession({token, userId, QDateTime::currentDateTimeUtc().addDays(1)}));
            take(adapter.recordSessionDetails({token, userId, began, QString(), QString(), {QStringLiteral("pwd")}}));
        }
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("ALTER TABLE gatehouse_session_details DROP COLUMN \"signInMethods\""), &error);
            direct.exec(QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version = 13"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.schemaVersion().result(), 12);
        int version = 0;
        QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(12), QStringLiteral("schema step 13/26 (sign-in methods of database sessions): "
                                              "added gatehouse_session_details.\"signInMethods\""));
        const std::optional<SessionDetails> details = take(adapter.sessionDetails(userId, token));
        QVERIFY(details);
        QCOMPARE(details->createdAt, began);
        QVERIFY(details->signInMethods.isEmpty());
        // A step that finds its column (MariaDB's DDL outside the step's transaction) keeps it.
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version = 13"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        lines = migrationLines(adapter, &version);
        QCOMPARE(lines.at(12), QStringLiteral("schema step 13/26 (sign-in methods of database sessions): "
                                              "kept existing gatehouse_session_details.\"signInMethods\""));
    }

    void aStepBelowTheLatestIsAppliedLate()
    {
        // Steps made in parallel (session details as 8, two-factor tables as 9) can reach a
        // database in either order: a step that is not recorded runs, whatever came after it.
        const QString path = m_dir.filePath(QStringLiteral("late-step.db"));
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
        }
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("DROP INDEX sessions_token_lookup_idx"), &error);
            direct.exec(QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version = 7"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        // The version is the last step before the gap, so the server asks for a migration.
        QCOMPARE(adapter.schemaVersion().result(), 6);
        int version = 0;
        const QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QCOMPARE(adapter.schemaVersion().result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(6), QStringLiteral("schema step 7/26 (session lookup index): created sessions_token_lookup_idx"));
        QVERIFY2(lines.constLast().endsWith(QStringLiteral("already applied")), qPrintable(lines.constLast()));
        QVERIFY2(migrationLines(adapter, &version).at(6).endsWith(QStringLiteral("already applied")), "step 7 ran twice");
    }

    void passkeysMadeBeforeStepTenAreListedWithoutDetails()
    {
        // A database of the build before step 10 (passkey names and times), with a passkey.
        const QString path = m_dir.filePath(QStringLiteral("step-ten.db"));
        QString userId;
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
            userId = take(adapter.createUser({{}, {}, QStringLiteral("key@example.test"), {}, {}})).id;
            AdapterAuthenticator key;
            key.credentialID = QStringLiteral("b2xkLWtleQ==");
            key.userId = userId;
            key.providerAccountId = key.credentialID;
            key.credentialPublicKey = QStringLiteral("cHVibGlj");
            key.credentialDeviceType = QStringLiteral("singleDevice");
            take(adapter.createAuthenticator(key));
        }
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("DROP TABLE gatehouse_passkeys"), &error);
            direct.exec(QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version = 10"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.schemaVersion().result(), 9);
        int version = 0;
        const QStringList lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(9), QStringLiteral("schema step 10/26 (passkey names and times): created gatehouse_passkeys"));
        // The passkey is there, without a name or times; naming it records a name only.
        QList<UserPasskeyRecord> keys = take(adapter.userPasskeys(userId));
        QCOMPARE(keys.size(), 1);
        QCOMPARE(keys.at(0).authenticator.credentialID, QStringLiteral("b2xkLWtleQ=="));
        QVERIFY(!keys.at(0).details);
        QVERIFY(take(adapter.renamePasskey(userId, QStringLiteral("b2xkLWtleQ=="), QStringLiteral("Old key"))));
        keys = take(adapter.userPasskeys(userId));
        QCOMPARE(keys.at(0).details->name, QStringLiteral("Old key"));
        QVERIFY(!keys.at(0).details->createdAt.isValid());
        QVERIFY(!keys.at(0).details->lastUsedAt.isValid());
    }

    void aFailedStepChangesNothing()
    {
        // A view where step 6 wants its table: steps 1 to 5 run, step 6 fails, all is rolled back.
        const QString path = m_dir.filePath(QStringLiteral("conflict.db"));
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("CREATE VIEW gatehouse_user_state AS SELECT 1 AS one"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QStringList lines;
        try {
            adapter.migrate([&lines](const QString &line) { lines.append(line); }).waitForFinished();
            QFAIL("the migration succeeded");
        } catch (const AdapterError &error) {
            QVERIFY2(error.message().startsWith(QStringLiteral("migrate: step 6/26 (disabled users): ")), qPrintable(error.message()));
            QVERIFY2(error.message().contains(QStringLiteral("gatehouse_user_state already exists")), qPrintable(error.message()));
            QVERIFY2(error.message().endsWith(QStringLiteral("; the migration was rolled back, the schema is still version 0")),
                     qPrintable(error.message()));
        }
        QCOMPARE(lines.size(), 5);  // the steps applied before, in the transaction that was rolled back
        QCOMPARE(adapter.schemaVersion().result(), 0);
        {
            DirectConnection direct(path);
            QCOMPARE(direct.exec(QStringLiteral("SELECT group_concat(type || ' ' || name) FROM sqlite_master")).toString(),
                     QStringLiteral("view gatehouse_user_state"));
            QString error;
            direct.exec(QStringLiteral("DROP VIEW gatehouse_user_state"), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        // With the cause gone, the same adapter migrates.
        int version = 0;
        lines = migrationLines(adapter, &version);
        QCOMPARE(version, SqlAdapter::latestSchemaVersion());
        QVERIFY2(lines.first().contains(QStringLiteral("created users")), qPrintable(lines.first()));
        QCOMPARE(adapter.schemaVersion().result(), SqlAdapter::latestSchemaVersion());
    }

    void refusesANewerSchema()
    {
        const QString path = m_dir.filePath(QStringLiteral("newer.db"));
        {
            SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
            QString error;
            QVERIFY2(migrated(adapter, &error), qPrintable(error));
        }
        {
            DirectConnection direct(path);
            QString error;
            direct.exec(QStringLiteral("INSERT INTO gatehouse_schema_version (version, description, \"appliedAt\") "
                                       "VALUES (99, 'from the future', '2099-01-01T00:00:00.000Z')"),
                        &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.schemaVersion().result(), 99);
        QString error;
        QVERIFY(!migrated(adapter, &error));
        QVERIFY2(error.contains(QStringLiteral("version 99, newer than this build's")), qPrintable(error));
    }

    void inMemoryDatabase()
    {
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite::memory:")));
        QString error;
        QVERIFY2(migrated(adapter, &error), qPrintable(error));
        const AdapterUser user = take(adapter.createUser({{}, {}, QStringLiteral("m@example.test"), {}, {}}));
        QCOMPARE(take(adapter.getUserByEmail(QStringLiteral("m@example.test"))), std::optional(user));
    }

    void lastReferenceMayGoOnAStorageThread()
    {
        const QString path = m_dir.filePath(QStringLiteral("last.db"));
        auto adapter = std::make_shared<SqlAdapter>(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QString error;
        QVERIFY2(migrated(*adapter, &error), qPrintable(error));
        DirectConnection direct(path);
        QVERIFY(direct.isOpen());
        // The adapter's write waits for this transaction, so the continuation below is attached
        // before the write finishes and runs on the storage thread that finishes it.
        direct.exec(QStringLiteral("BEGIN IMMEDIATE"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QFuture<AdapterUser> created = adapter->createUser({{}, {}, QStringLiteral("last@example.test"), {}, {}});
        QFuture<QString> ran = created.then(QtFuture::Launch::Sync,
            [adapter = std::move(adapter)](const AdapterUser &) mutable {
                adapter.reset();
                return QThread::currentThread()->objectName();
            });
        QVERIFY(!adapter);
        direct.exec(QStringLiteral("COMMIT"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        QCOMPARE(ran.result(), QStringLiteral("gatehouse-storage"));
        // The adapter's threads end and close their connections; the user is in the file.
        const auto storageConnections = [] {
            return QSqlDatabase::connectionNames().filter(QStringLiteral("gatehouse-storage-"));
        };
        QTRY_COMPARE(storageConnections(), QStringList());
        QCOMPARE(direct.exec(QStringLiteral("SELECT email FROM users")).toString(), QStringLiteral("last@example.test"));
    }

    void userToolsLetGoOfTheAdapterBeforeFinishing()
    {
        // gatehouse-server's user command drops its adapter once it has the result, and exits:
        // its reference must be the last, so the storage threads end before the process does.
        // (tst_passwordcredentials checks setUserPassword() the same way.)
        const QString path = m_dir.filePath(QStringLiteral("tools.db"));
        auto adapter = std::make_shared<SqlAdapter>(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QString error;
        QVERIFY2(migrated(*adapter, &error), qPrintable(error));
        const AdapterUser user = take(adapter->createUser({{}, {}, QStringLiteral("tools@example.test"), {}, {}}));
        // Each round races the storage thread letting go against this thread waking up.
        for (int round = 0; round < 20; ++round) {
            const AdapterSession session{QStringLiteral("tools-%1").arg(round), user.id,
                                         QDateTime(QDate(2099, 1, 1), QTime(0, 0), Qt::UTC)};
            take(adapter->createSession(session));
            QCOMPARE(setUserDisabled(adapter, user.id, true).result(), qint64(1));
            QCOMPARE(adapter.use_count(), 1);
            QCOMPARE(setUserDisabled(adapter, user.id, false).result(), qint64(0));
            QCOMPARE(adapter.use_count(), 1);
        }
        try {
            setUserDisabled(adapter, QStringLiteral("999"), true).waitForFinished();
            QFAIL("an unknown user was disabled");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::NotFound);
        }
        QCOMPARE(adapter.use_count(), 1);
    }

    void unreachableDatabaseFailsClearly()
    {
        const QString path = m_dir.filePath(QStringLiteral("missing-folder/x.db"));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^database sqlite://.* is unreachable: ")));
        try {
            adapter.getUser(QStringLiteral("1")).waitForFinished();
            QFAIL("getUser succeeded without a database");
        } catch (const AdapterError &error) {
            QCOMPARE(error.reason(), AdapterError::Reason::Unavailable);
            QVERIFY2(error.message().contains(path), qPrintable(error.message()));
        }
    }

    void aWriteLockHeldTooLongIsUnavailable()
    {
        // Another process holds the write lock beyond the 5 s busy timeout: the call fails as
        // one that may be tried again, and the database is not taken for down (it answered).
        const QString path = m_dir.filePath(QStringLiteral("locked.db"));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.migrate().result(), SqlAdapter::latestSchemaVersion());
        {
            QSqlDatabase holder = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("lock-holder"));
            holder.setDatabaseName(path);
            QVERIFY(holder.open());
            QSqlQuery lock(holder);
            QVERIFY2(lock.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(lock.lastError().text()));
            try {
                adapter.createUser({{}, {}, QStringLiteral("l@example.test"), {}, {}}).waitForFinished();
                QFAIL("wrote while another connection held the write lock");
            } catch (const AdapterError &error) {
                QCOMPARE(error.reason(), AdapterError::Reason::Unavailable);
                QVERIFY2(error.message().startsWith(QStringLiteral("createUser: the database cannot answer now: ")),
                         qPrintable(error.message()));
            }
            QVERIFY(adapter.health().reachable);
            lock.exec(QStringLiteral("ROLLBACK"));
            holder.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("lock-holder"));
        QVERIFY(adapter.createUser({{}, {}, QStringLiteral("l@example.test"), {}, {}}).result().id.size() > 0);
    }

    void aDirectoryInPlaceOfTheFileIsUnavailable()
    {
        // What an operator's mistake (or a test) can do to a running server, root or not.
        const QString path = m_dir.filePath(QStringLiteral("swapped.db"));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("sqlite://") + path));
        QCOMPARE(adapter.migrate().result(), SqlAdapter::latestSchemaVersion());
        const AdapterUser user = adapter.createUser({{}, {}, QStringLiteral("d@example.test"), {}, {}}).result();
        QVERIFY(QFile::rename(path, path + QStringLiteral(".away")));
        QVERIFY(QDir().mkpath(path));
        QTest::qWait(300);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^database sqlite://.* is unreachable: ")));
        try {
            adapter.getUser(user.id).waitForFinished();
            QFAIL("getUser read a directory");
        } catch (const AdapterError &error) {
            QCOMPARE(error.reason(), AdapterError::Reason::Unavailable);
        }
        QVERIFY(!adapter.health().reachable);
        QVERIFY(QDir(path).removeRecursively());
        QVERIFY(QFile::rename(path + QStringLiteral(".away"), path));
        QTest::ignoreMessage(QtInfoMsg, QRegularExpression(QStringLiteral("is reachable again after")));
        QCOMPARE(adapter.getUser(user.id).result()->email, QStringLiteral("d@example.test"));
        QVERIFY(adapter.health().reachable);
    }

private:
    QTemporaryDir m_dir;
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    SqliteFixture fixture;
    TestSqliteAdapter specific;
    int failed = runConformance(fixture, argc, argv);
    failed += QTest::qExec(&specific, argc, argv);
    return failed;
}

#include "tst_sqliteadapter.moc"
