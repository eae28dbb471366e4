// The admin API's answers, as a script sees them, on a MemoryAdapter: every user operation with
// its audit "by", the scopes each needs, the tokens it refuses (missing, malformed, unknown,
// revoked, expired), no cross-origin answer, failed token checks rate limited per address, and
// bad input refused with the field named and nothing changed.
#include <gatehouse/adminapi.h>
#include <gatehouse/admintokens.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/memoryadapter.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Gatehouse;

namespace {

struct Answer
{
    int status = 0;
    QJsonObject body;
    AuthResponse raw;
};

const QString kAll = QStringLiteral("users:read,users:write,audit:read");

} // namespace

class TestAdminApi : public QObject
{
    Q_OBJECT

    std::shared_ptr<MemoryAdapter> m_adapter;
    std::unique_ptr<AdminApi> m_api;
    Config m_config;
    QMap<QString, QString> m_tokens;   // scopes -> token

    QString token(const QString &scopes)
    {
        if (!m_tokens.contains(scopes)) {
            QString problem;
            const QString name = QStringLiteral("t%1").arg(m_tokens.size());
            const AdminTokens::Issued issued = AdminTokens::issue(m_adapter, name, *AdminTokens::parseScopes(scopes, &problem),
                                                                  3600, QStringLiteral("test")).result();
            m_tokens.insert(scopes, issued.token);
        }
        return m_tokens.value(scopes);
    }

    Answer call(const QByteArray &method, const QString &path, const QString &bearer, const QByteArray &body = {},
                const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        AuthRequest request;
        request.method = method;
        request.url = QUrl(QStringLiteral("http://127.0.0.1:3000/auth/admin/api/") + path);
        request.remoteAddress = QHostAddress(QStringLiteral("127.0.0.1"));
        if (!bearer.isNull())
            request.headers.append({"Authorization", "Bearer " + bearer.toLatin1()});
        if (!body.isEmpty())
            request.headers.append({QByteArray("Content-Type"), QByteArray("application/json")});
        request.headers.append(headers);
        request.body = body;
        Answer answer;
        answer.raw = m_api->handle(request, m_config).result();
        answer.status = answer.raw.status;
        answer.body = QJsonDocument::fromJson(answer.raw.body).object();
        return answer;
    }

    QString createUser(const QString &email)
    {
        AdapterUser user;
        user.email = email;
        return m_adapter->createUser(user).result().id;
    }

    QList<AuditEvent> audit(const QString &type)
    {
        AuditFilter filter;
        filter.type = type;
        return m_adapter->auditEvents(filter, 100).result();
    }

private Q_SLOTS:
    void init()
    {
        m_adapter = std::make_shared<MemoryAdapter>();
        m_api = std::make_unique<AdminApi>(m_adapter);
        m_config = Config();
        m_config.trustHost = true;
        m_tokens.clear();
    }

    void cleanup()
    {
        m_api.reset();
        m_adapter.reset();
    }

    void ownsItsPathsOnly_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("basePath");
        QTest::addColumn<bool>("owned");
        QTest::newRow("root") << "/auth/admin/api" << "/auth" << true;
        QTest::newRow("users") << "/auth/admin/api/users" << "/auth" << true;
        QTest::newRow("other base") << "/api/auth/admin/api/users" << "/api/auth" << true;
        QTest::newRow("engine's") << "/auth/session" << "/auth" << false;
        QTest::newRow("look-alike") << "/auth/admin/apix" << "/auth" << false;
        QTest::newRow("outside the base") << "/admin/api/users" << "/auth" << false;
    }

    void ownsItsPathsOnly()
    {
        QFETCH(QString, path);
        QFETCH(QString, basePath);
        QFETCH(bool, owned);
        QCOMPARE(AdminApi::owns(path, basePath), owned);
    }

    void everyUserOperationIsAuditedWithTheToken()
    {
        const QString admin = token(kAll);
        Answer created = call("POST", "users", admin, R"({"email": " Ada@Example.TEST ", "name": "Ada", "emailVerified": true})");
        QCOMPARE(created.status, 201);
        const QString id = created.body.value("id").toString();
        QCOMPARE(created.body.value("email").toString(), QStringLiteral("ada@example.test"));
        QCOMPARE(created.body.value("name").toString(), QStringLiteral("Ada"));
        QVERIFY(created.body.value("emailVerified").isString());
        createUser(QStringLiteral("bob@example.test"));

        Answer listed = call("GET", "users?search=ada&page=1&pageSize=10", admin);
        QCOMPARE(listed.status, 200);
        QCOMPARE(listed.body.value("total").toInt(), 1);
        QCOMPARE(listed.body.value("users").toArray().first().toObject().value("id").toString(), id);
        QCOMPARE(call("GET", "users?pageSize=1&page=2", admin).body.value("users").toArray().first().toObject()
                     .value("email").toString(), QStringLiteral("bob@example.test"));

        Answer patched = call("PATCH", "users/" + id, admin, R"({"name": null, "email": "ada@example.org", "emailVerified": false})");
        QCOMPARE(patched.status, 200);
        QVERIFY(patched.body.value("name").isNull());
        QCOMPARE(patched.body.value("email").toString(), QStringLiteral("ada@example.org"));
        QVERIFY(patched.body.value("emailVerified").isNull());

        AdapterSession session{QStringLiteral("session-token-1"), id, QDateTime::currentDateTimeUtc().addDays(1)};
        m_adapter->createSession(session).waitForFinished();
        Answer sessions = call("GET", "users/" + id + "/sessions", admin);
        QCOMPARE(sessions.status, 200);
        QCOMPARE(sessions.body.value("sessions").toArray().size(), 1);
        QVERIFY(!sessions.raw.body.contains("session-token-1"));   // never the token itself

        Answer disabled = call("POST", "users/" + id + "/disable", admin);
        QCOMPARE(disabled.status, 200);
        QCOMPARE(disabled.body.value("disabled").toBool(), true);
        QCOMPARE(disabled.body.value("sessionsEnded").toInt(), 1);
        QCOMPARE(call("GET", "users/" + id, admin).body.value("disabled").toBool(), true);
        QCOMPARE(call("POST", "users/" + id + "/enable", admin, "{}").status, 200);
        QCOMPARE(call("GET", "users/" + id, admin).body.value("disabled").toBool(), false);

        m_adapter->createSession({QStringLiteral("session-token-2"), id, QDateTime::currentDateTimeUtc().addDays(1)}).waitForFinished();
        Answer revoked = call("DELETE", "users/" + id + "/sessions", admin);
        QCOMPARE(revoked.status, 200);
        QCOMPARE(revoked.body.value("sessionsEnded").toInt(), 1);
        QCOMPARE(m_adapter->getSessionAndUser(QStringLiteral("session-token-2")).result().has_value(), false);

        QCOMPARE(call("DELETE", "users/" + id, admin).status, 200);
        QCOMPARE(call("GET", "users/" + id, admin).status, 404);

        const QString by = QStringLiteral("token:t0");
        for (const QString type : {"userCreate", "userUpdate", "userDisable", "userEnable", "sessionsEndAll", "userDelete"}) {
            const QList<AuditEvent> events = audit(type);
            QVERIFY2(events.size() == 1, qPrintable(type));
            QCOMPARE(events.first().detail.value("by").toString(), by);
            QCOMPARE(events.first().userId, id);
            QCOMPARE(events.first().clientAddress, QStringLiteral("127.0.0.1"));
        }
        QVERIFY(m_adapter->adminTokens().result().first().lastUsedAt);
    }

    void searchIsTheStartOfEmailOrNameAndItsTotalIsCapped()
    {
        const QString admin = token(QStringLiteral("users:read"));
        AdapterUser ada;
        ada.email = QStringLiteral("ada@example.test");
        ada.name = QStringLiteral("Ada Lovelace");
        const QString adaId = m_adapter->createUser(ada).result().id;
        // 10,001 more users whose emails start with "user": one past what a search counts.
        for (int n = 1; n <= 10001; ++n)
            createUser(QStringLiteral("user%1@bulk.test").arg(n));
        const auto emails = [](const Answer &answer) {
            QStringList found;
            for (const QJsonValue &user : answer.body.value("users").toArray())
                found.append(user.toObject().value("email").toString());
            return found;
        };

        // The start of the email or of the name, any case; "*" is any text; quotes: the whole value.
        QCOMPARE(emails(call("GET", "users?search=ADA", admin)), QStringList{QStringLiteral("ada@example.test")});
        QCOMPARE(emails(call("GET", "users?search=ada%20love", admin)), QStringList{QStringLiteral("ada@example.test")});
        QCOMPARE(call("GET", "users?search=lovelace", admin).body.value("total").toInt(), 0);
        QCOMPARE(emails(call("GET", "users?search=*lovelace", admin)), QStringList{QStringLiteral("ada@example.test")});
        QCOMPARE(emails(call("GET", "users?search=a*test", admin)), QStringList{QStringLiteral("ada@example.test")});
        QCOMPARE(emails(call("GET", "users?search=%22ada%20lovelace%22", admin)), QStringList{QStringLiteral("ada@example.test")});
        QCOMPARE(call("GET", "users?search=%22ada%22", admin).body.value("total").toInt(), 0);
        QCOMPARE(emails(call("GET", "users?search=" + adaId, admin)), QStringList{QStringLiteral("ada@example.test")});
        const Answer few = call("GET", "users?search=user1000", admin);
        QCOMPARE(few.body.value("total").toInt(), 3); // user1000, user10000, user10001
        QCOMPARE(few.body.value("totalExact").toBool(), true);

        // A broad search counts to 10,000 and says so; the pages after it still answer.
        const Answer broad = call("GET", "users?search=user&pageSize=100", admin);
        QCOMPARE(broad.status, 200);
        QCOMPARE(broad.body.value("total").toInt(), 10000);
        QCOMPARE(broad.body.value("totalExact").toBool(), false);
        const Answer last = call("GET", "users?search=user&pageSize=100&page=101", admin);
        QCOMPARE(emails(last), QStringList{QStringLiteral("user9@bulk.test")}); // by email: "@" after the digits
        // Every user: counted to 10,000 too (a million are not read for a page), and said so;
        // the pages after it still answer.
        const Answer all = call("GET", "users?pageSize=1", admin);
        QCOMPARE(all.body.value("total").toInt(), 10000);
        QCOMPARE(all.body.value("totalExact").toBool(), false);
        const Answer lastOfAll = call("GET", "users?pageSize=1&page=10002&sort=id", admin);
        QCOMPARE(lastOfAll.body.value("users").toArray().size(), 1);
    }

    void scopesAreEnforced_data()
    {
        QTest::addColumn<QString>("scopes");
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("needed");
        QTest::addColumn<QString>("operation");
        const QString read = QStringLiteral("users:read");
        const QString write = QStringLiteral("users:write");
        const QString audit = QStringLiteral("audit:read");
        QTest::newRow("list without read") << write << QByteArray("GET") << "users" << QByteArray() << read << "listUsers";
        QTest::newRow("get without read") << audit << QByteArray("GET") << "users/1" << QByteArray() << read << "getUser";
        QTest::newRow("sessions without read") << write << QByteArray("GET") << "users/1/sessions" << QByteArray() << read
                                               << "listUserSessions";
        QTest::newRow("create without write") << read << QByteArray("POST") << "users"
                                               << QByteArray(R"({"email":"x@example.test"})") << write << "createUser";
        QTest::newRow("patch without write") << read << QByteArray("PATCH") << "users/1" << QByteArray(R"({"name":"X"})")
                                             << write << "updateUser";
        QTest::newRow("disable without write") << read << QByteArray("POST") << "users/1/disable" << QByteArray() << write
                                               << "disableUser";
        QTest::newRow("enable without write") << audit << QByteArray("POST") << "users/1/enable" << QByteArray() << write
                                              << "enableUser";
        QTest::newRow("delete without write") << read << QByteArray("DELETE") << "users/1" << QByteArray() << write
                                              << "deleteUser";
        QTest::newRow("revoke sessions without write") << read << QByteArray("DELETE") << "users/1/sessions" << QByteArray()
                                                       << write << "revokeUserSessions";
    }

    void scopesAreEnforced()
    {
        QFETCH(QString, scopes);
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(QString, needed);
        QFETCH(QString, operation);
        const QString id = createUser(QStringLiteral("ada@example.test"));
        QCOMPARE(id, QStringLiteral("1"));
        const Answer refused = call(method, path, token(scopes), body);
        QCOMPARE(refused.status, 403);
        QCOMPARE(refused.body.value("error").toString(), QStringLiteral("insufficient_scope"));
        QCOMPARE(refused.body.value("scope").toString(), needed);
        const QList<AuditEvent> denied = audit(QStringLiteral("adminApiDenied"));
        QCOMPARE(denied.size(), 1);
        QCOMPARE(denied.first().detail.value("by").toString(), QStringLiteral("token:t0"));
        QCOMPARE(denied.first().detail.value("scope").toString(), needed);
        QCOMPARE(denied.first().detail.value("operation").toString(), operation);
        // Nothing changed.
        const std::optional<AdapterUser> ada = m_adapter->getUser(id).result();
        QVERIFY(ada);
        QCOMPARE(ada->name, std::optional<QString>());
        QCOMPARE(m_adapter->isUserDisabled(id).result(), false);
        QCOMPARE(m_adapter->countUsers(QString()).result(), qint64(1));
    }

    void tokensAreRefused_data()
    {
        QTest::addColumn<QString>("authorization");   // "REVOKED", "EXPIRED": a token that is
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QString() << "send Authorization: Bearer";
        QTest::newRow("basic") << "Basic YWRtaW46YWRtaW4=" << "only Authorization: Bearer";
        QTest::newRow("malformed") << "Bearer not-a-token" << "not valid";
        QTest::newRow("unknown") << "Bearer gha_" + QString(43, u'A') << "not valid";
        QTest::newRow("revoked") << "REVOKED" << "revoked";
        QTest::newRow("expired") << "EXPIRED" << "expired";
    }

    void tokensAreRefused()
    {
        QFETCH(QString, authorization);
        QFETCH(QString, message);
        if (authorization == QLatin1String("REVOKED")) {
            const QString revoked = token(kAll);
            QCOMPARE(call("GET", "users", revoked).status, 200);
            QVERIFY(AdminTokens::revoke(m_adapter, QStringLiteral("t0"), QStringLiteral("test")).result());
            authorization = QStringLiteral("Bearer ") + revoked;
        } else if (authorization == QLatin1String("EXPIRED")) {
            // Issued elsewhere, stored here with an expiry a second ago.
            const auto elsewhere = std::make_shared<MemoryAdapter>();
            const AdminTokens::Issued issued = AdminTokens::issue(elsewhere, QStringLiteral("expired"),
                                                                  {QStringLiteral("users:read")}, 60, QStringLiteral("test")).result();
            AdminTokenRecord record = issued.record;
            record.expiresAt = QDateTime::currentDateTimeUtc().addSecs(-1);
            m_adapter->createAdminToken(record).waitForFinished();
            authorization = QStringLiteral("Bearer ") + issued.token;
        }
        AuthRequest request;
        request.method = "GET";
        request.url = QUrl(QStringLiteral("http://127.0.0.1:3000/auth/admin/api/users"));
        if (!authorization.isEmpty())
            request.headers.append({"Authorization", authorization.toLatin1()});
        const AuthResponse response = m_api->handle(request, m_config).result();
        QCOMPARE(response.status, 401);
        const QJsonObject body = QJsonDocument::fromJson(response.body).object();
        QCOMPARE(body.value("error").toString(), QStringLiteral("invalid_token"));
        QCOMPARE(body.value("field").toString(), QStringLiteral("Authorization"));
        QVERIFY2(body.value("message").toString().contains(message), qPrintable(body.value("message").toString()));
        QVERIFY(!response.header("www-authenticate").isEmpty());
    }

    void crossOriginRequestsAreRefused()
    {
        const QString admin = token(QStringLiteral("users:read"));
        const Answer elsewhere = call("GET", "users", admin, {}, {{"Origin", "http://evil.example"}});
        QCOMPARE(elsewhere.status, 403);
        QCOMPARE(elsewhere.body.value("error").toString(), QStringLiteral("cross_origin"));
        QCOMPARE(elsewhere.body.value("field").toString(), QStringLiteral("Origin"));
        const Answer preflight = call("OPTIONS", "users", QString(), {}, {{"Origin", "http://evil.example"},
                                                                         {"Access-Control-Request-Method", "DELETE"}});
        QCOMPARE(preflight.status, 403);
        const Answer sameOrigin = call("GET", "users", admin, {}, {{"Origin", "http://127.0.0.1:3000"}});
        QCOMPARE(sameOrigin.status, 200);
        for (const Answer &answer : {elsewhere, preflight, sameOrigin}) {
            QVERIFY(answer.raw.cookies.isEmpty());
            for (const auto &header : answer.raw.headers)
                QVERIFY2(!header.first.toLower().startsWith("access-control-"), header.first.constData());
            QCOMPARE(answer.raw.header("cache-control"), QByteArray("no-store"));
        }
    }

    void failedTokenChecksAreRateLimitedPerAddress()
    {
        m_config.rateLimit.maxFailuresPerAddress = 3;
        const QString good = token(QStringLiteral("users:read"));
        // Valid tokens take their attempt back: any number of them.
        for (int i = 0; i < 5; ++i)
            QCOMPARE(call("GET", "users", good).status, 200);
        const QString wrong = QStringLiteral("gha_") + QString(43, u'A');
        for (int i = 0; i < 3; ++i)
            QCOMPARE(call("GET", "users", wrong).status, 401);
        const Answer limited = call("GET", "users", wrong);
        QCOMPARE(limited.status, 429);
        QCOMPARE(limited.body.value("error").toString(), QStringLiteral("rate_limited"));
        // The address is kept out, whatever it sends, until the window has passed.
        QCOMPARE(call("GET", "users", good).status, 429);
    }

    void badInputNamesTheFieldAndChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("field");
        const QByteArray json("application/json");
        QTest::newRow("malformed JSON") << QByteArray("POST") << "users" << QByteArray(R"({"email": )") << json << 400
                                        << "invalid_json" << "";
        QTest::newRow("not an object") << QByteArray("POST") << "users" << QByteArray(R"(["x@example.test"])") << json << 400
                                       << "invalid_json" << "";
        QTest::newRow("unknown field") << QByteArray("POST") << "users"
                                       << QByteArray(R"({"email":"x@example.test","admin":true})") << json << 400
                                       << "invalid_request" << "admin";
        QTest::newRow("email missing") << QByteArray("POST") << "users" << QByteArray(R"({"name":"X"})") << json << 400
                                       << "invalid_request" << "email";
        QTest::newRow("email a number") << QByteArray("POST") << "users" << QByteArray(R"({"email":7})") << json << 400
                                        << "invalid_request" << "email";
        QTest::newRow("email no address") << QByteArray("POST") << "users" << QByteArray(R"({"email":"ada"})") << json << 400
                                          << "invalid_request" << "email";
        QTest::newRow("email taken") << QByteArray("POST") << "users" << QByteArray(R"({"email":"ADA@example.test"})") << json
                                     << 409 << "conflict" << "email";
        QTest::newRow("verified a string") << QByteArray("POST") << "users"
                                           << QByteArray(R"({"email":"x@example.test","emailVerified":"yes"})") << json << 400
                                           << "invalid_request" << "emailVerified";
        QTest::newRow("form body") << QByteArray("POST") << "users" << QByteArray("email=x%40example.test")
                                   << QByteArray("application/x-www-form-urlencoded") << 415 << "unsupported_media_type"
                                   << "Content-Type";
        QTest::newRow("patch: name a number, email fine") << QByteArray("PATCH") << "users/1"
                                                           << QByteArray(R"({"email":"new@example.test","name":5})") << json
                                                           << 400 << "invalid_request" << "name";
        QTest::newRow("patch: email of another") << QByteArray("PATCH") << "users/1"
                                                  << QByteArray(R"({"name":"Ada L","email":"bob@example.test"})") << json << 409
                                                  << "conflict" << "email";
        QTest::newRow("patch: nothing") << QByteArray("PATCH") << "users/1" << QByteArray("{}") << json << 400
                                        << "invalid_request" << "";
        QTest::newRow("patch: unknown id") << QByteArray("PATCH") << "users/999" << QByteArray(R"({"name":"X"})") << json
                                           << 404 << "not_found" << "id";
        QTest::newRow("patch: id no number") << QByteArray("PATCH") << "users/abc" << QByteArray(R"({"name":"X"})") << json
                                             << 404 << "not_found" << "id";
        QTest::newRow("page size too big") << QByteArray("GET") << "users?pageSize=101" << QByteArray() << QByteArray() << 400
                                           << "invalid_request" << "pageSize";
        QTest::newRow("page zero") << QByteArray("GET") << "users?page=0" << QByteArray() << QByteArray() << 400
                                   << "invalid_request" << "page";
        QTest::newRow("page not a number") << QByteArray("GET") << "users?page=two" << QByteArray() << QByteArray() << 400
                                           << "invalid_request" << "page";
        QTest::newRow("unknown parameter") << QByteArray("GET") << "users?colour=blue" << QByteArray() << QByteArray() << 400
                                           << "invalid_request" << "colour";
        QTest::newRow("unknown sort") << QByteArray("GET") << "users?sort=password" << QByteArray() << QByteArray() << 400
                                      << "invalid_request" << "sort";
        QTest::newRow("unknown order") << QByteArray("GET") << "users?order=up" << QByteArray() << QByteArray() << 400
                                       << "invalid_request" << "order";
        QTest::newRow("parameter twice") << QByteArray("GET") << "users?page=1&page=2" << QByteArray() << QByteArray() << 400
                                         << "invalid_request" << "page";
        QTest::newRow("get unknown id") << QByteArray("GET") << "users/999" << QByteArray() << QByteArray() << 404
                                        << "not_found" << "id";
        QTest::newRow("disable unknown id") << QByteArray("POST") << "users/999/disable" << QByteArray() << QByteArray() << 404
                                            << "not_found" << "id";
        QTest::newRow("disable with a body") << QByteArray("POST") << "users/1/disable" << QByteArray(R"({"now":true})") << json
                                             << 400 << "invalid_request" << "";
        QTest::newRow("delete unknown id") << QByteArray("DELETE") << "users/999" << QByteArray() << QByteArray() << 404
                                           << "not_found" << "id";
        QTest::newRow("sessions of unknown id") << QByteArray("DELETE") << "users/999/sessions" << QByteArray() << QByteArray()
                                                << 404 << "not_found" << "id";
        QTest::newRow("sessions: expired no boolean") << QByteArray("GET") << "users/1/sessions?expired=1" << QByteArray()
                                                      << QByteArray() << 400 << "invalid_request" << "expired";
        QTest::newRow("sessions: unknown parameter") << QByteArray("GET") << "users/1/sessions?active=true" << QByteArray()
                                                     << QByteArray() << 400 << "invalid_request" << "active";
        QTest::newRow("unknown operation") << QByteArray("GET") << "groups" << QByteArray() << QByteArray() << 404
                                           << "not_found" << "";
        QTest::newRow("wrong method") << QByteArray("PUT") << "users/1" << QByteArray() << QByteArray() << 405
                                      << "method_not_allowed" << "";
    }

    void badInputNamesTheFieldAndChangesNothing()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, contentType);
        QFETCH(int, status);
        QFETCH(QString, error);
        QFETCH(QString, field);
        QCOMPARE(createUser(QStringLiteral("ada@example.test")), QStringLiteral("1"));
        createUser(QStringLiteral("bob@example.test"));
        AuthRequest request;
        request.method = method;
        request.url = QUrl(QStringLiteral("http://127.0.0.1:3000/auth/admin/api/") + path);
        request.headers.append({"Authorization", "Bearer " + token(kAll).toLatin1()});
        if (!contentType.isEmpty())
            request.headers.append({"Content-Type", contentType});
        request.body = body;
        const AuthResponse response = m_api->handle(request, m_config).result();
        const QJsonObject answer = QJsonDocument::fromJson(response.body).object();
        QCOMPARE(response.status, status);
        QCOMPARE(answer.value("error").toString(), error);
        QCOMPARE(answer.value("field").toString(), field);
        QVERIFY(!answer.value("message").toString().isEmpty());
        // Nothing half done: both users as they were, no change audited.
        QCOMPARE(m_adapter->countUsers(QString()).result(), qint64(2));
        const AdapterUser ada = *m_adapter->getUser(QStringLiteral("1")).result();
        QCOMPARE(ada.email, QStringLiteral("ada@example.test"));
        QCOMPARE(ada.name, std::optional<QString>());
        QCOMPARE(m_adapter->isUserDisabled(QStringLiteral("1")).result(), false);
        for (const QString type : {"userCreate", "userUpdate", "userDisable", "userDelete", "sessionsEndAll"})
            QVERIFY2(audit(type).isEmpty(), qPrintable(type));
    }
};

QTEST_GUILESS_MAIN(TestAdminApi)
#include "tst_adminapi.moc"
