#include "serverfixtures.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTest>

#include <atomic>
#include <QFileInfo>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

class TestPostgresAdapter : public QObject
{
    Q_OBJECT
public:
    explicit TestPostgresAdapter(PostgresFixture &fixture)
        : m_fixture(fixture)
    {
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        // aKilledServerIsAnOutageUntilItIsBack kills the server: what was committed before must
        // still be there after it, as on a real server.
        m_fixture.server.setSetting(QStringLiteral("synchronous_commit"), QStringLiteral("on"));
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void adoptsADatabaseMadeByAuthJs()
    {
        const QString schema = QStringLiteral(GATEHOUSE_AUTHJS_SCHEMA);
        if (!QFileInfo::exists(schema))
            QSKIP(qPrintable(QStringLiteral("Auth.js's schema.sql not found at %1 (CMake: GATEHOUSE_AUTHJS_SCHEMA)").arg(schema)));
        PostgresServer &pg = m_fixture.server;
        const QString db = QStringLiteral("authjs");
        QString error;
        QVERIFY2(pg.createDatabase(db, &error), qPrintable(error));
        QVERIFY2(pg.executeFile(db, schema, &error), qPrintable(error));
        // Rows as Auth.js's PostgreSQL adapter writes them.
        QVERIFY(pg.execute(db, QStringLiteral(
            "INSERT INTO users (name, email, \"emailVerified\") VALUES ('Alice', 'alice@example.test', '2024-05-06 07:08:09.123+00');"
            "INSERT INTO accounts (\"userId\", type, provider, \"providerAccountId\", access_token, expires_at, id_token, "
            "  scope, session_state, token_type) VALUES (1, 'oidc', 'local-idp', 'user-1', 'at', 1893456000, 'idt', "
            "  'openid email', 'state-1', 'bearer');"
            "INSERT INTO sessions (\"userId\", expires, \"sessionToken\") VALUES (1, '2099-01-01 00:00:00+00', 'ref-session');"
            "INSERT INTO verification_token (identifier, expires, token) VALUES ('alice@example.test', "
            "  '2099-01-01 00:00:00+00', 'ref-token');")));

        std::unique_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(pg.url(db), &error);
        QVERIFY2(adapter, qPrintable(error));
        QCOMPARE(adapter->schemaVersion().result(), 0);
        QStringList lines;
        QCOMPARE(adapter->migrate([&lines](const QString &line) { lines.append(line); }).result(),
                 SqlAdapter::latestSchemaVersion());
        QVERIFY2(lines.first().contains(QStringLiteral("kept existing users, accounts, sessions, verification_token")),
                 qPrintable(lines.first()));

        // Reads what Auth.js wrote.
        const AdapterUser alice{QStringLiteral("1"), QStringLiteral("Alice"), QStringLiteral("alice@example.test"),
                                QDateTime(QDate(2024, 5, 6), QTime(7, 8, 9, 123), Qt::UTC), std::nullopt};
        QCOMPARE(take(adapter->getUser(QStringLiteral("1"))), std::optional(alice));
        QCOMPARE(take(adapter->getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-1"))), std::optional(alice));
        const std::optional<AdapterAccount> account = take(adapter->getAccount(QStringLiteral("user-1"), QStringLiteral("local-idp")));
        QVERIFY(account);
        QCOMPARE(account->expiresAt, std::optional<qint64>(1893456000));
        QCOMPARE(account->sessionState, QJsonValue(QStringLiteral("state-1")));
        QCOMPARE(account->scope, std::optional<QString>(QStringLiteral("openid email")));
        const std::optional<SessionAndUser> session = take(adapter->getSessionAndUser(QStringLiteral("ref-session")));
        QVERIFY(session);
        QCOMPARE(session->session.expires, QDateTime(QDate(2099, 1, 1), QTime(0, 0), Qt::UTC));
        QCOMPARE(session->user, alice);
        QCOMPARE(take(adapter->useVerificationToken(QStringLiteral("alice@example.test"), QStringLiteral("ref-token")))->expires,
                 QDateTime(QDate(2099, 1, 1), QTime(0, 0), Qt::UTC));

        // Writes what Auth.js reads.
        const AdapterUser bob = take(adapter->createUser({{}, QStringLiteral("Bob"), QStringLiteral("bob@example.test"), {}, {}}));
        QCOMPARE(bob.id, QStringLiteral("2"));
        AdapterAccount github;
        github.userId = bob.id;
        github.type = QStringLiteral("oauth");
        github.provider = QStringLiteral("github");
        github.providerAccountId = QStringLiteral("gh-2");
        github.tokenType = QStringLiteral("Bearer");
        take(adapter->linkAccount(github));
        take(adapter->createSession({QStringLiteral("new-session"), bob.id, QDateTime(QDate(2098, 1, 1), QTime(0, 0), Qt::UTC)}));
        QString rows;
        QVERIFY(pg.execute(db, QStringLiteral("SELECT a.\"userId\", a.token_type, "
                                              "to_char(s.expires AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') FROM accounts a "
                                              "JOIN sessions s ON s.\"userId\" = a.\"userId\" WHERE a.\"providerAccountId\" = 'gh-2'"),
                           &rows));
        QCOMPARE(rows, QStringLiteral("2|bearer|2098-01-01 00:00:00"));

        // Deleting cascades although Auth.js's tables have no foreign keys.
        QCOMPARE(take(adapter->deleteUser(QStringLiteral("1"))), std::optional(alice));
        QVERIFY(pg.execute(db, QStringLiteral("SELECT (SELECT count(*) FROM accounts WHERE \"userId\" = 1) + "
                                              "(SELECT count(*) FROM sessions WHERE \"userId\" = 1)"),
                           &rows));
        QCOMPARE(rows, QStringLiteral("0"));
    }

    void sessionLookupsReadTheIndexAlone()
    {
        PostgresServer &pg = m_fixture.server;
        const QString db = QStringLiteral("lookups");
        QString error;
        QVERIFY2(pg.createDatabase(db, &error), qPrintable(error));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(pg.url(db)));
        QStringList lines;
        QCOMPARE(adapter.migrate([&lines](const QString &line) { lines.append(line); }).result(),
                 SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(6), QStringLiteral("schema step 7/26 (session lookup index): created sessions_token_lookup_key; "
                                             "dropped sessions_token_key, which it replaces"));
        QString indexes;
        QVERIFY(pg.execute(db, QStringLiteral("SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes "
                                              "WHERE tablename = 'sessions' AND indexdef LIKE '%\"sessionToken\"%'"),
                           &indexes));
        QCOMPARE(indexes, QStringLiteral("sessions_token_lookup_key"));

        const AdapterUser user = take(adapter.createUser({{}, {}, QStringLiteral("l@example.test"), {}, {}}));
        const AdapterSession session{QStringLiteral("lookup-token"), user.id, QDateTime(QDate(2099, 1, 1), QTime(0, 0), Qt::UTC)};
        take(adapter.createSession(session));
        // The one key on the token still keeps tokens unique.
        try {
            take(adapter.createSession(session));
            QFAIL("a second session with the same token was created");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::Conflict);
        }
        // Once vacuumed, a lookup by token reads no table row (the planner is kept from reading
        // this tiny table whole).
        QVERIFY(pg.execute(db, QStringLiteral("VACUUM ANALYZE sessions")));
        QString plan;
        QVERIFY(pg.execute(db, QStringLiteral("SET enable_seqscan = off; SET enable_bitmapscan = off; "
                                              "EXPLAIN SELECT \"userId\", expires FROM sessions WHERE \"sessionToken\" = 'lookup-token'"),
                           &plan));
        QVERIFY2(plan.contains(QStringLiteral("Index Only Scan using sessions_token_lookup_key")), qPrintable(plan));
        QCOMPARE(take(adapter.getSessionAndUser(session.sessionToken))->session, session);

        // A unique constraint of that name is not Gatehouse's to drop: it stays beside the new key.
        const QString own = QStringLiteral("ownkey");
        QVERIFY2(pg.createDatabase(own, &error), qPrintable(error));
        QVERIFY(pg.execute(own, QStringLiteral("CREATE TABLE users (id SERIAL PRIMARY KEY, name VARCHAR(255), email VARCHAR(255), "
                                               "\"emailVerified\" TIMESTAMPTZ, image TEXT);"
                                               "CREATE TABLE sessions (id SERIAL PRIMARY KEY, \"userId\" INTEGER NOT NULL, "
                                               "expires TIMESTAMPTZ NOT NULL, \"sessionToken\" VARCHAR(255) NOT NULL, "
                                               "CONSTRAINT sessions_token_key UNIQUE (\"sessionToken\"));")));
        SqlAdapter kept(*SqlAdapterOptions::fromUrl(pg.url(own)));
        lines.clear();
        QCOMPARE(kept.migrate([&lines](const QString &line) { lines.append(line); }).result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(lines.at(6), QStringLiteral("schema step 7/26 (session lookup index): created sessions_token_lookup_key"));
        QVERIFY(pg.execute(own, QStringLiteral("SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes "
                                               "WHERE tablename = 'sessions' AND indexdef LIKE '%\"sessionToken\"%'"),
                           &indexes));
        QCOMPARE(indexes, QStringLiteral("sessions_token_key,sessions_token_lookup_key"));
    }

    void recoversFromTerminatedConnections()
    {
        QString error;
        std::unique_ptr<SqlAdapter> adapter = adapterOnNewDatabase(m_fixture, QStringLiteral("recovery"), &error);
        QVERIFY2(adapter, qPrintable(error));
        const AdapterUser user = take(adapter->createUser({{}, {}, QStringLiteral("r@example.test"), {}, {}}));
        QVERIFY(allFind(*adapter, user, 8));

        QVERIFY(m_fixture.server.terminateConnections(QStringLiteral("recovery")) > 0);
        QVERIFY(allFind(*adapter, user, 8));
        m_fixture.server.terminateConnections(QStringLiteral("recovery"));
        take(adapter->createVerificationToken({user.email, QStringLiteral("t"), QDateTime::currentDateTimeUtc().addSecs(60)}));
        m_fixture.server.terminateConnections(QStringLiteral("recovery"));
        QVERIFY(take(adapter->useVerificationToken(user.email, QStringLiteral("t"))));
    }

    void survivesAServerRestart()
    {
        QString error;
        std::unique_ptr<SqlAdapter> adapter = adapterOnNewDatabase(m_fixture, QStringLiteral("restart"), &error);
        QVERIFY2(adapter, qPrintable(error));
        const AdapterUser user = take(adapter->createUser({{}, {}, QStringLiteral("s@example.test"), {}, {}}));

        m_fixture.server.stop();
        try {
            adapter->getUser(user.id).waitForFinished();
            QFAIL("getUser succeeded with the server stopped");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::Unavailable);
            QVERIFY2(failure.message().contains(QStringLiteral("cannot connect to postgresql://postgres@127.0.0.1:")),
                     qPrintable(failure.message()));
        }
        QVERIFY2(m_fixture.server.start(&error), qPrintable(error));
        // While the adapter has the server down, one call at a time tries it and the others fail
        // at once: the first call back ends the outage, then all find.
        QVERIFY(adapter->probe().result().reachable);
        QVERIFY(allFind(*adapter, user, 8));
    }

    void aKilledServerIsAnOutageUntilItIsBack()
    {
        // SIGKILL to the postmaster: its backends and their connections go with it. Calls fail
        // at once as Unavailable, the adapter says the database is down, and once it is back the
        // connections are opened again on the next call.
        QString error;
        std::unique_ptr<SqlAdapter> adapter = adapterOnNewDatabase(m_fixture, QStringLiteral("killed"), &error);
        QVERIFY2(adapter, qPrintable(error));
        const AdapterUser user = take(adapter->createUser({{}, {}, QStringLiteral("k@example.test"), {}, {}}));
        QVERIFY(allFind(*adapter, user, 8));
        QVERIFY(adapter->health().reachable);

        m_fixture.server.kill();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("^database postgresql://.* is unreachable: ")));
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 8; ++i) {
            try {
                adapter->getUser(user.id).waitForFinished();
                QFAIL("getUser succeeded with the server killed");
            } catch (const AdapterError &failure) {
                QCOMPARE(failure.reason(), AdapterError::Reason::Unavailable);
            }
        }
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(!adapter->health().reachable);
        QVERIFY(!adapter->probe().result().reachable);
        QVERIFY(adapter->health().failedCalls >= 9);

        QVERIFY2(m_fixture.server.start(&error), qPrintable(error));
        QTest::ignoreMessage(QtInfoMsg, QRegularExpression(QStringLiteral("^database postgresql://.* is reachable again after ")));
        QVERIFY(adapter->probe().result().reachable);
        QVERIFY(allFind(*adapter, user, 8));
    }

    void aSilentServerTimesOut()
    {
        // A server that takes the connection and never answers (a hung host, a full backlog):
        // the call gives up after the 2 s connect timeout, not after minutes.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(QStringLiteral("postgresql://postgres@127.0.0.1:%1/silent").arg(silent.serverPort())));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("is unreachable: .*timeout expired")));
        QElapsedTimer timer;
        timer.start();
        try {
            adapter.getUser(QStringLiteral("1")).waitForFinished();
            QFAIL("getUser succeeded against a silent server");
        } catch (const AdapterError &failure) {
            QCOMPARE(failure.reason(), AdapterError::Reason::Unavailable);
            QVERIFY2(failure.message().contains(QStringLiteral("timeout expired")), qPrintable(failure.message()));
        }
        QVERIFY2(timer.elapsed() >= 1500 && timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    }

    void aLockTimeoutIsUnavailableButNoOutage()
    {
        // The database is there but cannot answer in time: the call fails as one to try again,
        // and the adapter does not take the database for down.
        QString error;
        QVERIFY2(m_fixture.server.createDatabase(QStringLiteral("locked"), &error), qPrintable(error));
        SqlAdapterOptions options = *SqlAdapterOptions::fromUrl(m_fixture.server.url(QStringLiteral("locked")));
        options.connectOptions = QStringLiteral("options='-c lock_timeout=200'");
        SqlAdapter adapter(options);
        QVERIFY2(migrated(adapter, &error), qPrintable(error));
        const AdapterUser user = take(adapter.createUser({{}, {}, QStringLiteral("l@example.test"), {}, {}}));
        take(adapter.createSession({QStringLiteral("locked-session"), user.id, QDateTime::currentDateTimeUtc().addDays(1)}));
        {
            QSqlDatabase holder = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("lock-holder"));
            holder.setHostName(m_fixture.server.host());
            holder.setPort(m_fixture.server.port());
            holder.setUserName(m_fixture.server.user());
            holder.setDatabaseName(QStringLiteral("locked"));
            QVERIFY2(holder.open(), qPrintable(holder.lastError().text()));
            QSqlQuery lock(holder);
            QVERIFY(lock.exec(QStringLiteral("BEGIN")));
            QVERIFY(lock.exec(QStringLiteral("SELECT 1 FROM sessions WHERE \"sessionToken\" = 'locked-session' FOR UPDATE")));
            try {
                adapter.deleteSession(QStringLiteral("locked-session")).waitForFinished();
                QFAIL("deleted a session another transaction holds");
            } catch (const AdapterError &failure) {
                QCOMPARE(failure.reason(), AdapterError::Reason::Unavailable);
                QVERIFY2(failure.message().startsWith(QStringLiteral("deleteSession: the database cannot answer now: ")),
                         qPrintable(failure.message()));
            }
            QVERIFY(adapter.health().reachable);
            QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
            lock.finish();
            holder.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("lock-holder"));
        QVERIFY(take(adapter.deleteSession(QStringLiteral("locked-session"))));
    }

    void aFailedStepChangesNothing()
    {
        // A view where step 6 wants its table: steps 1 to 5 run, step 6 fails, all is rolled back.
        PostgresServer &pg = m_fixture.server;
        const QString db = QStringLiteral("conflict");
        QString error;
        QVERIFY2(pg.createDatabase(db, &error), qPrintable(error));
        QVERIFY(pg.execute(db, QStringLiteral("CREATE VIEW gatehouse_user_state AS SELECT 1 AS one;")));
        SqlAdapter adapter(*SqlAdapterOptions::fromUrl(pg.url(db)));
        QStringList lines;
        try {
            adapter.migrate([&lines](const QString &line) { lines.append(line); }).waitForFinished();
            QFAIL("the migration succeeded");
        } catch (const AdapterError &failure) {
            QVERIFY2(failure.message().startsWith(QStringLiteral("migrate: step 6/26 (disabled users): ")), qPrintable(failure.message()));
            QVERIFY2(failure.message().contains(QStringLiteral("gatehouse_user_state")), qPrintable(failure.message()));
            QVERIFY2(failure.message().endsWith(QStringLiteral("; the migration was rolled back, the schema is still version 0")),
                     qPrintable(failure.message()));
        }
        QCOMPARE(lines.size(), 5);
        QCOMPARE(adapter.schemaVersion().result(), 0);
        QString relations;
        QVERIFY(pg.execute(db, QStringLiteral("SELECT string_agg(relkind::text || ' ' || relname, ',') FROM pg_class c "
                                              "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public';"),
                           &relations));
        QCOMPARE(relations.trimmed(), QStringLiteral("v gatehouse_user_state"));

        QVERIFY(pg.execute(db, QStringLiteral("DROP VIEW gatehouse_user_state;")));
        QCOMPARE(adapter.migrate().result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(adapter.schemaVersion().result(), SqlAdapter::latestSchemaVersion());
    }

    void concurrentMigrations()
    {
        QString error;
        QVERIFY2(m_fixture.server.createDatabase(QStringLiteral("migrations"), &error), qPrintable(error));
        const QString url = m_fixture.server.url(QStringLiteral("migrations"));
        SqlAdapter first(*SqlAdapterOptions::fromUrl(url));
        SqlAdapter second(*SqlAdapterOptions::fromUrl(url));
        QFuture<int> a = first.migrate();
        QFuture<int> b = second.migrate();
        QCOMPARE(a.result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(b.result(), SqlAdapter::latestSchemaVersion());
        QCOMPARE(second.schemaVersion().result(), SqlAdapter::latestSchemaVersion());
    }

    // Two servers (two adapters, two connection pools) sharing one database refresh an account's
    // tokens once: one claim wins, and one rotation of the same refresh token is stored.
    void tokenRefreshAcrossServers()
    {
        using namespace std::chrono_literals;
        QString error;
        const std::unique_ptr<SqlAdapter> serverA = adapterOnNewDatabase(m_fixture, QStringLiteral("tokens"), &error);
        QVERIFY2(serverA, qPrintable(error));
        SqlAdapter serverB(serverA->options());
        const AdapterUser user = serverA->createUser(newUser(QStringLiteral("ada@example.test"))).result();
        AdapterAccount account;
        account.userId = user.id;
        account.type = QStringLiteral("oidc");
        account.provider = QStringLiteral("local-idp");
        account.providerAccountId = QStringLiteral("user-1");
        account.accessToken = QStringLiteral("a1");
        account.refreshToken = QStringLiteral("r1");
        account = serverA->linkAccount(account).result();

        std::atomic<int> turn{0};
        const int claimed = raceCount(12, [&] {
            SqlAdapter &server = ++turn % 2 ? *serverA : serverB;
            return server.claimTokenRefresh(account.provider, account.providerAccountId, 1h).result();
        }, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(claimed, 1);

        const int stored = raceCount(12, [&] {
            const int n = ++turn;
            AdapterAccount rotated = account;
            rotated.accessToken = QStringLiteral("a-%1").arg(n);
            rotated.refreshToken = QStringLiteral("r-%1").arg(n);
            SqlAdapter &server = n % 2 ? *serverA : serverB;
            return server.updateAccountTokens(rotated, QStringLiteral("r1")).result().has_value();
        }, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(stored, 1);
        const std::optional<AdapterAccount> now = serverB.getAccountByUser(user.id, account.provider).result();
        QVERIFY(now && now->refreshToken != QStringLiteral("r1"));
        QCOMPARE(now->accessToken->mid(2), now->refreshToken->mid(2));
        // The stored rotation ended the claim, for both servers.
        QVERIFY(serverB.claimTokenRefresh(account.provider, account.providerAccountId, 1h).result());
    }

private:
    PostgresFixture &m_fixture;
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    PostgresFixture fixture;
    TestPostgresAdapter specific(fixture);
    int failed = runConformance(fixture, argc, argv);
    failed += QTest::qExec(&specific, argc, argv);
    return failed;
}

#include "tst_postgresadapter.moc"
