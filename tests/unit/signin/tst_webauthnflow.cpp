// The WebAuthn flow through the engine: webauthn-options, the challenge cookie, the callback
// storing users, accounts and authenticators in a MemoryAdapter, and the sign-in page's script.
// A software authenticator plays the browser and the passkey.
#include "support/engineclient.h"
#include "support/totpcode.h"
#include "softauthenticator.h"

#include <gatehouse/memoryadapter.h>

#include <QJsonArray>
#include <QJsonObject>
#include <gatehouse/twofactor.h>

#include <QDateTime>
#include <QTest>

#include <functional>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

using RegistrationAttempt = std::function<Reply(EngineClient &, SoftAuthenticator &)>;
using AssertionChange = std::function<void(SoftAuthenticator &, QJsonObject &options)>;

const QString Origin = QStringLiteral("http://localhost:9300");
const QString ChallengeCookie = QStringLiteral("authjs.webauthn-challenge");
const QString SessionCookie = QStringLiteral("authjs.session-token");

struct Fixture
{
    explicit Fixture(SessionOptions::Strategy strategy = SessionOptions::Strategy::Jwt,
                     std::function<void(Config &)> adjust = {})
    {
        Config c;
        c.secret = {QStringLiteral("webauthn-flow-secret-webauthn-flow-secret")};
        c.trustHost = true;
        c.adapter = adapter;
        c.session.strategy = strategy;
        c.experimental.enableWebAuthn = true;
        Provider passkey;
        passkey.id = QStringLiteral("passkey");
        passkey.name = QStringLiteral("Passkey");
        passkey.type = QStringLiteral("webauthn");
        passkey.options = QJsonObject{{"formFields", QJsonObject{{"email", QJsonObject{{"label", "Email"}, {"required", true},
                                                                                     {"autocomplete", "username webauthn"}}}}}};
        c.providers = {passkey};
        if (adjust)
            adjust(c);
        auth = std::make_unique<Auth>(c);
    }

    std::shared_ptr<MemoryAdapter> adapter = std::make_shared<MemoryAdapter>();
    std::unique_ptr<Auth> auth;
};

struct Options
{
    Reply reply;
    QString action;
    QJsonObject options;
};

Options fetchOptions(EngineClient &client, const QString &query = {})
{
    Options o;
    o.reply = client.get(QStringLiteral("/auth/webauthn-options/passkey") + (query.isEmpty() ? QString() : u'?' + query));
    o.action = o.reply.json().object().value("action").toString();
    o.options = o.reply.json().object().value("options").toObject();
    return o;
}

Reply postCredential(EngineClient &client, const QString &action, const QJsonObject &credential)
{
    const QString csrf = client.csrfToken();
    return client.postForm(QStringLiteral("/auth/callback/passkey"),
                           {{"csrfToken", csrf}, {"action", action},
                            {"data", QString::fromUtf8(QJsonDocument(credential).toJson(QJsonDocument::Compact))}});
}

//! Registers \a email with \a authenticator on a fresh client; returns that client's cookies.
QMap<QString, QString> registerUser(Fixture &f, SoftAuthenticator &authenticator, const QString &email)
{
    EngineClient client(*f.auth, Origin);
    const Options o = fetchOptions(client, QStringLiteral("email=") + QUrl::toPercentEncoding(email));
    if (o.action != QLatin1String("register"))
        qFatal("expected registration options for %s", qPrintable(email));
    const Reply r = postCredential(client, "register", authenticator.create(o.options));
    if (r.response.status != 302 || !r.location().startsWith(Origin.toUtf8()) || r.location().contains("error"))
        qFatal("registration failed: %s", r.location().constData());
    return client.cookies;
}

std::optional<QJsonObject> sessionOf(EngineClient &client)
{
    const QJsonDocument session = client.get(QStringLiteral("/auth/session")).json();
    if (!session.isObject())
        return std::nullopt;
    return session.object();
}

QString sessionEmail(EngineClient &client)
{
    const auto session = sessionOf(client);
    return session ? session->value("user").toObject().value("email").toString() : QString();
}

QList<AdapterAuthenticator> authenticatorsOf(Fixture &f, const QString &email)
{
    const auto user = f.adapter->getUserByEmail(email).result();
    return user ? f.adapter->listAuthenticatorsByUserId(user->id).result() : QList<AdapterAuthenticator>();
}

bool isErrorRedirect(const Reply &reply)
{
    return reply.response.status == 302 && reply.location().contains("error=");
}

} // namespace

Q_DECLARE_METATYPE(RegistrationAttempt)
Q_DECLARE_METATYPE(AssertionChange)
Q_DECLARE_METATYPE(Gatehouse::SessionOptions::Strategy)
Q_DECLARE_METATYPE(Gatehouse::Test::SoftAuthenticator::Algorithm)

class TestWebAuthnFlow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registersThenSignsInWithThePasskey_data()
    {
        QTest::addColumn<SessionOptions::Strategy>("strategy");
        QTest::addColumn<SoftAuthenticator::Algorithm>("algorithm");
        QTest::newRow("jwt, ES256") << SessionOptions::Strategy::Jwt << SoftAuthenticator::Algorithm::ES256;
        QTest::newRow("jwt, RS256") << SessionOptions::Strategy::Jwt << SoftAuthenticator::Algorithm::RS256;
        QTest::newRow("database, ES256") << SessionOptions::Strategy::Database << SoftAuthenticator::Algorithm::ES256;
    }

    void registersThenSignsInWithThePasskey()
    {
        QFETCH(SessionOptions::Strategy, strategy);
        QFETCH(SoftAuthenticator::Algorithm, algorithm);
        Fixture f(strategy);
        SoftAuthenticator authenticator(algorithm);

        EngineClient client(*f.auth, Origin);
        const Options o = fetchOptions(client, QStringLiteral("email=ada%40example.test"));
        QCOMPARE(o.reply.response.status, 200);
        QCOMPARE(o.action, QStringLiteral("register"));
        QCOMPARE(o.options.value("rp").toObject(), QJsonObject({{"id", "localhost"}, {"name", "localhost:9300"}}));
        QCOMPARE(o.options.value("user").toObject().value("name").toString(), QStringLiteral("ada@example.test"));
        QCOMPARE(o.options.value("authenticatorSelection").toObject().value("residentKey").toString(), QStringLiteral("required"));
        QCOMPARE(o.options.value("authenticatorSelection").toObject().value("userVerification").toString(), QStringLiteral("required"));
        QCOMPARE(o.options.value("pubKeyCredParams").toArray().size(), 3);
        QCOMPARE(o.options.value("challenge").toString().size(), 43);  // 32 random bytes
        const SetCookie *challenge = o.reply.cookie(ChallengeCookie);
        QVERIFY(challenge);
        QCOMPARE(challenge->options.maxAge.value_or(-1), qint64(900));
        QVERIFY(challenge->options.httpOnly);
        QVERIFY(!challenge->value.contains(o.options.value("challenge").toString()));  // encrypted

        const Reply registered = postCredential(client, "register", authenticator.create(o.options));
        QCOMPARE(registered.response.status, 302);
        QCOMPARE(registered.location(), Origin.toUtf8());
        QVERIFY(registered.cookie(SessionCookie));
        QVERIFY(!client.cookies.contains(ChallengeCookie));  // single use
        QCOMPARE(sessionEmail(client), QStringLiteral("ada@example.test"));

        const auto user = f.adapter->getUserByEmail("ada@example.test").result();
        QVERIFY(user);
        const QString credentialId = QString::fromLatin1(authenticator.credentialId.toBase64());
        const auto account = f.adapter->getAccount(credentialId, "passkey").result();
        QVERIFY(account);
        QCOMPARE(account->type, QStringLiteral("webauthn"));
        QCOMPARE(account->userId, user->id);
        const QList<AdapterAuthenticator> stored = authenticatorsOf(f, "ada@example.test");
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored.first().credentialID, credentialId);
        QCOMPARE(stored.first().providerAccountId, credentialId);
        QCOMPARE(stored.first().counter, qint64(0));
        QCOMPARE(stored.first().credentialDeviceType, QStringLiteral("multiDevice"));
        QVERIFY(stored.first().credentialBackedUp);
        QCOMPARE(stored.first().transports.value_or(QString()), QStringLiteral("internal"));

        // Sign in again on a fresh browser, with the passkey from autofill (no email).
        EngineClient other(*f.auth, Origin);
        const Options login = fetchOptions(other, QStringLiteral("action=authenticate"));
        QCOMPARE(login.action, QStringLiteral("authenticate"));
        QVERIFY(!login.options.contains("allowCredentials"));
        QCOMPARE(login.options.value("rpId").toString(), QStringLiteral("localhost"));
        const Reply signedIn = postCredential(other, "authenticate", authenticator.get(login.options));
        QCOMPARE(signedIn.response.status, 302);
        QCOMPARE(signedIn.location(), Origin.toUtf8());
        QCOMPARE(sessionEmail(other), QStringLiteral("ada@example.test"));
        QCOMPARE(authenticatorsOf(f, "ada@example.test").first().counter, qint64(1));

        // Naming the email: authentication with that user's credentials listed.
        EngineClient third(*f.auth, Origin);
        const Options named = fetchOptions(third, QStringLiteral("email=ada%40example.test"));
        QCOMPARE(named.action, QStringLiteral("authenticate"));
        QVERIFY(authenticator.isListedIn(named.options, "allowCredentials"));
        QVERIFY(!isErrorRedirect(postCredential(third, "authenticate", authenticator.get(named.options))));
        QCOMPARE(authenticatorsOf(f, "ada@example.test").first().counter, qint64(2));
    }

    void decidesBetweenRegistrationAndAuthentication_data()
    {
        QTest::addColumn<bool>("signedIn");
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("action");   // empty: 400
        QTest::addColumn<QString>("error");

        QTest::newRow("nobody, no email") << false << "" << "authenticate" << "";
        QTest::newRow("new email") << false << "email=new%40example.test" << "register" << "";
        QTest::newRow("known email") << false << "email=ada%40example.test" << "authenticate" << "";
        QTest::newRow("signed in") << true << "" << "register" << "";
        QTest::newRow("explicit authenticate, new email") << false << "action=authenticate&email=new%40example.test" << "authenticate" << "";
        QTest::newRow("explicit register, new email") << false << "action=register&email=new%40example.test" << "register" << "";
        QTest::newRow("explicit register, known email") << false << "action=register&email=ada%40example.test" << "" << "Invalid request";
        QTest::newRow("explicit register, no email") << false << "action=register" << "" << "Invalid request";
        QTest::newRow("explicit register, signed in") << true << "action=register" << "register" << "";
        QTest::newRow("explicit register, signed in, other email") << true << "action=register&email=new%40example.test"
                                                                   << "register" << "";
        QTest::newRow("unknown action") << false << "action=delete" << "" << "Invalid action";
    }

    void decidesBetweenRegistrationAndAuthentication()
    {
        QFETCH(bool, signedIn);
        QFETCH(QString, query);
        QFETCH(QString, action);
        QFETCH(QString, error);
        Fixture f;
        SoftAuthenticator authenticator;
        const QMap<QString, QString> session = registerUser(f, authenticator, "ada@example.test");
        EngineClient client(*f.auth, Origin);
        if (signedIn)
            client.cookies = session;
        const Options o = fetchOptions(client, query);
        if (action.isEmpty()) {
            QCOMPARE(o.reply.response.status, 400);
            QCOMPARE(o.reply.json().object(), QJsonObject({{"error", error}}));
            QVERIFY(!o.reply.cookie(ChallengeCookie));
            return;
        }
        QCOMPARE(o.reply.response.status, 200);
        QCOMPARE(o.action, action);
        if (signedIn) {
            // Registering another passkey for the signed-in user: the first one is excluded.
            QCOMPARE(o.options.value("user").toObject().value("name").toString(), QStringLiteral("ada@example.test"));
            QVERIFY(authenticator.isListedIn(o.options, "excludeCredentials"));
        }
    }

    void signedInUserAddsASecondPasskey()
    {
        Fixture f(SessionOptions::Strategy::Database);
        SoftAuthenticator first;
        SoftAuthenticator second(SoftAuthenticator::Algorithm::RS256);
        EngineClient client(*f.auth, Origin);
        client.cookies = registerUser(f, first, "ada@example.test");
        const Options o = fetchOptions(client);
        QCOMPARE(o.action, QStringLiteral("register"));
        const Reply added = postCredential(client, "register", second.create(o.options));
        QVERIFY2(!isErrorRedirect(added), added.location().constData());
        QCOMPARE(authenticatorsOf(f, "ada@example.test").size(), 2);
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(1));

        EngineClient fresh(*f.auth, Origin);
        const Options login = fetchOptions(fresh, QStringLiteral("action=authenticate"));
        QVERIFY(!isErrorRedirect(postCredential(fresh, "authenticate", second.get(login.options))));
        QCOMPARE(sessionEmail(fresh), QStringLiteral("ada@example.test"));
    }

    void registrationKeepsTheNameAndSignInTheLastUse()
    {
        Fixture f(SessionOptions::Strategy::Database);
        SoftAuthenticator unnamed;
        SoftAuthenticator named;
        EngineClient client(*f.auth, Origin);
        client.cookies = registerUser(f, unnamed, "ada@example.test");
        const Options o = fetchOptions(client);
        const QString csrf = client.csrfToken();
        // The account page's form posts the name along with the credential.
        const Reply added = client.postForm(QStringLiteral("/auth/callback/passkey"),
                                            {{"csrfToken", csrf}, {"action", "register"}, {"passkeyName", "  Ada's\u0007 key "},
                                             {"data", QString::fromUtf8(QJsonDocument(named.create(o.options)).toJson(QJsonDocument::Compact))}});
        QVERIFY2(!isErrorRedirect(added), added.location().constData());
        const QString userId = f.adapter->getUserByEmail(QStringLiteral("ada@example.test")).result()->id;
        // Both passkeys are created within the same instant, so find each by its credential, not by position.
        const auto details = [&](const SoftAuthenticator &a) {
            const QString id = QString::fromLatin1(a.credentialId.toBase64());
            const QList<UserPasskeyRecord> keys = f.adapter->userPasskeys(userId).result();
            for (const UserPasskeyRecord &key : keys) {
                if (key.authenticator.credentialID == id && key.details)
                    return *key.details;
            }
            return PasskeyDetails{};
        };
        QCOMPARE(f.adapter->userPasskeys(userId).result().size(), 2);
        // Without a name: "Passkey" and the date; control characters and outer blanks dropped.
        QCOMPARE(details(unnamed).name,
                 QStringLiteral("Passkey ") + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd")));
        QCOMPARE(details(named).name, QStringLiteral("Ada's key"));
        QVERIFY(details(named).createdAt.secsTo(QDateTime::currentDateTimeUtc()) < 60);
        QVERIFY(!details(named).lastUsedAt.isValid());

        EngineClient fresh(*f.auth, Origin);
        const Options login = fetchOptions(fresh, QStringLiteral("action=authenticate"));
        QVERIFY(!isErrorRedirect(postCredential(fresh, "authenticate", named.get(login.options))));
        QVERIFY(!details(unnamed).lastUsedAt.isValid());
        QVERIFY(details(named).lastUsedAt.isValid());
        QVERIFY(details(named).lastUsedAt.secsTo(QDateTime::currentDateTimeUtc()) < 60);
    }

    void anotherUsersPasskeyDoesNotReplaceTheSession()
    {
        Fixture f;
        SoftAuthenticator ada;
        SoftAuthenticator bob;
        registerUser(f, ada, "ada@example.test");
        EngineClient client(*f.auth, Origin);
        client.cookies = registerUser(f, bob, "bob@example.test");
        const Options o = fetchOptions(client, "action=authenticate");
        const Reply reply = postCredential(client, "authenticate", ada.get(o.options));
        QVERIFY2(reply.location().contains("error=OAuthAccountNotLinked"), reply.location().constData());
        QCOMPARE(sessionEmail(client), QStringLiteral("bob@example.test"));
    }

    void refusedRegistrationStoresNothing_data()
    {
        using Attempt = RegistrationAttempt;
        QTest::addColumn<Attempt>("attempt");
        const auto tampered = [](std::function<void(SoftAuthenticator &)> change) {
            return Attempt([change](EngineClient &c, SoftAuthenticator &a) {
                const Options o = fetchOptions(c, "email=eve%40example.test");
                change(a);
                return postCredential(c, "register", a.create(o.options));
            });
        };
        QTest::newRow("origin") << tampered([](SoftAuthenticator &a) { a.origin = "http://localhost:9301"; });
        QTest::newRow("RP ID") << tampered([](SoftAuthenticator &a) { a.rpId = "example.test"; });
        QTest::newRow("user not verified") << tampered([](SoftAuthenticator &a) { a.flags = 0x01; });
        QTest::newRow("user not present") << tampered([](SoftAuthenticator &a) { a.flags = 0x04; });
        QTest::newRow("challenge of an earlier request") << Attempt([](EngineClient &c, SoftAuthenticator &a) {
            const Options earlier = fetchOptions(c, "email=eve%40example.test");
            fetchOptions(c, "email=eve%40example.test");  // replaces the challenge cookie
            return postCredential(c, "register", a.create(earlier.options));
        });
        QTest::newRow("no challenge cookie") << Attempt([](EngineClient &c, SoftAuthenticator &a) {
            const Options o = fetchOptions(c, "email=eve%40example.test");
            c.cookies.remove(ChallengeCookie);
            return postCredential(c, "register", a.create(o.options));
        });
        QTest::newRow("forged challenge cookie") << Attempt([](EngineClient &c, SoftAuthenticator &a) {
            const Options o = fetchOptions(c, "email=eve%40example.test");
            QString &cookie = c.cookies[ChallengeCookie];
            cookie[cookie.size() - 2] = cookie.at(cookie.size() - 2) == u'A' ? u'B' : u'A';
            return postCredential(c, "register", a.create(o.options));
        });
        QTest::newRow("challenge issued to authenticate") << Attempt([](EngineClient &c, SoftAuthenticator &a) {
            const Options o = fetchOptions(c, "action=authenticate");
            QJsonObject creation{{"challenge", o.options.value("challenge")}, {"rp", QJsonObject{{"id", "localhost"}}}};
            return postCredential(c, "register", a.create(creation));
        });
        QTest::newRow("malformed CBOR") << Attempt([](EngineClient &c, SoftAuthenticator &a) {
            const Options o = fetchOptions(c, "email=eve%40example.test");
            QJsonObject credential = a.create(o.options);
            QJsonObject response = credential.value("response").toObject();
            const QByteArray cbor = QByteArray::fromBase64(response.value("attestationObject").toString().toLatin1(),
                                                           QByteArray::Base64UrlEncoding);
            response.insert("attestationObject", QString::fromLatin1(cbor.left(cbor.size() / 2).toBase64(
                                                     QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)));
            credential.insert("response", response);
            return postCredential(c, "register", credential);
        });
        QTest::newRow("data not JSON") << Attempt([](EngineClient &c, SoftAuthenticator &) {
            fetchOptions(c, "email=eve%40example.test");
            return c.postForm("/auth/callback/passkey", {{"csrfToken", c.csrfToken()}, {"action", "register"}, {"data", "{oops"}});
        });
        QTest::newRow("no CSRF token") << Attempt([](EngineClient &c, SoftAuthenticator &a) {
            const Options o = fetchOptions(c, "email=eve%40example.test");
            return c.postForm("/auth/callback/passkey",
                              {{"action", "register"}, {"data", QString::fromUtf8(QJsonDocument(a.create(o.options)).toJson(QJsonDocument::Compact))}});
        });
    }

    void refusedRegistrationStoresNothing()
    {
        QFETCH(RegistrationAttempt, attempt);
        Fixture f;
        SoftAuthenticator authenticator;
        EngineClient client(*f.auth, Origin);
        const Reply reply = attempt(client, authenticator);
        QVERIFY2(isErrorRedirect(reply), reply.location().constData());
        QVERIFY(!reply.cookie(SessionCookie));
        QVERIFY(!client.cookies.contains(ChallengeCookie));
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(0));
        QVERIFY(!f.adapter->getAuthenticator(QString::fromLatin1(authenticator.credentialId.toBase64())).result());
        QVERIFY(!sessionOf(client));
    }

    void refusedAuthenticationSignsNobodyIn_data()
    {
        using Change = AssertionChange;
        QTest::addColumn<Change>("change");
        QTest::newRow("origin") << Change([](SoftAuthenticator &a, QJsonObject &) { a.origin = "https://evil.test"; });
        QTest::newRow("RP ID") << Change([](SoftAuthenticator &a, QJsonObject &) { a.rpId = "evil.test"; });
        QTest::newRow("user not verified") << Change([](SoftAuthenticator &a, QJsonObject &) { a.flags = 0x01; });
        QTest::newRow("counter went back") << Change([](SoftAuthenticator &a, QJsonObject &) { a.counter = 0; });
        QTest::newRow("counter stayed") << Change([](SoftAuthenticator &a, QJsonObject &) { a.counter = 4; });
        QTest::newRow("challenge") << Change([](SoftAuthenticator &, QJsonObject &o) { o.insert("challenge", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"); });
        QTest::newRow("unknown credential") << Change([](SoftAuthenticator &a, QJsonObject &) { a.credentialId = "unknown"; });
    }

    void refusedAuthenticationSignsNobodyIn()
    {
        QFETCH(AssertionChange, change);
        Fixture f;
        SoftAuthenticator authenticator;
        registerUser(f, authenticator, "ada@example.test");
        authenticator.counter = 4;
        EngineClient first(*f.auth, Origin);
        const Options warmUp = fetchOptions(first, "action=authenticate");
        QVERIFY(!isErrorRedirect(postCredential(first, "authenticate", authenticator.get(warmUp.options))));
        QCOMPARE(authenticatorsOf(f, "ada@example.test").first().counter, qint64(5));

        EngineClient client(*f.auth, Origin);
        Options o = fetchOptions(client, "action=authenticate");
        change(authenticator, o.options);
        const Reply reply = postCredential(client, "authenticate", authenticator.get(o.options));
        QVERIFY2(isErrorRedirect(reply), reply.location().constData());
        QVERIFY(!reply.cookie(SessionCookie));
        QVERIFY(!client.cookies.contains(ChallengeCookie));
        QVERIFY(!sessionOf(client));
        QCOMPARE(authenticatorsOf(f, "ada@example.test").first().counter, qint64(5));
    }

    void disabledUserIsRefusedAndItsCounterStays()
    {
        Fixture f(SessionOptions::Strategy::Database);
        SoftAuthenticator authenticator;
        registerUser(f, authenticator, "ada@example.test");
        authenticator.counter = 4;
        const QString userId = f.adapter->getUserByEmail("ada@example.test").result()->id;
        f.adapter->setUserDisabled(userId, true).waitForFinished();

        EngineClient client(*f.auth, Origin);
        const Options o = fetchOptions(client, "action=authenticate");
        const Reply reply = postCredential(client, "authenticate", authenticator.get(o.options));
        QVERIFY2(reply.location().endsWith("error=AccessDenied"), reply.location().constData());
        QVERIFY(!reply.cookie(SessionCookie));
        // Refused before the new signature counter was stored.
        QCOMPARE(authenticatorsOf(f, "ada@example.test").first().counter, qint64(0));

        f.adapter->setUserDisabled(userId, false).waitForFinished();
        const Options again = fetchOptions(client, "action=authenticate");
        QVERIFY(!isErrorRedirect(postCredential(client, "authenticate", authenticator.get(again.options))));
        QCOMPARE(sessionEmail(client), QStringLiteral("ada@example.test"));
        QCOMPARE(authenticatorsOf(f, "ada@example.test").first().counter, qint64(6));
    }

    void passkeyCountsAsTwoFactors_data()
    {
        QTest::addColumn<SessionOptions::Strategy>("strategy");
        QTest::newRow("jwt") << SessionOptions::Strategy::Jwt;
        QTest::newRow("database") << SessionOptions::Strategy::Database;
    }
    void passkeyCountsAsTwoFactors()
    {
        // Ada has an authenticator app too: a passkey (possession and a PIN or biometric) needs no code.
        QFETCH(SessionOptions::Strategy, strategy);
        Fixture f(strategy);
        SoftAuthenticator authenticator;
        registerUser(f, authenticator, "ada@example.test");
        const QString userId = f.adapter->getUserByEmail("ada@example.test").result()->id;
        const TwoFactor twoFactor(f.adapter, {QStringLiteral("webauthn-flow-secret-webauthn-flow-secret")});
        const QByteArray key = Testing::base32Decode(twoFactor.beginEnrolment(userId, "ada@example.test").result().secret);
        twoFactor.confirmEnrolment(userId, Testing::totpCode(key, QDateTime::currentSecsSinceEpoch())).waitForFinished();
        QVERIFY(twoFactor.status(userId).result().enrolled);

        EngineClient client(*f.auth, Origin);
        const Options o = fetchOptions(client, "action=authenticate");
        const Reply reply = postCredential(client, "authenticate", authenticator.get(o.options));
        QCOMPARE(reply.location(), Origin.toUtf8());
        QVERIFY(reply.cookie(SessionCookie));
        QVERIFY(!reply.cookie(QStringLiteral("authjs.two-factor")));
        QCOMPARE(sessionEmail(client), QStringLiteral("ada@example.test"));
    }

    void theChallengeIsUsedOnce()
    {
        Fixture f;
        SoftAuthenticator authenticator;
        registerUser(f, authenticator, "ada@example.test");
        EngineClient client(*f.auth, Origin);
        const Options o = fetchOptions(client, "action=authenticate");
        const QJsonObject assertion = authenticator.get(o.options);
        const QString challengeCookie = client.cookies.value(ChallengeCookie);
        QVERIFY(!isErrorRedirect(postCredential(client, "authenticate", assertion)));
        QVERIFY(!client.cookies.contains(ChallengeCookie));
        client.cookies.remove(SessionCookie);
        QVERIFY(isErrorRedirect(postCredential(client, "authenticate", assertion)));
        QVERIFY(!sessionOf(client));

        // Replaying the cookie as well: the signature counter has moved on.
        client.cookies.insert(ChallengeCookie, challengeCookie);
        QVERIFY(isErrorRedirect(postCredential(client, "authenticate", assertion)));
        QVERIFY(!sessionOf(client));
    }

    void deniedSignInStoresNothing()
    {
        Fixture f(SessionOptions::Strategy::Jwt, [](Config &c) {
            c.callbacks.signIn = [](const SignInParams &params) {
                SignInDecision decision;
                decision.allow = params.user.value("email").toString() != QLatin1String("eve@example.test");
                return QtFuture::makeReadyFuture(decision);
            };
        });
        SoftAuthenticator authenticator;
        EngineClient client(*f.auth, Origin);
        const Options o = fetchOptions(client, "email=eve%40example.test");
        const Reply reply = postCredential(client, "register", authenticator.create(o.options));
        QVERIFY(reply.location().contains("error=AccessDenied"));
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(0));
        QVERIFY(!f.adapter->getAuthenticator(QString::fromLatin1(authenticator.credentialId.toBase64())).result());
    }

    void offersOnlyTheConfiguredAlgorithms()
    {
        Fixture f(SessionOptions::Strategy::Jwt, [](Config &c) {
            c.providers.first().options.insert("registrationOptions", QJsonObject{{"supportedAlgorithmIDs", QJsonArray{-257, -999}}});
        });
        EngineClient client(*f.auth, Origin);
        const Options o = fetchOptions(client, "email=eve%40example.test");
        QCOMPARE(o.options.value("pubKeyCredParams").toArray(),
                 QJsonArray({QJsonObject{{"alg", -257}, {"type", "public-key"}}}));
        SoftAuthenticator es256;
        QVERIFY(isErrorRedirect(postCredential(client, "register", es256.create(o.options))));
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(0));

        SoftAuthenticator rs256(SoftAuthenticator::Algorithm::RS256);
        const Options again = fetchOptions(client, "email=eve%40example.test");
        QVERIFY(!isErrorRedirect(postCredential(client, "register", rs256.create(again.options))));
        QCOMPARE(f.adapter->countUsers({}).result(), qint64(1));
    }

    void signInPageLoadsThePasskeyScript()
    {
        Fixture f;
        EngineClient client(*f.auth, Origin);
        const Reply page = client.get("/auth/signin");
        QCOMPARE(page.response.status, 200);
        QVERIFY(page.response.body.contains("<script src=\"http://localhost:9300/auth/webauthn-options\" defer></script>"));
        QVERIFY(page.response.body.contains("data-webauthn-provider=\"passkey\""));
        QVERIFY(page.response.body.contains("autocomplete=\"username webauthn\""));
        const QByteArray policy = page.response.header("content-security-policy");
        QVERIFY2(policy.contains("script-src http://localhost:9300/auth/webauthn-options"), policy.constData());
        // The script fetches webauthn-options/<provider> from the page: connect-src must allow it.
        QVERIFY2(policy.contains("connect-src 'self'"), policy.constData());

        const Reply script = client.get("/auth/webauthn-options");
        QCOMPARE(script.response.status, 200);
        QCOMPARE(script.response.header("content-type"), QByteArray("text/javascript; charset=utf-8"));
        QVERIFY(script.response.body.contains("navigator.credentials.create"));
        QVERIFY(script.response.body.contains("'conditional'"));
        const QByteArray etag = script.response.header("etag");
        QVERIFY(!etag.isEmpty());
        const Reply cached = client.get("/auth/webauthn-options", {{"If-None-Match", etag}});
        QCOMPARE(cached.response.status, 304);
        QVERIFY(cached.response.body.isEmpty());
    }

    void withoutWebAuthnThereIsNoScript()
    {
        Fixture f(SessionOptions::Strategy::Jwt, [](Config &c) {
            c.providers.first().type = QStringLiteral("credentials");
            c.providers.first().authorize = [](const QJsonObject &, const AuthRequest &) {
                return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
            };
        });
        EngineClient client(*f.auth, Origin);
        QVERIFY(!client.get("/auth/signin").response.body.contains("<script"));
        QVERIFY(isErrorRedirect(client.get("/auth/webauthn-options")));
        const Reply options = client.get("/auth/webauthn-options/passkey");
        QVERIFY(isErrorRedirect(options));
        QVERIFY(!options.cookie(ChallengeCookie));
    }
};

QTEST_GUILESS_MAIN(TestWebAuthnFlow)
#include "tst_webauthnflow.moc"
