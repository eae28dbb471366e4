// gatehouse-admin's models over a server (issue 38): AdminConnection::connectToServer() against a
// real gatehouse-server with "admin" on loopback. The test plays the system browser: it takes the
// sign-in address the app opens (QDesktopServices' handler for http), visits it with a signed-in
// session cookie and follows the redirect to the app's loopback listener. Then the dashboard's
// figures and the users list over the admin API must be what the database itself holds (read by
// a second AdminConnection on the SQLite file); a person outside admin.groups is refused in
// words; a revoked grant brings the connection back to "sign in again".
#include "serverharness.h"

#include <adminconnection.h>
#include <dashboardmodel.h>
#include <usersmodel.h>

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
        const QString config = m_dir.filePath(QStringLiteral("gatehouse.json"));
        const QJsonObject json{
            {"url", m_issuer.toString()},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_database}}},
            {"providers", QJsonArray{QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}}}},
            {"admin", QJsonObject{{"groups", QJsonArray{"admins"}}}},
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
        QVERIFY(!server.databaseOnlyMessage().isEmpty());
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
        usersOverApi.updateUser(carol, QString(), QStringLiteral("carol@example.test"), QStringLiteral("https://img.example/c.png"));
        QCOMPARE(edited(4), QStringLiteral("failed: the admin API does not set a user's image yet; leave it empty, or use a "
                                           "database connection"));
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
};

QTEST_MAIN(TestAdminRemote)
#include "tst_adminremote.moc"
