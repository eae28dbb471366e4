// A disabled user (UserStateStore::setUserDisabled) is refused by the engine like a signIn
// callback returning false: OAuth against a scripted token and userinfo endpoint, credentials
// with database sessions, email links; nothing is written for it before the refusal (no email
// verified, no account linked); its database session ends at the next read; enabled again, it
// signs in.
#include "support/engineclient.h"
#include "support/sessioncount.h"

#include <gatehouse/gatehousestore.h>
#include <gatehouse/memoryadapter.h>
#include <gatehouse/userstate.h>

#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QUrlQuery>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

/*!
 * The token and userinfo endpoints of an OAuth provider on loopback: every code is accepted,
 * every token response carries a new access token ("at-1", "at-2", ...), userinfo describes
 * one user.
 */
class FakeProvider : public QObject
{
public:
    FakeProvider()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        });
    }
    QString url(const QString &path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }
    int tokenRequests = 0;

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        qsizetype length = 0;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        for (const QByteArray &line : lines) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (buffer.size() < end + 4 + length)
            return;
        const QByteArray path = lines.first().split(' ').value(1);
        m_buffers.remove(socket);
        QByteArray body;
        if (path.startsWith("/token")) {
            body = QJsonDocument(QJsonObject{{"access_token", QStringLiteral("at-%1").arg(++tokenRequests)},
                                             {"token_type", "Bearer"}, {"expires_in", 3600}})
                       .toJson(QJsonDocument::Compact);
        } else if (path.startsWith("/userinfo")) {
            body = R"({"id":"olga-1","name":"Olga","email":"olga@example.test"})";
        }
        socket->write((body.isEmpty() ? "HTTP/1.1 404 Not Found\r\n" : "HTTP/1.1 200 OK\r\n")
                      + QByteArray("Content-Type: application/json\r\nContent-Length: ") + QByteArray::number(body.size())
                      + "\r\nConnection: close\r\n\r\n" + body);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

struct Fixture
{
    std::shared_ptr<MemoryAdapter> adapter = std::make_shared<MemoryAdapter>();
    FakeProvider idp;
    Config config;

    Fixture()
    {
        config.secret = {QStringLiteral("disabled-user-secret-disabled-user-01")};
        config.trustHost = true;
        config.adapter = adapter;
        Provider corp;
        corp.id = QStringLiteral("corp");
        corp.name = QStringLiteral("Corp");
        corp.type = QStringLiteral("oauth");
        corp.options = QJsonObject{{"clientId", "gatehouse"},
                                   {"clientSecret", "corp-secret"},
                                   {"authorization", idp.url("/authorize")},
                                   {"token", idp.url("/token")},
                                   {"userinfo", idp.url("/userinfo")}};
        Provider credentials;
        credentials.id = credentials.name = QStringLiteral("credentials");
        credentials.type = QStringLiteral("credentials");
        credentials.authorize = [](const QJsonObject &c, const AuthRequest &) {
            std::optional<QJsonObject> user;
            if (c.value("password").toString() == "pw")
                user = QJsonObject{{"id", "ext-" + c.value("username").toString()},
                                   {"email", c.value("username").toString() + "@example.test"}};
            return QtFuture::makeReadyFuture(user);
        };
        config.providers = {corp, credentials};
    }

    //! Adds an email provider whose links land in \a sent instead of a mailbox.
    void addEmailProvider(QList<VerificationRequest> &sent)
    {
        Provider email;
        email.id = QStringLiteral("email");
        email.name = QStringLiteral("Email");
        email.type = QStringLiteral("email");
        email.options = QJsonObject{{"from", "Gatehouse <no-reply@example.test>"}};
        email.sendVerificationRequest = [&sent](const VerificationRequest &request) {
            sent.append(request);
            return QtFuture::makeReadyFuture();
        };
        config.providers.append(email);
    }

    //! A stored user that never verified its address.
    AdapterUser storeUser(const QString &email, const QString &name)
    {
        AdapterUser user;
        user.email = email;
        user.name = name;
        return adapter->createUser(user).result();
    }

    QList<AuditEvent> failures()
    {
        AuditFilter filter;
        filter.type = QStringLiteral("signInFailed");
        return adapter->auditEvents(filter, 10).result();
    }
};

//! A new authorization code: the engine takes each one once.
QString freshCode()
{
    static int issued = 0;
    return QStringLiteral("code-from-corp-%1").arg(++issued);
}

//! Signs in with the OAuth provider: the sign-in redirect, then the provider's redirect back.
Reply oauthSignIn(EngineClient &client)
{
    const QString csrf = client.csrfToken();
    const Reply start = client.postForm("/auth/signin/corp", {{"csrfToken", csrf}});
    if (!start.location().contains("/authorize?"))
        return start;
    return client.get("/auth/callback/corp?code=" + freshCode());
}

Reply credentialsSignIn(EngineClient &client, const QString &user)
{
    const QString csrf = client.csrfToken();
    return client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", user}, {"password", "pw"}});
}

//! POSTs signin/email for \a email.
Reply requestLink(EngineClient &client, const QString &email)
{
    const QString csrf = client.csrfToken();
    return client.postForm("/auth/signin/email", {{"csrfToken", csrf}, {"email", email}});
}

//! The path and query of a sign-in link, for EngineClient::get().
QString pathOf(const VerificationRequest &request)
{
    return request.url.mid(QStringLiteral("http://127.0.0.1:9300").size());
}

const QByteArray accessDenied = "http://127.0.0.1:9300/auth/error?error=AccessDenied";

} // namespace

class TestDisabledUser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oauthSignInOfADisabledUserIsRefused()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient first(auth);
        QCOMPARE(oauthSignIn(first).location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY(first.cookies.contains("authjs.session-token"));
        const std::optional<AdapterUser> olga = f.adapter->getUserByAccount("corp", "olga-1").result();
        QVERIFY(olga);

        QCOMPARE(setUserDisabled(f.adapter, olga->id, true).result(), qint64(1));
        // The ended session is no session any more.
        QCOMPARE(first.get("/auth/session").response.body, QByteArray("null"));
        QVERIFY(!first.cookies.contains("authjs.session-token"));

        EngineClient second(auth);
        const Reply refused = oauthSignIn(second);
        QCOMPARE(refused.location(), accessDenied);
        QVERIFY(!second.cookies.contains("authjs.session-token"));
        QCOMPARE(Test::countSessions(*f.adapter, olga->id).result(), qint64(0));
        // Refused before anything was stored for the user: the first sign-in's token stays.
        QCOMPARE(f.idp.tokenRequests, 2);
        QCOMPARE(f.adapter->getAccount("olga-1", "corp").result()->accessToken, std::optional<QString>("at-1"));
        const QList<AuditEvent> failures = f.failures();
        QCOMPARE(failures.size(), 1);
        QCOMPARE(failures.first().userId, olga->id);
        QCOMPARE(failures.first().provider, QStringLiteral("corp"));
        QCOMPARE(failures.first().detail.value("code").toString(), QStringLiteral("disabled"));

        QCOMPARE(setUserDisabled(f.adapter, olga->id, false).result(), qint64(0));
        EngineClient third(auth);
        QCOMPARE(oauthSignIn(third).location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(third.get("/auth/session").json().object().value("user").toObject().value("email").toString(),
                 QStringLiteral("olga@example.test"));
        QCOMPARE(f.adapter->getAccount("olga-1", "corp").result()->accessToken, std::optional<QString>("at-3"));
    }

    void emailLinkOfADisabledUserWritesNothing()
    {
        Fixture f;
        QList<VerificationRequest> sent;
        f.addEmailProvider(sent);
        const AdapterUser uma = f.storeUser(QStringLiteral("uma@example.test"), QStringLiteral("Uma"));
        QVERIFY(!uma.emailVerified);
        Auth auth(f.config);
        EngineClient client(auth);
        // The link is asked for while the user may still sign in; it is used after the disabling.
        QCOMPARE(requestLink(client, uma.email).location(),
                 QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        QCOMPARE(sent.size(), 1);
        QCOMPARE(setUserDisabled(f.adapter, uma.id, true).result(), qint64(0));

        QCOMPARE(client.get(pathOf(sent.first())).location(), accessDenied);
        QVERIFY(!client.cookies.contains("authjs.session-token"));
        // Refused before any write for the user: the row as it was, no account, no session.
        const std::optional<AdapterUser> after = f.adapter->getUser(uma.id).result();
        QVERIFY(after);
        QVERIFY(!after->emailVerified);
        QCOMPARE(*after, uma);
        QVERIFY(!f.adapter->getAccount(uma.email, QStringLiteral("email")).result());
        QVERIFY(!f.adapter->getUserByAccount(QStringLiteral("email"), uma.email).result());
        QCOMPARE(Test::countSessions(*f.adapter, uma.id).result(), qint64(0));
        const QList<AuditEvent> failures = f.failures();
        QCOMPARE(failures.size(), 1);
        QCOMPARE(failures.first().userId, uma.id);
        QCOMPARE(failures.first().provider, QStringLiteral("email"));
        QCOMPARE(failures.first().detail.value("code").toString(), QStringLiteral("disabled"));
        // The link itself is used up.
        QCOMPARE(client.get(pathOf(sent.first())).location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));

        // Enabled again, a new link signs in and verifies the address.
        QCOMPARE(setUserDisabled(f.adapter, uma.id, false).result(), qint64(0));
        requestLink(client, uma.email);
        QCOMPARE(sent.size(), 2);
        QCOMPARE(client.get(pathOf(sent.last())).location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY(f.adapter->getUser(uma.id).result()->emailVerified);
        QCOMPARE(Test::countSessions(*f.adapter, uma.id).result(), qint64(1));
    }

    void oauthLinkToADisabledUserWritesNothing()
    {
        // The provider's address belongs to a stored, disabled user, and the provider may link by
        // address (allowDangerousEmailAccountLinking): refused before the account is linked.
        Fixture f;
        f.config.providers[0].options.insert("allowDangerousEmailAccountLinking", true);
        const AdapterUser olga = f.storeUser(QStringLiteral("olga@example.test"), QStringLiteral("Olga Stored"));
        QCOMPARE(setUserDisabled(f.adapter, olga.id, true).result(), qint64(0));
        Auth auth(f.config);

        EngineClient client(auth);
        QCOMPARE(oauthSignIn(client).location(), accessDenied);
        QVERIFY(!client.cookies.contains("authjs.session-token"));
        QCOMPARE(f.idp.tokenRequests, 1);
        QVERIFY(!f.adapter->getAccount("olga-1", "corp").result());
        QVERIFY(!f.adapter->getUserByAccount("corp", "olga-1").result());
        QCOMPARE(*f.adapter->getUser(olga.id).result(), olga);
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(1));
        QCOMPARE(Test::countSessions(*f.adapter, olga.id).result(), qint64(0));
        QCOMPARE(f.failures().size(), 1);
        QCOMPARE(f.failures().first().userId, olga.id);

        // Enabled again, the same sign-in links the account to the stored user.
        QCOMPARE(setUserDisabled(f.adapter, olga.id, false).result(), qint64(0));
        QCOMPARE(oauthSignIn(client).location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(f.adapter->getAccount("olga-1", "corp").result()->userId, olga.id);
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(1));
    }

    void signedInDisabledUserLinksNoAccount()
    {
        // A JWT session outlives the disabling; adding another provider's account is refused
        // before the account is linked.
        Fixture f;
        f.config.session.strategy = SessionOptions::Strategy::Jwt;
        Provider other = f.config.providers[0];
        other.id = QStringLiteral("corp2");
        other.name = QStringLiteral("Corp 2");
        f.config.providers.append(other);
        Auth auth(f.config);
        EngineClient client(auth);
        QCOMPARE(oauthSignIn(client).location(), QByteArray("http://127.0.0.1:9300"));
        const std::optional<AdapterUser> olga = f.adapter->getUserByAccount("corp", "olga-1").result();
        QVERIFY(olga);
        QCOMPARE(setUserDisabled(f.adapter, olga->id, true).result(), qint64(0));

        const QString csrf = client.csrfToken();
        QVERIFY(client.postForm("/auth/signin/corp2", {{"csrfToken", csrf}}).location().contains("/authorize?"));
        QCOMPARE(client.get("/auth/callback/corp2?code=" + freshCode()).location(), accessDenied);
        QVERIFY(!f.adapter->getAccount("olga-1", "corp2").result());
        QCOMPARE(*f.adapter->getUser(olga->id).result(), *olga);
        QCOMPARE(f.adapter->getAccount("olga-1", "corp").result()->accessToken, std::optional<QString>("at-1"));
        QCOMPARE(f.failures().size(), 1);
        QCOMPARE(f.failures().first().provider, QStringLiteral("corp2"));
    }

    void signInCallbackRunsFirstAndCanRedirect()
    {
        // As in Auth.js, the signIn callback decides first; being disabled is checked after it.
        Fixture f;
        QStringList seen;
        f.config.callbacks.signIn = [&seen](const SignInParams &p) {
            seen << p.user.value("email").toString();
            return QtFuture::makeReadyFuture(SignInDecision{true, {}});
        };
        Auth auth(f.config);
        EngineClient client(auth);
        credentialsSignIn(client, "kim");
        const std::optional<AdapterUser> kim = f.adapter->getUserByEmail("kim@example.test").result();
        QVERIFY(kim);
        f.adapter->setUserDisabled(kim->id, true).waitForFinished();
        EngineClient again(auth);
        QCOMPARE(credentialsSignIn(again, "kim").location(), accessDenied);
        QCOMPARE(seen, (QStringList{"kim@example.test", "kim@example.test"}));
    }

    void sessionOfAUserDisabledMeanwhileEnds()
    {
        // The flag alone, without ending the sessions: the next read deletes the session.
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        QCOMPARE(credentialsSignIn(client, "lee").location(), QByteArray("http://127.0.0.1:9300"));
        const QString token = client.cookies.value("authjs.session-token");
        const QString userId = f.adapter->getSessionAndUser(token).result()->user.id;
        f.adapter->setUserDisabled(userId, true).waitForFinished();
        const Reply session = client.get("/auth/session");
        QCOMPARE(session.response.body, QByteArray("null"));
        QVERIFY(session.cookieNames().contains("authjs.session-token"));
        QVERIFY(!f.adapter->getSessionAndUser(token).result());

        f.adapter->setUserDisabled(userId, false).waitForFinished();
        QCOMPARE(credentialsSignIn(client, "lee").location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(client.get("/auth/session").json().object().value("user").toObject().value("email").toString(),
                 QStringLiteral("lee@example.test"));
    }
};

QTEST_GUILESS_MAIN(TestDisabledUser)
#include "tst_disableduser.moc"
