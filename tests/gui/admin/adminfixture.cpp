#include "adminfixture.h"

#include "support/adminseed.h"

#include <gatehouse/sqladapter.h>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDesktopServices>
#include <QFile>
#include <QNetworkReply>
#include <QTcpServer>
#include <QUrl>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QUuid>

using Gatehouse::SqlAdapter;
using Gatehouse::Testing::AdminDemoData;
using Gatehouse::Testing::AdminSeed;

namespace {

//! The file of a "sqlite:///path" URL.
QString sqlitePath(const QString &url)
{
    return url.mid(QStringLiteral("sqlite://").size());
}

} // namespace

AdminFixture::AdminFixture(QObject *parent) : QObject(parent)
{
    m_serverProgram = qEnvironmentVariable("GATEHOUSE_ADMIN_TEST_SERVER");
}

AdminFixture::~AdminFixture()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(5000))
            m_server.kill();
        m_server.waitForFinished(2000);
    }
    if (isRemote())
        QDesktopServices::unsetUrlHandler(QStringLiteral("http"));
}

void AdminFixture::isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GatehouseGuiTests"));
    QCoreApplication::setApplicationName(QStringLiteral("gatehouse-admin-test"));
    QSettings().clear();   // no recent connections or palette from an earlier run
}

QString AdminFixture::configPath() const
{
    return m_dir.filePath(QStringLiteral("gatehouse.json"));
}

QString AdminFixture::databaseUrl() const
{
    return QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"));
}

bool AdminFixture::recordEvent(const QString &type, const QString &userId, const QString &provider)
{
    QString why;
    std::unique_ptr<SqlAdapter> store = SqlAdapter::fromUrl(databaseUrl(), &why);
    if (!store) {
        qWarning().noquote() << "cannot open" << databaseUrl() << why;
        return false;
    }
    Gatehouse::AuditEvent event;
    event.type = type;
    event.userId = userId;
    event.provider = provider;
    event.clientAddress = QStringLiteral("203.0.113.9");
    try {
        store->appendAudit(event).result();
    } catch (const std::exception &error) {
        qWarning().noquote() << "recording the event failed:" << error.what();
        return false;
    }
    return true;
}

bool AdminFixture::seedBulkUsers(int count)
{
    QString why;
    if (!AdminSeed::seedBulkUsers(databaseUrl(), count, {}, &why)) {
        qWarning().noquote() << "seeding" << count << "users failed:" << why;
        return false;
    }
    return true;
}

bool AdminFixture::setUp()
{
    if (!m_dir.isValid()) {
        m_error = m_dir.errorString();
        return false;
    }
    QString why;
    std::unique_ptr<SqlAdapter> store = SqlAdapter::fromUrl(databaseUrl(), &why);
    if (!store) {
        m_error = QStringLiteral("cannot open %1: %2").arg(databaseUrl(), why);
        return false;
    }
    auto migration = store->migrate();
    migration.waitForFinished();
    AdminDemoData data;
    if (!AdminSeed::seedDemo(*store, &data, &m_error))
        return false;
    if (isRemote()) {
        // The session the "browser" signs in to the server with: the first user's (Ada, in admins).
        m_sessionToken = QUuid::createUuid().toString(QUuid::WithoutBraces);
        store->createSession({m_sessionToken, data.userIds.value(0), QDateTime::currentDateTimeUtc().addDays(1)}).waitForFinished();
    }
    // Ada allowed the configured OpenID client (oidcProvider below) to sign her in.
    store->grantOidcConsent(data.userIds.value(0), QStringLiteral("grafana"), {QStringLiteral("openid"), QStringLiteral("email")},
                            QDateTime::currentDateTimeUtc().addDays(-3)).waitForFinished();
    store.reset();

    m_seeded = {
        {QStringLiteral("userCount"), int(data.userIds.size())},
        {QStringLiteral("activeSessions"), data.activeSessions},
        {QStringLiteral("expiredSessions"), data.expiredSessions},
        {QStringLiteral("signInsToday"), data.signInsToday},
        {QStringLiteral("firstUserId"), data.userIds.value(0)},
        {QStringLiteral("firstUserEmail"), data.emails.value(0)},
        {QStringLiteral("firstUserName"), QStringLiteral("Ada Lovelace")},
        // The seed's second user has two active sessions and an expired one.
        {QStringLiteral("expiredSessionUserId"), data.userIds.value(1)},
        {QStringLiteral("expiredSessionUserEmail"), data.emails.value(1)},
    };

    // What an administrator's file looks like: the database, a theme, an OIDC and a password
    // provider, an app signing in through Gatehouse.
    const QJsonObject config{
        {QStringLiteral("basePath"), QStringLiteral("/auth")},
        {QStringLiteral("trustHost"), true},
        {QStringLiteral("session"), QJsonObject{{QStringLiteral("strategy"), QStringLiteral("database")},
                                                {QStringLiteral("maxAge"), 2592000}}},
        {QStringLiteral("adapter"), QJsonObject{{QStringLiteral("url"), databaseUrl()}}},
        {QStringLiteral("theme"), QJsonObject{{QStringLiteral("colorScheme"), QStringLiteral("light")},
                                              {QStringLiteral("brandColor"), QStringLiteral("#2f5bd3")}}},
        {QStringLiteral("providers"), QJsonArray{
            QJsonObject{{QStringLiteral("id"), QStringLiteral("corp")}, {QStringLiteral("type"), QStringLiteral("oidc")},
                        {QStringLiteral("name"), QStringLiteral("Corp SSO")},
                        {QStringLiteral("clientId"), QStringLiteral("gatehouse")},
                        {QStringLiteral("clientSecret"), QStringLiteral("corp-client-secret")},
                        {QStringLiteral("issuer"), QStringLiteral("https://sso.corp.test/realms/main")}},
            QJsonObject{{QStringLiteral("id"), QStringLiteral("password")}, {QStringLiteral("type"), QStringLiteral("credentials")},
                        {QStringLiteral("name"), QStringLiteral("Password")},
                        {QStringLiteral("authorize"), QStringLiteral("builtin")},
                        {QStringLiteral("credentials"), QJsonObject{
                            {QStringLiteral("email"), QJsonObject{{QStringLiteral("label"), QStringLiteral("Email")},
                                                                  {QStringLiteral("type"), QStringLiteral("email")}}},
                            {QStringLiteral("password"), QJsonObject{{QStringLiteral("label"), QStringLiteral("Password")},
                                                                     {QStringLiteral("type"), QStringLiteral("password")}}}}}}}},
        {QStringLiteral("oidcProvider"), QJsonObject{{QStringLiteral("clients"), QJsonArray{QJsonObject{
            {QStringLiteral("clientId"), QStringLiteral("grafana")},
            {QStringLiteral("name"), QStringLiteral("Grafana")},
            {QStringLiteral("clientSecret"), QStringLiteral("grafana-client-secret-0123456789abcdef")},
            {QStringLiteral("redirectUris"), QJsonArray{QStringLiteral("https://grafana.example.test/login/generic_oauth")}},
            {QStringLiteral("scopes"), QJsonArray{QStringLiteral("openid"), QStringLiteral("email")}},
            {QStringLiteral("access"), QJsonObject{{QStringLiteral("groups"), QJsonArray{QStringLiteral("admins")}}}}}}}}},
    };
    QJsonObject written = config;
    if (isRemote()) {
        QTcpServer probe;   // a free loopback port for the server, named in its public URL
        if (!probe.listen(QHostAddress::LocalHost)) {
            m_error = QStringLiteral("no free loopback port: %1").arg(probe.errorString());
            return false;
        }
        m_serverUrl = QStringLiteral("http://127.0.0.1:%1/auth").arg(probe.serverPort());
        probe.close();
        written.insert(QStringLiteral("url"), m_serverUrl);
        written.insert(QStringLiteral("admin"), QJsonObject{{QStringLiteral("groups"), QJsonArray{QStringLiteral("admins")}}});
    }
    QFile file(configPath());
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(written).toJson()) <= 0) {
        m_error = QStringLiteral("cannot write %1: %2").arg(configPath(), file.errorString());
        return false;
    }
    file.close();
    if (isRemote()) {
        m_seeded.insert(QStringLiteral("activeSessions"), data.activeSessions + 1);
        if (!startServer())
            return false;
        QDesktopServices::setUrlHandler(QStringLiteral("http"), this, "openUrl");
    }
    return true;
}

bool AdminFixture::startServer()
{
    const QUrl url(m_serverUrl);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AUTH_SECRET"), QStringLiteral("gatehouse-admin-gui-test-secret-0123456789"));
    env.remove(QStringLiteral("DATABASE_URL"));
    env.remove(QStringLiteral("AUTH_URL"));
    m_server.setProcessEnvironment(env);
    m_server.setWorkingDirectory(m_dir.path());
    // Into a file: a pipe nobody reads during the tests would fill and stop the server.
    const QString logFile = m_dir.filePath(QStringLiteral("gatehouse-server.log"));
    m_server.setProcessChannelMode(QProcess::MergedChannels);
    m_server.setStandardOutputFile(logFile);
    m_server.start(m_serverProgram, {QStringLiteral("--config"), configPath(), QStringLiteral("--listen"),
                                     QStringLiteral("127.0.0.1:%1").arg(url.port()), QStringLiteral("--threads"), QStringLiteral("2")});
    if (!m_server.waitForStarted(10000)) {
        m_error = QStringLiteral("cannot start %1: %2").arg(m_serverProgram, m_server.errorString());
        return false;
    }
    // Listening once it answers: the health endpoint, tried until it does (at most 30 s).
    const QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, quint16(url.port()));
        if (socket.waitForConnected(500))
            return true;
        if (m_server.state() == QProcess::NotRunning)
            break;
        m_server.waitForFinished(200);
    }
    QFile log(logFile);
    log.open(QIODevice::ReadOnly);
    m_error = QStringLiteral("gatehouse-server did not listen on %1: %2").arg(m_serverUrl, QString::fromLocal8Bit(log.readAll()));
    return false;
}

void AdminFixture::openUrl(const QUrl &url)
{
    // The sign-in page, visited with the first user's session: it redirects to the app.
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setRawHeader("Cookie", "authjs.session-token=" + m_sessionToken.toLatin1());
    QNetworkReply *page = m_browser.get(request);
    connect(page, &QNetworkReply::finished, this, [this, page] {
        page->deleteLater();
        const QUrl back(QString::fromUtf8(page->rawHeader("Location")));
        if (!back.isValid() || back.isEmpty()) {
            qWarning("fixture: the sign-in page answered %d without a redirect: %s",
                     page->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), page->readAll().left(500).constData());
            return;
        }
        QNetworkRequest redirect(back);
        redirect.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        QNetworkReply *app = m_browser.get(redirect);
        connect(app, &QNetworkReply::finished, app, &QObject::deleteLater);
    });
}

QString AdminFixture::olderSchemaDatabaseUrl()
{
    const QString path = m_dir.filePath(QStringLiteral("older-%1.db").arg(++m_olderDatabases));
    const QString url = QStringLiteral("sqlite://") + path;
    {
        QString why;
        std::unique_ptr<SqlAdapter> store = SqlAdapter::fromUrl(url, &why);
        if (!store) {
            qWarning("cannot open %s: %s", qPrintable(url), qPrintable(why));
            return {};
        }
        store->migrate().waitForFinished();
        AdminDemoData data;
        if (!AdminSeed::seedDemo(*store, &data, &why)) {
            qWarning("cannot seed %s: %s", qPrintable(url), qPrintable(why));
            return {};
        }
    }
    // Take back what schema steps 5 to 8 made.
    const bool ok = execute(path, {QStringLiteral("DELETE FROM gatehouse_schema_version WHERE version >= 5"),
                                   QStringLiteral("DROP TABLE gatehouse_session_details"),
                                   QStringLiteral("DROP TABLE gatehouse_session_revocations"),
                                   QStringLiteral("DROP INDEX sessions_token_lookup_idx"),
                                   QStringLiteral("DROP TABLE gatehouse_user_state"),
                                   QStringLiteral("DROP INDEX users_name_id_idx"), QStringLiteral("DROP INDEX users_email_id_idx"),
                                   QStringLiteral("DROP INDEX users_verified_id_idx"),
                                   QStringLiteral("DROP INDEX gatehouse_audit_type_time_idx")});
    return ok ? url : QString();
}

QString AdminFixture::failingMigrationDatabaseUrl()
{
    const QString url = olderSchemaDatabaseUrl();
    if (url.isEmpty())
        return {};
    const bool ok = execute(sqlitePath(url), {QStringLiteral("CREATE VIEW gatehouse_user_state AS SELECT 1 AS one")});
    return ok ? url : QString();
}

bool AdminFixture::removeMigrationConflict(const QString &url)
{
    return execute(sqlitePath(url), {QStringLiteral("DROP VIEW gatehouse_user_state")});
}

QString AdminFixture::schemaSnapshot(const QString &url)
{
    QStringList rows;
    const bool ok = execute(sqlitePath(url),
                            {QStringLiteral("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master "
                                            "ORDER BY type, name"),
                             QStringLiteral("SELECT 'schema version ' || version FROM gatehouse_schema_version ORDER BY version")},
                            &rows);
    return ok ? rows.join(u'\n') : QString();
}

bool AdminFixture::execute(const QString &path, const QStringList &statements, QStringList *rows)
{
    const QString name = QUuid::createUuid().toString();
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        ok = db.open();
        if (!ok)
            qWarning("cannot open %s: %s", qPrintable(path), qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        for (const QString &sql : statements) {
            if (ok && !q.exec(sql)) {
                qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
                ok = false;
            }
            while (ok && rows && q.next())
                rows->append(q.value(0).toString());
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

QString AdminFixture::silentDatabaseUrl()
{
    if (!m_silentServer.isListening()) {
        m_silentServer.listen(QHostAddress::LocalHost);
        connect(&m_silentServer, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_silentServer.nextPendingConnection())
                m_silentClients.append(socket);   // kept open, never read
        });
    }
    return QStringLiteral("postgresql://gatehouse@127.0.0.1:%1/gatehouse").arg(m_silentServer.serverPort());
}

QString AdminFixture::refusingDatabaseUrl()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost);
    const quint16 port = probe.serverPort();
    probe.close();   // free again: connecting is refused
    return QStringLiteral("postgresql://gatehouse@127.0.0.1:%1/gatehouse").arg(port);
}

QString AdminFixture::writeFile(const QString &name, const QString &contents)
{
    QFile file(m_dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(contents.toUtf8()) < 0)
        return {};
    return QUrl::fromLocalFile(file.fileName()).toString();
}

QVariantMap AdminFixture::readJson(const QString &path) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().toVariantMap();
}
