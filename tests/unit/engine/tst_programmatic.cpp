// The programmatic operations: signIn, signOut, update (unstable_update), session (auth())
// and authorize (route protection with the authorized callback).
#include "support/engineclient.h"

#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

Config config()
{
    Config c;
    c.secret = {QStringLiteral("programmatic-secret-programmatic-secret")};
    c.trustHost = true;
    Provider p;
    p.id = p.name = QStringLiteral("credentials");
    p.type = QStringLiteral("credentials");
    p.authorize = [](const QJsonObject &fields, const AuthRequest &) {
        std::optional<QJsonObject> user;
        if (fields.value("password").toString() == "pw")
            user = QJsonObject{{"id", "5"}, {"name", "Pat"}, {"email", "pat@example.test"}};
        return QtFuture::makeReadyFuture(user);
    };
    c.providers = {p};
    return c;
}

AuthRequest pageRequest(const QMap<QString, QString> &cookies = {})
{
    AuthRequest r;
    r.url = QUrl("http://127.0.0.1:9300/dashboard?tab=1");
    QByteArray header;
    for (auto it = cookies.cbegin(); it != cookies.cend(); ++it)
        header += it.key().toLatin1() + '=' + it.value().toLatin1() + "; ";
    if (!header.isEmpty())
        r.headers.append(qMakePair(QByteArray("Cookie"), header));
    return r;
}

QMap<QString, QString> jarOf(const AuthResponse &response, QMap<QString, QString> jar = {})
{
    for (const SetCookie &c : response.cookies) {
        if (c.options.maxAge == 0)
            jar.remove(c.name);
        else
            jar.insert(c.name, c.value);
    }
    return jar;
}

} // namespace

class TestProgrammatic : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signInWithoutCsrf()
    {
        Auth auth(config());
        SignInOptions options;
        options.fields = {{"password", "pw"}};
        options.redirectTo = QStringLiteral("/after");
        const AuthResponse r = auth.signIn(pageRequest(), "credentials", options).result();
        QCOMPARE(r.status, 302);
        QCOMPARE(r.header("location"), QByteArray("http://127.0.0.1:9300/after"));
        const auto session = auth.session(pageRequest(jarOf(r))).result();
        QVERIFY(session);
        QCOMPARE(session->value("user").toObject().value("name").toString(), QStringLiteral("Pat"));

        options.fields = {{"password", "wrong"}};
        options.redirect = false;
        const AuthResponse failed = auth.signIn(pageRequest(), "credentials", options).result();
        QCOMPARE(failed.status, 200);
        QCOMPARE(QJsonDocument::fromJson(failed.body).object().value("url").toString(),
                 QStringLiteral("http://127.0.0.1:9300/auth/signin?error=CredentialsSignin&code=credentials"));
    }

    void signInWithoutProviderGoesToThePage()
    {
        Auth auth(config());
        SignInOptions options;
        options.redirectTo = QStringLiteral("/x");
        options.redirect = false;
        const AuthResponse r = auth.signIn(pageRequest(), {}, options).result();
        QCOMPARE(r.status, 200);
        QCOMPARE(QJsonDocument::fromJson(r.body).object().value("url").toString(),
                 QStringLiteral("http://127.0.0.1:9300/auth/signin?callbackUrl=%2Fx"));
        const AuthResponse redirect = auth.signIn(pageRequest()).result();
        QCOMPARE(redirect.status, 302);
        QCOMPARE(redirect.header("location"),
                 QByteArray("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fdashboard%3Ftab%3D1"));
    }

    void signOutAndUpdate()
    {
        Auth auth(config());
        SignInOptions options;
        options.fields = {{"password", "pw"}};
        QMap<QString, QString> jar = jarOf(auth.signIn(pageRequest(), "credentials", options).result());

        const AuthResponse updated = auth.update(pageRequest(jar), QJsonObject{{"name", "ignored by default"}}).result();
        QCOMPARE(updated.status, 200);
        QCOMPARE(QJsonDocument::fromJson(updated.body).object().value("user").toObject().value("name").toString(), QStringLiteral("Pat"));
        jar = jarOf(updated, jar);

        SignOutOptions out;
        out.redirect = false;
        out.redirectTo = QStringLiteral("/bye");
        const AuthResponse signedOut = auth.signOut(pageRequest(jar), out).result();
        QCOMPARE(QJsonDocument::fromJson(signedOut.body).object().value("url").toString(), QStringLiteral("http://127.0.0.1:9300/bye"));
        jar = jarOf(signedOut, jar);
        QVERIFY(!jar.contains("authjs.session-token"));
        QVERIFY(!auth.session(pageRequest(jar)).result());
    }

    void authorizeDefaultNeedsASession()
    {
        Auth auth(config());
        const std::optional<AuthResponse> denied = auth.authorize(pageRequest()).result().denied;
        QVERIFY(denied);
        QCOMPARE(denied->status, 302);
        QCOMPARE(denied->header("location"),
                 QByteArray("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fdashboard%3Ftab%3D1"));
        SignInOptions options;
        options.fields = {{"password", "pw"}};
        const auto jar = jarOf(auth.signIn(pageRequest(), "credentials", options).result());
        const Authorization allowed = auth.authorize(pageRequest(jar)).result();
        QVERIFY(!allowed.denied);
        QCOMPARE(allowed.session->value("user").toObject().value("name").toString(), QStringLiteral("Pat"));
    }

    void authorizedCallback()
    {
        Config c = config();
        c.callbacks.authorized = [](const AuthorizedParams &p) {
            AuthorizedDecision decision;
            if (p.request.url.path() == "/teapot")
                decision.response = AuthResponse::json(QStringLiteral("short and stout"), 418);
            else
                decision.allow = p.request.url.path() == "/public" || p.auth.has_value();
            return QtFuture::makeReadyFuture(decision);
        };
        Auth auth(c);
        AuthRequest open = pageRequest();
        open.url.setPath("/public");
        QVERIFY(!auth.authorize(open).result().denied);
        QCOMPARE(auth.authorize(pageRequest()).result().denied->status, 302);
        AuthRequest teapot = pageRequest();
        teapot.url.setPath("/teapot");
        QCOMPARE(auth.authorize(teapot).result().denied->status, 418);
    }
};

QTEST_GUILESS_MAIN(TestProgrammatic)
#include "tst_programmatic.moc"
