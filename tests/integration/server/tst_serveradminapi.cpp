// The admin API of gatehouse-server (issue 38, first slice) as a script uses it: tokens made with
// `admin-token create` (the token alone on the last line), every user operation over HTTP on
// loopback with `Authorization: Bearer`, each scope refused where it must be, a token revoked by
// `admin-token revoke` refused at once by every server on the database, and the audit log's
// "by" naming the token. On a SQLite file and on PostgreSQL (two servers sharing it). A person of
// admin.groups signing in through the OpenID Provider as gatehouse-admin. Without "admin" in the
// configuration the API is not there.
#include "serverharness.h"
#include "importfiles.h"
#include "support/postgresserver.h"
#include "support/serverprocess.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/sqladapter.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QUrlQuery>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

struct Answer
{
    int status = 0;
    QJsonObject body;
    QByteArray raw;
    bool setsCookie = false;
    QByteArray contentType;
    QByteArray auditCursor;   //!< Gatehouse-Audit-Cursor
    QByteArray auditMore;     //!< Gatehouse-Audit-More
    QByteArray newest;        //!< Gatehouse-Audit-Newest
    QByteArray etag;
};

//! The lines of an audit pull, each a JSON object.
QList<QJsonObject> auditLines(const QByteArray &body)
{
    QList<QJsonObject> lines;
    for (const QByteArray &line : body.split('\n')) {
        if (!line.isEmpty())
            lines.append(QJsonDocument::fromJson(line).object());
    }
    return lines;
}

QByteArray serverConfig(const QString &databaseUrl, bool admin)
{
    QJsonObject config{
        {"basePath", "/auth"},
        {"trustHost", true},
        {"adapter", QJsonObject{{"url", databaseUrl}}},
        {"providers", QJsonArray{QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"},
                                             {"authorize", "builtin"}}}},
    };
    if (admin)
        config.insert("admin", QJsonObject{{"groups", QJsonArray{"admins"}}});
    return QJsonDocument(config).toJson();
}

} // namespace

class TestServerAdminApi : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PostgresServer> m_pg;
    QString m_pgUnavailable;
    int m_databases = 0;
    QNetworkAccessManager m_nam;

    //! A fresh, migrated database on \a backend and a configuration naming it; the URL, empty on failure.
    QString prepare(const QString &backend, bool admin, QString *config)
    {
        const QString name = QStringLiteral("adminapi%1").arg(++m_databases);
        QString url;
        if (backend == QLatin1String("postgresql")) {
            QString error;
            if (!m_pg->createDatabase(name, &error)) {
                qWarning("%s", qPrintable(error));
                return {};
            }
            url = m_pg->url(name);
        } else {
            url = QStringLiteral("sqlite://") + m_dir.filePath(name + QStringLiteral(".db"));
        }
        *config = m_dir.filePath(name + QStringLiteral(".json"));
        if (!replaceFile(*config, serverConfig(url, admin)))
            return {};
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), *config});
        if (migrated.exitCode != 0) {
            qWarning("migrate: %s", qPrintable(migrated.err));
            return {};
        }
        return url;
    }

    //! `admin-token create NAME --scope SCOPES` on \a config's database: the token (the last line).
    QString createToken(const QString &config, const QString &name, const QString &scopes)
    {
        const CommandResult created = runServerCommand({QStringLiteral("admin-token"), QStringLiteral("create"), name,
                                                        QStringLiteral("--scope"), scopes, QStringLiteral("--expires"),
                                                        QStringLiteral("1d"), QStringLiteral("--config"), config});
        if (created.exitCode != 0) {
            qWarning("admin-token create: %s", qPrintable(created.err));
            return {};
        }
        const QStringList lines = created.out.trimmed().split(u'\n');
        return lines.constLast();
    }

    Answer call(quint16 port, const QByteArray &method, const QString &path, const QString &token,
                const QByteArray &body = {}, const QByteArray &contentType = QByteArrayLiteral("application/json"))
    {
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/auth/admin/api/%2").arg(port).arg(path)));
        if (!token.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
        if (!body.isEmpty())
            request.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.sendCustomRequest(request, method, body)));
        Answer answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.raw = reply->readAll();
        answer.body = QJsonDocument::fromJson(answer.raw).object();
        answer.setsCookie = reply->hasRawHeader("Set-Cookie");
        answer.contentType = reply->rawHeader("Content-Type");
        answer.auditCursor = reply->rawHeader("Gatehouse-Audit-Cursor");
        answer.auditMore = reply->rawHeader("Gatehouse-Audit-More");
        answer.newest = reply->rawHeader("Gatehouse-Audit-Newest");
        answer.etag = reply->rawHeader("ETag");
        return answer;
    }

    static QByteArray readAll(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    QList<AuditEvent> audit(const QString &url, const QString &type)
    {
        std::shared_ptr<SqlAdapter> adapter(SqlAdapter::fromUrl(url));
        AuditFilter filter;
        filter.type = type;
        return adapter->auditEvents(filter, 100).result();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_pgUnavailable = PostgresServer::unavailableReason();
        if (!m_pgUnavailable.isEmpty())
            return;
        m_pg = std::make_unique<PostgresServer>();
        QString error;
        QVERIFY2(m_pg->start(&error), qPrintable(error));
    }

    void everyOperationScopeAndRevocation_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("servers");
        QTest::newRow("sqlite") << QStringLiteral("sqlite") << 1;
        QTest::newRow("postgresql, two servers") << QStringLiteral("postgresql") << 2;
    }

    void everyOperationScopeAndRevocation()
    {
        QFETCH(QString, backend);
        QFETCH(int, servers);
        if (backend == QLatin1String("postgresql") && !m_pg)
            QSKIP(qPrintable(m_pgUnavailable));
        QString config;
        const QString url = prepare(backend, true, &config);
        QVERIFY(!url.isEmpty());
        const QString writer = createToken(config, QStringLiteral("provisioning"), QStringLiteral("users:read,users:write"));
        const QString reader = createToken(config, QStringLiteral("report"), QStringLiteral("users:read"));
        QVERIFY(writer.startsWith(QLatin1String("gha_")));
        QVERIFY(reader.startsWith(QLatin1String("gha_")));
        std::vector<std::unique_ptr<ServerUnderTest>> running;
        for (int i = 0; i < servers; ++i) {
            running.push_back(std::make_unique<ServerUnderTest>());
            QVERIFY2(running.back()->start(config), qPrintable(running.back()->log()));
        }
        const quint16 port = running.front()->port();
        QVERIFY(running.front()->log().contains(QLatin1String("admin API: /auth/admin/api/")));

        // Every operation, with the token that may.
        const Answer created = call(port, "POST", "users", writer, R"({"email":"ada@example.test","name":"Ada"})");
        QCOMPARE(created.status, 201);
        QVERIFY(!created.setsCookie);
        const QString id = created.body.value("id").toString();
        QVERIFY(!id.isEmpty());
        QCOMPARE(call(port, "POST", "users", writer, R"({"email":"bob@example.test"})").status, 201);
        // A search is the start of the email or name; "*" stands for any text.
        const Answer listed = call(port, "GET", "users?search=*example&pageSize=1&page=2", reader);
        QCOMPARE(listed.status, 200);
        QCOMPARE(listed.body.value("total").toInt(), 2);
        QCOMPARE(listed.body.value("totalExact").toBool(), true);
        QCOMPARE(call(port, "GET", "users?search=example", reader).body.value("total").toInt(), 0);
        QCOMPARE(call(port, "GET", "users?search=BO", reader).body.value("users").toArray().first().toObject().value("email").toString(),
                 QStringLiteral("bob@example.test"));
        QCOMPARE(listed.body.value("users").toArray().first().toObject().value("email").toString(),
                 QStringLiteral("bob@example.test"));
        QCOMPARE(call(port, "GET", "users/" + id, reader).body.value("name").toString(), QStringLiteral("Ada"));
        const Answer patched = call(port, "PATCH", "users/" + id, writer, R"({"name":"Ada L.","emailVerified":true})");
        QCOMPARE(patched.status, 200);
        QCOMPARE(patched.body.value("name").toString(), QStringLiteral("Ada L."));
        QVERIFY(patched.body.value("emailVerified").isString());
        QCOMPARE(call(port, "POST", "users/" + id + "/disable", writer).body.value("disabled").toBool(), true);
        QCOMPARE(call(port, "POST", "users/" + id + "/enable", writer).body.value("disabled").toBool(), false);
        const Answer sessions = call(port, "GET", "users/" + id + "/sessions", reader);
        QCOMPARE(sessions.status, 200);
        QCOMPARE(sessions.body.value("sessions").toArray().size(), 0);
        QCOMPARE(call(port, "DELETE", "users/" + id + "/sessions", writer).body.value("sessionsEnded").toInt(), 0);

        // Bad input: the field named, nothing changed, never a 500.
        // The image: an http(s) URL, or null for none.
        QCOMPARE(call(port, "PATCH", "users/" + id, writer, "{\"image\":\"https://img.example/ada.png\"}").body.value("image").toString(),
                 QStringLiteral("https://img.example/ada.png"));
        const Answer badImage = call(port, "PATCH", "users/" + id, writer, R"({"image":"javascript:alert"})");
        QCOMPARE(badImage.status, 400);
        QCOMPARE(badImage.body.value("field").toString(), QStringLiteral("image"));
        QCOMPARE(call(port, "GET", "users/" + id, reader).body.value("image").toString(), QStringLiteral("https://img.example/ada.png"));
        QVERIFY(call(port, "PATCH", "users/" + id, writer, R"({"image":null})").body.value("image").isNull());
        const Answer unknownField = call(port, "PATCH", "users/" + id, writer, R"({"name":"X","role":"admin"})");
        QCOMPARE(unknownField.status, 400);
        QCOMPARE(unknownField.body.value("field").toString(), QStringLiteral("role"));
        const Answer oversized = call(port, "GET", "users?pageSize=1000", reader);
        QCOMPARE(oversized.status, 400);
        QCOMPARE(oversized.body.value("field").toString(), QStringLiteral("pageSize"));
        const Answer malformed = call(port, "POST", "users", writer, R"({"email":)");
        QCOMPARE(malformed.status, 400);
        QCOMPARE(malformed.body.value("error").toString(), QStringLiteral("invalid_json"));
        QCOMPARE(call(port, "GET", "users/" + id, reader).body.value("name").toString(), QStringLiteral("Ada L."));
        QCOMPARE(call(port, "GET", "users/424242", reader).body.value("field").toString(), QStringLiteral("id"));

        // The reader may not change anything; each refusal audited.
        const QList<std::pair<QByteArray, QString>> changes = {
            {"POST", QStringLiteral("users")}, {"PATCH", "users/" + id}, {"POST", "users/" + id + "/disable"},
            {"POST", "users/" + id + "/enable"}, {"DELETE", "users/" + id + "/sessions"}, {"DELETE", "users/" + id}};
        for (const auto &[method, path] : changes) {
            QByteArray body;
            if (method == "PATCH")
                body = R"({"name":"Eve"})";
            else if (path == QLatin1String("users"))
                body = R"({"email":"eve@example.test"})";
            const Answer refused = call(port, method, path, reader, body);
            QVERIFY2(refused.status == 403, qPrintable(QString::fromLatin1(method) + u' ' + path + u' ' + QString::fromUtf8(refused.raw)));
            QCOMPARE(refused.body.value("scope").toString(), QStringLiteral("users:write"));
        }
        QCOMPARE(audit(url, QStringLiteral("adminApiDenied")).size(), changes.size());
        QCOMPARE(audit(url, QStringLiteral("adminApiDenied")).first().detail.value("by").toString(), QStringLiteral("token:report"));

        // Deleted, then gone.
        QCOMPARE(call(port, "DELETE", "users/" + id, writer).status, 200);
        QCOMPARE(call(port, "GET", "users/" + id, reader).status, 404);

        // Every change audited with the token's name.
        for (const QString type : {"userCreate", "userUpdate", "userDisable", "userEnable", "sessionsEndAll", "userDelete"}) {
            const QList<AuditEvent> events = audit(url, type);
            QVERIFY2(!events.isEmpty(), qPrintable(type));
            QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:provisioning"));
        }
        QCOMPARE(audit(url, QStringLiteral("adminTokenCreate")).size(), 2);

        // Revoked on the command line: refused at once by every server on the database.
        for (const auto &server : running)
            QCOMPARE(call(server->port(), "GET", "users", reader).status, 200);
        const CommandResult revoked = runServerCommand(
            {QStringLiteral("admin-token"), QStringLiteral("revoke"), QStringLiteral("report"), QStringLiteral("--config"), config});
        QVERIFY2(revoked.exitCode == 0, qPrintable(revoked.err));
        for (const auto &server : running) {
            const Answer refused = call(server->port(), "GET", "users", reader);
            QCOMPARE(refused.status, 401);
            QCOMPARE(refused.body.value("error").toString(), QStringLiteral("invalid_token"));
            QCOMPARE(call(server->port(), "GET", "users", writer).status, 200);
        }
        const QList<AuditEvent> revocations = audit(url, QStringLiteral("adminTokenRevoke"));
        QCOMPARE(revocations.size(), 1);
        QVERIFY(revocations.first().detail.value("by").toString().startsWith(QLatin1String("cli:")));
        const CommandResult listedTokens =
            runServerCommand({QStringLiteral("admin-token"), QStringLiteral("list"), QStringLiteral("--config"), config});
        QCOMPARE(listedTokens.exitCode, 0);
        QVERIFY2(listedTokens.out.contains(QRegularExpression(QStringLiteral("report +revoked"))), qPrintable(listedTokens.out));
        QVERIFY2(listedTokens.out.contains(QRegularExpression(QStringLiteral("provisioning +active"))), qPrintable(listedTokens.out));
        QVERIFY(!listedTokens.out.contains(writer));
    }

    void auditPull_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    void auditPull()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgresql") && !m_pg)
            QSKIP(qPrintable(m_pgUnavailable));
        QString config;
        const QString url = prepare(backend, true, &config);
        QVERIFY(!url.isEmpty());
        const QString writer = createToken(config, QStringLiteral("provisioning"), QStringLiteral("users:read,users:write"));
        const QString siem = createToken(config, QStringLiteral("siem"), QStringLiteral("audit:read"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        const QString ada = call(port, "POST", "users", writer, R"({"email":"ada@example.test"})").body.value("id").toString();
        const QString bob = call(port, "POST", "users", writer, R"({"email":"bob@example.test"})").body.value("id").toString();
        QCOMPARE(call(port, "PATCH", "users/" + ada, writer, R"({"name":"Ada"})").status, 200);
        QVERIFY(!ada.isEmpty() && !bob.isEmpty());

        // Events are handed out once they have settled (a moment): poll as a SIEM would.
        const QString changes = QStringLiteral("audit?type=userCreate,userUpdate");
        Answer pulled;
        QTRY_VERIFY_WITH_TIMEOUT(auditLines((pulled = call(port, "GET", changes, siem)).raw).size() == 3, 20000);
        QCOMPARE(pulled.status, 200);
        QVERIFY2(pulled.contentType.startsWith("application/x-ndjson"), pulled.contentType.constData());
        QVERIFY(!pulled.setsCookie);
        QCOMPARE(pulled.auditMore, QByteArray("false"));
        const QList<QJsonObject> lines = auditLines(pulled.raw);
        QStringList seen;
        qint64 lastId = 0;
        for (const QJsonObject &line : lines) {
            QVERIFY(line.value("id").toInteger() > lastId);  // in the log's order
            lastId = line.value("id").toInteger();
            QVERIFY(QDateTime::fromString(line.value("time").toString(), Qt::ISODateWithMs).isValid());
            QCOMPARE(line.value("detail").toObject().value("by").toString(), QStringLiteral("token:provisioning"));
            QCOMPARE(line.value("clientAddress").toString(), QStringLiteral("127.0.0.1"));
            seen.append(line.value("type").toString() + u':' + line.value("userId").toString());
        }
        QCOMPARE(seen, (QStringList{"userCreate:" + ada, "userCreate:" + bob, "userUpdate:" + ada}));
        // The cursor is past everything read, matching or not (the token's creation is older).
        const qint64 cursor = pulled.auditCursor.toLongLong();
        QVERIFY2(cursor >= lastId, pulled.auditCursor.constData());

        // From the cursor on: nothing twice.
        const Answer again = call(port, "GET", changes + QStringLiteral("&after=%1").arg(cursor), siem);
        QCOMPARE(again.status, 200);
        QVERIFY2(again.raw.isEmpty(), again.raw.constData());
        QCOMPARE(again.auditCursor.toLongLong(), cursor);

        // A page at a time: "more" says to pull again at once.
        const Answer first = call(port, "GET", changes + QStringLiteral("&limit=1"), siem);
        QCOMPARE(auditLines(first.raw).size(), 1);
        QCOMPARE(first.auditMore, QByteArray("true"));
        const Answer next = call(port, "GET", changes + QStringLiteral("&limit=1&after=") + QString::fromLatin1(first.auditCursor), siem);
        QCOMPARE(auditLines(next.raw).first().value("type").toString() + u':' + auditLines(next.raw).first().value("userId").toString(),
                 "userCreate:" + bob);

        // Backwards, newest first (the admin app's Activity view): from the newest, a page at a time.
        const auto kinds = [](const QByteArray &raw) {
            QStringList found;
            for (const QJsonObject &line : auditLines(raw))
                found.append(line.value("type").toString() + u':' + line.value("userId").toString());
            return found;
        };
        const Answer newest = call(port, "GET", changes + QStringLiteral("&before=999999999999"), siem);
        QCOMPARE(newest.status, 200);
        QCOMPARE(kinds(newest.raw), (QStringList{"userUpdate:" + ada, "userCreate:" + bob, "userCreate:" + ada}));
        QCOMPARE(newest.auditMore, QByteArray("false"));
        QCOMPARE(newest.newest.toLongLong(), lastId);  // where a forward pull goes on
        const Answer latest = call(port, "GET", changes + QStringLiteral("&before=999999999999&limit=1"), siem);
        QCOMPARE(kinds(latest.raw), QStringList{"userUpdate:" + ada});
        QCOMPARE(latest.auditMore, QByteArray("true"));
        QCOMPARE(latest.auditCursor.toLongLong(), lastId);
        const Answer older = call(port, "GET", changes + QStringLiteral("&limit=1&before=") + QString::fromLatin1(latest.auditCursor), siem);
        QCOMPARE(kinds(older.raw), QStringList{"userCreate:" + bob});
        QVERIFY(older.newest.isEmpty());
        const Answer oldest = call(port, "GET", QStringLiteral("audit?before=") + QString::fromLatin1(older.auditCursor), siem);
        QVERIFY(kinds(oldest.raw).contains("userCreate:" + ada));  // and what came before it
        QVERIFY(!kinds(oldest.raw).contains("userCreate:" + bob));
        QCOMPARE(kinds(oldest.raw).filter(QStringLiteral("adminTokenCreate")).size(), 2);
        QCOMPARE(oldest.auditMore, QByteArray("false"));
        QCOMPARE(kinds(call(port, "GET", QStringLiteral("audit?before=999999999999&type=userCreate&user=") + ada, siem).raw),
                 QStringList{"userCreate:" + ada});

        // Filters: one person; a time window.
        const QList<QJsonObject> ofAda = auditLines(call(port, "GET", QStringLiteral("audit?user=") + ada, siem).raw);
        QCOMPARE(ofAda.size(), 2);
        const QString tomorrow = QDateTime::currentDateTimeUtc().addDays(1).toString(Qt::ISODate);
        QVERIFY(call(port, "GET", QStringLiteral("audit?since=") + tomorrow, siem).raw.isEmpty());
        QCOMPARE(auditLines(call(port, "GET", QStringLiteral("audit?type=userCreate&until=") + tomorrow, siem).raw).size(), 2);

        // Refusals name what is wrong; another scope is not enough; nothing but GET.
        const Answer withoutScope = call(port, "GET", QStringLiteral("audit"), writer);
        QCOMPARE(withoutScope.status, 403);
        QCOMPARE(withoutScope.body.value("scope").toString(), QStringLiteral("audit:read"));
        const QList<std::pair<QString, QString>> bad = {{"audit?limit=0", "limit"},         {"audit?limit=5000", "limit"},
                                                        {"audit?after=-1", "after"},        {"audit?since=yesterday", "since"},
                                                        {"audit?until=2026-11-29T08:00:00", "until"},
                                                        {"audit?type=sign%20in", "type"},   {"audit?cursor=1", "cursor"},
                                                        {"audit?before=0", "before"},       {"audit?before=5&after=1", "before"}};
        for (const auto &[path, field] : bad) {
            const Answer refused = call(port, "GET", path, siem);
            QVERIFY2(refused.status == 400, qPrintable(path + u' ' + QString::fromUtf8(refused.raw)));
            QCOMPARE(refused.body.value("field").toString(), field);
        }
        QCOMPARE(call(port, "POST", QStringLiteral("audit"), siem).status, 405);
        QCOMPARE(call(port, "GET", QStringLiteral("audit/1"), siem).status, 404);
    }

    // A person of admin.groups signs in through the server's own OpenID Provider as gatehouse-admin
    // does (authorization code, PKCE S256, a loopback redirect URI with the app's port), and the
    // access token it gets administers, audited by the person's email. Someone outside the
    // groups gets no code; taken out of the groups, the token is refused at once.
    void personSignsInToAdminister()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        const QByteArray password = "a long admin password 1\n";
        for (const char *email : {"ada@example.test", "bob@example.test"}) {
            const CommandResult added = runServerCommand({"user", "add", email, "--password-stdin", "--config", config}, password);
            QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        }
        const auto groups = [&config](const char *action) {
            return runServerCommand({"user", "groups", action, "ada@example.test", "admins", "--config", config}).exitCode;
        };
        QCOMPARE(groups("add"), 0);
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const QString base = server.baseUrl();

        const QString verifier = QStringLiteral("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
        const QString redirect = QStringLiteral("http://127.0.0.1:49152/callback");
        QUrlQuery authorize;
        authorize.setQueryItems({{"response_type", "code"}, {"client_id", "gatehouse-admin"}, {"redirect_uri", redirect},
                                 {"scope", "openid email offline_access"}, {"state", "s1"},
                                 {"code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"},
                                 {"code_challenge_method", "S256"}});
        const QString authorizePath = QStringLiteral("/auth/oidc/authorize?") + authorize.toString(QUrl::FullyEncoded);
        // What the browser is sent to once signed in: the redirect URI, with a code or an error.
        const auto signInAndAuthorize = [&](const QString &email) {
            Browser browser(base);
            const QString after = browser.signIn(QStringLiteral("credentials"), {{"email", email},
                                                                                  {"password", "a long admin password 1"},
                                                                                  {"callbackUrl", base + authorizePath}});
            if (after != base + authorizePath)
                return QUrlQuery(after);
            QNetworkRequest request(QUrl(base + authorizePath));
            request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
            request.setRawHeader("Cookie", browser.cookieHeader());
            std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.get(request)));
            const QUrl location(QString::fromUtf8(reply->rawHeader("Location")));
            return location.toString(QUrl::RemoveQuery) == redirect ? QUrlQuery(location) : QUrlQuery();
        };
        QCOMPARE(signInAndAuthorize(QStringLiteral("bob@example.test")).queryItemValue("error"), QStringLiteral("access_denied"));
        const QString code = signInAndAuthorize(QStringLiteral("ada@example.test")).queryItemValue("code");
        QVERIFY(!code.isEmpty());

        QNetworkRequest tokenRequest(QUrl(base + QStringLiteral("/auth/oidc/token")));
        tokenRequest.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
        QUrlQuery form;
        form.setQueryItems({{"grant_type", "authorization_code"}, {"code", code}, {"redirect_uri", redirect},
                            {"client_id", "gatehouse-admin"}, {"code_verifier", verifier}});
        std::unique_ptr<QNetworkReply> tokenReply(
            waitForReply(m_nam.post(tokenRequest, form.toString(QUrl::FullyEncoded).toLatin1())));
        const QJsonObject tokens = QJsonDocument::fromJson(tokenReply->readAll()).object();
        const QString access = tokens.value("access_token").toString();
        QVERIFY2(!access.isEmpty(), qPrintable(QJsonDocument(tokens).toJson()));
        QVERIFY(!tokens.value("refresh_token").toString().isEmpty());

        // The person may do what every scope allows; changes name them.
        QCOMPARE(call(server.port(), "GET", "users?search=*example", access).body.value("total").toInt(), 2);
        const Answer created = call(server.port(), "POST", "users", access, R"({"email":"cy@example.test"})");
        QCOMPARE(created.status, 201);
        QVERIFY(!created.setsCookie);
        QCOMPARE(call(server.port(), "GET", "audit?limit=1", access).status, 200);
        // The newest first: the API's, after the two `user add` made (audited by the CLI since 36fa3bb).
        QList<AuditEvent> events = audit(url, QStringLiteral("userCreate"));
        QCOMPARE(events.size(), 3);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("ada@example.test"));
        QCOMPARE(events.first().detail.value("email").toString(), QStringLiteral("cy@example.test"));

        // A token altered in its signature, or cut short, is no token.
        QString altered = access;
        altered[altered.size() - 2] = altered.at(altered.size() - 2) == u'A' ? u'B' : u'A';
        QCOMPARE(call(server.port(), "GET", "users", altered).status, 401);
        QCOMPARE(call(server.port(), "GET", "users", access.section(u'.', 0, 1) + u'.').status, 401);

        // Out of the admin groups: refused at once, and the refusal is audited.
        QCOMPARE(groups("remove"), 0);
        const Answer refused = call(server.port(), "GET", "users", access);
        QCOMPARE(refused.status, 403);
        QCOMPARE(refused.body.value("error").toString(), QStringLiteral("not_admin"));
        events = audit(url, QStringLiteral("adminApiDenied"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("ada@example.test"));
        QCOMPARE(events.first().detail.value("reason").toString(), QStringLiteral("notAdmin"));

        // Disabled, even back in the group: the token's person is gone.
        QCOMPARE(groups("add"), 0);
        QCOMPARE(call(server.port(), "GET", "users", access).status, 200);
        QCOMPARE(runServerCommand({"user", "disable", "ada@example.test", "--config", config}).exitCode, 0);
        QCOMPARE(call(server.port(), "GET", "users", access).status, 401);
    }

    // What lets a person in, administered over the API: their groups, one session, the lockout
    // that keeps them out after wrong passwords, their authenticator app; each change audited
    // with the token's name, each refused to a token without users:write.
    void userAccessOperations()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        const QString ops = createToken(config, QStringLiteral("ops"), QStringLiteral("users:read,users:write"));
        const QString reader = createToken(config, QStringLiteral("report"), QStringLiteral("users:read"));
        const CommandResult added =
            runServerCommand({"user", "add", "ada@example.test", "--password-stdin", "--config", config}, "a long password 1\n");
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        const QString id = call(port, "GET", "users?search=ada", reader).body.value("users").toArray().first().toObject().value("id").toString();
        QVERIFY(!id.isEmpty());
        const QString user = QStringLiteral("users/") + id;

        // Groups.
        Answer answer = call(port, "PUT", user + "/groups/staff", ops);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body, (QJsonObject{{"group", "staff"}, {"added", true}}));
        QCOMPARE(call(port, "PUT", user + "/groups/staff", ops).body.value("added").toBool(), false);
        QCOMPARE(call(port, "PUT", user + "/groups/ops", ops).status, 200);
        QCOMPARE(call(port, "GET", user + "/groups", reader).body.value("groups").toArray(), (QJsonArray{"ops", "staff"}));
        QCOMPARE(call(port, "PUT", user + "/groups/admins", reader).status, 403);
        answer = call(port, "PUT", user + "/groups/a,b", ops);
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.body.value("field").toString(), QStringLiteral("group"));
        QCOMPARE(call(port, "PUT", "users/nobody/groups/staff", ops).status, 404);
        QCOMPARE(call(port, "POST", user + "/groups/staff", ops).status, 405);
        QCOMPARE(call(port, "DELETE", user + "/groups/ops", ops).body.value("removed").toBool(), true);
        QCOMPARE(call(port, "GET", user + "/groups", reader).body.value("groups").toArray(), (QJsonArray{"staff"}));
        QList<AuditEvent> events = audit(url, QStringLiteral("groupAdd"));
        QCOMPARE(events.size(), 2);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:ops"));
        QCOMPARE(audit(url, QStringLiteral("groupRemove")).size(), 1);

        // One session ends; the browser holding it is signed out.
        Browser browser(server.baseUrl());
        const QList<std::pair<QString, QString>> good = {{"email", "ada@example.test"}, {"password", "a long password 1"}};
        browser.signIn(QStringLiteral("credentials"), good);
        QCOMPARE(browser.sessionUser().value("email").toString(), QStringLiteral("ada@example.test"));
        const QJsonArray sessions = call(port, "GET", user + "/sessions", reader).body.value("sessions").toArray();
        QCOMPARE(sessions.size(), 1);
        // Where it was used from: the address of her sign-in (the test's loopback client).
        QCOMPARE(sessions.first().toObject().value("clientAddress").toString(), QStringLiteral("127.0.0.1"));
        const QString sessionId = sessions.first().toObject().value("id").toString();
        QCOMPARE(call(port, "DELETE", user + "/sessions/" + sessionId, reader).status, 403);
        QCOMPARE(call(port, "DELETE", user + "/sessions/" + sessionId, ops).status, 200);
        QVERIFY(browser.sessionUser().isEmpty());
        answer = call(port, "DELETE", user + "/sessions/" + sessionId, ops);
        QCOMPARE(answer.status, 404);
        QCOMPARE(answer.body.value("field").toString(), QStringLiteral("session"));
        events = audit(url, QStringLiteral("sessionEnd"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("session").toString(), sessionId);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:ops"));

        // Five wrong passwords keep her out, the right one too, until the lockout is lifted.
        Browser guesser(server.baseUrl());
        for (int i = 0; i < 5; ++i)
            guesser.signIn(QStringLiteral("credentials"), {{"email", "ada@example.test"}, {"password", "wrong"}});
        guesser.signIn(QStringLiteral("credentials"), good);
        QVERIFY(guesser.sessionUser().isEmpty());
        // The user as the admin app shows them: the limit that keeps her out, her password.
        answer = call(port, "GET", user, reader);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body.value("hasPassword").toBool(), true);
        QCOMPARE(answer.body.value("passwordDisabled").toBool(), false);
        QJsonArray lockouts = answer.body.value("lockouts").toArray();
        QCOMPARE(lockouts.size(), 1);
        QCOMPARE(lockouts.first().toObject().value("kind").toString(), QStringLiteral("password sign-in"));
        QVERIFY(QDateTime::fromString(lockouts.first().toObject().value("until").toString(), Qt::ISODateWithMs) > QDateTime::currentDateTimeUtc());
        QCOMPARE(call(port, "POST", user + "/unlock", reader).status, 403);
        answer = call(port, "POST", user + "/unlock", ops);
        QCOMPARE(answer.status, 200);
        QVERIFY(answer.body.value("countersCleared").toInt() >= 1);
        QCOMPARE(answer.body.value("cleared").toArray(), QJsonArray{"password sign-in"});
        QCOMPARE(call(port, "GET", user, reader).body.value("lockouts").toArray(), QJsonArray());
        guesser.signIn(QStringLiteral("credentials"), good);
        QCOMPARE(guesser.sessionUser().value("email").toString(), QStringLiteral("ada@example.test"));
        events = audit(url, QStringLiteral("lockoutLift"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:ops"));

        // A new password, by the one rule for passwords; the answer never echoes it.
        answer = call(port, "POST", user + "/password", ops, R"({"password":"short"})");
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.body.value("field").toString(), QStringLiteral("password"));
        QVERIFY(!answer.raw.contains("short"));
        QCOMPARE(call(port, "POST", user + "/password", ops, R"({"password":"ADA@example.test"})").status, 400);
        QCOMPARE(call(port, "POST", user + "/password", ops, R"({"password":7})").status, 400);
        QCOMPARE(call(port, "POST", user + "/password", reader, R"({"password":"another long one 2"})").status, 403);
        answer = call(port, "POST", user + "/password", ops, R"({"password":"another long one 2"})");
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body.value("password").toString(), QStringLiteral("changed"));
        Browser renewed(server.baseUrl());
        renewed.signIn(QStringLiteral("credentials"), good);
        QVERIFY(renewed.sessionUser().isEmpty());
        renewed.signIn(QStringLiteral("credentials"), {{"email", "ada@example.test"}, {"password", "another long one 2"}});
        QCOMPARE(renewed.sessionUser().value("email").toString(), QStringLiteral("ada@example.test"));
        events = audit(url, QStringLiteral("passwordChange"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:ops"));
        for (const AuditEvent &event : audit(url, QString()))
            QVERIFY(!QJsonDocument(event.detail).toJson().contains("another long one"));

        // Linked accounts and passkeys are listed (she has none of either).
        QCOMPARE(call(port, "GET", user + "/accounts", reader).body, (QJsonObject{{"accounts", QJsonArray()}}));
        QCOMPARE(call(port, "GET", user + "/passkeys", reader).body, (QJsonObject{{"passkeys", QJsonArray()}}));
        QCOMPARE(call(port, "DELETE", user + "/passkeys", ops).status, 405);

        // No authenticator app: nothing to remove, and nothing audited.
        QCOMPARE(call(port, "DELETE", user + "/two-factor", reader).status, 403);
        answer = call(port, "DELETE", user + "/two-factor", ops);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body.value("removed").toBool(), false);
        QCOMPARE(audit(url, QStringLiteral("twoFactorRemove")).size(), 0);
        const QJsonObject twoFactor = call(port, "GET", user, reader).body.value("twoFactor").toObject();
        QCOMPARE(twoFactor.value("enrolled").toBool(), false);
        QCOMPARE(twoFactor.value("pending").toBool(), false);
        QCOMPARE(twoFactor.value("recoveryCodesLeft").toInt(), 0);

        // Her latest events, newest first, with the audit's scope.
        const QString auditor = createToken(config, QStringLiteral("siem"), QStringLiteral("audit:read"));
        QCOMPARE(call(port, "GET", user + "/events", ops).status, 403);
        answer = call(port, "GET", user + "/events?limit=3", auditor);
        QCOMPARE(answer.status, 200);
        const QJsonArray latest = answer.body.value("events").toArray();
        QCOMPARE(latest.size(), 3);
        QCOMPARE(latest.first().toObject().value("type").toString(), QStringLiteral("signIn"));   // the renewed browser's
        QCOMPARE(latest.at(1).toObject().value("type").toString(), QStringLiteral("signInFailed"));   // the old password
        QCOMPARE(latest.at(2).toObject().value("type").toString(), QStringLiteral("passwordChange"));
        QCOMPARE(latest.at(2).toObject().value("detail").toObject().value("by").toString(), QStringLiteral("token:ops"));
        QCOMPARE(latest.first().toObject().value("userId").toString(), id);
        QCOMPARE(call(port, "GET", user + "/events?limit=501", auditor).body.value("field").toString(), QStringLiteral("limit"));
        QCOMPARE(call(port, "GET", user + "/events?type=signIn", auditor).status, 400);
        QCOMPARE(call(port, "GET", "users/nobody/events", auditor).status, 404);
        QCOMPARE(call(port, "DELETE", user + "/events", ops).status, 405);
    }

    // The configuration through the API: read with every secret masked, checked as check-config
    // checks it, saved as the editor saves (FILE.bak, atomic) and reloaded; a stale version refused.
    void configuration_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    void configuration()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgresql") && !m_pg)
            QSKIP(qPrintable(m_pgUnavailable));
        QString config;
        const QString url = prepare(backend, true, &config);
        QVERIFY(!url.isEmpty());
        // Secrets of every kind in the file; a secret's file name is no secret.
        const QString fileSecret = QStringLiteral("the-file-secret-of-gatehouse-0123456789abcdef");
        const QString clientSecret = QStringLiteral("gh-client-secret-value-123");
        const QString smtpPassword = QStringLiteral("smtp-pass-456");
        const QString secretFile = m_dir.filePath(QStringLiteral("gitlab-secret-") + backend);
        QVERIFY(replaceFile(secretFile, "gitlab-secret-in-a-file\n"));
        QFile::setPermissions(secretFile, QFile::ReadOwner | QFile::WriteOwner);
        QFile file(config);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        json.insert("secret", fileSecret);
        QJsonArray providers = json.value("providers").toArray();
        providers.append(QJsonObject{{"id", "github"}, {"clientId", "gh-client"}, {"clientSecret", clientSecret}});
        providers.append(QJsonObject{{"id", "gitlab"}, {"clientId", "gl-client"}, {"clientSecretFile", secretFile}});
        providers.append(QJsonObject{{"id", "email"}, {"type", "email"}, {"name", "Email"}, {"from", "auth@example.test"},
                                     {"server", "smtp://mailer:" + smtpPassword + "@127.0.0.1:2525"}});
        json.insert("providers", providers);
        QVERIFY(replaceFile(config, QJsonDocument(json).toJson()));
        QFile::remove(config + ".bak");
        const QStringList secrets = {fileSecret, clientSecret, smtpPassword, QStringLiteral("gitlab-secret-in-a-file")};

        const QString reader = createToken(config, QStringLiteral("viewer"), QStringLiteral("config:read"));
        const QString editor = createToken(config, QStringLiteral("editor"), QStringLiteral("config:read,config:write"));
        const QString users = createToken(config, QStringLiteral("users"), QStringLiteral("users:read,users:write"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        Browser browser(server.baseUrl());
        QVERIFY(!browser.get("/auth/signin").second.contains("Company password"));

        // Each scope refused where it must be, and audited.
        QCOMPARE(call(port, "GET", "config", users).body.value("scope").toString(), QStringLiteral("config:read"));
        QCOMPARE(call(port, "POST", "config/check", reader, R"({"config":{}})").body.value("scope").toString(),
                 QStringLiteral("config:write"));
        QCOMPARE(call(port, "PUT", "config", reader, R"({"config":{},"version":"x"})").status, 403);
        QList<AuditEvent> denied = audit(url, QStringLiteral("adminApiDenied"));
        QCOMPARE(denied.size(), 3);
        QCOMPARE(denied.last().detail.value("by").toString(), QStringLiteral("token:users"));
        QCOMPARE(denied.last().detail.value("operation").toString(), QStringLiteral("readConfig"));
        QCOMPARE(denied.first().detail.value("operation").toString(), QStringLiteral("saveConfig"));

        // Read: every secret masked, file names shown, the version also as the ETag.
        const QByteArray original = readAll(config);
        Answer read = call(port, "GET", "config", reader);
        QCOMPARE(read.status, 200);
        for (const QString &secret : secrets)
            QVERIFY2(!read.raw.contains(secret.toUtf8()), qPrintable(secret));
        const QJsonObject masked = read.body.value("config").toObject();
        QCOMPARE(masked.value("secret").toString(), QStringLiteral("(masked secret)"));
        const QJsonArray maskedProviders = masked.value("providers").toArray();
        QCOMPARE(maskedProviders.at(1).toObject().value("clientSecret").toString(),
                 QStringLiteral("(masked providers[1].clientSecret)"));
        QCOMPARE(maskedProviders.at(2).toObject().value("clientSecretFile").toString(), secretFile);
        QCOMPARE(maskedProviders.at(3).toObject().value("server").toString(), QStringLiteral("smtp://mailer:********@127.0.0.1:2525"));
        QCOMPARE(masked.value("adapter").toObject().value("url").toString().isEmpty(), false);
        const QString version = read.body.value("version").toString();
        QCOMPARE(version.size(), 64);
        QCOMPARE(read.etag, '"' + version.toLatin1() + '"');
        QCOMPARE(read.body.value("file").toString(), QFileInfo(config).absoluteFilePath());

        // Check: the masked file as read is valid (its secrets stand for the stored ones); a
        // broken one has the problems check-config prints, each naming its key.
        Answer checked = call(port, "POST", "config/check", editor, QJsonDocument(QJsonObject{{"config", masked}}).toJson());
        QCOMPARE(checked.status, 200);
        QVERIFY2(checked.body.value("valid").toBool(), checked.raw.constData());
        QJsonObject broken = masked;
        broken.insert("session", QJsonObject{{"maxAge", -5}});
        broken.insert("basePath", "auth");
        checked = call(port, "POST", "config/check", editor, QJsonDocument(QJsonObject{{"config", broken}}).toJson());
        QCOMPARE(checked.status, 200);
        QCOMPARE(checked.body.value("valid").toBool(), false);
        QStringList apiErrors;
        for (const QJsonValue &problem : checked.body.value("problems").toArray()) {
            if (problem.toObject().value("severity").toString() == QLatin1String("error"))
                apiErrors << problem.toObject().value("text").toString();
        }
        QVERIFY2(apiErrors.size() >= 2, checked.raw.constData());
        QVERIFY(std::any_of(apiErrors.cbegin(), apiErrors.cend(), [](const QString &t) { return t.startsWith("session.maxAge: "); }));
        QVERIFY(std::any_of(apiErrors.cbegin(), apiErrors.cend(), [](const QString &t) { return t.startsWith("basePath: "); }));
        json.insert("session", QJsonObject{{"maxAge", -5}});
        json.insert("basePath", "auth");
        const QString brokenFile = m_dir.filePath("broken-" + backend + ".json");
        QVERIFY(replaceFile(brokenFile, QJsonDocument(json).toJson()));
        const CommandResult cli = runServerCommand({QStringLiteral("check-config"), QStringLiteral("--config"), brokenFile});
        QCOMPARE(cli.exitCode, 1);
        QStringList cliErrors;
        for (const QString &line : cli.out.split(u'\n')) {
            if (line.startsWith(QLatin1String("error: ")))
                cliErrors << line.mid(7);
        }
        QCOMPARE(apiErrors, cliErrors);
        for (const QString &secret : secrets)
            QVERIFY(!checked.raw.contains(secret.toUtf8()));

        // Bad input: the field named, nothing saved.
        Answer bad = call(port, "PUT", "config", editor, R"({"config":)");
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.body.value("error").toString(), QStringLiteral("invalid_json"));
        bad = call(port, "PUT", "config", editor, R"({"config":{},"version":"x","force":true})");
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.body.value("field").toString(), QStringLiteral("force"));
        bad = call(port, "PUT", "config", editor, R"({"config":[],"version":"x"})");
        QCOMPARE(bad.body.value("field").toString(), QStringLiteral("config"));
        bad = call(port, "PUT", "config", editor, QJsonDocument(QJsonObject{{"config", masked}, {"version", 7}}).toJson());
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.body.value("field").toString(), QStringLiteral("version"));
        bad = call(port, "PUT", "config", editor, QJsonDocument(QJsonObject{{"config", masked}}).toJson());
        QCOMPARE(bad.body.value("field").toString(), QStringLiteral("version"));
        bad = call(port, "POST", "config/check", editor, R"({"config":"{}"})");
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.body.value("field").toString(), QStringLiteral("config"));
        QCOMPARE(call(port, "DELETE", "config", editor).status, 405);

        // An invalid configuration is refused with its problems, and changes nothing.
        bad = call(port, "PUT", "config", editor, QJsonDocument(QJsonObject{{"config", broken}, {"version", version}}).toJson());
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.body.value("error").toString(), QStringLiteral("invalid_configuration"));
        QVERIFY(!bad.body.value("field").toString().isEmpty());
        QVERIFY(bad.body.value("problems").toArray().size() >= 2);
        QCOMPARE(readAll(config), original);
        QVERIFY(!QFile::exists(config + ".bak"));
        QCOMPARE(audit(url, QStringLiteral("configSave")).size(), 0);

        // Saved: the button's new name shows at once; the masked secrets are the stored ones.
        QJsonObject renamed = masked;
        QJsonArray renamedProviders = maskedProviders;
        QJsonObject credentials = renamedProviders.at(0).toObject();
        credentials.insert("name", "Company password");
        renamedProviders[0] = credentials;
        renamed.insert("providers", renamedProviders);
        Answer saved = call(port, "PUT", "config", editor, QJsonDocument(QJsonObject{{"config", renamed}, {"version", version}}).toJson());
        QVERIFY2(saved.status == 200, saved.raw.constData());
        QCOMPARE(saved.body.value("saved").toBool(), true);
        QCOMPARE(saved.body.value("reloaded").toBool(), true);
        QCOMPARE(saved.body.value("backup").toString(), QFileInfo(config).absoluteFilePath() + ".bak");
        const QString savedVersion = saved.body.value("version").toString();
        QVERIFY(savedVersion != version);
        QVERIFY(browser.get("/auth/signin").second.contains("Company password"));
        QCOMPARE(readAll(config + ".bak"), original);
        const QJsonObject onDisk = QJsonDocument::fromJson(readAll(config)).object();
        QCOMPARE(onDisk.value("secret").toString(), fileSecret);
        const QJsonArray diskProviders = onDisk.value("providers").toArray();
        QCOMPARE(diskProviders.at(0).toObject().value("name").toString(), QStringLiteral("Company password"));
        QCOMPARE(diskProviders.at(1).toObject().value("clientSecret").toString(), clientSecret);
        QCOMPARE(diskProviders.at(3).toObject().value("server").toString(), "smtp://mailer:" + smtpPassword + "@127.0.0.1:2525");
        QCOMPARE(onDisk.value("adapter"), json.value("adapter"));
        for (const QString &secret : secrets)
            QVERIFY(!saved.raw.contains(secret.toUtf8()));
        const QList<AuditEvent> saves = audit(url, QStringLiteral("configSave"));
        QCOMPARE(saves.size(), 1);
        QCOMPARE(saves.first().detail.value("by").toString(), QStringLiteral("token:editor"));
        QCOMPARE(saves.first().detail.value("version").toString(), savedVersion);
        read = call(port, "GET", "config", reader);
        QCOMPARE(read.body.value("version").toString(), savedVersion);

        // Saved again on the version read before: refused, never overwritten.
        const QByteArray current = readAll(config);
        bad = call(port, "PUT", "config", editor, QJsonDocument(QJsonObject{{"config", masked}, {"version", version}}).toJson());
        QCOMPARE(bad.status, 409);
        QCOMPARE(bad.body.value("field").toString(), QStringLiteral("version"));
        QCOMPARE(bad.body.value("version").toString(), savedVersion);
        QCOMPARE(readAll(config), current);
        QVERIFY(browser.get("/auth/signin").second.contains("Company password"));
        QCOMPARE(audit(url, QStringLiteral("configSave")).size(), 1);
    }

    // A user's passkeys and linked accounts removed by an administrator: each by the id its list
    // gives, another user's not found like an unknown one, the passkey's registration with it.
    void removePasskeysAndAccounts_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    void removePasskeysAndAccounts()
    {
        QFETCH(QString, backend);
        if (backend == QLatin1String("postgresql") && !m_pg)
            QSKIP(qPrintable(m_pgUnavailable));
        QString config;
        const QString url = prepare(backend, true, &config);
        QVERIFY(!url.isEmpty());
        const QString ops = createToken(config, QStringLiteral("ops"), QStringLiteral("users:read,users:write"));
        const QString reader = createToken(config, QStringLiteral("report"), QStringLiteral("users:read"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        const QString ada = call(port, "POST", "users", ops, R"({"email":"ada@example.test"})").body.value("id").toString();
        const QString bob = call(port, "POST", "users", ops, R"({"email":"bob@example.test"})").body.value("id").toString();
        QVERIFY(!ada.isEmpty() && !bob.isEmpty());

        // Each has a passkey (with its webauthn registration) and a GitHub account.
        std::shared_ptr<SqlAdapter> store(SqlAdapter::fromUrl(url));
        for (const auto &[user, name] : {std::pair{ada, QStringLiteral("ada")}, std::pair{bob, QStringLiteral("bob")}}) {
            AdapterAccount registration;
            registration.userId = user;
            registration.type = QStringLiteral("webauthn");
            registration.provider = QStringLiteral("passkey");
            registration.providerAccountId = QStringLiteral("wa-") + name;
            store->linkAccount(registration).waitForFinished();
            AdapterAuthenticator passkey;
            passkey.credentialID = QStringLiteral("cred-") + name;
            passkey.userId = user;
            passkey.providerAccountId = registration.providerAccountId;
            passkey.credentialPublicKey = QStringLiteral("cHVibGlj");
            passkey.credentialDeviceType = QStringLiteral("singleDevice");
            store->createAuthenticator(passkey).waitForFinished();
            AdapterAccount github;
            github.userId = user;
            github.type = QStringLiteral("oauth");
            github.provider = QStringLiteral("github");
            github.providerAccountId = QStringLiteral("gh-") + name;
            store->linkAccount(github).waitForFinished();
        }
        const auto idOf = [&](const QString &user, const QString &what, const QString &key, const QString &value) {
            for (const QJsonValue &entry : call(port, "GET", "users/" + user + "/" + what, reader).body.value(what).toArray()) {
                if (entry.toObject().value(key).toString() == value)
                    return entry.toObject().value("id").toString();
            }
            return QString();
        };
        const QString adaPasskey = idOf(ada, "passkeys", "credentialID", "cred-ada");
        const QString bobPasskey = idOf(bob, "passkeys", "credentialID", "cred-bob");
        const QString adaGithub = idOf(ada, "accounts", "provider", "github");
        const QString bobGithub = idOf(bob, "accounts", "provider", "github");
        QVERIFY(!adaPasskey.isEmpty() && !bobPasskey.isEmpty() && !adaGithub.isEmpty() && !bobGithub.isEmpty());

        // Another user's, an unknown one, an unknown user: 404 naming what; nothing removed.
        Answer answer = call(port, "DELETE", "users/" + ada + "/passkeys/" + bobPasskey, ops);
        QCOMPARE(answer.status, 404);
        QCOMPARE(answer.body.value("field").toString(), QStringLiteral("passkey"));
        answer = call(port, "DELETE", "users/" + ada + "/accounts/" + bobGithub, ops);
        QCOMPARE(answer.status, 404);
        QCOMPARE(answer.body.value("field").toString(), QStringLiteral("account"));
        QCOMPARE(call(port, "DELETE", "users/" + ada + "/accounts/nothing", ops).status, 404);
        QCOMPARE(call(port, "DELETE", "users/424242/passkeys/" + adaPasskey, ops).body.value("field").toString(), QStringLiteral("id"));
        answer = call(port, "DELETE", "users/" + ada + "/passkeys/" + adaPasskey, ops, R"({"force":true})");
        QCOMPARE(answer.status, 400);
        QCOMPARE(call(port, "POST", "users/" + ada + "/passkeys/" + adaPasskey, ops).status, 405);

        // Without users:write: refused and audited.
        answer = call(port, "DELETE", "users/" + ada + "/passkeys/" + adaPasskey, reader);
        QCOMPARE(answer.status, 403);
        QCOMPARE(answer.body.value("scope").toString(), QStringLiteral("users:write"));
        answer = call(port, "DELETE", "users/" + ada + "/accounts/" + adaGithub, reader);
        QCOMPARE(answer.status, 403);
        QList<AuditEvent> denied = audit(url, QStringLiteral("adminApiDenied"));
        QCOMPARE(denied.size(), 2);
        QCOMPARE(denied.first().detail.value("operation").toString(), QStringLiteral("unlinkUserAccount"));
        QCOMPARE(denied.last().detail.value("operation").toString(), QStringLiteral("removeUserPasskey"));
        QVERIFY(store->getAuthenticator(QStringLiteral("cred-ada")).result().has_value());
        QCOMPARE(call(port, "GET", "users/" + ada + "/accounts", reader).body.value("accounts").toArray().size(), 2);

        // Removed: the passkey with its registration (her last way in: an administrator may).
        answer = call(port, "DELETE", "users/" + ada + "/passkeys/" + adaPasskey, ops);
        QVERIFY2(answer.status == 200, answer.raw.constData());
        QCOMPARE(answer.body.value("removed").toString(), adaPasskey);
        QCOMPARE(call(port, "GET", "users/" + ada + "/passkeys", reader).body.value("passkeys").toArray().size(), 0);
        QVERIFY(!store->getAuthenticator(QStringLiteral("cred-ada")).result().has_value());
        QVERIFY(!store->getAccount(QStringLiteral("wa-ada"), QStringLiteral("passkey")).result().has_value());
        QCOMPARE(call(port, "DELETE", "users/" + ada + "/passkeys/" + adaPasskey, ops).status, 404);
        answer = call(port, "DELETE", "users/" + ada + "/accounts/" + adaGithub, ops);
        QVERIFY2(answer.status == 200, answer.raw.constData());
        QCOMPARE(call(port, "GET", "users/" + ada + "/accounts", reader).body.value("accounts").toArray().size(), 0);
        QCOMPARE(call(port, "DELETE", "users/" + ada + "/accounts/" + adaGithub, ops).status, 404);

        // Bob's are untouched; both removals audited with who did it.
        QVERIFY(store->getAuthenticator(QStringLiteral("cred-bob")).result().has_value());
        QCOMPARE(call(port, "GET", "users/" + bob + "/accounts", reader).body.value("accounts").toArray().size(), 2);
        for (const QString type : {"passkeyRemove", "unlinkAccount"}) {
            const QList<AuditEvent> events = audit(url, type);
            QCOMPARE(events.size(), 1);
            QCOMPARE(events.first().userId, ada);
            QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:ops"));
        }
    }

    // The dashboard's figures, and the clean-up of expired sessions, as the admin app shows and does them.
    void dashboardAndCleanup()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        const QString ops = createToken(config, QStringLiteral("ops"), QStringLiteral("users:read,users:write"));
        const QString reader = createToken(config, QStringLiteral("report"), QStringLiteral("users:read"));
        QCOMPARE(runServerCommand({"user", "add", "ada@example.test", "--password-stdin", "--config", config}, "a long password 1\n").exitCode, 0);
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        Browser browser(server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"email", "ada@example.test"}, {"password", "wrong"}});
        browser.signIn(QStringLiteral("credentials"), {{"email", "ada@example.test"}, {"password", "a long password 1"}});
        QCOMPARE(browser.sessionUser().value("email").toString(), QStringLiteral("ada@example.test"));
        {
            std::shared_ptr<SqlAdapter> adapter(SqlAdapter::fromUrl(url));
            const QString userId = adapter->getUserByEmail(QStringLiteral("ada@example.test")).result()->id;
            for (const char *token : {"expired-1", "expired-2"})
                adapter->createSession({QString::fromLatin1(token), userId, QDateTime::currentDateTimeUtc().addDays(-1)}).waitForFinished();
        }

        // Every user's sessions, a page at a time, named by the token's hash, never the token.
        Answer answer = call(port, "GET", "sessions", reader);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body.value("total").toInt(), 1);
        QCOMPARE(answer.body.value("expiredTotal").toInt(), 2);
        QJsonArray listed = answer.body.value("sessions").toArray();
        QCOMPARE(listed.size(), 1);
        const QJsonObject live = listed.first().toObject();
        QCOMPARE(live.value("userEmail").toString(), QStringLiteral("ada@example.test"));
        QCOMPARE(live.value("expired").toBool(), false);
        QCOMPARE(live.value("id").toString().size(), 64);
        // Last extended: its expiry less the configuration's session.maxAge (30 days by default).
        QCOMPARE(QDateTime::fromString(live.value("lastSeen").toString(), Qt::ISODateWithMs)
                     .secsTo(QDateTime::fromString(live.value("expires").toString(), Qt::ISODateWithMs)),
                 2592000);
        QVERIFY(!answer.raw.contains(browser.cookie(QStringLiteral("authjs.session-token")).toUtf8()));
        answer = call(port, "GET", "sessions?expired=true&pageSize=2&page=1", reader);
        QCOMPARE(answer.body.value("total").toInt(), 3);
        QCOMPARE(answer.body.value("sessions").toArray().size(), 2);
        QCOMPARE(answer.body.value("sessions").toArray().first().toObject().value("expired").toBool(), false);   // latest expiry first
        answer = call(port, "GET", "sessions?expired=true&pageSize=2&page=2", reader);
        listed = answer.body.value("sessions").toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.first().toObject().value("expired").toBool(), true);
        QCOMPARE(call(port, "GET", "sessions?search=nobody", reader).body.value("total").toInt(), 0);
        QCOMPARE(call(port, "GET", "sessions?search=ADA", reader).body.value("total").toInt(), 1);
        QCOMPARE(call(port, "GET", "sessions?expired=maybe", reader).body.value("field").toString(), QStringLiteral("expired"));
        QCOMPARE(call(port, "GET", "sessions?pageSize=201", reader).body.value("field").toString(), QStringLiteral("pageSize"));
        QCOMPARE(call(port, "GET", "sessions?sort=email", reader).status, 400);
        QCOMPARE(call(port, "DELETE", "sessions", ops).status, 405);
        const QString auditor = createToken(config, QStringLiteral("siem"), QStringLiteral("audit:read"));
        QCOMPARE(call(port, "GET", "sessions", auditor).status, 403);
        // The one listed is ended through its user, by that id.
        const QString liveId = live.value("id").toString();
        const QString adaId = live.value("userId").toString();
        QCOMPARE(call(port, "GET", "users/" + adaId + "/sessions", reader).body.value("sessions").toArray().first().toObject().value("id").toString(),
                 liveId);
        // Her own list: the live one only, unless the expired ones are asked for too (as the
        // admin app's user page does), each marked, latest expiry first.
        answer = call(port, "GET", "users/" + adaId + "/sessions", reader);
        listed = answer.body.value("sessions").toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.first().toObject().value("expired").toBool(), false);
        QCOMPARE(call(port, "GET", "users/" + adaId + "/sessions?expired=false", reader).body.value("sessions").toArray().size(), 1);
        answer = call(port, "GET", "users/" + adaId + "/sessions?expired=true", reader);
        QCOMPARE(answer.status, 200);
        listed = answer.body.value("sessions").toArray();
        QCOMPARE(listed.size(), 3);
        QCOMPARE(listed.at(0).toObject().value("id").toString(), liveId);
        QCOMPARE(listed.at(0).toObject().value("expired").toBool(), false);
        for (const int i : {1, 2}) {
            const QJsonObject expired = listed.at(i).toObject();
            QCOMPARE(expired.value("expired").toBool(), true);
            QVERIFY(QDateTime::fromString(expired.value("expires").toString(), Qt::ISODateWithMs) < QDateTime::currentDateTimeUtc());
            QCOMPARE(expired.value("id").toString().size(), 64);
        }
        QVERIFY(!answer.raw.contains("expired-1") && !answer.raw.contains("expired-2"));   // never the token
        answer = call(port, "GET", "users/" + adaId + "/sessions?expired=yes", reader);
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.body.value("field").toString(), QStringLiteral("expired"));
        QCOMPARE(call(port, "GET", "users/" + adaId + "/sessions?expired=true&expired=true", reader).body.value("field").toString(),
                 QStringLiteral("expired"));
        QCOMPARE(call(port, "GET", "users/nobody/sessions?expired=true", reader).status, 404);

        answer = call(port, "GET", "dashboard?days=7", reader);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body.value("users").toInt(), 1);
        QCOMPARE(answer.body.value("activeSessions").toInt(), 1);
        QCOMPARE(answer.body.value("expiredSessions").toInt(), 2);
        const QJsonArray days = answer.body.value("days").toArray();
        QCOMPARE(days.size(), 7);
        const QJsonObject today = days.last().toObject();
        QCOMPARE(today.value("day").toString(), QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate));
        QCOMPARE(today.value("signIn").toInt(), 1);
        QCOMPARE(today.value("signInFailed").toInt(), 1);
        QCOMPARE(answer.body.value("providers").toArray(), (QJsonArray{QJsonObject{{"provider", "credentials"}, {"signIns", 1}}}));
        QCOMPARE(call(port, "GET", "dashboard?days=0", reader).body.value("field").toString(), QStringLiteral("days"));
        QCOMPARE(call(port, "POST", "dashboard", ops).status, 405);

        QCOMPARE(call(port, "POST", "sessions/cleanup", reader).status, 403);
        answer = call(port, "POST", "sessions/cleanup", ops);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body, (QJsonObject{{"deleted", 2}, {"more", false}}));
        QCOMPARE(call(port, "GET", "dashboard", reader).body.value("expiredSessions").toInt(), 0);
        QCOMPARE(browser.sessionUser().value("email").toString(), QStringLiteral("ada@example.test"));   // the live one stays
        const QList<AuditEvent> events = audit(url, QStringLiteral("sessionsCleanUp"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().detail.value("deleted").toInt(), 2);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:ops"));
        QCOMPARE(call(port, "POST", "sessions/cleanup", ops).body.value("deleted").toInt(), 0);

        // An expired session is ended by its id like a live one (a database connection can too).
        {
            std::shared_ptr<SqlAdapter> adapter(SqlAdapter::fromUrl(url));
            adapter->createSession({QStringLiteral("expired-3"), adaId, QDateTime::currentDateTimeUtc().addDays(-1)}).waitForFinished();
        }
        listed = call(port, "GET", "users/" + adaId + "/sessions?expired=true", reader).body.value("sessions").toArray();
        QCOMPARE(listed.size(), 2);
        const QString expiredId = listed.at(1).toObject().value("id").toString();
        QCOMPARE(listed.at(1).toObject().value("expired").toBool(), true);
        answer = call(port, "DELETE", "users/" + adaId + "/sessions/" + expiredId, ops);
        QVERIFY2(answer.status == 200, answer.raw.constData());
        QCOMPARE(answer.body.value("ended").toString(), expiredId);
        listed = call(port, "GET", "users/" + adaId + "/sessions?expired=true", reader).body.value("sessions").toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.first().toObject().value("id").toString(), liveId);
        QCOMPARE(call(port, "DELETE", "users/" + adaId + "/sessions/" + expiredId, ops).status, 404);
        QCOMPARE(audit(url, QStringLiteral("sessionEnd")).size(), 1);
    }

    // The access tester answers from the running configuration's rules, with a stored user's
    // groups, or with the groups asked about.
    void accessTester()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        QFile file(config);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        json.insert("trustedProxies", QJsonArray{"127.0.0.1"});
        // The glob is written apart: moc would take a slash and a star for a comment.
        json.insert("access", QJsonDocument::fromJson(R"({"default": "deny", "rules": [
            {"hosts": ["app.example.test"], "paths": ["/public/)" "*" R"("], "methods": ["GET"], "policy": "bypass"},
            {"hosts": ["app.example.test"], "paths": ["/admin"], "policy": {"groups": ["admins"]}},
            {"hosts": ["*.example.test"], "policy": "signed-in"}]})").object());
        QVERIFY(replaceFile(config, QJsonDocument(json).toJson()));
        const QString reader = createToken(config, QStringLiteral("report"), QStringLiteral("users:read"));
        const QString auditor = createToken(config, QStringLiteral("siem"), QStringLiteral("audit:read"));
        QCOMPARE(runServerCommand({"user", "add", "ada@example.test", "--password-stdin", "--config", config}, "a long password 1\n").exitCode, 0);
        QCOMPARE(runServerCommand({"user", "groups", "add", "ada@example.test", "admins", "--config", config}).exitCode, 0);
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const auto test = [&](const QString &query) {
            return call(server.port(), "GET", QStringLiteral("access?") + query, reader).body;
        };
        QJsonObject answer = test("url=https%3A%2F%2Fapp.example.test%2Fadmin%2Fusers&user=ada%40example.test");
        QCOMPARE(answer.value("outcome").toString(), QStringLiteral("allowed"));
        QCOMPARE(answer.value("decidedBy").toString(), QStringLiteral("rule"));
        QCOMPARE(answer.value("rule").toInt(), 1);
        QCOMPARE(answer.value("groups").toArray(), QJsonArray{"admins"});
        QVERIFY(!answer.value("storedUser").toString().isEmpty());
        answer = test("url=https%3A%2F%2Fapp.example.test%2Fadmin&user=ada%40example.test&groups=staff");
        QCOMPARE(answer.value("outcome").toString(), QStringLiteral("denied"));
        QCOMPARE(test("url=https%3A%2F%2Fapp.example.test%2Fadmin").value("outcome").toString(), QStringLiteral("signInRequired"));
        answer = test("url=https%3A%2F%2Fapp.example.test%2Fpublic%2Fa.css&method=post");
        QCOMPARE(answer.value("rule").toInt(), 2);
        QCOMPARE(test("url=https%3A%2F%2Fapp.example.test%2Fpublic%2Fa.css").value("policy").toObject().value("kind").toString(),
                 QStringLiteral("bypass"));
        answer = test("url=https%3A%2F%2Fother.test%2F&user=ada%40example.test");
        QCOMPARE(answer.value("decidedBy").toString(), QStringLiteral("default"));
        QCOMPARE(answer.value("outcome").toString(), QStringLiteral("denied"));
        QCOMPARE(test("url=https%3A%2F%2Fapp.example.test%2Fpublic%2F..%252Fadmin").value("decidedBy").toString(),
                 QStringLiteral("ambiguousPath"));
        QCOMPARE(test("url=not%20a%20url").value("field").toString(), QStringLiteral("url"));
        QCOMPARE(test("url=https%3A%2F%2Fa.test%2F&method=G%20T").value("field").toString(), QStringLiteral("method"));
        QCOMPARE(test("url=https%3A%2F%2Fa.test%2F&groups=x").value("field").toString(), QStringLiteral("groups"));
        QCOMPARE(call(server.port(), "GET", "access?url=https%3A%2F%2Fa.test%2F", auditor).status, 403);
    }

    // server.adminListen: the API on a management address of its own, and there only.
    void ownAddress()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        QFile file(config);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        json.insert("server", QJsonObject{{"adminListen", QStringLiteral("127.0.0.1:0")}});
        QVERIFY(replaceFile(config, QJsonDocument(json).toJson()));
        const QString token = createToken(config, QStringLiteral("ops"), QStringLiteral("users:read"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        // Logged before the serving address's line.
        const quint16 adminPort = server.loggedPort(QStringLiteral("admin API:"));
        QVERIFY2(adminPort != 0 && adminPort != server.port(), qPrintable(server.log()));
        QVERIFY2(server.log().contains(QStringLiteral("admin API: http://127.0.0.1:%1/auth/admin/api/").arg(adminPort)),
                 qPrintable(server.log()));
        QCOMPARE(call(adminPort, "GET", "users", token).status, 200);
        QCOMPARE(call(adminPort, "GET", "users", QString()).status, 401);
        // The serving address answers as the engine does without the API.
        const Answer there = call(server.port(), "GET", "users", token);
        QCOMPARE(there.status, 400);
        QVERIFY(!there.body.contains(QStringLiteral("users")));
        // The management address serves nothing else.
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/auth/session").arg(adminPort)));
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.get(request)));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 404);
        QCOMPARE(QJsonDocument::fromJson(reply->readAll()).object().value("error").toString(), QStringLiteral("not_found"));
    }

    // POST users/import: each format with a file the other import tests make with the real
    // tools, the same engine and answers as `user import`: all or nothing, a dry run that
    // changes nothing, skip, a re-run that changes nothing; the scope; the audit's "by".
    void importUsers_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("format");
        for (const char *format : {"authelia", "htpasswd", "keycloak", "csv", "jsonl"})
            QTest::addRow("sqlite %s", format) << QStringLiteral("sqlite") << QString::fromLatin1(format);
        QTest::newRow("postgresql keycloak") << QStringLiteral("postgresql") << QStringLiteral("keycloak");
    }

    void importUsers()
    {
        QFETCH(QString, backend);
        QFETCH(QString, format);
        if (backend == QLatin1String("postgresql") && !m_pg)
            QSKIP(qPrintable(m_pgUnavailable));
        const QString email = QStringLiteral("imported@example.test");
        QString refusedLine;
        QString scheme;
        const QByteArray file = ImportFiles::importFile(format, email, &refusedLine, &scheme);
        if (file.isEmpty())
            QSKIP("the tool that writes this format's hash is not installed (packaging/install-deps.sh)");
        QString config;
        const QString url = prepare(backend, true, &config);
        QVERIFY(!url.isEmpty());
        const QString writer = createToken(config, QStringLiteral("provisioning"), QStringLiteral("users:read,users:write"));
        const QString reader = createToken(config, QStringLiteral("report"), QStringLiteral("users:read"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        const QString import = QStringLiteral("users/import?format=%1&emailDomain=example.test").arg(format);
        const auto userCount = [&] { return call(port, "GET", "users", reader).body.value("total").toInt(-1); };

        // users:read may not import; the refusal is audited.
        const Answer refused = call(port, "POST", import, reader, file, "application/octet-stream");
        QCOMPARE(refused.status, 403);
        QCOMPARE(refused.body.value("scope").toString(), QStringLiteral("users:write"));
        QCOMPARE(audit(url, QStringLiteral("adminApiDenied")).size(), 1);

        // All or nothing: the refused user imports nothing; the report names its line and why.
        Answer r = call(port, "POST", import, writer, file, "application/octet-stream");
        QVERIFY2(r.status == 200, r.raw.constData());
        QCOMPARE(r.body.value("committed").toBool(), false);
        QCOMPARE(r.body.value("read").toInt(), 2);
        QCOMPARE(r.body.value("created").toInt(), 1);
        QCOMPARE(r.body.value("failed").toInt(), 1);
        QCOMPARE(r.body.value("refused").toArray().size(), 1);
        QCOMPARE(r.body.value("refused").toArray().first().toString(), refusedLine);
        const QJsonArray problems = r.body.value("problems").toArray();
        QCOMPARE(problems.size(), 1);
        // The command's line and the problem's reason say the same (the reason without "line N").
        const QString reason = problems.first().toObject().value("reason").toString();
        QVERIFY2(!reason.isEmpty() && refusedLine.endsWith(reason.section(QStringLiteral(": "), -1)), qPrintable(reason));
        QCOMPARE(problems.first().toObject().value("outcome").toString(), QStringLiteral("refused"));
        QVERIFY(!r.body.contains("rows"));
        // Never a password hash in the answer.
        QVERIFY2(!r.raw.contains("$2b$31$") && !r.raw.contains("$argon2") && !r.raw.contains("pbkdf2_sha256$"), r.raw.constData());
        QCOMPARE(userCount(), 0);

        // A dry run with skip: the same report a real run gives, every row with rows=all, nothing changed.
        r = call(port, "POST", import + "&onConflict=skip&dryRun=true&rows=all", writer, file, "application/octet-stream");
        QVERIFY2(r.status == 200, r.raw.constData());
        QCOMPARE(r.body.value("dryRun").toBool(), true);
        QCOMPARE(r.body.value("committed").toBool(), false);
        QCOMPARE(r.body.value("created").toInt(), 1);
        QCOMPARE(r.body.value("failed").toInt(), 1);
        const QJsonArray rows = r.body.value("rows").toArray();
        QCOMPARE(rows.size(), 2);
        QStringList outcomes;
        for (const QJsonValue &row : rows)
            outcomes.append(row.toObject().value("outcome").toString());
        outcomes.sort();
        QCOMPARE(outcomes, (QStringList{"created", "refused"}));
        QCOMPARE(userCount(), 0);
        QVERIFY(audit(url, QStringLiteral("userImport")).isEmpty());

        // Skip imports the rest, audited with the token as "by"; again, nothing changes.
        r = call(port, "POST", import + "&onConflict=skip&group=imported", writer, file, "application/octet-stream");
        QVERIFY2(r.status == 200, r.raw.constData());
        QCOMPARE(r.body.value("committed").toBool(), true);
        QCOMPARE(r.body.value("created").toInt(), 1);
        QCOMPARE(r.body.value("failed").toInt(), 1);
        QCOMPARE(userCount(), 1);
        const Answer found = call(port, "GET", "users?search=imported@example.test", reader);
        const QString id = found.body.value("users").toArray().first().toObject().value("id").toString();
        QVERIFY(!id.isEmpty());
        const QJsonArray groups = call(port, "GET", "users/" + id + "/groups", reader).body.value("groups").toArray();
        QVERIFY2(groups.contains(QJsonValue("imported")), QJsonDocument(groups).toJson().constData());
        const QList<AuditEvent> events = audit(url, QStringLiteral("userImport"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().userId, id);
        QCOMPARE(events.first().detail.value("by").toString(), QStringLiteral("token:provisioning"));
        QCOMPARE(events.first().detail.value("format").toString(), format);
        QCOMPARE(events.first().detail.value("scheme").toString(), scheme);
        r = call(port, "POST", import + "&onConflict=skip&group=imported", writer, file, "application/octet-stream");
        QCOMPARE(r.body.value("created").toInt(), 0);
        QCOMPARE(r.body.value("skipped").toInt(), 1);
        QCOMPARE(audit(url, QStringLiteral("userImport")).size(), 1);
    }

    // What the import refuses before it reads the file: each a 4xx naming the field, nothing
    // imported. Its body limit is its own: a file far beyond server.maxBodySize is taken there
    // only, and a claimed body beyond 256 MiB is refused before it is sent.
    void importRefusesBadInput()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        const QString writer = createToken(config, QStringLiteral("provisioning"), QStringLiteral("users:read,users:write"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        const QByteArray file = "grace:$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\n";
        const QList<std::pair<QString, QString>> refusals = {
            {QStringLiteral("users/import"), QStringLiteral("format")},
            {QStringLiteral("users/import?format=ldif"), QStringLiteral("format")},
            {QStringLiteral("users/import?format=htpasswd&format=csv"), QStringLiteral("format")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&onConflict=replace"), QStringLiteral("onConflict")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&dryRun=yes"), QStringLiteral("dryRun")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&allowWeakHashes=1"), QStringLiteral("allowWeakHashes")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=a@example.test"), QStringLiteral("emailDomain")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&rows=some"), QStringLiteral("rows")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&overwrite=true"), QStringLiteral("overwrite")},
            {QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&group=staff,a%01b"), QStringLiteral("group")},
        };
        for (const auto &[path, field] : refusals) {
            const Answer refused = call(port, "POST", path, writer, file, "application/octet-stream");
            QVERIFY2(refused.status == 400, qPrintable(path + u' ' + QString::fromUtf8(refused.raw)));
            QCOMPARE(refused.body.value("field").toString(), field);
        }
        const QString import = QStringLiteral("users/import?format=htpasswd&emailDomain=example.test");
        const Answer empty = call(port, "POST", import, writer);
        QCOMPARE(empty.status, 400);
        QCOMPARE(empty.body.value("field").toString(), QStringLiteral("body"));
        const Answer form = call(port, "POST", import, writer, file, "application/x-www-form-urlencoded");
        QCOMPARE(form.status, 415);
        QCOMPARE(form.body.value("field").toString(), QStringLiteral("Content-Type"));
        QCOMPARE(call(port, "GET", import, writer).status, 405);
        QCOMPARE(call(port, "GET", "users", writer).body.value("total").toInt(), 0);
        QVERIFY(audit(url, QStringLiteral("userImport")).isEmpty());

        // 3,000 users (about 250 KiB, beyond the 64 KiB of server.maxBodySize): the import takes
        // them; any other operation refuses such a body.
        QByteArray large;
        for (int i = 0; i < 3000; ++i)
            large += "user" + QByteArray::number(i) + ':' + file.mid(file.indexOf(':') + 1);
        QVERIFY(large.size() > 200 * 1024);
        const Answer dry = call(port, "POST", import + "&dryRun=true", writer, large, "application/octet-stream");
        QVERIFY2(dry.status == 200, dry.raw.constData());
        QCOMPARE(dry.body.value("created").toInt(), 3000);
        QCOMPARE(dry.body.value("committed").toBool(), false);
        QCOMPARE(call(port, "GET", "users", writer).body.value("total").toInt(), 0);
        QCOMPARE(call(port, "POST", "users", writer, large).status, 413);

        // Beyond 256 MiB: refused on the claim, before any of it is sent.
        QTcpSocket socket;
        socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        QVERIFY(socket.waitForConnected(5000));
        socket.write("POST /auth/admin/api/" + import.toLatin1() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                     + writer.toLatin1() + "\r\nContent-Type: application/octet-stream\r\nContent-Length: "
                     + QByteArray::number(256LL * 1024 * 1024 + 1) + "\r\n\r\n");
        QByteArray answer;
        while (!answer.contains("\r\n") && socket.waitForReadyRead(5000))
            answer += socket.readAll();
        QVERIFY2(answer.startsWith("HTTP/1.1 413 "), answer.constData());
    }

    // One import at a time per server: while a large one runs, another is refused at once with
    // 409 import_running, and the first finishes as if alone.
    void oneImportAtATime()
    {
        QString config;
        QVERIFY(!prepare(QStringLiteral("sqlite"), true, &config).isEmpty());
        const QString writer = createToken(config, QStringLiteral("provisioning"), QStringLiteral("users:read,users:write"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const quint16 port = server.port();
        const QByteArray hash = ":$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\n";
        QByteArray large;
        for (int i = 0; i < 40000; ++i)
            large += "user" + QByteArray::number(i) + hash;
        const QString import = QStringLiteral("users/import?format=htpasswd&emailDomain=example.test&dryRun=true");
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/auth/admin/api/%2").arg(port).arg(import)));
        request.setRawHeader("Authorization", "Bearer " + writer.toLatin1());
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
        request.setTransferTimeout(120000);
        std::unique_ptr<QNetworkReply> first(m_nam.post(request, large));
        // Small imports while it runs (or before it starts: then the first is the one refused).
        QList<int> others;
        Answer refused;
        while (!first->isFinished() && others.size() < 1000) {
            const Answer other = call(port, "POST", import, writer, "grace" + hash, "application/octet-stream");
            others.append(other.status);
            if (other.status == 409)
                refused = other;
        }
        if (!first->isFinished())
            waitForReply(first.get());
        const int firstStatus = first->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject firstBody = QJsonDocument::fromJson(first->readAll()).object();
        if (firstStatus == 409)
            refused.body = firstBody;
        QVERIFY2(others.contains(409) || firstStatus == 409, qPrintable(QStringLiteral("%1 other imports while it ran").arg(others.size())));
        QCOMPARE(refused.body.value("error").toString(), QStringLiteral("import_running"));
        for (const int status : std::as_const(others))
            QVERIFY(status == 200 || status == 409);
        if (firstStatus == 200)
            QCOMPARE(firstBody.value("created").toInt(), 40000);
        // Once it has finished, the next import runs.
        QCOMPARE(call(port, "POST", import, writer, "grace" + hash, "application/octet-stream").status, 200);
    }

    void offWithoutAdmin()
    {
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), false, &config);
        QVERIFY(!url.isEmpty());
        const QString token = createToken(config, QStringLiteral("ci"), QStringLiteral("users:read"));
        ServerUnderTest server;
        QVERIFY2(server.start(config), qPrintable(server.log()));
        const Answer answer = call(server.port(), "GET", "users", token);
        // The engine's answer to a path it does not know, as before the admin API.
        QCOMPARE(answer.status, 400);
        QVERIFY(!answer.body.contains(QStringLiteral("users")));
        QVERIFY2(!server.log().contains(QLatin1String("admin API:")), qPrintable(server.log()));
    }

    void commandRefusesBadArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown scope") << QStringList{"create", "x", "--scope", "users:admin"} << 2 << "unknown scope 'users:admin'";
        QTest::newRow("no scope") << QStringList{"create", "x"} << 2 << "needs --scope";
        QTest::newRow("bad lifetime") << QStringList{"create", "x", "--scope", "users:read", "--expires", "forever"} << 2
                                      << "no lifetime";
        QTest::newRow("bad name") << QStringList{"create", "a b", "--scope", "users:read"} << 2 << "a token name has";
        QTest::newRow("unknown action") << QStringList{"rotate", "x"} << 2 << "unknown action 'rotate'";
        QTest::newRow("revoke unknown") << QStringList{"revoke", "nobody"} << 1 << "there is no admin token nobody";
    }

    void commandRefusesBadArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QString config;
        const QString url = prepare(QStringLiteral("sqlite"), true, &config);
        QVERIFY(!url.isEmpty());
        const CommandResult result = runServerCommand(QStringList{QStringLiteral("admin-token")} + arguments
                                                      + QStringList{QStringLiteral("--config"), config});
        QCOMPARE(result.exitCode, exitCode);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
    }
};

QTEST_GUILESS_MAIN(TestServerAdminApi)
#include "tst_serveradminapi.moc"
