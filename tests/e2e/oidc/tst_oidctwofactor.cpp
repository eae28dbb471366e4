// OpenID Connect as the first factor of a two-factor sign-in (lib/src/twofactor/README.md),
// through the local OpenID provider (oidc-provider, idp.mjs) on loopback, on a SQLite file: an
// enrolled person's OIDC sign-in waits for the code (the account linked as without the step),
// policy "always" enrols a new OIDC user inside the step, and linking an OIDC account from the
// account page while signed in asks for no code. Codes come from tests/support/totpcode.h.
#include "browser.h"
#include "nodeprocess.h"

#include "support/totpcode.h"

#include <gatehouse/account.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using namespace Gatehouse::Testing;

namespace {

const QString kSecret = QStringLiteral("oidc-two-factor-secret-oidc-two-factor-01");
const QByteArray kOrigin = "http://127.0.0.1:9300";
const QByteArray kCodePage = "http://127.0.0.1:9300/auth/two-factor";

QString codeNow(const QByteArray &key)
{
    return totpCode(key, QDateTime::currentSecsSinceEpoch());
}

//! Waits until at least 12 s of the current 30 s step remain (see tst_twofactorsignin).
void waitForRoomInStep()
{
    while (QDateTime::currentSecsSinceEpoch() % 30 > 18)
        QTest::qWait(250);
}

//! A six-digit code that is none of the codes valid around now.
QString wrongCode(const QByteArray &key)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (int candidate = 123456;; ++candidate) {
        const QString code = QString::number(candidate);
        if (code != totpCode(key, now - 30) && code != totpCode(key, now) && code != totpCode(key, now + 30))
            return code;
    }
}

QString sessionEmail(EngineClient &client)
{
    return client.get(QStringLiteral("/auth/session")).json().object().value("user").toObject().value("email").toString();
}

Reply postCode(Browser &browser, const QString &code)
{
    return browser.engine.postForm(QStringLiteral("/auth/two-factor"),
                                   {{QStringLiteral("csrfToken"), browser.engine.csrfToken()}, {QStringLiteral("code"), code}});
}

} // namespace

class TestOidcTwoFactor : public QObject
{
    Q_OBJECT

    NodeProcess m_idp;
    QString m_issuer;
    QTemporaryDir m_dir;
    int m_databases = 0;
    std::shared_ptr<SqlAdapter> m_adapter;
    QJsonObject m_jwtAccount;   //!< the account the jwt callback saw at the last sign-in

    Provider localIdp(bool linkByEmail) const
    {
        Provider p;
        p.id = p.name = QStringLiteral("local-idp");
        p.type = QStringLiteral("oidc");
        p.options = QJsonObject{{"clientId", "gatehouse-test"}, {"clientSecret", "gatehouse-test-secret"},
                                {"issuer", m_issuer}, {"allowDangerousEmailAccountLinking", linkByEmail}};
        return p;
    }

    Config config(bool jwt, bool linkByEmail = false)
    {
        m_adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("oidc2fa%1.db").arg(++m_databases))));
        m_adapter->migrate().waitForFinished();
        m_jwtAccount = {};
        Config c;
        c.secret = {kSecret};
        c.trustHost = true;
        c.adapter = m_adapter;
        c.session.strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        c.providers = {passwordCredentialsProvider(m_adapter), localIdp(linkByEmail)};
        c.callbacks.jwt = [this](const JwtParams &p) {
            if (!p.account.isEmpty())
                m_jwtAccount = p.account;
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(p.token));
        };
        return c;
    }

    //! A stored person with a password and a confirmed authenticator; returns the key.
    QByteArray enrolledPerson(const QString &email, QString *id = nullptr)
    {
        AdapterUser u;
        u.email = email;
        const QString userId = m_adapter->createUser(u).result().id;
        setUserPassword(m_adapter, userId, QStringLiteral("correct horse battery")).waitForFinished();
        const TwoFactor twoFactor(m_adapter, {kSecret});
        const QByteArray key = base32Decode(twoFactor.beginEnrolment(userId, email).result().secret);
        twoFactor.confirmEnrolment(userId, totpCode(key, QDateTime::currentSecsSinceEpoch() - 30)).waitForFinished();
        if (id)
            *id = userId;
        return key;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QJsonArray clients = {QJsonObject{{"client_id", "gatehouse-test"}, {"client_secret", "gatehouse-test-secret"},
                                                {"redirect_uris", QJsonArray{"http://127.0.0.1:9300/auth/callback/local-idp"}}}};
        QProcessEnvironment env;
        env.insert(QStringLiteral("GH_IDP_CLIENTS"), QString::fromUtf8(QJsonDocument(clients).toJson(QJsonDocument::Compact)));
        QString error;
        QVERIFY2(m_idp.start(QStringLiteral(GATEHOUSE_OIDC_DIR "/idp.mjs"), env, &error), qPrintable(error));
        m_issuer = m_idp.url().toString();
        if (m_issuer.endsWith(QLatin1Char('/')))
            m_issuer.chop(1);
        waitForRoomInStep();
    }

    void cleanupTestCase() { m_idp.stop(); }

    void cleanup() { m_adapter.reset(); }

    void strategies_data()
    {
        QTest::addColumn<bool>("jwt");
        QTest::newRow("database") << false;
        QTest::newRow("jwt") << true;
    }

    // Alice enrolled an app; her first OIDC sign-in links the provider's account to her (by
    // e-mail, as the provider allows) and waits for the code; the code makes the session the
    // OIDC sign-in would have made, the jwt callback seeing the provider's token set.
    void enrolledPersonThroughStep_data() { strategies_data(); }
    void enrolledPersonThroughStep()
    {
        QFETCH(bool, jwt);
        const Auth auth(config(jwt, /*linkByEmail*/ true));
        QString alice;
        const QByteArray key = enrolledPerson(QStringLiteral("alice@example.test"), &alice);
        waitForRoomInStep();
        Browser browser(auth);
        const Reply first = browser.signIn(QStringLiteral("local-idp"));
        QCOMPARE(first.location(), kCodePage);
        QVERIFY(!first.cookie(QStringLiteral("authjs.session-token")));
        QVERIFY(first.cookie(QStringLiteral("authjs.two-factor")));
        QCOMPARE(sessionEmail(browser.engine), QString());
        // Linked as without the step: the account belongs to Alice before the code.
        const auto owner = m_adapter->getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-1")).result();
        QVERIFY(owner);
        QCOMPARE(owner->id, alice);
        QVERIFY(m_jwtAccount.isEmpty());

        const Reply done = postCode(browser, codeNow(key));
        QCOMPARE(done.response.status, 302);
        QCOMPARE(done.location(), kOrigin);
        QVERIFY(done.cookie(QStringLiteral("authjs.session-token")));
        QCOMPARE(sessionEmail(browser.engine), QStringLiteral("alice@example.test"));
        if (jwt) {
            QCOMPARE(m_jwtAccount.value("provider").toString(), QStringLiteral("local-idp"));
            QCOMPARE(m_jwtAccount.value("providerAccountId").toString(), QStringLiteral("user-1"));
            QVERIFY(!m_jwtAccount.value("access_token").toString().isEmpty());
        }
        QCOMPARE(m_adapter->countUsers({}).result(), 1);

        // The next OIDC sign-in (the account known now) asks again; a wrong code is refused.
        Browser again(auth);
        QCOMPARE(again.signIn(QStringLiteral("local-idp")).location(), kCodePage);
        QCOMPARE(postCode(again, wrongCode(key)).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(sessionEmail(again.engine), QString());
    }

    // Policy "always": a first OIDC sign-in creates the user as before, then enrols her inside
    // the step; the recovery codes are shown once with the link on.
    void alwaysEnrolsNewOidcUser()
    {
        Config c = config(true);
        c.twoFactor.required = TwoFactorSignInOptions::Required::Always;
        const Auth auth(c);
        Browser browser(auth);
        QCOMPARE(browser.signIn(QStringLiteral("local-idp")).location(), kCodePage);
        const auto created = m_adapter->getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-1")).result();
        QVERIFY(created);
        const QByteArray page = browser.engine.get(QStringLiteral("/auth/two-factor")).response.body;
        const QRegularExpressionMatch shown =
            QRegularExpression(QStringLiteral("<code id=\"gh-two-factor-secret\">([A-Z2-7 ]+)</code>")).match(QString::fromUtf8(page));
        QVERIFY(shown.hasMatch());
        const QByteArray key = base32Decode(shown.captured(1));
        waitForRoomInStep();
        const Reply done = postCode(browser, codeNow(key));
        QCOMPARE(done.response.status, 200);
        QCOMPARE(done.response.body.count("<li><code>"), 10);
        QVERIFY(done.response.body.contains("id=\"gh-two-factor-continue\" href=\"http://127.0.0.1:9300\""));
        QCOMPARE(sessionEmail(browser.engine), QStringLiteral("alice@example.test"));
        QCOMPARE(m_jwtAccount.value("provider").toString(), QStringLiteral("local-idp"));
        QVERIFY(TwoFactor(m_adapter, {kSecret}).status(created->id).result().enrolled);
    }

    // Bob signs in with password and code, then links the provider's account from the account
    // page: no code is asked again (the step is for signing in, not for linking), under
    // "optional" and "always" alike.
    void linkingWhileSignedInAsksNoCode_data()
    {
        QTest::addColumn<bool>("jwt");
        QTest::addColumn<bool>("always");
        QTest::newRow("database optional") << false << false;
        QTest::newRow("jwt optional") << true << false;
        QTest::newRow("database always") << false << true;
        QTest::newRow("jwt always") << true << true;
    }
    void linkingWhileSignedInAsksNoCode()
    {
        QFETCH(bool, jwt);
        QFETCH(bool, always);
        Config c = config(jwt);
        if (always)
            c.twoFactor.required = TwoFactorSignInOptions::Required::Always;
        c.account.reauthenticateAfter = 1;
        const Auth auth(c);
        QString bob;
        const QByteArray key = enrolledPerson(QStringLiteral("bob@example.test"), &bob);
        waitForRoomInStep();
        Browser browser(auth);
        const Reply password = browser.engine.postForm(QStringLiteral("/auth/callback/credentials"),
                                                       {{"csrfToken", browser.engine.csrfToken()},
                                                        {"email", "bob@example.test"},
                                                        {"password", "correct horse battery"}});
        QCOMPARE(password.location(), kCodePage);
        QCOMPARE(postCode(browser, codeNow(key)).location(), kOrigin);
        QCOMPARE(sessionEmail(browser.engine), QStringLiteral("bob@example.test"));

        const QList<AccountSession> before = Account(m_adapter).sessions(bob).result();
        QTest::qWait(2100);  // the sign-in is no longer recent (reauthenticateAfter: 1 s)

        const QString callbackUrl = QStringLiteral("http://127.0.0.1:9300/auth/account?notice=accountLinked");
        const Reply linked = browser.signIn(QStringLiteral("local-idp"), {{QStringLiteral("callbackUrl"), callbackUrl}});
        QCOMPARE(linked.location(), callbackUrl.toUtf8());
        QVERIFY(!linked.cookie(QStringLiteral("authjs.two-factor")));
        QCOMPARE(sessionEmail(browser.engine), QStringLiteral("bob@example.test"));
        const auto owner = m_adapter->getUserByAccount(QStringLiteral("local-idp"), QStringLiteral("user-1")).result();
        QVERIFY(owner);
        QCOMPARE(owner->id, bob);
        // Linking is no sign-in: the database session is the same one, and the sign-in it began
        // with is still not recent, so removing the account asks for a sign-in first.
        if (!jwt) {
            const QList<AccountSession> after = Account(m_adapter).sessions(bob).result();
            QCOMPARE(after.size(), 1);
            QCOMPARE(after.first().id, before.first().id);
            QCOMPARE(after.first().createdAt, before.first().createdAt);
        }
        const QList<AccountLink> links = Account(m_adapter).linkedAccounts(bob).result();
        QCOMPARE(links.size(), 1);
        const Reply unlink = browser.engine.postForm(QStringLiteral("/auth/account"),
                                                     {{"csrfToken", browser.engine.csrfToken()},
                                                      {"action", "unlinkAccount"},
                                                      {"accountId", links.first().id}});
        QVERIFY2(unlink.location().startsWith("http://127.0.0.1:9300/auth/signin?callbackUrl="), unlink.location().constData());
        QCOMPARE(Account(m_adapter).linkedAccounts(bob).result().size(), 1);

        // Signing in with the linked account later is a sign-in: the code is asked.
        Browser later(auth);
        QCOMPARE(later.signIn(QStringLiteral("local-idp")).location(), kCodePage);
        QCOMPARE(sessionEmail(later.engine), QString());
    }
};

QTEST_GUILESS_MAIN(TestOidcTwoFactor)
#include "tst_oidctwofactor.moc"
