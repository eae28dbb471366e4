// The account page ({basePath}/account) driven as a browser drives it, through every form,
// against a real SQLite file and a throwaway PostgreSQL (skipped when PostgreSQL is not
// installed): the page, editing the name, changing the password, listing and unlinking linked
// accounts, signing out one session, all others, everywhere, with database and JWT sessions; and
// the refusals: signed out, missing CSRF token, another site, a stale sign-in, another user's
// session or linked-account id, an unknown one, an invalid name, the last way to sign in. Every
// change is in the audit log.
#include "support/engineclient.h"
#include "support/migratedcopies.h"
#include "support/postgresserver.h"
#include "support/testpassword.h"
#include "support/totpcode.h"
#include "softauthenticator.h"

#include <gatehouse/account.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/providers.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using namespace Gatehouse::Testing;

namespace {

const QByteArray firefox("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0");
const QByteArray chrome("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                        "Chrome/126.0.0.0 Safari/537.36");

//! A browser: an engine client that sends its User-Agent (and, for POSTs, its Origin) as a browser does.
class Browser
{
public:
    Browser(const Auth &auth, QByteArray userAgent) : m_client(auth), m_userAgent(std::move(userAgent)) {}

    Reply get(const QString &path, const QByteArray &language = {})
    {
        QList<QPair<QByteArray, QByteArray>> headers{{"User-Agent", m_userAgent}};
        if (!language.isEmpty())
            headers.append({"Accept-Language", language});
        return m_client.get(path, headers);
    }
    Reply post(const QString &path, QList<QPair<QString, QString>> fields, bool withCsrf = true,
               const QByteArray &origin = "http://127.0.0.1:9300", const QByteArray &fetchSite = {})
    {
        if (withCsrf)
            fields.prepend({QStringLiteral("csrfToken"), m_client.csrfToken()});
        QList<QPair<QByteArray, QByteArray>> headers{{"User-Agent", m_userAgent}};
        if (!origin.isEmpty())
            headers.append({"Origin", origin});
        if (!fetchSite.isEmpty())
            headers.append({"Sec-Fetch-Site", fetchSite});
        return m_client.postForm(path, fields, headers);
    }
    //! post() without waiting for the answer (the jar does not learn its cookies): for requests in flight together.
    QFuture<AuthResponse> startPost(const QString &path, QList<QPair<QString, QString>> fields)
    {
        fields.prepend({QStringLiteral("csrfToken"), m_client.csrfToken()});
        return m_client.startForm(path, fields, {{"User-Agent", m_userAgent}, {"Origin", "http://127.0.0.1:9300"}});
    }
    //! Signs in with a password and, when the person has an authenticator, \a code at the second step.
    bool signIn(const QString &email, const QString &password, const QString &code = {})
    {
        Reply reply = post(QStringLiteral("/auth/callback/credentials"),
                           {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}});
        if (!code.isEmpty() && reply.location() == "http://127.0.0.1:9300/auth/two-factor")
            reply = post(QStringLiteral("/auth/two-factor"), {{QStringLiteral("code"), code}});
        return reply.response.status == 302 && !reply.location().contains("error=")
               && !reply.location().endsWith("/two-factor");
    }
    //! The user's e-mail address from GET session, empty when signed out.
    QString sessionEmail()
    {
        return m_client.get(QStringLiteral("/auth/session")).json().object().value("user").toObject().value("email").toString();
    }
    QString cookie(const QString &name) const { return m_client.cookies.value(name); }
    void setCookie(const QString &name, const QString &value) { m_client.cookies.insert(name, value); }

private:
    EngineClient m_client;
    QByteArray m_userAgent;
};

//! The session ids of the end-one-session forms on an account page.
QStringList sessionIds(const QByteArray &html)
{
    QStringList ids;
    static const QRegularExpression field(QStringLiteral("name=\"sessionId\" value=\"([^\"]+)\""));
    for (const QRegularExpressionMatch &m : field.globalMatch(QString::fromUtf8(html)))
        ids.append(m.captured(1));
    return ids;
}

//! The linked-account ids of the unlink forms on an account page.
QStringList linkIds(const QByteArray &html)
{
    QStringList ids;
    static const QRegularExpression field(QStringLiteral("name=\"accountId\" value=\"([^\"]+)\""));
    for (const QRegularExpressionMatch &m : field.globalMatch(QString::fromUtf8(html)))
        ids.append(m.captured(1));
    return ids;
}

//! The code of \a key for the step \a offset away from now (tests/support/totpcode.h computes it
//! as an authenticator app does, independently of the library).
QString totpCode(const QByteArray &key, int offset = 0)
{
    return Testing::totpCode(key, QDateTime::currentSecsSinceEpoch() + 30 * qint64(offset));
}

//! A six-digit code that no step around now accepts for \a key.
QString wrongCode(const QByteArray &key)
{
    for (int candidate = 123456;; ++candidate) {
        const QString code = QString::number(candidate);
        if (code != totpCode(key, -1) && code != totpCode(key) && code != totpCode(key, 1))
            return code;
    }
}

//! The key an enrolment page shows as text (grouped), empty when none.
QString shownSecret(const QByteArray &html)
{
    static const QRegularExpression secret(QStringLiteral("id=\"gh-two-factor-secret\">([A-Z2-7 ]+)</code>"));
    return secret.match(QString::fromUtf8(html)).captured(1);
}

//! The recovery codes a page shows.
QStringList shownRecoveryCodes(const QByteArray &html)
{
    QStringList codes;
    static const QRegularExpression item(QStringLiteral("<li><code>([^<]+)</code></li>"));
    for (const QRegularExpressionMatch &m : item.globalMatch(QString::fromUtf8(html)))
        codes.append(m.captured(1));
    return codes;
}

//! The configuration of the linked-account tests: GitHub (OAuth) and Google (OIDC) beside the
//! built-in passwords; nothing is fetched from them.
void withProvidersToLink(Config &config)
{
    config.providers.append(builtinProvider(QStringLiteral("github"), {{"clientId", "id"}, {"clientSecret", "secret"}}));
    config.providers.append(builtinProvider(QStringLiteral("google"), {{"clientId", "id"}, {"clientSecret", "secret"}}));
}

//! The passkey ids of the rename forms on an account page.
QStringList passkeyIds(const QByteArray &html)
{
    QStringList ids;
    static const QRegularExpression field(QStringLiteral("value=\"renamePasskey\">\n<input type=\"hidden\" name=\"passkeyId\" value=\"([^\"]+)\""));
    for (const QRegularExpressionMatch &m : field.globalMatch(QString::fromUtf8(html)))
        ids.append(m.captured(1));
    return ids;
}

//! The configuration of the passkey tests: a WebAuthn provider beside the built-in passwords.
void withPasskeys(Config &config)
{
    config.experimental.enableWebAuthn = true;
    Provider passkey;
    passkey.id = QStringLiteral("passkey");
    passkey.name = QStringLiteral("Passkey");
    passkey.type = QStringLiteral("webauthn");
    config.providers.append(passkey);
}

const QString AccountUrl = QStringLiteral("http://127.0.0.1:9300/auth/account");

} // namespace

class TestAccountPage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PostgresServer> m_pg;
    QString m_pgUnavailable;
    int m_databases = 0;
    MigratedCopies m_copies{m_dir.path()};

    // One fresh database per test row, and an engine with built-in passwords on it.
    std::shared_ptr<SqlAdapter> m_adapter;
    std::unique_ptr<Auth> m_auth;
    QString m_alice;
    QString m_bob;
    // The recent sign-in check's clock runs this far ahead of the system's: a test ages every
    // sign-in past account.reauthenticateAfter at once instead of sleeping past it, so a slow
    // machine cannot make a fresh sign-in look stale.
    qint64 m_clockAhead = 0;

    void ageSignIns() { m_clockAhead = 3600; }
    void freshSignIns() { m_clockAhead = 0; }

    bool open(const QString &backend, SessionOptions::Strategy strategy, const PagesOptions &pages = {},
              const std::function<void(Config &)> &adjust = {})
    {
        const QString name = QStringLiteral("account%1").arg(++m_databases);
        if (backend == QLatin1String("postgresql") && !m_pg) {
            QTest::qSkip(qPrintable(m_pgUnavailable), __FILE__, __LINE__);
            return false;
        }
        QString error;
        const QString url = m_copies.create(backend, name, &error);
        if (url.isEmpty()) {
            qWarning("%s", qPrintable(error));
            return false;
        }
        m_adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(url));
        if (!m_adapter)
            return false;
        m_adapter->migrate().waitForFinished();
        const auto user = [this](const QString &email, const QString &name) {
            AdapterUser u;
            u.email = email;
            u.name = name;
            const QString id = m_adapter->createUser(u).result().id;
            setTestPassword(m_adapter, id, email, QStringLiteral("password-of-") + name);
            return id;
        };
        m_alice = user(QStringLiteral("alice@example.test"), QStringLiteral("alice"));
        m_bob = user(QStringLiteral("bob@example.test"), QStringLiteral("bob"));
        Config config;
        config.secret = {QStringLiteral("account-page-secret-account-page-secret-01")};
        config.trustHost = true;
        config.adapter = m_adapter;
        config.session.strategy = strategy;
        config.providers = {passwordCredentialsProvider(m_adapter)};
        config.pages = pages;
        m_clockAhead = 0;
        config.account.clock = [this] { return QDateTime::currentDateTimeUtc().addSecs(m_clockAhead); };
        if (adjust)
            adjust(config);
        m_auth = std::make_unique<Auth>(config);
        return true;
    }

    QList<AuditEvent> audit(const QString &type, const QString &userId)
    {
        AuditFilter filter;
        filter.type = type;
        filter.userId = userId;
        return m_adapter->auditEvents(filter, 50).result();
    }

    static void backends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    static void backendsAndStrategies()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<bool>("jwt");
        for (const char *backend : {"sqlite", "postgresql"}) {
            QTest::addRow("%s database", backend) << QString::fromLatin1(backend) << false;
            QTest::addRow("%s jwt", backend) << QString::fromLatin1(backend) << true;
        }
    }

    //! Posts the change-password form.
    static Reply changePassword(Browser &browser, const QString &current, const QString &next, const QString &confirm = {},
                                bool withCsrf = true, const QByteArray &origin = "http://127.0.0.1:9300")
    {
        return browser.post(QStringLiteral("/auth/account"),
                            {{"action", "changePassword"}, {"currentPassword", current}, {"newPassword", next},
                             {"confirmPassword", confirm.isNull() ? next : confirm}},
                            withCsrf, origin);
    }

    //! Links \a userId's account at \a provider, as the OAuth callback stores it.
    void link(const QString &userId, const QString &provider, const QString &type, const QString &providerAccountId)
    {
        AdapterAccount account;
        account.userId = userId;
        account.type = type;
        account.provider = provider;
        account.providerAccountId = providerAccountId;
        account.accessToken = QStringLiteral("access-token-") + providerAccountId;
        m_adapter->linkAccount(account).waitForFinished();
    }

    //! A passkey of \a userId as the WebAuthn registration stores it (authenticator and account),
    //! without the details Gatehouse records beside them (as one registered before they were).
    void addPasskey(const QString &userId, const QString &credentialID)
    {
        link(userId, QStringLiteral("passkey"), QStringLiteral("webauthn"), credentialID);
        AdapterAuthenticator key;
        key.credentialID = credentialID;
        key.userId = userId;
        key.providerAccountId = credentialID;
        key.credentialPublicKey = QStringLiteral("cHVibGlj");
        key.credentialDeviceType = QStringLiteral("singleDevice");
        m_adapter->createAuthenticator(key).waitForFinished();
    }

    /*!
     * Adds a passkey as the account page's form does through the passkey script: the options
     * (webauthn-options), the ceremony (\a key plays the authenticator), then the credential
     * posted with the name and the callback URL. Returns where the browser is sent.
     */
    static QByteArray registerPasskey(Browser &browser, Test::SoftAuthenticator &key, const QString &name)
    {
        const Reply options = browser.get(QStringLiteral("/auth/webauthn-options/passkey?passkeyName=") + QUrl::toPercentEncoding(name));
        const QJsonObject answer = options.json().object();
        if (answer.value("action").toString() != u"register")
            return "no registration options: " + options.response.body;
        const QJsonObject credential = key.create(answer.value("options").toObject());
        return browser
            .post(QStringLiteral("/auth/callback/passkey"),
                  {{"passkeyName", name},
                   {"callbackUrl", AccountUrl + QStringLiteral("?notice=passkeyAdded")},
                   {"action", "register"},
                   {"data", QString::fromUtf8(QJsonDocument(credential).toJson(QJsonDocument::Compact))}})
            .location();
    }

    //! Signs \a browser in with the passkey \a key (the sign-in page's passkey form).
    static QByteArray signInWithPasskey(Browser &browser, Test::SoftAuthenticator &key)
    {
        const Reply options = browser.get(QStringLiteral("/auth/webauthn-options/passkey?action=authenticate"));
        const QJsonObject credential = key.get(options.json().object().value("options").toObject());
        return browser
            .post(QStringLiteral("/auth/callback/passkey"),
                  {{"action", "authenticate"}, {"data", QString::fromUtf8(QJsonDocument(credential).toJson(QJsonDocument::Compact))}})
            .location();
    }

    static Reply passkeyChange(Browser &browser, const QString &action, const QString &id, const QString &name = {},
                               bool withCsrf = true, const QByteArray &origin = "http://127.0.0.1:9300")
    {
        QList<QPair<QString, QString>> fields{{"action", action}, {"passkeyId", id}};
        if (!name.isNull())
            fields.append({"name", name});
        return browser.post(QStringLiteral("/auth/account"), fields, withCsrf, origin);
    }

    bool isLinked(const QString &provider, const QString &providerAccountId)
    {
        return m_adapter->getAccount(providerAccountId, provider).result().has_value();
    }

    static Reply unlink(Browser &browser, const QString &id, bool withCsrf = true,
                        const QByteArray &origin = "http://127.0.0.1:9300")
    {
        return browser.post(QStringLiteral("/auth/account"), {{"action", "unlinkAccount"}, {"accountId", id}}, withCsrf, origin);
    }

    //! Whether a fresh browser can sign in as \a email with \a password.
    bool signsIn(const QString &email, const QString &password)
    {
        Browser fresh(*m_auth, firefox);
        return fresh.signIn(email, password);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_pgUnavailable = PostgresServer::unavailableReason();
        if (!m_pgUnavailable.isEmpty())
            return;
        m_pg = std::make_unique<PostgresServer>();
        QString error;
        QVERIFY2(m_pg->start(&error), qPrintable(error));
        m_copies = MigratedCopies(m_dir.path(), m_pg.get());
    }

    void cleanup()
    {
        m_auth.reset();
        m_adapter.reset();
    }

    void signedOutGoesToSignInAndBack_data() { backends(); }
    void signedOutGoesToSignInAndBack()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser browser(*m_auth, firefox);
        const Reply page = browser.get(QStringLiteral("/auth/account"));
        QCOMPARE(page.response.status, 302);
        QCOMPARE(page.location(), QByteArray("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fauth%2Faccount"));
        const Reply change = browser.post(QStringLiteral("/auth/account"), {{"action", "endAll"}});
        QCOMPARE(change.response.status, 302);
        QVERIFY(change.location().contains("/auth/signin?callbackUrl="));
    }

    void pageOfTheApplicationOrNone()
    {
        // pages.account: the application's own page; GET goes there, the forms still work.
        PagesOptions pages;
        pages.account = QStringLiteral("/me");
        QVERIFY(open(QStringLiteral("sqlite"), SessionOptions::Strategy::Database, pages));
        Browser browser(*m_auth, firefox);
        QVERIFY(browser.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(browser.get(QStringLiteral("/auth/account?notice=nameSaved")).location(),
                 QByteArray("http://127.0.0.1:9300/me?notice=nameSaved"));
        QCOMPARE(browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "Al"}}).location(),
                 QByteArray("http://127.0.0.1:9300/me?notice=nameSaved"));
        QCOMPARE(m_adapter->getUser(m_alice).result()->name, std::optional<QString>(QStringLiteral("Al")));
        cleanup();

        // "account": false: no such action.
        pages = {};
        pages.accountPage = false;
        QVERIFY(open(QStringLiteral("sqlite"), SessionOptions::Strategy::Database, pages));
        Browser other(*m_auth, firefox);
        QVERIFY(other.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const Reply none = other.get(QStringLiteral("/auth/account"));
        QCOMPARE(none.response.status, 400);
        QCOMPARE(none.response.body, QByteArray("\"Bad request.\""));
        QCOMPARE(other.post(QStringLiteral("/auth/account"), {{"action", "endAll"}}).response.status, 400);
        QCOMPARE(other.sessionEmail(), QStringLiteral("alice@example.test"));
    }

    void pageShowsProfileSessionsAndActivity_data() { backends(); }
    void pageShowsProfileSessionsAndActivity()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        Browser office(*m_auth, chrome);
        QVERIFY(!laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("wrong password")));
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));

        const Reply page = laptop.get(QStringLiteral("/auth/account"));
        QCOMPARE(page.response.status, 200);
        QCOMPARE(page.response.header("cache-control"), QByteArray("no-store"));
        const QByteArray csp = page.response.header("content-security-policy");
        QVERIFY2(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'none'") && !csp.contains("script-src"),
                 csp.constData());
        const QByteArray html = page.response.body;
        QVERIFY(html.contains("alice@example.test"));
        QVERIFY(html.contains("not verified"));
        QVERIFY(html.contains("value=\"alice\""));
        QVERIFY(html.contains("Firefox on Linux"));
        QVERIFY(html.contains("Chrome on Windows"));
        QVERIFY(html.contains("This session"));
        QVERIFY(html.contains("from 127.0.0.1"));
        QCOMPARE(sessionIds(html).size(), 1);   // the other session; not this one
        // The recent activity: audit events are written beside the answers, not before them.
        QTRY_VERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("Sign-in failed"));
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("Signed in"));
        QVERIFY(html.contains("name=\"action\" value=\"endOthers\"") && html.contains("name=\"action\" value=\"endAll\""));
        QVERIFY(!html.contains(laptop.cookie(QStringLiteral("authjs.session-token")).toUtf8()));  // no token shown

        const QByteArray german = laptop.get(QStringLiteral("/auth/account"), "de").response.body;
        QVERIFY(german.contains("Ihr Konto") && german.contains("Diese Sitzung") && german.contains("Firefox unter Linux"));
    }

    void editName_data() { backends(); }
    void editName()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser browser(*m_auth, firefox);
        QVERIFY(browser.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));

        Reply saved = browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "  Alice <Liddell>  "}});
        QCOMPARE(saved.response.status, 302);
        QCOMPARE(saved.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=nameSaved"));
        QCOMPARE(m_adapter->getUser(m_alice).result()->name, std::optional<QString>(QStringLiteral("Alice <Liddell>")));
        const QByteArray html = browser.get(QStringLiteral("/auth/account?notice=nameSaved")).response.body;
        QVERIFY(html.contains("value=\"Alice &lt;Liddell&gt;\""));
        QVERIFY(html.contains("Your name was saved."));
        QTRY_COMPARE(audit(QStringLiteral("accountUpdate"), m_alice).size(), 1);   // written after the answer
        const QList<AuditEvent> updates = audit(QStringLiteral("accountUpdate"), m_alice);
        QCOMPARE(updates.first().detail.value("to").toString(), QStringLiteral("Alice <Liddell>"));
        QCOMPARE(updates.first().clientAddress, QStringLiteral("127.0.0.1"));

        // Refused: an empty name, a missing CSRF token, a post from another site.
        QCOMPARE(browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "   "}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=invalidName"));
        const Reply noCsrf = browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "Mallory"}}, false);
        QCOMPARE(noCsrf.response.status, 302);
        QCOMPARE(noCsrf.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        const Reply crossSite = browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "Mallory"}},
                                             true, "http://evil.example");
        QCOMPARE(crossSite.response.status, 403);
        const Reply crossSiteByFetchMetadata = browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "Mallory"}},
                                                            true, "http://127.0.0.1:9300", "cross-site");
        QCOMPARE(crossSiteByFetchMetadata.response.status, 403);
        // "null" tells nothing: without Fetch Metadata it is refused.
        QCOMPARE(browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "Mallory"}}, true, "null")
                     .response.status, 403);
        QCOMPARE(m_adapter->getUser(m_alice).result()->name, std::optional<QString>(QStringLiteral("Alice <Liddell>")));
        QCOMPARE(audit(QStringLiteral("accountUpdate"), m_alice).size(), 1);

        // What Chromium sends for the page's own form (the pages' Referrer-Policy is no-referrer).
        const Reply ownForm = browser.post(QStringLiteral("/auth/account"), {{"action", "setName"}, {"name", "Alice"}},
                                           true, "null", "same-origin");
        QCOMPARE(ownForm.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=nameSaved"));
        QCOMPARE(m_adapter->getUser(m_alice).result()->name, std::optional<QString>(QStringLiteral("Alice")));
    }

    void signOutOneSession_data() { backends(); }
    void signOutOneSession()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        Browser office(*m_auth, chrome);
        Browser bobs(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(bobs.signIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));

        // Bob's session id, as an attacker who learnt it would post it: refused like an unknown one.
        const QString bobsId = Account::sessionId(bobs.cookie(QStringLiteral("authjs.session-token")));
        QCOMPARE(sessionIds(bobs.get(QStringLiteral("/auth/account")).response.body).size(), 0);
        for (const QString &id : {bobsId, QStringLiteral("no-such-session"), QString()}) {
            const Reply refused = laptop.post(QStringLiteral("/auth/account"), {{"action", "endSession"}, {"sessionId", id}});
            QCOMPARE(refused.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=sessionNotFound"));
        }
        QCOMPARE(bobs.sessionEmail(), QStringLiteral("bob@example.test"));
        QVERIFY(audit(QStringLiteral("sessionEnd"), m_alice).isEmpty());

        const QStringList ids = sessionIds(laptop.get(QStringLiteral("/auth/account")).response.body);
        QCOMPARE(ids.size(), 1);
        QCOMPARE(ids.first(), Account::sessionId(office.cookie(QStringLiteral("authjs.session-token"))));
        const Reply ended = laptop.post(QStringLiteral("/auth/account"), {{"action", "endSession"}, {"sessionId", ids.first()}});
        QCOMPARE(ended.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=sessionEnded"));
        QCOMPARE(office.sessionEmail(), QString());
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));
        QCOMPARE(bobs.sessionEmail(), QStringLiteral("bob@example.test"));
        QTRY_COMPARE(audit(QStringLiteral("sessionEnd"), m_alice).size(), 1);
        const QList<AuditEvent> events = audit(QStringLiteral("sessionEnd"), m_alice);
        QCOMPARE(events.first().detail.value("session").toString(), ids.first());
        // Once ended, the same id is not found.
        QCOMPARE(laptop.post(QStringLiteral("/auth/account"), {{"action", "endSession"}, {"sessionId", ids.first()}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=sessionNotFound"));
    }

    void signOutOthersAndEverywhere_data() { backends(); }
    void signOutOthersAndEverywhere()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        Browser office(*m_auth, chrome);
        Browser phone(*m_auth, chrome);
        Browser bobs(*m_auth, firefox);
        for (Browser *b : {&laptop, &office, &phone})
            QVERIFY(b->signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(bobs.signIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));

        const Reply others = laptop.post(QStringLiteral("/auth/account"), {{"action", "endOthers"}});
        QCOMPARE(others.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=othersEnded"));
        QCOMPARE(office.sessionEmail(), QString());
        QCOMPARE(phone.sessionEmail(), QString());
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("You are not signed in anywhere else."));
        QTRY_COMPARE(audit(QStringLiteral("sessionsEndOthers"), m_alice).size(), 1);
        QCOMPARE(audit(QStringLiteral("sessionsEndOthers"), m_alice).first().detail.value("count").toInt(), 2);

        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const Reply everywhere = laptop.post(QStringLiteral("/auth/account"), {{"action", "endAll"}});
        QCOMPARE(everywhere.response.status, 302);
        QVERIFY(everywhere.location().startsWith("http://127.0.0.1:9300/auth/signin?callbackUrl="));
        QVERIFY(laptop.cookie(QStringLiteral("authjs.session-token")).isEmpty());
        QCOMPARE(laptop.sessionEmail(), QString());
        QCOMPARE(office.sessionEmail(), QString());
        QCOMPARE(bobs.sessionEmail(), QStringLiteral("bob@example.test"));
        QTRY_COMPARE(audit(QStringLiteral("sessionsEndAll"), m_alice).size(), 1);
        // The activity the page shows includes the changes.
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const QByteArray html = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(html.contains("Signed out everywhere") && html.contains("Other sessions signed out"));
    }

    void jwtSessionsEndAllAtOnce_data() { backends(); }
    void jwtSessionsEndAllAtOnce()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Jwt));
        Browser laptop(*m_auth, firefox);
        Browser office(*m_auth, chrome);
        Browser bobs(*m_auth, chrome);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(bobs.signIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));

        const QByteArray html = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(html.contains("cannot be listed or signed out one by one"));
        QCOMPARE(sessionIds(html).size(), 0);

        // A token's iat has whole seconds: the others' tokens must be from an earlier second.
        QTest::qWait(1100);
        const Reply others = laptop.post(QStringLiteral("/auth/account"), {{"action", "endOthers"}});
        QCOMPARE(others.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=othersEnded"));
        QCOMPARE(office.sessionEmail(), QString());
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));   // issued anew
        QCOMPARE(laptop.get(QStringLiteral("/auth/account")).response.status, 200);
        QCOMPARE(bobs.sessionEmail(), QStringLiteral("bob@example.test"));

        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QTest::qWait(1100);
        const Reply everywhere = office.post(QStringLiteral("/auth/account"), {{"action", "endAll"}});
        QVERIFY(everywhere.location().startsWith("http://127.0.0.1:9300/auth/signin?callbackUrl="));
        QCOMPARE(office.sessionEmail(), QString());
        QCOMPARE(laptop.sessionEmail(), QString());
        QCOMPARE(laptop.get(QStringLiteral("/auth/account")).response.status, 302);
        QCOMPARE(bobs.sessionEmail(), QStringLiteral("bob@example.test"));
        // A new sign-in works again.
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));
    }

    void changePassword_data() { backendsAndStrategies(); }
    void changePassword()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        const SessionOptions::Strategy strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        QVERIFY(open(backend, strategy));
        Browser laptop(*m_auth, firefox);
        Browser office(*m_auth, chrome);
        Browser bobs(*m_auth, chrome);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(bobs.signIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));

        const QByteArray html = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(html.contains("name=\"action\" value=\"changePassword\""));
        QVERIFY(html.contains("autocomplete=\"current-password\"") && html.contains("autocomplete=\"new-password\""));
        QVERIFY(laptop.get(QStringLiteral("/auth/account"), "de").response.body.contains("Passwort ändern"));

        if (strategy == SessionOptions::Strategy::Jwt)
            QTest::qWait(1100);   // the other token's iat must be from an earlier second
        const Reply changed = changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase"));
        QCOMPARE(changed.response.status, 302);
        QCOMPARE(changed.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=passwordChanged"));
        QCOMPARE(changed.response.header("cache-control"), QByteArray("no-store"));
        // This browser stays signed in (JWT: issued anew), the other session of Alice's ends,
        // Bob's does not.
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));
        QCOMPARE(office.sessionEmail(), QString());
        QCOMPARE(bobs.sessionEmail(), QStringLiteral("bob@example.test"));
        QVERIFY(laptop.get(QStringLiteral("/auth/account?notice=passwordChanged")).response.body.contains("Your password was changed."));

        QVERIFY(!signsIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(signsIn(QStringLiteral("alice@example.test"), QStringLiteral("a new passphrase")));
        QVERIFY(signsIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));

        QTRY_COMPARE(audit(QStringLiteral("passwordChange"), m_alice).size(), 1);
        const AuditEvent event = audit(QStringLiteral("passwordChange"), m_alice).first();
        QCOMPARE(event.detail.value("sessionsEnded").toInt(), strategy == SessionOptions::Strategy::Database ? 1 : 0);
        QCOMPARE(event.clientAddress, QStringLiteral("127.0.0.1"));
        QVERIFY(!QJsonDocument(event.detail).toJson().contains("passphrase"));   // no password in the log
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("Password changed"));
    }

    void passwordRefusals_data() { backends(); }
    void passwordRefusals()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        Browser office(*m_auth, chrome);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(office.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));

        const auto refusedWith = [&](const Reply &reply, const char *notice) {
            return reply.response.status == 302
                && reply.location() == QByteArray("http://127.0.0.1:9300/auth/account?notice=") + notice;
        };
        QVERIFY(refusedWith(changePassword(laptop, QStringLiteral("password-of-bob"), QStringLiteral("a new passphrase")),
                            "passwordIncorrect"));
        QVERIFY(refusedWith(changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase"),
                                           QStringLiteral("a new passphrasf")), "passwordsDiffer"));
        QVERIFY(refusedWith(changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("short")),
                            "passwordTooShort"));
        QVERIFY(refusedWith(changePassword(laptop, QStringLiteral("password-of-alice"), QString(1025, u'x')),
                            "passwordTooLong"));
        QVERIFY(refusedWith(changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("Alice@Example.test")),
                            "passwordIsEmail"));
        const QByteArray shown = laptop.get(QStringLiteral("/auth/account?notice=passwordTooShort")).response.body;
        QVERIFY(shown.contains("The new password is too short: use at least 8 characters."));
        QVERIFY(laptop.get(QStringLiteral("/auth/account?notice=passwordIncorrect"), "de").response.body
                    .contains("Das aktuelle Passwort ist nicht richtig."));

        // A missing CSRF token, another site: refused before anything is checked.
        const Reply noCsrf = changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase"), {}, false);
        QCOMPARE(noCsrf.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        const Reply crossSite = changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase"), {},
                                               true, "http://evil.example");
        QCOMPARE(crossSite.response.status, 403);
        QCOMPARE(crossSite.response.header("cache-control"), QByteArray("no-store"));

        // Nothing changed: the old password works, both sessions live, the failure is audited.
        QVERIFY(signsIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(!signsIn(QStringLiteral("alice@example.test"), QStringLiteral("a new passphrase")));
        QCOMPARE(office.sessionEmail(), QStringLiteral("alice@example.test"));
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));
        QTRY_COMPARE(audit(QStringLiteral("passwordChangeFailed"), m_alice).size(), 1);
        QVERIFY(audit(QStringLiteral("passwordChange"), m_alice).isEmpty());
        QTRY_VERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("Password change failed"));
    }

    void staleSignInGoesToSignInFirst_data() { backendsAndStrategies(); }
    void staleSignInGoesToSignInFirst()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        const SessionOptions::Strategy strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        QVERIFY(open(backend, strategy));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        ageSignIns();
        const Reply stale = changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase"));
        QCOMPARE(stale.response.status, 302);
        QCOMPARE(stale.location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fauth%2Faccount"));
        QVERIFY(signsIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));   // still signed in, only asked again
        QVERIFY(audit(QStringLiteral("passwordChangeFailed"), m_alice).isEmpty());

        // Signing in again makes it recent (the clock back to the system's: the new sign-in is now).
        freshSignIns();
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase")).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=passwordChanged"));
        QVERIFY(signsIn(QStringLiteral("alice@example.test"), QStringLiteral("a new passphrase")));
    }

    void passwordChangeIsRateLimitedLikeSignIn_data() { backends(); }
    void passwordChangeIsRateLimitedLikeSignIn()
    {
        QFETCH(QString, backend);
        // The built-in form names the account by its e-mail address (whatever identifierField
        // says, left at its default here): the sign-in form and the account page count one
        // account's failures together.
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, [](Config &config) {
            config.rateLimit.maxFailuresPerIdentifier = 3;
        }));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        // Each failure is counted before its answer: the next attempt is checked against it.
        const QString key = QStringLiteral("credentials:credentials:id:alice@example.test");
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(changePassword(laptop, QStringLiteral("guess %1").arg(i), QStringLiteral("a new passphrase")).location(),
                     QByteArray("http://127.0.0.1:9300/auth/account?notice=passwordIncorrect"));
            QVERIFY(!m_adapter->rateLimitAllows(key, std::chrono::seconds(900), i + 1).result());
        }
        // Limited now, even with the right password; and so is the sign-in form for Alice.
        QCOMPARE(changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase")).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=tooManyAttempts"));
        QVERIFY(laptop.get(QStringLiteral("/auth/account?notice=tooManyAttempts")).response.body.contains("Too many wrong passwords."));
        QVERIFY(!signsIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(signsIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));
        QTRY_COMPARE(audit(QStringLiteral("passwordChangeFailed"), m_alice).size(), 3);
        QVERIFY(audit(QStringLiteral("passwordChange"), m_alice).isEmpty());
    }

    void concurrentPasswordChangesStayWithinTheLimit_data() { backends(); }
    void concurrentPasswordChangesStayWithinTheLimit()
    {
        // Twelve guesses of the current password at the same moment (the store answers on its own
        // threads, the hashes take their time): each is counted before it is checked, so no more
        // than the limit are checked; the others are refused without one.
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, [](Config &config) {
            config.rateLimit.maxFailuresPerIdentifier = 3;
        }));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QList<QFuture<AuthResponse>> answers;
        for (int i = 0; i < 12; ++i) {
            answers.append(laptop.startPost(QStringLiteral("/auth/account"),
                                            {{"action", "changePassword"}, {"currentPassword", QStringLiteral("guess %1").arg(i)},
                                             {"newPassword", "a new passphrase"}, {"confirmPassword", "a new passphrase"}}));
        }
        const auto finished = [&] {
            return int(std::count_if(answers.cbegin(), answers.cend(), [](const QFuture<AuthResponse> &a) { return a.isFinished(); }));
        };
        QTRY_COMPARE_WITH_TIMEOUT(finished(), 12, 20000);
        QMap<QByteArray, int> notices;
        for (const QFuture<AuthResponse> &answer : std::as_const(answers))
            ++notices[answer.result().header("location")];
        const int checked = notices.value("http://127.0.0.1:9300/auth/account?notice=passwordIncorrect");
        QVERIFY2(checked >= 1 && checked <= 3, qPrintable(QDebug::toString(notices)));
        QCOMPARE(notices.value("http://127.0.0.1:9300/auth/account?notice=tooManyAttempts"), 12 - checked);
        QTRY_COMPARE(audit(QStringLiteral("passwordChangeFailed"), m_alice).size(), checked);
        // The right password is refused too while the window lasts; nothing changed.
        QCOMPARE(changePassword(laptop, QStringLiteral("password-of-alice"), QStringLiteral("a new passphrase")).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=tooManyAttempts"));
        QVERIFY(audit(QStringLiteral("passwordChange"), m_alice).isEmpty());
    }

    void wrongPasswordsAtSignInLimitTheAccount_data() { backends(); }
    void wrongPasswordsAtSignInLimitTheAccount()
    {
        QFETCH(QString, backend);
        // With the defaults (identifierField "username", which the built-in form does not have),
        // the built-in passwords are still limited per account: by the e-mail address.
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, [](Config &config) {
            config.rateLimit.maxFailuresPerIdentifier = 3;
        }));
        // Each failure is counted before its answer: the next attempt is checked against it.
        const QString key = QStringLiteral("credentials:credentials:id:alice@example.test");
        for (int i = 0; i < 3; ++i) {
            QVERIFY(!signsIn(QStringLiteral("Alice@Example.test "), QStringLiteral("guess %1").arg(i)));
            QVERIFY(!m_adapter->rateLimitAllows(key, std::chrono::seconds(900), i + 1).result());
        }
        QVERIFY(!signsIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(signsIn(QStringLiteral("bob@example.test"), QStringLiteral("password-of-bob")));
    }

    void linkedAccountsListAndUnlink_data() { backends(); }
    void linkedAccountsListAndUnlink()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, withProvidersToLink));
        link(m_alice, QStringLiteral("github"), QStringLiteral("oauth"), QStringLiteral("gh-1001"));
        link(m_alice, QStringLiteral("google"), QStringLiteral("oidc"), QStringLiteral("g-alice"));
        link(m_alice, QStringLiteral("passkey"), QStringLiteral("webauthn"), QStringLiteral("credential-1"));
        link(m_bob, QStringLiteral("github"), QStringLiteral("oauth"), QStringLiteral("gh-2002"));
        // GitHub's link as the OAuth callback records it in the audit log; Google's predates that.
        AuditEvent linked;
        linked.time = QDateTime(QDate(2026, 3, 14), QTime(9, 26), Qt::UTC);
        linked.type = QStringLiteral("linkAccount");
        linked.userId = m_alice;
        linked.provider = QStringLiteral("github");
        m_adapter->appendAudit(linked).waitForFinished();

        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const Reply page = laptop.get(QStringLiteral("/auth/account"));
        QCOMPARE(page.response.status, 200);
        QCOMPARE(page.response.header("cache-control"), QByteArray("no-store"));
        const QByteArray html = page.response.body;
        QVERIFY(html.contains("<h2 id=\"gh-links\">Linked accounts</h2>"));
        // Both of Alice's, by provider name, with when linked where known; not the passkey's
        // account, not Bob's, never a token or the provider's account id.
        QVERIFY(html.contains("<p class=\"gh-link-provider\">GitHub</p>\n<p class=\"gh-session-detail\">Linked 2026-03-14 09:26 UTC</p>"));
        QVERIFY(html.contains("<p class=\"gh-link-provider\">Google</p>\n<p class=\"gh-session-detail\">Linked at a time not recorded</p>"));
        const QString github = Account::linkId(QStringLiteral("github"), QStringLiteral("gh-1001"));
        const QString google = Account::linkId(QStringLiteral("google"), QStringLiteral("g-alice"));
        QCOMPARE(linkIds(html), (QStringList{github, google}));
        QVERIFY(!html.contains(">Link GitHub</button>") && !html.contains(">Link Google</button>"));   // both linked
        // (Account ids that no hex CSRF token can hold: "1001" once appeared in one.)
        QVERIFY(!html.contains("gh-1001") && !html.contains("g-alice") && !html.contains("access-token") && !html.contains("credential-1"));
        const QByteArray german = laptop.get(QStringLiteral("/auth/account"), "de").response.body;
        QVERIFY(german.contains("Verknüpfte Konten") && german.contains("Verknüpfung aufheben"));

        // The library lists the same.
        const Account account(m_adapter);
        const QList<AccountLink> links = account.linkedAccounts(m_alice).result();
        QCOMPARE(links.size(), 2);
        QCOMPARE(links.at(0).provider, QStringLiteral("github"));
        QCOMPARE(links.at(0).type, QStringLiteral("oauth"));
        QCOMPARE(links.at(0).linkedAt, linked.time);
        QCOMPARE(links.at(1).provider, QStringLiteral("google"));
        QVERIFY(!links.at(1).linkedAt.isValid());

        // Unlink Google: Alice keeps GitHub and her password.
        const Reply unlinked = unlink(laptop, google);
        QCOMPARE(unlinked.response.status, 302);
        QCOMPARE(unlinked.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=accountUnlinked"));
        QCOMPARE(unlinked.response.header("cache-control"), QByteArray("no-store"));
        QVERIFY(!isLinked(QStringLiteral("google"), QStringLiteral("g-alice")));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-1001")));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-2002")));
        const QByteArray after = laptop.get(QStringLiteral("/auth/account?notice=accountUnlinked")).response.body;
        QVERIFY(after.contains("The account was unlinked. You can no longer sign in with it."));
        QCOMPARE(linkIds(after), QStringList{github});
        // Google may be linked again: its form signs in there and comes back here.
        QVERIFY(after.contains("<form action=\"http://127.0.0.1:9300/auth/signin/google\" method=\"POST\">"));
        QVERIFY(after.contains(">Link Google</button>") && !after.contains(">Link GitHub</button>"));
        QVERIFY(laptop.get(QStringLiteral("/auth/account"), "de").response.body.contains(">Google verknüpfen</button>"));

        // Then GitHub too: her built-in password is still a way to sign in.
        QCOMPARE(unlink(laptop, github).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=accountUnlinked"));
        QVERIFY(!isLinked(QStringLiteral("github"), QStringLiteral("gh-1001")));
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("No account of another service is linked."));
        QVERIFY(signsIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));

        // Audited, each with its provider and where it came from; shown in the recent activity.
        QTRY_COMPARE(audit(QStringLiteral("unlinkAccount"), m_alice).size(), 2);
        const QList<AuditEvent> events = audit(QStringLiteral("unlinkAccount"), m_alice);
        QCOMPARE(events.at(0).provider, QStringLiteral("github"));
        QCOMPARE(events.at(1).provider, QStringLiteral("google"));
        QCOMPARE(events.at(1).detail.value("type").toString(), QStringLiteral("oidc"));
        QCOMPARE(events.at(1).clientAddress, QStringLiteral("127.0.0.1"));
        QVERIFY(!QJsonDocument(events.at(1).detail).toJson().contains("access-token"));
        QVERIFY(audit(QStringLiteral("unlinkAccount"), m_bob).isEmpty());
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("Account unlinked"));
    }

    void unlinkRefusals_data() { backends(); }
    void unlinkRefusals()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, withProvidersToLink));
        link(m_alice, QStringLiteral("github"), QStringLiteral("oauth"), QStringLiteral("gh-1001"));
        link(m_bob, QStringLiteral("github"), QStringLiteral("oauth"), QStringLiteral("gh-2002"));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const QString github = Account::linkId(QStringLiteral("github"), QStringLiteral("gh-1001"));
        const QString bobs = Account::linkId(QStringLiteral("github"), QStringLiteral("gh-2002"));

        // Another user's account id is not found, exactly like one that does not exist.
        QCOMPARE(unlink(laptop, bobs).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=accountNotFound"));
        QCOMPARE(unlink(laptop, QStringLiteral("AAAAAAAAAAAAAAAAAAAAAA")).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=accountNotFound"));
        QCOMPARE(unlink(laptop, QString()).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=accountNotFound"));
        QVERIFY(laptop.get(QStringLiteral("/auth/account?notice=accountNotFound")).response.body
                    .contains("That linked account was not found. Nothing was changed."));
        // A missing CSRF token, another site: refused before anything is looked up.
        QCOMPARE(unlink(laptop, github, false).location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        const Reply crossSite = unlink(laptop, github, true, "http://evil.example");
        QCOMPARE(crossSite.response.status, 403);
        QCOMPARE(crossSite.response.header("cache-control"), QByteArray("no-store"));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-1001")));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-2002")));

        // Carol has no password: her linked accounts are her only ways in. She is signed in
        // (a database session begun now, as the OAuth callback makes it).
        AdapterUser carol;
        carol.email = QStringLiteral("carol@example.test");
        carol.name = QStringLiteral("carol");
        const QString carolId = m_adapter->createUser(carol).result().id;
        link(carolId, QStringLiteral("github"), QStringLiteral("oauth"), QStringLiteral("3003"));
        const QString token = QStringLiteral("carols-session-token");
        AdapterSession session;
        session.sessionToken = token;
        session.userId = carolId;
        session.expires = QDateTime::currentDateTimeUtc().addDays(30);
        m_adapter->createSession(session).waitForFinished();
        m_adapter->recordSessionDetails({token, carolId, QDateTime::currentDateTimeUtc(), QStringLiteral("127.0.0.1"), {}})
            .waitForFinished();
        Browser carols(*m_auth, chrome);
        carols.setCookie(QStringLiteral("authjs.session-token"), token);
        QCOMPARE(carols.sessionEmail(), QStringLiteral("carol@example.test"));
        const QString carolsGithub = Account::linkId(QStringLiteral("github"), QStringLiteral("3003"));
        QCOMPARE(unlink(carols, carolsGithub).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=lastSignInMethod"));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("3003")));
        QVERIFY(carols.get(QStringLiteral("/auth/account?notice=lastSignInMethod"), "de").response.body
                    .contains("Dies ist Ihre letzte Möglichkeit, sich anzumelden"));
        // A verified address is no way in without an e-mail provider; a passkey is none without
        // a WebAuthn provider; an account of a provider no longer configured is none either.
        m_adapter->updateUser(AdapterUserUpdate(carolId).setEmailVerified(QDateTime::currentDateTimeUtc())).waitForFinished();
        addPasskey(carolId, QStringLiteral("credential-3"));
        link(carolId, QStringLiteral("gitlab"), QStringLiteral("oauth"), QStringLiteral("gl-3003"));
        QCOMPARE(unlink(carols, carolsGithub).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=lastSignInMethod"));
        // With Google linked too, GitHub may go; then Google is the last.
        link(carolId, QStringLiteral("google"), QStringLiteral("oidc"), QStringLiteral("g-carol"));
        QCOMPARE(unlink(carols, carolsGithub).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=accountUnlinked"));
        QCOMPARE(unlink(carols, Account::linkId(QStringLiteral("google"), QStringLiteral("g-carol"))).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=lastSignInMethod"));
        QVERIFY(isLinked(QStringLiteral("google"), QStringLiteral("g-carol")));
        // The unconfigured provider's account is listed by its id and may go: it was no way in.
        const QByteArray carolsPage = carols.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(carolsPage.contains("<p class=\"gh-link-provider\">gitlab</p>"));
        QCOMPARE(unlink(carols, Account::linkId(QStringLiteral("gitlab"), QStringLiteral("gl-3003"))).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=accountUnlinked"));

        // The library applies the rule with the ways it is told: with an e-mail provider, or
        // passkeys, Carol's verified address or passkey is a way in and Google may go.
        const Account account(m_adapter);
        const QString carolsGoogle = Account::linkId(QStringLiteral("google"), QStringLiteral("g-carol"));
        SignInMethods none = SignInMethods::of(m_auth->config().providers);
        QVERIFY(none.builtinPassword && !none.email && !none.passkeys);
        QCOMPARE(none.linkProviders, (QStringList{QStringLiteral("github"), QStringLiteral("google")}));
        QVERIFY_THROWS_EXCEPTION(LastSignInMethod, account.unlinkAccount(carolId, carolsGoogle, none).waitForFinished());
        SignInMethods byEmail = none;
        byEmail.email = true;
        SignInMethods byPasskey = none;
        byPasskey.passkeys = true;
        QVERIFY_THROWS_EXCEPTION(AccountRecordNotFound, account.unlinkAccount(m_alice, carolsGoogle, byEmail).waitForFinished());
        account.unlinkAccount(carolId, carolsGoogle, byPasskey).waitForFinished();
        QVERIFY(!isLinked(QStringLiteral("google"), QStringLiteral("g-carol")));
        link(carolId, QStringLiteral("google"), QStringLiteral("oidc"), QStringLiteral("g-carol"));
        account.unlinkAccount(carolId, carolsGoogle, byEmail).waitForFinished();
        QVERIFY(!isLinked(QStringLiteral("google"), QStringLiteral("g-carol")));

        // Nothing of Alice's or Bob's changed; only the unlinks that happened are audited.
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-1001")));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-2002")));
        QVERIFY(audit(QStringLiteral("unlinkAccount"), m_alice).isEmpty());
        QTRY_COMPARE(audit(QStringLiteral("unlinkAccount"), carolId).size(), 4);
    }

    void unlinkNeedsARecentSignIn_data() { backendsAndStrategies(); }
    void unlinkNeedsARecentSignIn()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        const SessionOptions::Strategy strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        QVERIFY(open(backend, strategy, {}, [](Config &config) { withProvidersToLink(config); }));
        link(m_alice, QStringLiteral("github"), QStringLiteral("oauth"), QStringLiteral("gh-1001"));
        const QString github = Account::linkId(QStringLiteral("github"), QStringLiteral("gh-1001"));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        ageSignIns();
        const Reply stale = unlink(laptop, github);
        QCOMPARE(stale.response.status, 302);
        QCOMPARE(stale.location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fauth%2Faccount"));
        QVERIFY(isLinked(QStringLiteral("github"), QStringLiteral("gh-1001")));
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));   // still signed in, only asked again
        // Signing in again makes it recent (the clock back to the system's: the new sign-in is now).
        freshSignIns();
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(unlink(laptop, github).location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=accountUnlinked"));
        QVERIFY(!isLinked(QStringLiteral("github"), QStringLiteral("gh-1001")));
    }
    void noticeChoiceOnThePage_data() { backends(); }
    void noticeChoiceOnThePage()
    {
        QFETCH(QString, backend);
        // Notices are mailed only with an SMTP provider and url: without them, no section and no form.
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        {
            Browser laptop(*m_auth, firefox);
            QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
            QVERIFY(!laptop.get(QStringLiteral("/auth/account")).response.body.contains("gh-notices"));
            QCOMPARE(laptop.post(QStringLiteral("/auth/account"), {{"action", "setNotices"}}).response.status, 400);
        }
        const auto mailed = [](Config &config) {
            config.url = QUrl(QStringLiteral("http://127.0.0.1:9300/auth"));
            Provider email;
            email.id = QStringLiteral("email");
            email.type = QStringLiteral("email");
            email.options = {{"server", "smtp://127.0.0.1:9"}, {"from", "no-reply@example.test"}};
            config.providers.append(email);
        };
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, mailed));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QByteArray html = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(html.contains("<h2 id=\"gh-notices\">E-mail notices</h2>"));
        QVERIFY(html.contains("name=\"newDevice\" value=\"yes\" checked>"));

        // Unticked and saved: off for Alice alone, audited.
        const Reply off = laptop.post(QStringLiteral("/auth/account"), {{"action", "setNotices"}});
        QCOMPARE(off.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=noticesSaved"));
        html = laptop.get(QStringLiteral("/auth/account?notice=noticesSaved")).response.body;
        QVERIFY(html.contains("Your e-mail notices were saved."));
        QVERIFY(html.contains("name=\"newDevice\" value=\"yes\">"));
        const Account account(m_adapter);
        QCOMPARE(account.noticeEnabled(m_alice, QStringLiteral("newDevice")).result(), false);
        QCOMPARE(account.noticeEnabled(m_bob, QStringLiteral("newDevice")).result(), true);
        QTRY_COMPARE(audit(QStringLiteral("noticeChoice"), m_alice).size(), 1);
        const AuditEvent changed = audit(QStringLiteral("noticeChoice"), m_alice).first();
        QCOMPARE(changed.detail.value("notice").toString(), QStringLiteral("newDevice"));
        QCOMPARE(changed.detail.value("enabled").toBool(), false);
        QVERIFY(html.contains("E-mail notices changed"));  // in the recent activity

        // An older sign-in is asked again first, and changes nothing meanwhile.
        ageSignIns();
        const Reply stale = laptop.post(QStringLiteral("/auth/account"), {{"action", "setNotices"}, {"newDevice", "yes"}});
        QVERIFY2(stale.location().startsWith("http://127.0.0.1:9300/auth/signin?"), stale.location().constData());
        QCOMPARE(account.noticeEnabled(m_alice, QStringLiteral("newDevice")).result(), false);
        freshSignIns();
        // Ticked again: on.
        const Reply on = laptop.post(QStringLiteral("/auth/account"), {{"action", "setNotices"}, {"newDevice", "yes"}});
        QCOMPARE(on.location(), QByteArray("http://127.0.0.1:9300/auth/account?notice=noticesSaved"));
        QCOMPARE(account.noticeEnabled(m_alice, QStringLiteral("newDevice")).result(), true);
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("name=\"newDevice\" value=\"yes\" checked>"));

        // Only the notice a person may choose: the others are what an intruder would hide.
        QCOMPARE(Account::personalNotices(), QStringList{QStringLiteral("newDevice")});
        bool refused = false;
        try {
            account.setNoticeEnabled(m_alice, QStringLiteral("passwordChange"), false).waitForFinished();
        } catch (const InvalidAccountInput &) {
            refused = true;
        }
        QVERIFY(refused);

        // With the new-sign-in notice off in the configuration there is nothing to choose.
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, [&mailed](Config &config) {
            mailed(config);
            config.account.notices.newDevice = false;
        }));
        Browser other(*m_auth, firefox);
        QVERIFY(other.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(!other.get(QStringLiteral("/auth/account")).response.body.contains("gh-notices"));
    }

    void activityNamesApplicationsNotTheirTokens()
    {
        QVERIFY(open(QStringLiteral("sqlite"), SessionOptions::Strategy::Database));
        const auto record = [this](const QString &type, const QJsonObject &detail) {
            AuditEvent event;
            event.type = type;
            event.userId = m_alice;
            event.clientAddress = QStringLiteral("192.0.2.10");
            event.detail = detail;
            m_adapter->appendAudit(event).waitForFinished();
        };
        record(QStringLiteral("oidcAuthorize"), {{"clientId", "wiki"}, {"scope", "openid email"}});
        record(QStringLiteral("lockoutLift"), {{"by", "admin"}});
        // An application refreshing its tokens all day does not push the sign-ins off the page.
        for (int i = 0; i < 40; ++i)
            record(QStringLiteral("oidcToken"), {{"clientId", "wiki"}, {"grantType", "refresh_token"}});
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const QByteArray html = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(html.contains("<td>Signed in to an application</td><td>wiki</td><td>192.0.2.10</td>"));
        QVERIFY(html.contains("<td>Sign-in limit lifted by an administrator</td>"));
        QVERIFY(!html.contains("oidcToken"));
        QVERIFY(!html.contains("refresh_token"));
    }

    void passkeySectionOnlyWithWebAuthn_data() { backends(); }
    void passkeySectionOnlyWithWebAuthn()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const Reply page = laptop.get(QStringLiteral("/auth/account"));
        QVERIFY(page.response.body.contains("<h2 id=\"gh-sessions\">"));
        QVERIFY(!page.response.body.contains("<h2 id=\"gh-passkeys\">"));
        QVERIFY(!page.response.body.contains("data-webauthn-provider"));
        QVERIFY(!page.response.body.contains("<script"));
        QVERIFY(!page.response.header("content-security-policy").contains("script-src"));
    }

    void passkeysAddListRenameRemove_data() { backends(); }
    void passkeysAddListRenameRemove()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, withPasskeys));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));

        // The section, and the add form the passkey script drives; the page's CSP allows
        // exactly that script. Without it the button is disabled and says why.
        const Reply empty = laptop.get(QStringLiteral("/auth/account"));
        QCOMPARE(empty.response.status, 200);
        QByteArray html = empty.response.body;
        QVERIFY(html.contains("<h2 id=\"gh-passkeys\">Passkeys</h2>\n<p class=\"gh-account-note\">You have no passkeys yet.</p>"));
        QVERIFY(html.contains("<form action=\"http://127.0.0.1:9300/auth/callback/passkey\" method=\"POST\" id=\"gh-passkey-add\" "
                              "data-webauthn-provider=\"passkey\">"));
        QVERIFY(html.contains("<input type=\"hidden\" name=\"callbackUrl\" value=\"http://127.0.0.1:9300/auth/account?notice=passkeyAdded\">"));
        QVERIFY(html.contains("<input id=\"gh-passkey-new\" type=\"text\" name=\"passkeyName\""));
        QVERIFY(html.contains("disabled data-webauthn-label=\"Add a passkey\">Add a passkey (needs JavaScript)</button>"));
        QVERIFY(html.contains("<script src=\"http://127.0.0.1:9300/auth/webauthn-options\" defer></script>"));
        const QByteArray csp = empty.response.header("content-security-policy");
        QVERIFY2(csp.contains("script-src http://127.0.0.1:9300/auth/webauthn-options;"), csp.constData());
        QVERIFY2(csp.contains("frame-ancestors 'none'"), csp.constData());

        // Two passkeys added through the page's form: one named, one not.
        Test::SoftAuthenticator first, second;
        first.origin = second.origin = QStringLiteral("http://127.0.0.1:9300");
        const QString sessionToken = laptop.cookie(QStringLiteral("authjs.session-token"));
        QCOMPARE(registerPasskey(laptop, first, QStringLiteral("  Laptop key  ")), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyAdded"));
        QCOMPARE(laptop.sessionEmail(), QStringLiteral("alice@example.test"));   // still Alice, with one more way in
        // Adding a way in is no sign-in: the database session is still the one she began with.
        QCOMPARE(laptop.cookie(QStringLiteral("authjs.session-token")), sessionToken);
        QCOMPARE(Account(m_adapter).sessions(m_alice).result().size(), 1);
        second.flags = 0x01 | 0x04;  // not backed up
        QCOMPARE(registerPasskey(laptop, second, QString()), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyAdded"));
        const QList<AdapterAuthenticator> stored = m_adapter->listAuthenticatorsByUserId(m_alice).result();
        QCOMPARE(stored.size(), 2);
        const QString today = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd"));

        html = laptop.get(QStringLiteral("/auth/account?notice=passkeyAdded")).response.body;
        QVERIFY(html.contains("The passkey was added. You can now sign in with it."));
        const Account account(m_adapter);
        const QList<AccountPasskey> keys = account.passkeys(m_alice).result();
        QCOMPARE(keys.size(), 2);
        QCOMPARE(keys.at(0).name, QStringLiteral("Laptop key"));
        QCOMPARE(keys.at(1).name, QStringLiteral("Passkey ") + today);
        QVERIFY(keys.at(0).createdAt.isValid() && keys.at(0).createdAt.secsTo(QDateTime::currentDateTimeUtc()) < 60);
        QVERIFY(!keys.at(0).lastUsedAt.isValid());
        QVERIFY(keys.at(0).backedUp && !keys.at(1).backedUp);
        QCOMPARE(keys.at(0).deviceType, QStringLiteral("multiDevice"));
        QCOMPARE(keys.at(1).deviceType, QStringLiteral("singleDevice"));
        QCOMPARE(passkeyIds(html), (QStringList{keys.at(0).id, keys.at(1).id}));
        const QString added = QStringLiteral("Added ") + keys.at(0).createdAt.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
        QVERIFY(html.contains(("<p class=\"gh-passkey-name\">Laptop key</p>\n<p class=\"gh-session-detail\">" + added
                               + " · not used to sign in yet</p>\n<p class=\"gh-session-detail\">Synced · Transports: internal</p>").toUtf8()));
        QVERIFY(html.contains(("<p class=\"gh-passkey-name\">Passkey " + today + "</p>").toUtf8()));
        QVERIFY(html.contains("<p class=\"gh-session-detail\">On one device · Transports: internal</p>"));
        QVERIFY(html.contains("name=\"name\" value=\"Laptop key\""));
        // Never the credential ID or the public key.
        for (const AdapterAuthenticator &a : stored) {
            QVERIFY(!html.contains(a.credentialID.toUtf8()));
            QVERIFY(!html.contains(QByteArray::fromBase64(a.credentialID.toLatin1()).toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)));
            QVERIFY(!html.contains(a.credentialPublicKey.toUtf8()));
        }
        const QByteArray german = laptop.get(QStringLiteral("/auth/account"), "de").response.body;
        QVERIFY(german.contains("<h2 id=\"gh-passkeys\">Passkeys</h2>") && german.contains(">Passkey hinzufügen (benötigt JavaScript)</button>"));

        // A sign-in with the first is its last use.
        Browser phone(*m_auth, chrome);
        const QByteArray signedIn = signInWithPasskey(phone, first);
        QVERIFY2(!signedIn.contains("error="), signedIn.constData());
        QCOMPARE(phone.sessionEmail(), QStringLiteral("alice@example.test"));
        const QDateTime used = account.passkeys(m_alice).result().at(0).lastUsedAt;
        QVERIFY(used.isValid() && used.secsTo(QDateTime::currentDateTimeUtc()) < 60);
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains(
            (" · last used " + used.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")) + "</p>").toUtf8()));

        // Rename the second, remove the first: her password stays a way in.
        const Reply renamed = passkeyChange(laptop, QStringLiteral("renamePasskey"), keys.at(1).id, QStringLiteral("Security key"));
        QCOMPARE(renamed.location(), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyRenamed"));
        QCOMPARE(renamed.response.header("cache-control"), QByteArray("no-store"));
        html = laptop.get(QStringLiteral("/auth/account?notice=passkeyRenamed")).response.body;
        QVERIFY(html.contains("The passkey was renamed."));
        QVERIFY(html.contains("<p class=\"gh-passkey-name\">Security key</p>"));
        const Reply removed = passkeyChange(laptop, QStringLiteral("removePasskey"), keys.at(0).id);
        QCOMPARE(removed.location(), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyRemoved"));
        const QList<AdapterAuthenticator> left = m_adapter->listAuthenticatorsByUserId(m_alice).result();
        QCOMPARE(left.size(), 1);
        QCOMPARE(account.passkeys(m_alice).result().at(0).name, QStringLiteral("Security key"));
        // Its registration's account went with it: the passkey signs nobody in any more.
        const QString gone = stored.at(0).credentialID == left.at(0).credentialID ? stored.at(1).credentialID : stored.at(0).credentialID;
        QVERIFY(!isLinked(QStringLiteral("passkey"), gone));
        QVERIFY(isLinked(QStringLiteral("passkey"), left.at(0).credentialID));
        Browser thief(*m_auth, chrome);
        QVERIFY(signInWithPasskey(thief, first).contains("error="));
        QVERIFY(thief.sessionEmail().isEmpty());
        html = laptop.get(QStringLiteral("/auth/account?notice=passkeyRemoved")).response.body;
        QVERIFY(html.contains("The passkey was removed. You can no longer sign in with it."));
        QCOMPARE(passkeyIds(html), QStringList{keys.at(1).id});

        // Audited through the one writer, and shown in the recent activity.
        QTRY_COMPARE(audit(QStringLiteral("passkeyAdd"), m_alice).size(), 2);
        // Each audit write is queued to the storage threads when its request ends, so two
        // requests a few milliseconds apart may be stored in either order.
        QStringList addedNames;
        for (const AuditEvent &added : audit(QStringLiteral("passkeyAdd"), m_alice))
            addedNames << added.detail.value("name").toString();
        addedNames.sort();
        QCOMPARE(addedNames, (QStringList{QStringLiteral("Laptop key"), QStringLiteral("Passkey ") + today}));
        QTRY_COMPARE(audit(QStringLiteral("passkeyRename"), m_alice).size(), 1);
        const AuditEvent rename = audit(QStringLiteral("passkeyRename"), m_alice).at(0);
        QCOMPARE(rename.detail.value("to").toString(), QStringLiteral("Security key"));
        QCOMPARE(rename.clientAddress, QStringLiteral("127.0.0.1"));
        QTRY_COMPARE(audit(QStringLiteral("passkeyRemove"), m_alice).size(), 1);
        QCOMPARE(audit(QStringLiteral("passkeyRemove"), m_alice).at(0).detail.value("name").toString(), QStringLiteral("Laptop key"));
        const QByteArray activity = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(activity.contains("Passkey added") && activity.contains("Passkey renamed") && activity.contains("Passkey removed"));
    }

    void passkeyRefusals_data() { backends(); }
    void passkeyRefusals()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, withPasskeys));
        addPasskey(m_alice, QStringLiteral("YWxpY2Uta2V5"));
        addPasskey(m_bob, QStringLiteral("Ym9iLWtleQ=="));
        const QString alices = Account::passkeyId(QStringLiteral("YWxpY2Uta2V5"));
        const QString bobs = Account::passkeyId(QStringLiteral("Ym9iLWtleQ=="));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        // A passkey registered before names were kept is listed as such, and may be named.
        QByteArray html = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(html.contains("<p class=\"gh-passkey-name\">Unnamed passkey</p>\n<p class=\"gh-session-detail\">Added at a time not recorded"));
        QCOMPARE(passkeyIds(html), QStringList{alices});

        // Another user's passkey id is not found, exactly like one that does not exist.
        for (const QString &action : {QStringLiteral("renamePasskey"), QStringLiteral("removePasskey")}) {
            for (const QString &id : {bobs, QStringLiteral("AAAAAAAAAAAAAAAAAAAAAA"), QString()})
                QCOMPARE(passkeyChange(laptop, action, id, QStringLiteral("Mine")).location(), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyNotFound"));
        }
        QVERIFY(laptop.get(QStringLiteral("/auth/account?notice=passkeyNotFound")).response.body.contains("That passkey was not found. Nothing was changed."));
        // A name it refuses.
        for (const QString &name : {QStringLiteral("   "), QString(256, u'x'), QStringLiteral("tab\there")})
            QCOMPARE(passkeyChange(laptop, QStringLiteral("renamePasskey"), alices, name).location(),
                     QByteArray(AccountUrl.toUtf8() + "?notice=invalidPasskeyName"));
        // A missing CSRF token, another site: refused before anything is looked up.
        QCOMPARE(passkeyChange(laptop, QStringLiteral("removePasskey"), alices, {}, false).location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        QCOMPARE(passkeyChange(laptop, QStringLiteral("renamePasskey"), alices, QStringLiteral("Evil"), false).location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        QCOMPARE(passkeyChange(laptop, QStringLiteral("removePasskey"), alices, {}, true, "http://evil.example").response.status, 403);
        QCOMPARE(m_adapter->listAuthenticatorsByUserId(m_alice).result().size(), 1);
        QCOMPARE(m_adapter->listAuthenticatorsByUserId(m_bob).result().size(), 1);
        const Account account(m_adapter);
        QVERIFY(account.passkeys(m_alice).result().at(0).name.isEmpty());
        QVERIFY(account.passkeys(m_bob).result().at(0).name.isEmpty());

        // Dave has no password: his passkeys are his only ways in. He is signed in (a database
        // session begun now, as the passkey sign-in makes it).
        AdapterUser dave;
        dave.email = QStringLiteral("dave@example.test");
        const QString daveId = m_adapter->createUser(dave).result().id;
        addPasskey(daveId, QStringLiteral("ZGF2ZS0x"));
        const QString token = QStringLiteral("daves-session-token");
        m_adapter->createSession({token, daveId, QDateTime::currentDateTimeUtc().addDays(30)}).waitForFinished();
        m_adapter->recordSessionDetails({token, daveId, QDateTime::currentDateTimeUtc(), QStringLiteral("127.0.0.1"), {}}).waitForFinished();
        Browser daves(*m_auth, chrome);
        daves.setCookie(QStringLiteral("authjs.session-token"), token);
        const QString first = Account::passkeyId(QStringLiteral("ZGF2ZS0x"));
        QCOMPARE(passkeyChange(daves, QStringLiteral("removePasskey"), first).location(), QByteArray(AccountUrl.toUtf8() + "?notice=lastSignInMethod"));
        QCOMPARE(m_adapter->listAuthenticatorsByUserId(daveId).result().size(), 1);
        // With a second passkey the first may go; then the second is the last.
        addPasskey(daveId, QStringLiteral("ZGF2ZS0y"));
        QCOMPARE(passkeyChange(daves, QStringLiteral("removePasskey"), first).location(), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyRemoved"));
        const QString second = Account::passkeyId(QStringLiteral("ZGF2ZS0y"));
        QCOMPARE(passkeyChange(daves, QStringLiteral("removePasskey"), second).location(), QByteArray(AccountUrl.toUtf8() + "?notice=lastSignInMethod"));
        // The library applies the rule with the ways it is told: without passkeys offered, Alice's
        // password still counts; with none offered at all, Dave's last passkey cannot go either.
        QVERIFY_THROWS_EXCEPTION(LastSignInMethod, account.removePasskey(daveId, second, SignInMethods()).waitForFinished());
        QVERIFY_THROWS_EXCEPTION(AccountRecordNotFound, account.removePasskey(m_alice, second, SignInMethods::of(m_auth->config().providers)).waitForFinished());
        QVERIFY_THROWS_EXCEPTION(InvalidAccountInput, account.renamePasskey(daveId, second, QString()).waitForFinished());
        account.removePasskey(m_alice, alices, SignInMethods::of(m_auth->config().providers)).waitForFinished();
        QVERIFY(m_adapter->listAuthenticatorsByUserId(m_alice).result().isEmpty());
        QCOMPARE(m_adapter->listAuthenticatorsByUserId(m_bob).result().size(), 1);
        QTRY_COMPARE(audit(QStringLiteral("passkeyRemove"), daveId).size(), 1);
        QTRY_COMPARE(audit(QStringLiteral("passkeyRemove"), m_alice).size(), 1);
        QVERIFY(audit(QStringLiteral("passkeyRemove"), m_bob).isEmpty());
        QVERIFY(audit(QStringLiteral("passkeyRename"), m_alice).isEmpty());
    }

    void passkeyRemovalNeedsARecentSignIn_data() { backendsAndStrategies(); }
    void passkeyRemovalNeedsARecentSignIn()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        const SessionOptions::Strategy strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        QVERIFY(open(backend, strategy, {}, [](Config &config) { withPasskeys(config); }));
        addPasskey(m_alice, QStringLiteral("YWxpY2Uta2V5"));
        const QString id = Account::passkeyId(QStringLiteral("YWxpY2Uta2V5"));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        ageSignIns();
        const Reply stale = passkeyChange(laptop, QStringLiteral("removePasskey"), id);
        QCOMPARE(stale.location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fauth%2Faccount"));
        QCOMPARE(m_adapter->listAuthenticatorsByUserId(m_alice).result().size(), 1);
        // Renaming cannot lock anyone out: it needs no recent sign-in.
        QCOMPARE(passkeyChange(laptop, QStringLiteral("renamePasskey"), id, QStringLiteral("Key")).location(),
                 QByteArray(AccountUrl.toUtf8() + "?notice=passkeyRenamed"));
        freshSignIns();   // and signed in again, now
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(passkeyChange(laptop, QStringLiteral("removePasskey"), id).location(), QByteArray(AccountUrl.toUtf8() + "?notice=passkeyRemoved"));
        QVERIFY(m_adapter->listAuthenticatorsByUserId(m_alice).result().isEmpty());
    }

    static Reply twoFactorPost(Browser &browser, const QString &action, QList<QPair<QString, QString>> fields = {},
                               bool withCsrf = true, const QByteArray &origin = "http://127.0.0.1:9300")
    {
        fields.prepend({QStringLiteral("action"), action});
        return browser.post(QStringLiteral("/auth/account"), fields, withCsrf, origin);
    }

    //! Enrols \a browser's person as the page leads them: begin, read the key, confirm. Returns
    //! the recovery codes shown; \a key receives the secret.
    static QStringList enrol(Browser &browser, QByteArray *key = nullptr)
    {
        const Reply begun = twoFactorPost(browser, QStringLiteral("twoFactorBegin"));
        const QByteArray secret = Testing::base32Decode(shownSecret(begun.response.body));
        if (secret.isEmpty())
            return {};
        if (key)
            *key = secret;
        const Reply confirmed = twoFactorPost(browser, QStringLiteral("twoFactorConfirm"),
                                              {{QStringLiteral("code"), totpCode(secret)},
                                               {QStringLiteral("secret"), shownSecret(begun.response.body)}});
        return shownRecoveryCodes(confirmed.response.body);
    }

    TwoFactorStatus twoFactorStatus(const QString &userId)
    {
        return TwoFactor(m_adapter, {QStringLiteral("account-page-secret-account-page-secret-01")}).status(userId).result();
    }

    void twoFactorHiddenWhenThePolicyIsNever_data() { backends(); }
    void twoFactorHiddenWhenThePolicyIsNever()
    {
        // twoFactor.required "never": sign-in never asks for a code, so nothing is offered to set up.
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database, {}, [](Config &config) {
            config.twoFactor.required = TwoFactorSignInOptions::Required::Never;
        }));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const QByteArray page = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(page.contains("<h2 id=\"gh-sessions\">"));  // the page itself is shown
        QVERIFY(!page.contains("gh-two-factor") && !page.contains("Set up an authenticator app"));
        const Reply begin = twoFactorPost(laptop, QStringLiteral("twoFactorBegin"));
        QVERIFY(!begin.response.body.contains("data:image/svg+xml"));
        const TwoFactorStatus status = twoFactorStatus(m_alice);
        QVERIFY(!status.pending && !status.enrolled);
    }

    void twoFactorEnrolment_data() { backends(); }
    void twoFactorEnrolment()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const QByteArray before = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(before.contains("<h2 id=\"gh-two-factor\">Two-factor sign-in</h2>"));
        QVERIFY(before.contains("Set up an authenticator app"));

        // Begin: the QR code (the module's SVG as a data: image), the key as text, the issuer
        // and account; shown in the response itself, never cached, under the strict CSP.
        const Reply first = twoFactorPost(laptop, QStringLiteral("twoFactorBegin"));
        QCOMPARE(first.response.status, 200);
        QCOMPARE(first.response.header("cache-control"), QByteArray("no-store"));
        const QByteArray csp = first.response.header("content-security-policy");
        QVERIFY(csp.contains("img-src 'self' https: data:"));
        QVERIFY2(!csp.contains("unsafe-inline"), csp.constData());
        QVERIFY(!first.response.body.contains("<script"));
        static const QRegularExpression image(QStringLiteral("<img src=\"data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)\""));
        const QRegularExpressionMatch qr = image.match(QString::fromUtf8(first.response.body));
        QVERIFY(qr.hasMatch());
        const QByteArray svg = QByteArray::fromBase64(qr.captured(1).toLatin1());
        QVERIFY(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        QVERIFY(!svg.contains("script"));
        QVERIFY(first.response.body.contains("The app will show: 127.0.0.1 (alice@example.test)"));
        const QString firstShown = shownSecret(first.response.body);
        QVERIFY(firstShown.contains(u' '));   // grouped for typing
        const QByteArray firstKey = Testing::base32Decode(firstShown);
        QCOMPARE(firstKey.size(), 20);
        QVERIFY(twoFactorStatus(m_alice).pending);
        QVERIFY(!twoFactorStatus(m_alice).enrolled);

        // Starting again replaces the pending secret: the first one's codes no longer confirm.
        const Reply second = twoFactorPost(laptop, QStringLiteral("twoFactorBegin"));
        const QString secondShown = shownSecret(second.response.body);
        const QByteArray key = Testing::base32Decode(secondShown);
        QVERIFY(!key.isEmpty());
        QVERIFY(key != firstKey);
        QTRY_COMPARE(audit(QStringLiteral("twoFactorEnrolBegin"), m_alice).size(), 2);

        // A wrong code: back to the same enrolment, with a notice.
        const Reply wrong = twoFactorPost(laptop, QStringLiteral("twoFactorConfirm"),
                                          {{"code", wrongCode(key)}, {"secret", secondShown}});
        QCOMPARE(wrong.response.status, 200);
        QVERIFY(wrong.response.body.contains("That code is not right."));
        QCOMPARE(shownSecret(wrong.response.body), secondShown);
        QVERIFY(wrong.response.body.contains("data:image/svg+xml;base64,"));
        if (totpCode(firstKey) != totpCode(key)) {
            const Reply old = twoFactorPost(laptop, QStringLiteral("twoFactorConfirm"),
                                            {{"code", totpCode(firstKey)}, {"secret", firstShown}});
            QVERIFY(old.response.body.contains("That code is not right."));
        }
        QVERIFY(!twoFactorStatus(m_alice).enrolled);
        QTRY_VERIFY(!audit(QStringLiteral("twoFactorEnrolFailure"), m_alice).isEmpty());

        // The right code: on, and the ten recovery codes shown once, in this response.
        const Reply confirmed = twoFactorPost(laptop, QStringLiteral("twoFactorConfirm"),
                                              {{"code", totpCode(key)}, {"secret", secondShown}});
        QCOMPARE(confirmed.response.status, 200);
        QCOMPARE(confirmed.response.header("cache-control"), QByteArray("no-store"));
        QVERIFY(confirmed.response.body.contains("Two-factor sign-in is on."));
        QVERIFY(confirmed.response.body.contains("Save these recovery codes now"));
        const QStringList codes = shownRecoveryCodes(confirmed.response.body);
        QCOMPARE(codes.size(), 10);
        QCOMPARE(QSet<QString>(codes.begin(), codes.end()).size(), 10);
        QVERIFY(shownSecret(confirmed.response.body).isEmpty());
        const TwoFactorStatus status = twoFactorStatus(m_alice);
        QVERIFY(status.enrolled);
        QCOMPARE(status.recoveryCodesLeft, 10);
        QTRY_COMPARE(audit(QStringLiteral("twoFactorEnrol"), m_alice).size(), 1);

        // The page afterwards: the state, never the codes again.
        const QByteArray after = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(after.contains("Two-factor sign-in is on since " + QDateTime::currentDateTimeUtc().toString(u"yyyy-MM-dd").toUtf8()));
        QVERIFY(after.contains("Recovery codes left: 10"));
        QVERIFY(shownRecoveryCodes(after).isEmpty());
        for (const QString &code : codes)
            QVERIFY(!after.contains(code.toUtf8()));
        QVERIFY(!after.contains("Set up an authenticator app"));
        QVERIFY(after.contains("Authenticator app set up"));   // in the recent activity
        QVERIFY(after.contains("Authenticator set-up started"));
        QVERIFY(after.contains("Wrong code at authenticator set-up"));
        // Enrolling again needs a removal first.
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorBegin")).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=twoFactorAlreadyOn"));
        // And in German.
        QVERIFY(laptop.get(QStringLiteral("/auth/account"), "de").response.body.contains("Zwei-Faktor-Anmeldung"));
    }

    void twoFactorNewRecoveryCodesVoidTheOld_data() { backends(); }
    void twoFactorNewRecoveryCodesVoidTheOld()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        const QStringList old = enrol(laptop);
        QCOMPARE(old.size(), 10);

        const Reply renewed = twoFactorPost(laptop, QStringLiteral("twoFactorNewCodes"));
        QCOMPARE(renewed.response.status, 200);
        QCOMPARE(renewed.response.header("cache-control"), QByteArray("no-store"));
        QVERIFY(renewed.response.body.contains("New recovery codes were made; the old ones no longer work."));
        const QStringList fresh = shownRecoveryCodes(renewed.response.body);
        QCOMPARE(fresh.size(), 10);
        for (const QString &code : fresh)
            QVERIFY(!old.contains(code));
        QTRY_COMPARE(audit(QStringLiteral("twoFactorRecoveryCodes"), m_alice).size(), 1);

        // An old code no longer works, a new one works once.
        const TwoFactor twoFactor(m_adapter, {QStringLiteral("account-page-secret-account-page-secret-01")});
        bool refused = false;
        try {
            twoFactor.verify(m_alice, old.first()).waitForFinished();
        } catch (const InvalidTwoFactorCode &) {
            refused = true;
        }
        QVERIFY(refused);
        QCOMPARE(twoFactor.verify(m_alice, fresh.first()).result(), SecondFactor::RecoveryCode);
        const QByteArray page = laptop.get(QStringLiteral("/auth/account")).response.body;
        QVERIFY(page.contains("Recovery codes left: 9"));
        QVERIFY(shownRecoveryCodes(page).isEmpty());
    }

    void twoFactorRemove_data() { backends(); }
    void twoFactorRemove()
    {
        QFETCH(QString, backend);
        QVERIFY(open(backend, SessionOptions::Strategy::Database));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QCOMPARE(enrol(laptop).size(), 10);
        QVERIFY(laptop.get(QStringLiteral("/auth/account")).response.body.contains("name=\"confirm\" value=\"yes\" required"));

        // Without the ticked box: nothing removed.
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorRemove")).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=twoFactorRemoveUnconfirmed"));
        QVERIFY(twoFactorStatus(m_alice).enrolled);
        QVERIFY(laptop.get(QStringLiteral("/auth/account?notice=twoFactorRemoveUnconfirmed")).response.body
                    .contains("To remove the authenticator, tick the box to confirm."));

        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorRemove"), {{"confirm", "yes"}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=twoFactorRemoved"));
        const TwoFactorStatus status = twoFactorStatus(m_alice);
        QVERIFY(!status.enrolled);
        QVERIFY(!status.pending);
        QCOMPARE(status.recoveryCodesLeft, 0);
        QTRY_COMPARE(audit(QStringLiteral("twoFactorRemove"), m_alice).size(), 1);
        const QByteArray page = laptop.get(QStringLiteral("/auth/account?notice=twoFactorRemoved")).response.body;
        QVERIFY(page.contains("The authenticator was removed."));
        QVERIFY(page.contains("Set up an authenticator app"));
        // Enrolling anew works.
        QCOMPARE(enrol(laptop).size(), 10);
    }

    void twoFactorRefusals_data() { backendsAndStrategies(); }
    void twoFactorRefusals()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        const SessionOptions::Strategy strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        QVERIFY(open(backend, strategy));
        Browser laptop(*m_auth, firefox);
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));

        // A missing CSRF token, another site: refused before anything is done.
        for (const char *action : {"twoFactorBegin", "twoFactorConfirm", "twoFactorNewCodes", "twoFactorRemove"}) {
            const Reply noCsrf = twoFactorPost(laptop, QString::fromLatin1(action), {{"confirm", "yes"}}, false);
            QCOMPARE(noCsrf.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
            const Reply crossSite = twoFactorPost(laptop, QString::fromLatin1(action), {{"confirm", "yes"}}, true, "http://evil.example");
            QCOMPARE(crossSite.response.status, 403);
            const Reply fetchSite = laptop.post(QStringLiteral("/auth/account"), {{"action", QString::fromLatin1(action)}}, true, {},
                                                "cross-site");
            QCOMPARE(fetchSite.response.status, 403);
        }
        QVERIFY(!twoFactorStatus(m_alice).pending);
        QVERIFY(audit(QStringLiteral("twoFactorEnrolBegin"), m_alice).isEmpty());

        // Confirming without an enrolment in progress.
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorConfirm"), {{"code", "123456"}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=twoFactorNoEnrolment"));

        const QStringList recoveryCodes = enrol(laptop);
        QCOMPARE(recoveryCodes.size(), 10);

        // A stale sign-in: begin, new codes and removal send the person to sign in again first.
        ageSignIns();
        const QByteArray toSignIn("http://127.0.0.1:9300/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fauth%2Faccount");
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorNewCodes")).location(), toSignIn);
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorRemove"), {{"confirm", "yes"}}).location(), toSignIn);
        QVERIFY(twoFactorStatus(m_alice).enrolled);
        QCOMPARE(twoFactorStatus(m_alice).recoveryCodesLeft, 10);
        QVERIFY(audit(QStringLiteral("twoFactorRecoveryCodes"), m_alice).isEmpty());
        QVERIFY(audit(QStringLiteral("twoFactorRemove"), m_alice).isEmpty());

        // Signed in again (both steps), the removal works; beginning after a stale sign-in is asked again too.
        QVERIFY(!laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice")));
        QVERIFY(laptop.signIn(QStringLiteral("alice@example.test"), QStringLiteral("password-of-alice"), recoveryCodes.first()));
        freshSignIns();
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorRemove"), {{"confirm", "yes"}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/account?notice=twoFactorRemoved"));
        ageSignIns();
        QCOMPARE(twoFactorPost(laptop, QStringLiteral("twoFactorBegin")).location(), toSignIn);
        QVERIFY(!twoFactorStatus(m_alice).pending);
    }
};

QTEST_GUILESS_MAIN(TestAccountPage)
#include "tst_accountpage.moc"
