// gatehouse-admin's models over a server (issue 38): AdminConnection::connectToServer() against a
// real gatehouse-server with "admin" on loopback. The test plays the system browser: it takes the
// sign-in address the app opens (QDesktopServices' handler for http), visits it with a signed-in
// session cookie and follows the redirect to the app's loopback listener. Then the dashboard's
// figures and the users list over the admin API must be what the database itself holds (read by
// a second AdminConnection on the SQLite file); a person outside admin.groups is refused in
// words; a revoked grant brings the connection back to "sign in again". The configuration editor
// reads and saves the server's file over the API (masks kept, a stale version refused, a
// configuration the server refuses not written), and the access tester asks the server. A
// person's apps with access are listed with the configured client names and revoked over the
// API; the OpenID clients are the server's configuration's.
#include "serverharness.h"
#include "support/adminseed.h"

#include <accesstester.h>
#include <activitymodel.h>
#include <adminconnection.h>
#include <configdocument.h>
#include <consentsmodel.h>
#include <dashboardmodel.h>
#include <oidcclientsmodel.h>
#include <usersmodel.h>

#include <gatehouse/sqladapter.h>

#include <QDesktopServices>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace Gatehouse;
using namespace Gatehouse::Admin;
using namespace Gatehouse::Testing;

namespace {

const QByteArray kPassword = "a long admin password 1";

//! Every event \a model can show, paging back to the oldest: "id type userId" each.
QStringList eventsOf(ActivityModel &model)
{
    if (!QTest::qWaitFor([&model] { return model.isLoaded() || !model.errorString().isEmpty(); }, 15000))
        return {QStringLiteral("(not loaded)")};
    for (int page = 0; page < 100 && model.hasOlder(); ++page) {
        const int rows = model.rowCount();
        model.loadOlder();
        if (!QTest::qWaitFor([&model, rows] { return model.rowCount() > rows || !model.hasOlder(); }, 15000))
            return {QStringLiteral("(older events not loaded)")};
    }
    QStringList events;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariantMap event = model.get(row);
        events.append(event.value("eventId").toString() + u' ' + event.value("type").toString() + u' '
                      + event.value("userId").toString());
    }
    return events;
}

//! The rows \a model holds, loaded page by page: "email name disabled" each.
QStringList rowsOf(UsersModel &model)
{
    QStringList rows;
    if (!QTest::qWaitFor([&model] { return model.totalCount() >= 0 && !model.isBusy(); }, 15000))
        return {QStringLiteral("(not counted)")};
    if (model.rowCount() > 0 && !QTest::qWaitFor([&model] { return model.ensureLoaded(0, model.rowCount() - 1); }, 15000))
        return {QStringLiteral("(not loaded)")};
    for (int row = 0; row < model.rowCount(); ++row) {
        const QVariantMap user = model.get(row);
        rows.append(user.value("email").toString() + u' ' + user.value("name").toString() + u' '
                    + (user.value("disabled").toBool() ? QStringLiteral("disabled") : QStringLiteral("enabled")));
    }
    return rows;
}

} // namespace

class TestAdminRemote : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QUrl m_issuer;
    QString m_database;
    QString m_config;
    QNetworkAccessManager m_nam;
    QList<QUrl> m_opened;

    std::pair<int, QUrl> get(const QUrl &url, const QByteArray &cookie = {})
    {
        QNetworkRequest request(url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        if (!cookie.isEmpty())
            request.setRawHeader("Cookie", cookie);
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.get(request)));
        return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                QUrl(QString::fromUtf8(reply->rawHeader("Location")))};
    }

    QByteArray sessionOf(const QString &email)
    {
        Browser browser(m_server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"email", email}, {"password", QString::fromLatin1(kPassword)}});
        return browser.cookieHeader();
    }

    //! The browser's part: the page the app opened, visited with \a cookie, and its redirect
    //! followed to the app. Returns the redirect's query (code or error).
    QUrlQuery playBrowser(const QByteArray &cookie)
    {
        if (!QTest::qWaitFor([this] { return !m_opened.isEmpty(); }, 15000))
            return QUrlQuery(QStringLiteral("failure=no-browser-opened"));
        const QUrl page = m_opened.takeFirst();
        const auto [status, back] = get(page, cookie);
        if (status != 302 && status != 303)
            return QUrlQuery(QStringLiteral("failure=no-redirect-%1").arg(status));
        get(back);
        return QUrlQuery(back);
    }

    //! A connection to the server, signed in as \a email.
    bool connectAs(AdminConnection &connection, const QString &email)
    {
        connection.setKeepSignIn(false); // no keychain on a test machine: nothing is kept
        connection.connectToServer(m_issuer.toString());
        if (connection.status() != AdminConnection::Status::SigningIn)
            return false;
        playBrowser(sessionOf(email));
        return QTest::qWaitFor([&connection] { return connection.status() == AdminConnection::Status::Ready; }, 15000);
    }

public Q_SLOTS:
    //! QDesktopServices' handler for http: the "browser" the app opens.
    void openUrl(const QUrl &url) { m_opened.append(url); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // recent connections go to a test folder
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/gatehouse-test-bus"); // no keychain
        QDesktopServices::setUrlHandler(QStringLiteral("http"), this, "openUrl");
        QVERIFY(m_dir.isValid());
        m_issuer = QUrl(QStringLiteral("http://127.0.0.1:%1/auth").arg(m_server.reservePort()));
        m_database = m_dir.filePath(QStringLiteral("gatehouse.db"));
        const QString config = m_config = m_dir.filePath(QStringLiteral("gatehouse.json"));
        const QJsonObject json{
            {"url", m_issuer.toString()},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_database}}},
            {"providers", QJsonArray{QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}},
                                     QJsonObject{{"id", "corp"}, {"type", "oidc"}, {"name", "Corp SSO"}, {"clientId", "gatehouse"},
                                                 {"clientSecret", "corp-client-secret-1"},
                                                 {"issuer", "https://sso.corp.test/realms/main"}}}},
            {"admin", QJsonObject{{"groups", QJsonArray{"admins"}}}},
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{QJsonObject{
                {"clientId", "grafana"}, {"name", "Grafana"}, {"clientSecret", "grafana-client-secret-0123456789abcdef"},
                {"redirectUris", QJsonArray{"https://grafana.example.test/login/generic_oauth"}},
                {"scopes", QJsonArray{"openid", "email"}},
                {"access", QJsonObject{{"groups", QJsonArray{"admins"}}}}}}}}},
            {"access", QJsonObject{{"default", "deny"},
                                   {"rules", QJsonArray{QJsonObject{{"hosts", QJsonArray{"admin.example.test"}},
                                                                    {"policy", QJsonObject{{"groups", QJsonArray{"admins"}}}}}}}}},
        };
        QVERIFY(replaceFile(config, QJsonDocument(json).toJson()));
        const CommandResult migrated = runServerCommand({"migrate", "--config", config});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        for (const char *email : {"ada@example.test", "bob@example.test", "carol@example.test", "dan@elsewhere.test"}) {
            const CommandResult added = runServerCommand({"user", "add", email, "--password-stdin", "--config", config}, kPassword + '\n');
            QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        }
        QCOMPARE(runServerCommand({"user", "groups", "add", "ada@example.test", "admins", "--config", config}).exitCode, 0);
        QCOMPARE(runServerCommand({"user", "disable", "carol@example.test", "--config", config}).exitCode, 0);
        QVERIFY2(m_server.start(config), qPrintable(m_server.log()));
    }

    void cleanupTestCase()
    {
        QDesktopServices::unsetUrlHandler(QStringLiteral("http"));
    }

    // Signed in as ada, the app's figures and lists over the API are the database's.
    void dashboardAndUsersEqualTheDatabase()
    {
        AdminConnection server;
        QVERIFY(connectAs(server, QStringLiteral("ada@example.test")));
        QCOMPARE(server.kind(), AdminConnection::Kind::Server);
        QCOMPARE(server.serverUrl(), m_issuer.toString());
        QCOMPARE(server.actingAs(), QStringLiteral("ada@example.test"));
        // A failed sign-in, an active session and a sign-in more for today's figures.
        Browser wrong(m_server.baseUrl());
        wrong.signIn(QStringLiteral("credentials"), {{"email", "dan@elsewhere.test"}, {"password", "not the password"}});
        sessionOf(QStringLiteral("dan@elsewhere.test"));

        AdminConnection database;
        database.open(QStringLiteral("sqlite://") + m_database);
        QTRY_VERIFY_WITH_TIMEOUT(database.isReady(), 15000);

        DashboardModel overApi;
        DashboardModel overDatabase;
        overApi.setConnection(&server);
        overDatabase.setConnection(&database);
        QTRY_VERIFY_WITH_TIMEOUT(overApi.isLoaded() && overDatabase.isLoaded(), 15000);
        QCOMPARE(overApi.errorString(), QString());
        QCOMPARE(overApi.userCount(), 4);
        QCOMPARE(overApi.userCount(), overDatabase.userCount());
        QVERIFY(overApi.activeSessionCount() >= 2);
        QCOMPARE(overApi.activeSessionCount(), overDatabase.activeSessionCount());
        QVERIFY(overApi.signInsToday() >= 2);
        QCOMPARE(overApi.signInsToday(), overDatabase.signInsToday());
        QCOMPARE(overApi.failuresToday(), 1);
        QCOMPARE(overApi.failuresToday(), overDatabase.failuresToday());
        QCOMPARE(overApi.days(), overDatabase.days());
        QCOMPARE(overApi.maxDaily(), overDatabase.maxDaily());
        QCOMPARE(overApi.topProviders(), overDatabase.topProviders());

        UsersModel usersOverApi;
        UsersModel usersOverDatabase;
        usersOverApi.setPageSize(10); // pages of the API's pages
        usersOverApi.setConnection(&server);
        usersOverDatabase.setConnection(&database);
        const struct { QString search; UsersModel::SortColumn sort; bool ascending; int count; } cases[] = {
            {QString(), UsersModel::SortColumn::Email, true, 4},
            {QStringLiteral("*example.test"), UsersModel::SortColumn::Email, false, 3},
            {QStringLiteral("ada"), UsersModel::SortColumn::Name, true, 1},
            {QStringLiteral("group:admins"), UsersModel::SortColumn::Email, true, 1},
            {QStringLiteral("nobody-like-this"), UsersModel::SortColumn::Email, true, 0},
        };
        for (const auto &c : cases) {
            for (UsersModel *model : {&usersOverApi, &usersOverDatabase}) {
                model->setSearch(c.search);
                model->setSortColumn(c.sort);
                model->setAscending(c.ascending);
            }
            const QStringList api = rowsOf(usersOverApi);
            QCOMPARE(usersOverApi.errorString(), QString());
            QCOMPARE(api.size(), c.count);
            QCOMPARE(api, rowsOf(usersOverDatabase));
        }
        usersOverApi.setSearch(QStringLiteral("carol"));
        QCOMPARE(rowsOf(usersOverApi), QStringList{QStringLiteral("carol@example.test  disabled")});

        // Edits over the API show in the list as over a database.
        QSignalSpy finished(&usersOverApi, &UsersModel::operationFinished);
        const QString carol = usersOverApi.get(0).value("userId").toString();
        const auto edited = [&finished](int count) {
            if (!QTest::qWaitFor([&] { return finished.size() == count; }, 15000))
                return QStringLiteral("(no answer)");
            return (finished.last().at(1).toBool() ? QStringLiteral("ok: ") : QStringLiteral("failed: "))
                + finished.last().at(2).toString();
        };
        usersOverApi.setDisabled(carol, false);
        QCOMPARE(edited(1), QStringLiteral("ok: enabled the user: signing in works again"));
        QCOMPARE(rowsOf(usersOverApi), QStringList{QStringLiteral("carol@example.test  enabled")});
        usersOverApi.updateUser(carol, QStringLiteral("Carol C"), QStringLiteral("carol@example.test"), QString());
        QCOMPARE(edited(2), QStringLiteral("ok: saved the user carol@example.test"));
        QCOMPARE(rowsOf(usersOverApi), QStringList{QStringLiteral("carol@example.test Carol C enabled")});
        usersOverApi.setEmailVerified(carol, true);
        QCOMPARE(edited(3), QStringLiteral("ok: marked carol@example.test as verified"));
        rowsOf(usersOverApi);
        QVERIFY(usersOverApi.get(0).value("emailVerified").toDateTime().isValid());
        usersOverApi.updateUser(carol, QStringLiteral("Carol C"), QStringLiteral("carol@example.test"), QStringLiteral("https://img.example/c.png"));
        QCOMPARE(edited(4), QStringLiteral("ok: saved the user carol@example.test"));
        rowsOf(usersOverApi);
        QCOMPARE(usersOverApi.get(0).value("image").toString(), QStringLiteral("https://img.example/c.png"));
        usersOverApi.updateUser(carol, QString(), QStringLiteral("ada@example.test"), QString());
        QCOMPARE(edited(5), QStringLiteral("failed: a user with the email ada@example.test exists already"));
        // A new random password, which then signs carol in.
        usersOverApi.resetPassword(carol);
        QCOMPARE(edited(6), QStringLiteral("ok: set a new random password; show it to the user once"));
        const QString password = finished.last().at(3).toMap().value("password").toString();
        QCOMPARE(password.size(), 16);
        Browser browser(m_server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"email", "carol@example.test"}, {"password", password}});
        QCOMPARE(browser.sessionUser().value("email").toString(), QStringLiteral("carol@example.test"));
    }

    // bob signs in at Gatehouse, but is not in admin.groups: the app says so and is not connected.
    void outsiderIsRefused()
    {
        AdminConnection connection;
        connection.setKeepSignIn(false);
        connection.connectToServer(m_issuer.toString());
        QCOMPARE(connection.status(), AdminConnection::Status::SigningIn);
        QCOMPARE(playBrowser(sessionOf(QStringLiteral("bob@example.test"))).queryItemValue("error"), QStringLiteral("access_denied"));
        QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::Failed, 15000);
        QCOMPARE(connection.errorString(),
                 QStringLiteral("the server refused the sign-in: the account is not in the server's admin groups"));
        QVERIFY(connection.api() == nullptr);
        QVERIFY(connection.actingAs().isEmpty());
    }

    // The grant revoked at the server (as signing out elsewhere does): the next call is refused,
    // the refresh too, and the connection asks to sign in again; signing in again works.
    void revokedGrantLeadsBackToSignIn()
    {
        AdminConnection connection;
        QVERIFY(connectAs(connection, QStringLiteral("ada@example.test")));
        DashboardModel dashboard;
        dashboard.setConnection(&connection);
        QTRY_VERIFY_WITH_TIMEOUT(dashboard.isLoaded(), 15000);

        QNetworkRequest revoke(QUrl(m_issuer.toString() + QStringLiteral("/oidc/revoke")));
        revoke.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
        std::unique_ptr<QNetworkReply> revoked(waitForReply(
            m_nam.post(revoke, "client_id=gatehouse-admin&token=" + QUrl::toPercentEncoding(connection.accessToken()))));
        QCOMPARE(revoked->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);

        dashboard.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::SignInRequired, 15000);
        QVERIFY(!connection.errorString().isEmpty());
        QVERIFY(connection.api() == nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!dashboard.isBusy(), 15000);
        QCOMPARE(dashboard.errorString(), QStringLiteral("could not load the dashboard: your sign-in has ended; sign in again"));

        connection.signIn();
        QCOMPARE(connection.status(), AdminConnection::Status::SigningIn);
        playBrowser(sessionOf(QStringLiteral("ada@example.test")));
        QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::Ready, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(dashboard.errorString().isEmpty() && !dashboard.isBusy(), 15000);
        QCOMPARE(dashboard.userCount(), 4);

        // Closing signs out: the grant ends at the server, its access token is refused.
        const QByteArray bearer = "Bearer " + connection.accessToken().toLatin1();
        const auto dashboardStatus = [&] {
            QNetworkRequest request(QUrl(m_issuer.toString() + QStringLiteral("/admin/api/dashboard")));
            request.setRawHeader("Authorization", bearer);
            std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.get(request)));
            return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        };
        QCOMPARE(dashboardStatus(), 200);
        connection.close();
        QCOMPARE(connection.status(), AdminConnection::Status::Closed);
        QVERIFY(connection.accessToken().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(dashboardStatus(), 401, 10000);
    }

    // The refresh token goes to the platform keychain; on a machine without one (this test's
    // session bus is unreachable: a developer's own keychain is never touched) nothing is kept,
    // anywhere: the next connection signs in in the browser again.
    // Apps with access over the API: named as the server's configuration names them, revoked
    // there (the database's consent gone, audited by the signed-in administrator); the clients
    // list is the server's file's, its secret masked.
    void consentsAndClientsOverTheApi()
    {
        AdminConnection database;
        database.open(QStringLiteral("sqlite://") + m_database);
        QTRY_VERIFY_WITH_TIMEOUT(database.isReady(), 15000);
        const auto store = database.adapter();
        const std::optional<AdapterUser> bob = store->getUserByEmail(QStringLiteral("bob@example.test")).result();
        QVERIFY(bob);
        const QDateTime at = QDateTime(QDate(2026, 11, 3), QTime(8, 0), Qt::UTC);
        store->grantOidcConsent(bob->id, QStringLiteral("grafana"), {QStringLiteral("openid"), QStringLiteral("email")}, at).waitForFinished();

        AdminConnection server;
        QVERIFY(connectAs(server, QStringLiteral("ada@example.test")));
        ConsentsModel consents;
        consents.setConnection(&server);
        consents.setUserId(bob->id);
        QTRY_COMPARE_WITH_TIMEOUT(consents.rowCount(), 1, 15000);
        QCOMPARE(consents.errorString(), QString());
        QVERIFY(consents.isAvailable());
        const QVariantMap grafana = consents.get(0);
        QCOMPARE(grafana.value("clientId").toString(), QStringLiteral("grafana"));
        QCOMPARE(grafana.value("name").toString(), QStringLiteral("Grafana"));
        QCOMPARE(grafana.value("scopesText").toString(), QStringLiteral("sign-in and identity, email address"));
        QCOMPARE(grafana.value("grantedAt").toDateTime(), at);

        QSignalSpy done(&consents, &ConsentsModel::operationFinished);
        consents.revoke(QStringLiteral("grafana"));
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 15000);
        QVERIFY2(done.first().value(1).toBool(), qPrintable(done.first().value(2).toString()));
        QCOMPARE(done.first().value(2).toString(), QStringLiteral("Grafana has no access any more: it asks again at the next sign-in"));
        QVERIFY(!store->oidcConsent(bob->id, QStringLiteral("grafana")).result());
        QTRY_COMPARE_WITH_TIMEOUT(consents.rowCount(), 0, 15000);
        AuditFilter filter;
        filter.userId = bob->id;
        filter.type = QStringLiteral("oidcConsentRevoked");
        const QList<AuditEvent> events = store->auditEvents(filter, 10).result();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("ada@example.test"));
        // Again: the server's 404 in words.
        consents.revoke(QStringLiteral("grafana"));
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 2, 15000);
        QCOMPARE(done.at(1).value(1).toBool(), false);
        QCOMPARE(done.at(1).value(2).toString(), QStringLiteral("grafana had no access any more"));

        OidcClientsModel clients;
        clients.setConnection(&server);
        QTRY_COMPARE_WITH_TIMEOUT(clients.rowCount(), 1, 15000);
        QCOMPARE(clients.errorString(), QString());
        QVERIFY(clients.isConfigured());
        QCOMPARE(clients.source(), QStringLiteral("the server's configuration"));
        const QVariantMap client = clients.get(0);
        QCOMPARE(client.value("clientId").toString(), QStringLiteral("grafana"));
        QCOMPARE(client.value("name").toString(), QStringLiteral("Grafana"));
        QCOMPARE(client.value("kind").toString(), QStringLiteral("confidential (client secret)"));
        QCOMPARE(client.value("access").toString(), QStringLiteral("groups: admins"));
        QCOMPARE(client.value("redirectUris").toStringList(), QStringList{QStringLiteral("https://grafana.example.test/login/generic_oauth")});
    }

    void withoutKeychainNothingIsKept()
    {
        for (int attempt = 0; attempt < 2; ++attempt) {
            AdminConnection connection;
            QVERIFY(connection.keepSignIn());
            connection.connectToServer(m_issuer.toString());
            QCOMPARE(connection.status(), AdminConnection::Status::SigningIn);
            QVERIFY(!playBrowser(sessionOf(QStringLiteral("ada@example.test"))).queryItemValue("code").isEmpty());
            QTRY_COMPARE_WITH_TIMEOUT(connection.status(), AdminConnection::Status::Ready, 15000);
        }
        QVERIFY(m_opened.isEmpty());
    }

    // The configuration editor on the server's file: read with the secrets masked, saved with
    // the masks standing for them; a save from a stale copy is refused, as is a configuration
    // the server would not load; nothing is written either time.
    void configurationOverTheApi()
    {
        AdminConnection connection;
        QVERIFY(connectAs(connection, QStringLiteral("ada@example.test")));
        const QString file = m_dir.filePath(QStringLiteral("gatehouse.json"));
        ConfigDocument first;
        ConfigDocument second;
        first.openServer(&connection);
        second.openServer(&connection);
        QTRY_VERIFY_WITH_TIMEOUT(first.isLoaded() && second.isLoaded(), 15000);
        QVERIFY(first.isRemote());
        QCOMPARE(first.filePath(), file);
        QCOMPARE(first.errorString(), QString());
        QCOMPARE(first.value(QStringLiteral("providers[1].clientSecret")).toString(), QStringLiteral("(masked providers[1].clientSecret)"));
        QCOMPARE(first.errorCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(first.isServerChecked(), 15000);
        QCOMPARE(first.errorCount(), 0);

        // A secret in the file while the server's environment has AUTH_SECRET too: only the
        // server knows its environment, so only its own check (a moment later) says so.
        first.setValue(QStringLiteral("secret"), QStringLiteral("a secret of the file itself, long enough 0123456789"));
        QVERIFY(!first.isServerChecked());
        QCOMPARE(first.problemAt(QStringLiteral("AUTH_SECRET")), QString());
        QTRY_VERIFY_WITH_TIMEOUT(first.isServerChecked(), 15000);
        QVERIFY2(!first.problemAt(QStringLiteral("AUTH_SECRET")).isEmpty(), qPrintable(QJsonDocument::fromVariant(first.problems()).toJson()));
        QCOMPARE(first.errorCount(), 0);
        QVERIFY(first.revert());
        QTRY_VERIFY_WITH_TIMEOUT(first.isServerChecked(), 15000);
        QCOMPARE(first.problemAt(QStringLiteral("AUTH_SECRET")), QString());

        QSignalSpy saved(&first, &ConfigDocument::saved);
        first.setValue(QStringLiteral("session.maxAge"), 3600);
        QVERIFY(first.isModified());
        QVERIFY(first.save());
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 15000);
        QCOMPARE(first.errorString(), QString());
        QVERIFY(!first.isModified());
        QFile written(file);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QJsonObject onDisk = QJsonDocument::fromJson(written.readAll()).object();
        written.close();
        QCOMPARE(onDisk.value("session").toObject().value("maxAge").toInt(), 3600);
        QCOMPARE(onDisk.value("providers").toArray().at(1).toObject().value("clientSecret").toString(), QStringLiteral("corp-client-secret-1"));
        QVERIFY(QFile::exists(file + QStringLiteral(".bak")));

        // The second copy was read before that save: refused, the file as the first one left it.
        second.setValue(QStringLiteral("session.maxAge"), 60);
        QVERIFY(second.save());
        QTRY_VERIFY_WITH_TIMEOUT(!second.errorString().isEmpty(), 15000);
        QCOMPARE(second.errorString(), QStringLiteral("The configuration on the server was changed since it was read; nothing "
                                                      "was saved. Reconnect to read it again."));
        QVERIFY(second.isModified());
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(written.readAll()).object(), onDisk);
        written.close();

        // Saved anyway with an error: the server checks it as it loads it and refuses.
        first.setValue(QStringLiteral("session.maxAge"), QStringLiteral("soon"));
        QVERIFY(first.errorCount() > 0);
        QVERIFY(!first.save());   // not without force
        QVERIFY(first.save(true));
        QTRY_VERIFY_WITH_TIMEOUT(first.errorString().startsWith(QLatin1String("The server refused the configuration; nothing was saved: ")), 15000);
        QVERIFY2(first.errorString().contains(QLatin1String("session.maxAge")), qPrintable(first.errorString()));
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(written.readAll()).object(), onDisk);
        written.close();
        // Revert: the document as last saved.
        QVERIFY(first.revert());
        QCOMPARE(first.value(QStringLiteral("session.maxAge")).toInt(), 3600);
        QVERIFY(!first.isModified());
    }

    // The access tester on the server's saved rules: the server decides, with a stored user's
    // groups; an unsaved edit of the rules is decided here, on the edited rules.
    void accessTesterAsksTheServer()
    {
        AdminConnection connection;
        QVERIFY(connectAs(connection, QStringLiteral("ada@example.test")));
        ConfigDocument document;
        document.openServer(&connection);
        QTRY_VERIFY_WITH_TIMEOUT(document.isLoaded(), 15000);
        AccessTester tester;
        tester.setDocument(&document);
        QCOMPARE(tester.rules().size(), 1);
        const auto decided = [&tester](const QString &user) {
            QVariantMap decision = tester.decide(QStringLiteral("https://admin.example.test/settings"), QStringLiteral("GET"), user, QString());
            if (decision.value("pending").toBool()) {
                if (!QTest::qWaitFor([&] { return !tester.decide(QStringLiteral("https://admin.example.test/settings"), QStringLiteral("GET"),
                                                                 user, QString()).value("pending").toBool(); }, 15000))
                    return QStringLiteral("(no answer from the server)");
                decision = tester.decide(QStringLiteral("https://admin.example.test/settings"), QStringLiteral("GET"), user, QString());
            }
            return decision.value("text").toString();
        };
        QCOMPARE(tester.decide(QStringLiteral("https://admin.example.test/settings"), QStringLiteral("GET"),
                               QStringLiteral("ada@example.test"), QString()).value("text").toString(),
                 QStringLiteral("Asking the server…"));
        QCOMPARE(decided(QStringLiteral("ada@example.test")),
                 QStringLiteral("Allowed, decided by rule 1 (groups: admins) (a stored user, in admins)"));
        QCOMPARE(decided(QStringLiteral("bob@example.test")),
                 QStringLiteral("Denied (403), decided by rule 1 (groups: admins) (a stored user, in no group)"));
        QCOMPARE(decided(QString()), QStringLiteral("Sent to the sign-in page, decided by rule 1 (groups: admins)"));
        // Not saved: decided here on the edited rules (ada's stored groups are not looked up).
        document.setValue(QStringLiteral("access.default"), QStringLiteral("signed-in"));
        document.setValue(QStringLiteral("access.rules"), QVariantList());
        QCOMPARE(tester.decide(QStringLiteral("https://admin.example.test/settings"), QStringLiteral("GET"),
                               QStringLiteral("ada@example.test"), QString()).value("text").toString(),
                 QStringLiteral("Allowed, decided by the default (anyone signed in)"));
    }

    // https is the default; plain http only on loopback; a CA file must hold a certificate.
    void refusesBadAddresses_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("caFile");
        QTest::addColumn<QString>("error");
        QTest::newRow("plain http elsewhere") << "http://box.example/auth" << ""
                                              << "http://box.example/auth is plain http: use https (plain http only on this "
                                                 "computer's loopback address)";
        QTest::newRow("another scheme") << "ftp://box.example/auth" << ""
                                        << "ftp://box.example/auth is not a server address; write it as https://host/basepath";
        QTest::newRow("a query") << "https://box.example/auth?x=1" << ""
                                 << "https://box.example/auth?x=1 is not a server address; write it as https://host/basepath";
        QTest::newRow("empty") << "  " << "" << "no server address was given";
        QTest::newRow("CA file without a certificate") << "box.example/auth" << "gatehouse.json"
                                                       << "the CA file %1 holds no PEM certificate";
    }

    void refusesBadAddresses()
    {
        QFETCH(QString, url);
        QFETCH(QString, caFile);
        QFETCH(QString, error);
        AdminConnection connection;
        if (!caFile.isEmpty()) {
            connection.setCaFile(m_dir.filePath(caFile));
            error = error.arg(m_dir.filePath(caFile));
        }
        connection.connectToServer(url);
        QCOMPARE(connection.status(), AdminConnection::Status::Failed);
        QCOMPARE(connection.errorString(), error);
        if (!caFile.isEmpty())
            QCOMPARE(connection.serverUrl(), QStringLiteral("https://box.example/auth")); // https assumed
    }

    // The Activity view's model over the admin API shows what it shows on the database itself:
    // newest first, paging back, filtered; a new sign-in appears live; a person taken out of
    // admin.groups is told that the audit log is not theirs to read.
    void activityOverTheServer()
    {
        AdminConnection server;
        QVERIFY(connectAs(server, QStringLiteral("ada@example.test")));
        // Events of its own: dan fails once and signs in, bob signs in.
        Browser wrong(m_server.baseUrl());
        wrong.signIn(QStringLiteral("credentials"), {{"email", "dan@elsewhere.test"}, {"password", "not the password"}});
        sessionOf(QStringLiteral("dan@elsewhere.test"));
        sessionOf(QStringLiteral("bob@example.test"));
        AdminConnection database;
        database.open(QStringLiteral("sqlite://") + m_database);
        QTRY_VERIFY_WITH_TIMEOUT(database.isReady(), 15000);
        QTest::qWait(2500); // both show events once they are two seconds old: let the last settle

        ActivityModel overApi;
        ActivityModel overDatabase;
        for (ActivityModel *model : {&overApi, &overDatabase}) {
            model->setPageSize(3); // the API's pages, back to the oldest
            model->setActive(false);
        }
        overApi.setConnection(&server);
        overDatabase.setConnection(&database);
        const QStringList all = eventsOf(overApi);
        QCOMPARE(overApi.errorString(), QString());
        QVERIFY2(all.size() >= 7, qPrintable(all.join(u'\n')));
        QCOMPARE(all, eventsOf(overDatabase));

        // Filters: two types, a user by email.
        for (ActivityModel *model : {&overApi, &overDatabase}) {
            model->setTypes({QStringLiteral("signIn"), QStringLiteral("signInFailed")});
            model->setUser(QStringLiteral("dan@elsewhere.test"));
        }
        const QStringList dans = eventsOf(overApi);
        QCOMPARE(overApi.errorString(), QString());
        QVERIFY2(!dans.isEmpty(), qPrintable(dans.join(u'\n')));
        QCOMPARE(dans, eventsOf(overDatabase));
        QCOMPARE(dans.filter(QStringLiteral(" signIn ")).size() + dans.filter(QStringLiteral(" signInFailed ")).size(), dans.size());
        const QString danId = dans.constFirst().section(u' ', 2);
        QVERIFY(!danId.isEmpty());
        QCOMPARE(dans.filter(u' ' + danId).size(), dans.size());
        QTRY_COMPARE_WITH_TIMEOUT(overApi.get(0).value("userEmail").toString(), QStringLiteral("dan@elsewhere.test"), 15000);
        overApi.setUser(QStringLiteral("nobody@example.test"));
        QTRY_COMPARE_WITH_TIMEOUT(overApi.errorString(), QStringLiteral("could not read the activity: no user has the email nobody@example.test"), 15000);

        // Live: bob signs in; the event appears at the top without a reload.
        overApi.setUser(QString());
        overApi.setTypes({QStringLiteral("signIn")});
        overApi.setPageSize(100);
        overApi.setPollIntervalMs(250);
        overApi.setActive(true);
        QTRY_VERIFY_WITH_TIMEOUT(overApi.isLoaded(), 15000);
        const qint64 newestBefore = overApi.get(0).value("eventId").toLongLong();
        const int rowsBefore = overApi.rowCount();
        sessionOf(QStringLiteral("bob@example.test"));
        QTRY_COMPARE_WITH_TIMEOUT(overApi.rowCount(), rowsBefore + 1, 15000);
        const QVariantMap live = overApi.get(0);
        QVERIFY(live.value("eventId").toLongLong() > newestBefore);
        QCOMPARE(live.value("typeText").toString(), QStringLiteral("Signed in"));
        QTRY_COMPARE_WITH_TIMEOUT(overApi.get(0).value("userEmail").toString(), QStringLiteral("bob@example.test"), 15000);
        QCOMPARE(live.value("provider").toString(), QStringLiteral("credentials"));
        QCOMPARE(live.value("clientAddress").toString(), QStringLiteral("127.0.0.1"));

        // erin administers, then is taken out of admin.groups: the view says why it shows nothing.
        const CommandResult added = runServerCommand({"user", "add", "erin@example.test", "--password-stdin", "--config", m_config},
                                                     kPassword + '\n');
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        QCOMPARE(runServerCommand({"user", "groups", "add", "erin@example.test", "admins", "--config", m_config}).exitCode, 0);
        AdminConnection erinsConnection;
        QVERIFY(connectAs(erinsConnection, QStringLiteral("erin@example.test")));
        ActivityModel erins;
        erins.setConnection(&erinsConnection);
        QTRY_VERIFY_WITH_TIMEOUT(erins.isLoaded(), 15000);
        QVERIFY(!erins.isForbidden());
        QCOMPARE(runServerCommand({"user", "groups", "remove", "erin@example.test", "admins", "--config", m_config}).exitCode, 0);
        erins.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(erins.isForbidden(), 15000);
        QVERIFY2(erins.errorString().startsWith(
                     QStringLiteral("You may not read the audit log on this server (it takes the scope audit:read): ")),
                 qPrintable(erins.errorString()));
        QCOMPARE(erins.rowCount(), 0);
    }

    // Last (it adds 10,001 users): over a server, the list of every user is counted to 10,000
    // and says so; over the database, exactly; the dashboard's count is exact over both.
    void aCountThatStoppedSaysSo()
    {
        QString error;
        QVERIFY2(AdminSeed::seedBulkUsers(QStringLiteral("sqlite://") + m_database, 10001, {}, &error), qPrintable(error));
        AdminConnection server;
        QVERIFY(connectAs(server, QStringLiteral("ada@example.test")));
        AdminConnection database;
        database.open(QStringLiteral("sqlite://") + m_database);
        QTRY_VERIFY_WITH_TIMEOUT(database.isReady(), 15000);
        UsersModel overApi;
        UsersModel overDatabase;
        overApi.setConnection(&server);
        overDatabase.setConnection(&database);
        QTRY_VERIFY_WITH_TIMEOUT(overApi.totalCount() >= 0 && overDatabase.totalCount() >= 0, 15000);
        QCOMPARE(overApi.errorString(), QString());
        QCOMPARE(overApi.totalCount(), qint64(10000));
        QCOMPARE(overApi.totalExact(), false);
        QCOMPARE(overApi.rowCount(), 10000);
        QVERIFY(overDatabase.totalCount() > 10001);
        QCOMPARE(overDatabase.totalExact(), true);
        QCOMPARE(overDatabase.rowCount(), overDatabase.totalCount());
        // The dashboard's user count stays exact over the server.
        DashboardModel dashboard;
        dashboard.setConnection(&server);
        QTRY_VERIFY_WITH_TIMEOUT(dashboard.isLoaded(), 15000);
        QCOMPARE(qint64(dashboard.userCount()), overDatabase.totalCount());
        // A search that finds fewer is exact again, over both.
        overApi.setSearch(QStringLiteral("user1000"));
        overDatabase.setSearch(QStringLiteral("user1000"));
        QTRY_VERIFY_WITH_TIMEOUT(!overApi.isBusy() && overApi.totalCount() == 3, 15000); // user1000, user10000, user10001
        QCOMPARE(overApi.totalExact(), true);
        QTRY_COMPARE_WITH_TIMEOUT(overDatabase.totalCount(), qint64(3), 15000);
    }
};

QTEST_MAIN(TestAdminRemote)
#include "tst_adminremote.moc"
