// The second step of a sign-in ({basePath}/two-factor; lib/src/twofactor/README.md) driven as a
// browser drives it, after the built-in passwords, on a real SQLite file and a throwaway
// PostgreSQL (skipped when PostgreSQL is not installed), with database and JWT sessions. The
// person enrols through the TwoFactor API; the codes come from this test's own TOTP (RFC 6238,
// tests/support/totpcode.h), not the library's.
#include "support/engineclient.h"
#include "support/migratedcopies.h"
#include "support/postgresserver.h"
#include "support/testpassword.h"
#include "support/totpcode.h"

#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QDateTime>
#include <QPromise>
#include <QUrlQuery>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using namespace Gatehouse::Testing;

namespace {

const QString kSecret = QStringLiteral("two-factor-sign-in-secret-of-forty-characters");
const QString kOrigin = QStringLiteral("http://127.0.0.1:9300");
const QByteArray kCodePage = "http://127.0.0.1:9300/auth/two-factor";
const QByteArray kExpired = "http://127.0.0.1:9300/auth/signin?error=TwoFactorExpired";
const QString kPending = QStringLiteral("authjs.two-factor");
const QString kSession = QStringLiteral("authjs.session-token");

QString totp(const QByteArray &key, qint64 unixSeconds)
{
    return totpCode(key, unixSeconds);
}

//! A six-digit code that is none of the codes valid around \a now.
QString invalidCodeFor(const QByteArray &key, qint64 now)
{
    for (int candidate = 123456;; ++candidate) {
        const QString code = QString::number(candidate);
        if (code != totp(key, now - 30) && code != totp(key, now) && code != totp(key, now + 30))
            return code;
    }
}

//! The key of an enrolment page (in groups of four there), as raw bytes; empty when none.
QByteArray shownKey(const QByteArray &page)
{
    static const QRegularExpression key(QStringLiteral("<code id=\"gh-two-factor-secret\">([A-Z2-7 ]+)</code>"));
    const QRegularExpressionMatch match = key.match(QString::fromUtf8(page));
    return match.hasMatch() ? base32Decode(match.captured(1).remove(QLatin1Char(' '))) : QByteArray();
}

//! The recovery codes a page lists.
QStringList shownRecoveryCodes(const QByteArray &page)
{
    static const QRegularExpression item(QStringLiteral("<li><code>([^<]+)</code></li>"));
    QStringList codes;
    for (const QRegularExpressionMatch &m : item.globalMatch(QString::fromUtf8(page)))
        codes.append(m.captured(1));
    return codes;
}

//! The target of the page's "Continue" link.
QString continueLink(const QByteArray &page)
{
    static const QRegularExpression link(QStringLiteral("id=\"gh-two-factor-continue\" href=\"([^\"]+)\""));
    const QRegularExpressionMatch match = link.match(QString::fromUtf8(page));
    return match.hasMatch() ? match.captured(1).replace(QStringLiteral("&amp;"), QStringLiteral("&")) : QString();
}

//! A browser: an engine client that posts forms with the CSRF token, as the pages do.
class Browser
{
public:
    explicit Browser(const Auth &auth) : m_client(auth) {}

    Reply get(const QString &path, const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        return m_client.get(path, headers);
    }
    Reply post(const QString &path, QList<QPair<QString, QString>> fields,
               const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        fields.prepend({QStringLiteral("csrfToken"), m_client.csrfToken()});
        return m_client.postForm(path, fields, headers);
    }
    Reply signIn(const QString &email, const QString &password = QStringLiteral("correct horse battery"))
    {
        return post(QStringLiteral("/auth/callback/credentials"), {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}});
    }
    Reply code(const QString &code) { return post(QStringLiteral("/auth/two-factor"), {{QStringLiteral("code"), code}}); }
    //! The e-mail address of GET session, empty when signed out.
    QString sessionEmail()
    {
        return m_client.get(QStringLiteral("/auth/session")).json().object().value("user").toObject().value("email").toString();
    }
    QMap<QString, QString> &cookies() { return m_client.cookies; }
    EngineClient &client() { return m_client; }

private:
    EngineClient m_client;
};

} // namespace

class TestTwoFactorSignIn : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PostgresServer> m_pg;
    QString m_pgUnavailable;
    int m_databases = 0;
    MigratedCopies m_copies{m_dir.path()};

    std::shared_ptr<SqlAdapter> m_adapter;
    Config m_config;
    std::unique_ptr<Auth> m_auth;
    QString m_alice;
    QString m_bob;
    QString m_carol;   //!< never enrolled
    QByteArray m_aliceKey;
    QByteArray m_bobKey;
    QStringList m_aliceRecoveryCodes;
    QStringList m_events;  //!< signIn events: the user's id

    QString createUser(const QString &email)
    {
        AdapterUser u;
        u.email = email;
        const QString id = m_adapter->createUser(u).result().id;
        setTestPassword(m_adapter, id, email, QStringLiteral("correct horse battery"));
        return id;
    }

    //! Enrols \a userId through the TwoFactor API; the step now is left unused for the sign-in.
    QPair<QByteArray, QStringList> enrol(const QString &userId, const QString &email)
    {
        TwoFactorOptions options;
        options.clock = [this] { return clockNow(); };
        const TwoFactor twoFactor(m_adapter, {kSecret}, options);
        const TotpEnrolmentOffer offer = twoFactor.beginEnrolment(userId, email).result();
        const QByteArray key = base32Decode(offer.secret);
        const QStringList codes = twoFactor.confirmEnrolment(userId, totp(key, clockSecs() - 30)).result();
        return {key, codes};
    }

    // The second step's clock (its age and its codes' time steps) runs ahead of the system's:
    // by whole steps skipped to find room in one, and by an hour while a test ages the steps.
    qint64 m_roomAhead = 0;
    qint64 m_stepClockAhead = 0;
    QDateTime clockNow() const { return QDateTime::currentDateTimeUtc().addSecs(m_roomAhead + m_stepClockAhead); }
    qint64 clockSecs() const { return clockNow().toSecsSinceEpoch(); }
    void ageSteps() { m_stepClockAhead = 3600; }
    void freshSteps() { m_stepClockAhead = 0; }
    /*!
     * Moves the clock on to the start of the next 30 s step when fewer than 12 s of the current
     * one remain, so that the codes of the previous, current and next step stay valid while a
     * test row runs: the time a person would wait for, skipped.
     */
    void roomInStep()
    {
        const qint64 into = clockSecs() % 30;
        if (into > 18)
            m_roomAhead += 30 - into;
    }

    bool open(const QString &backend, bool jwt, const std::function<void(Config &)> &adjust = {})
    {
        const QString name = QStringLiteral("twofactor%1").arg(++m_databases);
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
        m_alice = createUser(QStringLiteral("alice@example.test"));
        m_bob = createUser(QStringLiteral("bob@example.test"));
        m_carol = createUser(QStringLiteral("carol@example.test"));
        m_roomAhead = 0;
        m_stepClockAhead = 0;
        roomInStep();
        std::tie(m_aliceKey, m_aliceRecoveryCodes) = enrol(m_alice, QStringLiteral("alice@example.test"));
        m_bobKey = enrol(m_bob, QStringLiteral("bob@example.test")).first;
        m_events.clear();
        m_config = Config();
        m_config.secret = {kSecret};
        m_config.trustHost = true;
        m_config.adapter = m_adapter;
        m_config.session.strategy = jwt ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        m_config.providers = {passwordCredentialsProvider(m_adapter)};
        m_config.events.signIn = [this](const QJsonObject &m) { m_events << m.value("user").toObject().value("id").toString(); };
        // A test ages the pending steps at once instead of sleeping past their maxAge, so a slow
        // machine cannot make a fresh step look expired.
        m_config.twoFactor.clock = [this] { return clockNow(); };
        if (adjust)
            adjust(m_config);
        m_auth = std::make_unique<Auth>(m_config);
        return true;
    }

    QList<AuditEvent> audit(const QString &type, const QString &userId)
    {
        AuditFilter filter;
        filter.type = type;
        filter.userId = userId;
        return m_adapter->auditEvents(filter, 50).result();
    }

    //! The code of \a key an authenticator app shows now (on the second step's clock), or \a offset seconds on.
    QString now(const QByteArray &key, qint64 offset = 0) const { return totp(key, clockSecs() + offset); }

    //! The first factor of \a email in \a browser, which must end at the code page.
    static bool toCodePage(Browser &browser, const QString &email)
    {
        const Reply reply = browser.signIn(email);
        if (reply.response.status != 302 || reply.location() != kCodePage) {
            qWarning("first factor of %s went to %s", qPrintable(email), reply.location().constData());
            return false;
        }
        return true;
    }

    //! An email provider whose links are captured into \a sent instead of mailed.
    static Provider capturedEmail(QList<VerificationRequest> *sent)
    {
        Provider email;
        email.id = email.name = email.type = QStringLiteral("email");
        email.options = QJsonObject{{"from", "Gatehouse <no-reply@example.test>"}};
        email.sendVerificationRequest = [sent](const VerificationRequest &request) {
            sent->append(request);
            return QtFuture::makeReadyFuture();
        };
        return email;
    }

    //! Asks for a sign-in link for \a email in \a browser and follows it: the first factor.
    static Reply followEmailLink(Browser &browser, const QString &email, const QList<VerificationRequest> &sent)
    {
        const qsizetype before = sent.size();
        const Reply asked = browser.post(QStringLiteral("/auth/signin/email"), {{QStringLiteral("email"), email}});
        if (asked.location() != QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email")
            || sent.size() != before + 1) {
            qWarning("no link was sent to %s: %s", qPrintable(email), asked.location().constData());
            return asked;
        }
        return browser.get(sent.last().url.mid(kOrigin.size()));
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

    static void backendsAndStrategies()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<bool>("jwt");
        for (const char *backend : {"sqlite", "postgresql"}) {
            QTest::addRow("%s database", backend) << QString::fromLatin1(backend) << false;
            QTest::addRow("%s jwt", backend) << QString::fromLatin1(backend) << true;
        }
    }

    void codeCompletesSignIn_data() { backendsAndStrategies(); }
    void codeCompletesSignIn()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        Browser browser(*m_auth);
        // The first factor: no session yet, the pending step and the code page instead.
        const QString callback = kOrigin + QStringLiteral("/after-sign-in");
        const Reply first = browser.post(QStringLiteral("/auth/callback/credentials"),
                                         {{"email", "alice@example.test"}, {"password", "correct horse battery"}, {"callbackUrl", callback}});
        QCOMPARE(first.response.status, 302);
        QCOMPARE(first.location(), kCodePage);
        QVERIFY(!first.cookie(kSession));
        const SetCookie *pending = first.cookie(kPending);
        QVERIFY(pending);
        QVERIFY(pending->options.httpOnly);
        QCOMPARE(pending->options.maxAge, std::optional<qint64>(300));
        QVERIFY(!pending->value.contains(QStringLiteral("alice")));  // sealed
        QCOMPARE(browser.sessionEmail(), QString());
        QVERIFY(m_events.isEmpty());
        QVERIFY(audit(QStringLiteral("signIn"), m_alice).isEmpty());

        // The code page: a form without scripts, under a strict CSP, in the browser's language.
        const Reply page = browser.get(QStringLiteral("/auth/two-factor"), {{"Accept-Language", "de"}});
        QCOMPARE(page.response.status, 200);
        QVERIFY(page.response.body.contains("name=\"code\""));
        QVERIFY(page.response.body.contains("action=\"http://127.0.0.1:9300/auth/two-factor\""));
        QVERIFY(page.response.body.contains("name=\"csrfToken\""));
        QVERIFY(page.response.body.contains("Bestätigung in zwei Schritten"));
        QVERIFY(!page.response.body.contains("<script"));
        QVERIFY(page.response.header("content-security-policy").contains("script-src 'none'")
                || !page.response.header("content-security-policy").contains("script-src"));
        QCOMPARE(page.response.header("cache-control"), QByteArray("no-store"));

        // The code: the session, as the password alone would have made it.
        const Reply done = browser.code(now(m_aliceKey));
        QCOMPARE(done.response.status, 302);
        QCOMPARE(done.location(), callback.toUtf8());
        QVERIFY(done.cookie(kSession));
        QVERIFY(done.cookie(kPending));
        QCOMPARE(done.cookie(kPending)->options.maxAge, std::optional<qint64>(0));
        QVERIFY(!browser.cookies().contains(kPending));
        QCOMPARE(browser.sessionEmail(), QStringLiteral("alice@example.test"));
        QCOMPARE(m_events, QStringList{m_alice});
        QTRY_COMPARE(audit(QStringLiteral("signIn"), m_alice).size(), 1);
        QTRY_COMPARE(audit(QStringLiteral("twoFactorVerify"), m_alice).size(), 1);
        const QList<AuditEvent> verified = audit(QStringLiteral("twoFactorVerify"), m_alice);
        QCOMPARE(verified.first().detail.value("method").toString(), QStringLiteral("totp"));
    }

    void returnRedirectClients_data() { backendsAndStrategies(); }
    void returnRedirectClients()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        Browser browser(*m_auth);
        const QList<QPair<QByteArray, QByteArray>> json{{"X-Auth-Return-Redirect", "1"}};
        const Reply first = browser.post(QStringLiteral("/auth/callback/credentials"),
                                         {{"email", "alice@example.test"}, {"password", "correct horse battery"}}, json);
        QCOMPARE(first.response.status, 200);
        QCOMPARE(first.json().object().value("url").toString(), QString::fromUtf8(kCodePage));
        QVERIFY(first.cookie(kPending));
        const Reply done = browser.post(QStringLiteral("/auth/two-factor"), {{"code", now(m_aliceKey)}}, json);
        QCOMPARE(done.json().object().value("url").toString(), kOrigin);
        QCOMPARE(browser.sessionEmail(), QStringLiteral("alice@example.test"));
    }

    void wrongCode_data() { backendsAndStrategies(); }
    void wrongCode()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        const Reply wrong = browser.code(invalidCodeFor(m_aliceKey, clockSecs()));
        QCOMPARE(wrong.location(), kCodePage + "?error=InvalidCode");
        QVERIFY(!wrong.cookie(kSession));
        QCOMPARE(browser.sessionEmail(), QString());
        const Reply page = browser.get(QStringLiteral("/auth/two-factor?error=InvalidCode"));
        QVERIFY(page.response.body.contains("That code is not valid."));
        QTRY_COMPARE(audit(QStringLiteral("twoFactorFailure"), m_alice).size(), 1);
        // The step stays: the right code still completes it.
        QCOMPARE(browser.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
        QCOMPARE(browser.sessionEmail(), QStringLiteral("alice@example.test"));
    }

    void replayedCode_data() { backendsAndStrategies(); }
    void replayedCode()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        const QString code = now(m_aliceKey);
        Browser first(*m_auth);
        QVERIFY(toCodePage(first, QStringLiteral("alice@example.test")));
        QCOMPARE(first.code(code).location(), kOrigin.toUtf8());
        // The same code in another sign-in (an onlooker's): refused.
        Browser second(*m_auth);
        QVERIFY(toCodePage(second, QStringLiteral("alice@example.test")));
        QCOMPARE(second.code(code).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(second.sessionEmail(), QString());
        // The next step's code is new: accepted.
        QCOMPARE(second.code(now(m_aliceKey, 30)).location(), kOrigin.toUtf8());
        QCOMPARE(second.sessionEmail(), QStringLiteral("alice@example.test"));
    }

    void expiredStep_data() { backendsAndStrategies(); }
    void expiredStep()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        const QString pending = browser.cookies().value(kPending);
        ageSteps();
        browser.cookies().insert(kPending, pending);  // a browser that kept it longer than Max-Age
        QCOMPARE(browser.get(QStringLiteral("/auth/two-factor")).location(), kExpired);
        browser.cookies().insert(kPending, pending);
        const Reply late = browser.code(now(m_aliceKey));
        QCOMPARE(late.location(), kExpired);
        QVERIFY(!late.cookie(kSession));
        QCOMPARE(browser.sessionEmail(), QString());
        // The code was not even checked: it still works for a new sign-in.
        freshSteps();
        Browser again(*m_auth);
        QVERIFY(toCodePage(again, QStringLiteral("alice@example.test")));
        QCOMPARE(again.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
    }

    void recoveryCodeOnce_data() { backendsAndStrategies(); }
    void recoveryCodeOnce()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        QCOMPARE(m_aliceRecoveryCodes.size(), 10);
        // Typed as people type it: lower case, spaces instead of hyphens.
        const QString recovery = m_aliceRecoveryCodes.at(3).toLower().replace(QLatin1Char('-'), QLatin1Char(' '));
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        QCOMPARE(browser.code(recovery).location(), kOrigin.toUtf8());
        QCOMPARE(browser.sessionEmail(), QStringLiteral("alice@example.test"));
        QTRY_COMPARE(audit(QStringLiteral("twoFactorVerify"), m_alice).size(), 1);
        const QList<AuditEvent> verified = audit(QStringLiteral("twoFactorVerify"), m_alice);
        QCOMPARE(verified.first().detail.value("method").toString(), QStringLiteral("recoveryCode"));
        QCOMPARE(verified.first().detail.value("recoveryCodesLeft").toInt(), 9);

        Browser again(*m_auth);
        QVERIFY(toCodePage(again, QStringLiteral("alice@example.test")));
        QCOMPARE(again.code(m_aliceRecoveryCodes.at(3)).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(again.sessionEmail(), QString());
    }

    void rateLimitPerPerson_data() { backendsAndStrategies(); }
    void rateLimitPerPerson()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        // Each failure is counted before its answer: no waiting between the attempts.
        for (int i = 0; i < 5; ++i)  // TwoFactorOptions::maxFailures
            QCOMPARE(browser.code(invalidCodeFor(m_aliceKey, clockSecs())).location(), kCodePage + "?error=InvalidCode");
        // Limited: the right code is not even checked, from any address.
        QCOMPARE(browser.code(now(m_aliceKey)).location(), kCodePage + "?error=TooManyAttempts");
        Browser elsewhere(*m_auth);
        elsewhere.client().address = QHostAddress(QStringLiteral("127.0.0.2"));
        QVERIFY(toCodePage(elsewhere, QStringLiteral("alice@example.test")));
        QCOMPARE(elsewhere.code(now(m_aliceKey)).location(), kCodePage + "?error=TooManyAttempts");
        QCOMPARE(elsewhere.sessionEmail(), QString());
        const Reply page = browser.get(QStringLiteral("/auth/two-factor?error=TooManyAttempts"));
        QVERIFY(page.response.body.contains("Too many wrong codes."));
        // Another person is not affected.
        Browser bob(*m_auth);
        QVERIFY(toCodePage(bob, QStringLiteral("bob@example.test")));
        QCOMPARE(bob.code(now(m_bobKey)).location(), kOrigin.toUtf8());
    }

    void rateLimitPerAddress_data() { backendsAndStrategies(); }
    void rateLimitPerAddress()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt, [](Config &c) { c.rateLimit.maxFailuresPerAddress = 3; }))
            return;
        // Two people's wrong codes from one address: fewer than either one's own limit.
        Browser alice(*m_auth);
        QVERIFY(toCodePage(alice, QStringLiteral("alice@example.test")));
        Browser bob(*m_auth);
        QVERIFY(toCodePage(bob, QStringLiteral("bob@example.test")));
        // Each failure is counted before its answer: no waiting between the attempts.
        QCOMPARE(alice.code(invalidCodeFor(m_aliceKey, clockSecs())).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(alice.code(invalidCodeFor(m_aliceKey, clockSecs())).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(bob.code(invalidCodeFor(m_bobKey, clockSecs())).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(bob.code(now(m_bobKey)).location(), kCodePage + "?error=TooManyAttempts");
        QCOMPARE(bob.sessionEmail(), QString());
        QTRY_COMPARE(audit(QStringLiteral("twoFactorFailure"), m_bob).size(), 2);
        // From another address the right code works.
        Browser elsewhere(*m_auth);
        elsewhere.client().address = QHostAddress(QStringLiteral("127.0.0.2"));
        QVERIFY(toCodePage(elsewhere, QStringLiteral("bob@example.test")));
        QCOMPARE(elsewhere.code(now(m_bobKey)).location(), kOrigin.toUtf8());
    }

    void stepOfAnotherPerson_data() { backendsAndStrategies(); }
    void stepOfAnotherPerson()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        // Bob (knowing his own password and code) gets hold of Alice's pending step.
        Browser alice(*m_auth);
        QVERIFY(toCodePage(alice, QStringLiteral("alice@example.test")));
        Browser bob(*m_auth);
        QVERIFY(toCodePage(bob, QStringLiteral("bob@example.test")));
        bob.cookies().insert(kPending, alice.cookies().value(kPending));
        QCOMPARE(bob.code(now(m_bobKey)).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(bob.sessionEmail(), QString());
        // A step altered by a byte does not open at all.
        QString altered = alice.cookies().value(kPending);
        altered[altered.size() - 5] = altered.at(altered.size() - 5) == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        bob.cookies().insert(kPending, altered);
        QCOMPARE(bob.code(now(m_bobKey)).location(), kExpired);
        QVERIFY(m_events.isEmpty());
        // Alice's own step is untouched.
        QCOMPARE(alice.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
        QCOMPARE(alice.sessionEmail(), QStringLiteral("alice@example.test"));
    }

    void notUsableAfterSignOut_data() { backendsAndStrategies(); }
    void notUsableAfterSignOut()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        const QString pending = browser.cookies().value(kPending);
        // The code page's cancel button.
        const Reply out = browser.post(QStringLiteral("/auth/signout"), {});
        QCOMPARE(out.response.status, 302);
        QVERIFY(out.cookie(kPending));
        QCOMPARE(out.cookie(kPending)->options.maxAge, std::optional<qint64>(0));
        QVERIFY(!browser.cookies().contains(kPending));
        QCOMPARE(browser.get(QStringLiteral("/auth/two-factor")).location(), kExpired);
        // A copy of the cookie kept from before is spent.
        Browser copy(*m_auth);
        copy.cookies().insert(kPending, pending);
        QCOMPARE(copy.code(now(m_aliceKey)).location(), kExpired);
        QCOMPARE(copy.sessionEmail(), QString());
        QVERIFY(m_events.isEmpty());
    }

    void spentOnceAcrossServers_data() { backendsAndStrategies(); }
    void spentOnceAcrossServers()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt))
            return;
        const Auth other(m_config);  // a second server on the same database
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        const QString pending = browser.cookies().value(kPending);
        QCOMPARE(browser.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
        // The same step, with the next (valid, unused) code, on the other server: spent.
        Browser replay(other);
        replay.cookies().insert(kPending, pending);
        QCOMPARE(replay.code(now(m_aliceKey, 30)).location(), kExpired);
        QCOMPARE(replay.sessionEmail(), QString());
        QCOMPARE(m_events.size(), 1);
    }

    void withoutAuthenticator_data() { backendsAndStrategies(); }
    void withoutAuthenticator()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        // Carol never enrolled: exactly what she saw before, as with the policy "never".
        if (!open(backend, jwt))
            return;
        Browser carol(*m_auth);
        const Reply optional = carol.signIn(QStringLiteral("carol@example.test"));
        QCOMPARE(optional.location(), kOrigin.toUtf8());
        QVERIFY(!optional.cookie(kPending));
        QCOMPARE(carol.sessionEmail(), QStringLiteral("carol@example.test"));

        Config never = m_config;
        never.twoFactor.required = TwoFactorSignInOptions::Required::Never;
        const Auth withoutStep(never);
        Browser before(withoutStep);
        const Reply reference = before.signIn(QStringLiteral("carol@example.test"));
        QCOMPARE(optional.response.status, reference.response.status);
        QCOMPARE(optional.location(), reference.location());
        QCOMPARE(optional.cookieNames(), reference.cookieNames());
        QCOMPARE(optional.response.headers.size(), reference.response.headers.size());
        // "never": no step even for Alice, who enrolled.
        Browser alice(withoutStep);
        const Reply direct = alice.signIn(QStringLiteral("alice@example.test"));
        QCOMPARE(direct.location(), kOrigin.toUtf8());
        QVERIFY(!direct.cookie(kPending));
        QCOMPARE(alice.sessionEmail(), QStringLiteral("alice@example.test"));
        // Without a pending step the code page and the code go to the sign-in page.
        Browser stranger(*m_auth);
        QCOMPARE(stranger.get(QStringLiteral("/auth/two-factor")).location(), kExpired);
        QCOMPARE(stranger.code(QStringLiteral("123456")).location(), kExpired);
    }

    void emailLinkFirstFactor_data() { backendsAndStrategies(); }
    void emailLinkFirstFactor()
    {
        // The first factor is a sign-in link (captured instead of mailed): the link leads to the
        // code page, and the code to the session.
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        QList<VerificationRequest> sent;
        if (!open(backend, jwt, [&sent](Config &c) {
                c.providers.append(capturedEmail(&sent));
            }))
            return;
        Browser browser(*m_auth);
        const Reply link = followEmailLink(browser, QStringLiteral("alice@example.test"), sent);
        QCOMPARE(link.location(), kCodePage);
        QVERIFY(!link.cookie(kSession));
        QVERIFY(link.cookie(kPending));
        QCOMPARE(browser.sessionEmail(), QString());
        QCOMPARE(browser.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
        QCOMPARE(browser.sessionEmail(), QStringLiteral("alice@example.test"));
        QCOMPARE(m_events, QStringList{m_alice});
    }

    // Policy "always": Carol has no authenticator, so the step enrols her. The page shows the QR
    // code and the key; a wrong code is refused; the code of the shown key turns it on, signs
    // her in and shows the recovery codes once, with a link on to the callback URL.
    void alwaysEnrolsAtSignIn_data() { backendsAndStrategies(); }
    void alwaysEnrolsAtSignIn()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt, [](Config &c) { c.twoFactor.required = TwoFactorSignInOptions::Required::Always; }))
            return;
        Browser browser(*m_auth);
        const QString callback = kOrigin + QStringLiteral("/after-sign-in?tab=1");
        const Reply first = browser.post(QStringLiteral("/auth/callback/credentials"),
                                         {{"email", "carol@example.test"}, {"password", "correct horse battery"}, {"callbackUrl", callback}});
        QCOMPARE(first.response.status, 302);
        QCOMPARE(first.location(), kCodePage);
        QVERIFY(!first.cookie(kSession));
        QVERIFY(first.cookie(kPending));
        QCOMPARE(browser.sessionEmail(), QString());
        QVERIFY(m_events.isEmpty());

        // The enrolment page: QR code as a data: image, the key in groups, no script, no-store.
        const Reply page = browser.get(QStringLiteral("/auth/two-factor"));
        QCOMPARE(page.response.status, 200);
        QVERIFY(page.response.body.contains("<img src=\"data:image/svg+xml;base64,"));
        QVERIFY(page.response.body.contains("The app will show: 127.0.0.1 (carol@example.test)"));
        QVERIFY(page.response.body.contains("name=\"code\""));
        QVERIFY(!page.response.body.contains("<script"));
        QVERIFY(!page.response.header("content-security-policy").contains("unsafe-inline"));
        QCOMPARE(page.response.header("cache-control"), QByteArray("no-store"));
        const QByteArray key = shownKey(page.response.body);
        QCOMPARE(key.size(), 20);
        // The same key on a reload: the page shows the step's enrolment, it does not begin one.
        QCOMPARE(shownKey(browser.get(QStringLiteral("/auth/two-factor")).response.body), key);
        const TwoFactor twoFactor(m_adapter, {kSecret});
        QVERIFY(twoFactor.status(m_carol).result().pending);

        // A wrong code: back to the page with the error, the same key, no session.
        const Reply wrong = browser.code(invalidCodeFor(key, clockSecs()));
        QCOMPARE(wrong.location(), kCodePage + "?error=InvalidCode");
        QVERIFY(!wrong.cookie(kSession));
        const Reply again = browser.get(QStringLiteral("/auth/two-factor?error=InvalidCode"));
        QVERIFY(again.response.body.contains("That code is not valid."));
        QCOMPARE(shownKey(again.response.body), key);
        QCOMPARE(browser.sessionEmail(), QString());
        QTRY_COMPARE(audit(QStringLiteral("twoFactorEnrolFailure"), m_carol).size(), 1);

        // The code of the shown key: signed in, and the codes shown once (200, no redirect).
        roomInStep();
        const Reply done = browser.code(now(key));
        QCOMPARE(done.response.status, 200);
        QCOMPARE(done.response.header("cache-control"), QByteArray("no-store"));
        QVERIFY(done.cookie(kSession));
        QVERIFY(done.cookie(kPending));
        QCOMPARE(done.cookie(kPending)->options.maxAge, std::optional<qint64>(0));
        const QStringList codes = shownRecoveryCodes(done.response.body);
        QCOMPARE(codes.size(), 10);
        QCOMPARE(continueLink(done.response.body), callback);
        QVERIFY(!done.response.body.contains("<script"));
        QCOMPARE(browser.sessionEmail(), QStringLiteral("carol@example.test"));
        QCOMPARE(m_events, QStringList{m_carol});
        QTRY_COMPARE(audit(QStringLiteral("signIn"), m_carol).size(), 1);
        QTRY_COMPARE(audit(QStringLiteral("twoFactorEnrol"), m_carol).size(), 1);
        const TwoFactorStatus status = twoFactor.status(m_carol).result();
        QVERIFY(status.enrolled);
        QCOMPARE(status.recoveryCodesLeft, 10);

        // The next sign-in asks for a code (enrolled now), and a shown recovery code is real.
        Browser next(*m_auth);
        QVERIFY(toCodePage(next, QStringLiteral("carol@example.test")));
        const QByteArray codePage = next.get(QStringLiteral("/auth/two-factor")).response.body;
        QVERIFY(codePage.contains("recovery codes"));
        QVERIFY(shownKey(codePage).isEmpty());
        QCOMPARE(next.code(codes.first()).location(), kOrigin.toUtf8());
        QCOMPARE(next.sessionEmail(), QStringLiteral("carol@example.test"));
        QCOMPARE(twoFactor.status(m_carol).result().recoveryCodesLeft, 9);
        // An enrolled person under "always" is asked for a code as under "optional".
        Browser alice(*m_auth);
        QVERIFY(toCodePage(alice, QStringLiteral("alice@example.test")));
        QCOMPARE(alice.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
    }

    // X-Auth-Return-Redirect clients get the page's URL; a new sign-in replaces the enrolment:
    // the old page's key no longer confirms anything, and its step nothing once she enrolled.
    void alwaysRestartReplacesEnrolment_data() { backendsAndStrategies(); }
    void alwaysRestartReplacesEnrolment()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt, [](Config &c) { c.twoFactor.required = TwoFactorSignInOptions::Required::Always; }))
            return;
        const QList<QPair<QByteArray, QByteArray>> json{{"X-Auth-Return-Redirect", "1"}};
        Browser earlier(*m_auth);
        const Reply first = earlier.post(QStringLiteral("/auth/callback/credentials"),
                                         {{"email", "carol@example.test"}, {"password", "correct horse battery"}}, json);
        QCOMPARE(first.response.status, 200);
        QCOMPARE(first.json().object().value("url").toString().toUtf8(), kCodePage);
        QVERIFY(first.cookie(kPending));
        const QByteArray oldKey = shownKey(earlier.get(QStringLiteral("/auth/two-factor")).response.body);
        QCOMPARE(oldKey.size(), 20);

        Browser later(*m_auth);
        QVERIFY(toCodePage(later, QStringLiteral("carol@example.test")));
        const QByteArray newKey = shownKey(later.get(QStringLiteral("/auth/two-factor")).response.body);
        QCOMPARE(newKey.size(), 20);
        QVERIFY(newKey != oldKey);
        roomInStep();
        QCOMPARE(earlier.code(now(oldKey)).location(), kCodePage + "?error=InvalidCode");
        QCOMPARE(earlier.sessionEmail(), QString());
        const Reply done = later.code(now(newKey));
        QCOMPARE(done.response.status, 200);
        QCOMPARE(later.sessionEmail(), QStringLiteral("carol@example.test"));
        // The earlier page's step has nothing left to confirm: sign in again.
        QCOMPARE(earlier.code(now(newKey)).location(), kExpired);
        QCOMPARE(earlier.sessionEmail(), QString());
    }

    // An expired enrolment step completes nothing and enrols nobody.
    void alwaysExpiredStep_data() { backendsAndStrategies(); }
    void alwaysExpiredStep()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt, [](Config &c) { c.twoFactor.required = TwoFactorSignInOptions::Required::Always; }))
            return;
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("carol@example.test")));
        const QByteArray key = shownKey(browser.get(QStringLiteral("/auth/two-factor")).response.body);
        QCOMPARE(key.size(), 20);
        ageSteps();
        QCOMPARE(browser.get(QStringLiteral("/auth/two-factor")).location(), kExpired);
        QCOMPARE(browser.code(now(key)).location(), kExpired);
        QCOMPARE(browser.sessionEmail(), QString());
        const TwoFactorStatus status = TwoFactor(m_adapter, {kSecret}).status(m_carol).result();
        QVERIFY(!status.enrolled);
        QVERIFY(m_events.isEmpty());
    }

    // An email link as the first factor under "always": the link leads to the enrolment.
    void alwaysEmailFirstFactor_data() { backendsAndStrategies(); }
    void alwaysEmailFirstFactor()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        QList<VerificationRequest> sent;
        if (!open(backend, jwt, [&sent](Config &c) {
                c.twoFactor.required = TwoFactorSignInOptions::Required::Always;
                c.providers.append(capturedEmail(&sent));
            }))
            return;
        Browser browser(*m_auth);
        const Reply link = followEmailLink(browser, QStringLiteral("carol@example.test"), sent);
        QCOMPARE(link.location(), kCodePage);
        QVERIFY(!link.cookie(kSession));
        const QByteArray key = shownKey(browser.get(QStringLiteral("/auth/two-factor")).response.body);
        QCOMPARE(key.size(), 20);
        roomInStep();
        const Reply done = browser.code(now(key));
        QCOMPARE(done.response.status, 200);
        QCOMPARE(shownRecoveryCodes(done.response.body).size(), 10);
        QCOMPARE(continueLink(done.response.body), kOrigin);
        QCOMPARE(browser.sessionEmail(), QStringLiteral("carol@example.test"));
        QCOMPARE(m_events, QStringList{m_carol});
    }

    // twoFactor.requiredGroups under "optional": a member without an authenticator enrols, a
    // non-member signs in as before.
    void requiredGroups_data() { backendsAndStrategies(); }
    void requiredGroups()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt, [](Config &c) { c.twoFactor.requiredGroups = {QStringLiteral("admins")}; }))
            return;
        const QString dave = createUser(QStringLiteral("dave@example.test"));
        QVERIFY(m_adapter->addUserGroup(m_carol, QStringLiteral("admins")).result());
        QVERIFY(m_adapter->addUserGroup(dave, QStringLiteral("staff")).result());

        Browser member(*m_auth);
        QVERIFY(toCodePage(member, QStringLiteral("carol@example.test")));
        const QByteArray key = shownKey(member.get(QStringLiteral("/auth/two-factor")).response.body);
        QCOMPARE(key.size(), 20);
        roomInStep();
        QCOMPARE(member.code(now(key)).response.status, 200);
        QCOMPARE(member.sessionEmail(), QStringLiteral("carol@example.test"));

        Browser other(*m_auth);
        const Reply direct = other.signIn(QStringLiteral("dave@example.test"));
        QCOMPARE(direct.location(), kOrigin.toUtf8());
        QVERIFY(!direct.cookie(kPending));
        QCOMPARE(other.sessionEmail(), QStringLiteral("dave@example.test"));
        QVERIFY(!TwoFactor(m_adapter, {kSecret}).status(dave).result().pending);
    }

    static void strategies()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<bool>("jwt");
        QTest::addRow("database") << QStringLiteral("sqlite") << false;
        QTest::addRow("jwt") << QStringLiteral("sqlite") << true;
    }

    // The twoFactor callback (callbacks.h) decides from the policy's proposal: here it waives
    // the code for alice, asks one of carol (who has no app: she enrols) and keeps bob's.
    void callbackDecidesTheStep_data() { strategies(); }
    void callbackDecidesTheStep()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        QList<TwoFactorParams> asked;
        if (!open(backend, jwt, [&asked](Config &c) {
                c.callbacks.twoFactor = [&asked](const TwoFactorParams &params) {
                    asked << params;
                    const QString email = params.user.value("email").toString();
                    if (email == QLatin1String("alice@example.test"))
                        return QtFuture::makeReadyFuture(SecondStep::None);
                    if (email == QLatin1String("carol@example.test"))
                        return QtFuture::makeReadyFuture(SecondStep::Code);
                    return QtFuture::makeReadyFuture(params.proposed);
                };
            }))
            return;
        Browser alice(*m_auth);
        const Reply waived = alice.signIn(QStringLiteral("alice@example.test"));
        QCOMPARE(waived.location(), kOrigin.toUtf8());
        QVERIFY(!waived.cookie(kPending));
        QCOMPARE(alice.sessionEmail(), QStringLiteral("alice@example.test"));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().user.value("id").toString(), m_alice);
        QCOMPARE(asked.first().account.value("provider").toString(), QStringLiteral("credentials"));
        QVERIFY(asked.first().enrolled);
        QCOMPARE(asked.first().proposed, SecondStep::Code);

        // "Code" for a person without an app: the step enrols one.
        Browser carol(*m_auth);
        QVERIFY(toCodePage(carol, QStringLiteral("carol@example.test")));
        QVERIFY(!asked.last().enrolled);
        QCOMPARE(asked.last().proposed, SecondStep::None);
        const QByteArray key = shownKey(carol.get(QStringLiteral("/auth/two-factor")).response.body);
        QCOMPARE(key.size(), 20);
        roomInStep();
        QCOMPARE(carol.code(now(key)).response.status, 200);
        QCOMPARE(carol.sessionEmail(), QStringLiteral("carol@example.test"));

        Browser bob(*m_auth);
        QVERIFY(toCodePage(bob, QStringLiteral("bob@example.test")));
        QCOMPARE(bob.code(now(m_bobKey)).location(), kOrigin.toUtf8());
        QCOMPARE(bob.sessionEmail(), QStringLiteral("bob@example.test"));
        QCOMPARE(asked.size(), 3);
    }

    // A callback that fails (throws, or its future fails) refuses the sign-in: no session, no step.
    void failingCallbackRefuses()
    {
        bool throwNow = true;
        if (!open(QStringLiteral("sqlite"), true, [&throwNow](Config &c) {
                c.callbacks.twoFactor = [&throwNow](const TwoFactorParams &) -> QFuture<SecondStep> {
                    if (throwNow)
                        throw std::runtime_error("policy service unreachable");
                    QPromise<SecondStep> failed;
                    failed.start();
                    failed.setException(std::make_exception_ptr(std::runtime_error("policy service said no")));
                    failed.finish();
                    return failed.future();
                };
            }))
            return;
        for (bool thrown : {true, false}) {
            throwNow = thrown;
            Browser browser(*m_auth);
            const Reply refused = browser.signIn(QStringLiteral("bob@example.test"));
            QVERIFY2(refused.location().contains("error=AccessDenied"), refused.location().constData());
            QVERIFY(!refused.cookie(kPending));
            QVERIFY(!refused.cookie(kSession));
            QCOMPARE(browser.sessionEmail(), QString());
        }
        QVERIFY(m_events.isEmpty());
    }

    // pages.twoFactor: the application's own code page, which reads the step as JSON and posts
    // the code to {basePath}/two-factor.
    void customCodePage_data() { strategies(); }
    void customCodePage()
    {
        QFETCH(QString, backend);
        QFETCH(bool, jwt);
        if (!open(backend, jwt, [](Config &c) { c.pages.twoFactor = QStringLiteral("/my/code"); }))
            return;
        const QByteArray customPage = kOrigin.toUtf8() + "/my/code";
        const QList<QPair<QByteArray, QByteArray>> json{{"Accept", "application/json"}};
        Browser browser(*m_auth);
        const Reply first = browser.signIn(QStringLiteral("bob@example.test"));
        QCOMPARE(first.location(), customPage);
        QVERIFY(first.cookie(kPending));
        QCOMPARE(browser.get(QStringLiteral("/auth/two-factor")).location(), customPage);

        const Reply step = browser.get(QStringLiteral("/auth/two-factor"), json);
        QCOMPARE(step.response.status, 200);
        QCOMPARE(step.response.header("cache-control"), QByteArray("no-store"));
        const QJsonObject shown = step.json().object();
        QCOMPARE(shown.value("step").toString(), QStringLiteral("code"));
        QCOMPARE(shown.value("user").toObject().value("email").toString(), QStringLiteral("bob@example.test"));
        const QDateTime expires = QDateTime::fromString(shown.value("expires").toString(), Qt::ISODateWithMs);
        QVERIFY(qAbs(clockNow().secsTo(expires) - 300) <= 5);
        QVERIFY(!shown.contains("enrolment"));
        QVERIFY(!step.response.body.contains("access_token"));

        const Reply wrong = browser.code(invalidCodeFor(m_bobKey, clockSecs()));
        QCOMPARE(wrong.location(), customPage + "?error=InvalidCode");
        QCOMPARE(browser.get(QStringLiteral("/auth/two-factor?error=InvalidCode"), json).json().object().value("error").toString(),
                 QStringLiteral("InvalidCode"));
        QCOMPARE(browser.code(now(m_bobKey)).location(), kOrigin.toUtf8());
        QCOMPARE(browser.sessionEmail(), QStringLiteral("bob@example.test"));

        // No step (completed): 401 and the error the sign-in page explains.
        const Reply gone = browser.get(QStringLiteral("/auth/two-factor"), json);
        QCOMPARE(gone.response.status, 401);
        QCOMPARE(gone.json().object().value("error").toString(), QStringLiteral("TwoFactorExpired"));
    }

    // An enrolment as JSON: the key and the otpauth URI an application's page turns into a QR code.
    void customEnrolmentPage()
    {
        if (!open(QStringLiteral("sqlite"), false, [](Config &c) {
                c.pages.twoFactor = QStringLiteral("https://app.example.test/code");
                c.twoFactor.required = TwoFactorSignInOptions::Required::Always;
            }))
            return;
        Browser browser(*m_auth);
        QCOMPARE(browser.signIn(QStringLiteral("carol@example.test")).location(), QByteArray("https://app.example.test/code"));
        const QJsonObject shown = browser.get(QStringLiteral("/auth/two-factor"), {{"Accept", "application/json"}}).json().object();
        QCOMPARE(shown.value("step").toString(), QStringLiteral("enrolment"));
        const QJsonObject enrolment = shown.value("enrolment").toObject();
        const QByteArray key = base32Decode(enrolment.value("secret").toString());
        QCOMPARE(key.size(), 20);
        const QUrl uri(enrolment.value("uri").toString());
        QCOMPARE(uri.scheme(), QStringLiteral("otpauth"));
        QCOMPARE(QUrlQuery(uri).queryItemValue("secret"), enrolment.value("secret").toString());
        QCOMPARE(enrolment.value("accountName").toString(), QStringLiteral("carol@example.test"));
        QVERIFY(enrolment.value("qrCodeSvg").toString().contains(QStringLiteral("<svg")));
        roomInStep();
        const Reply done = browser.code(now(key));
        QCOMPARE(done.response.status, 200);  // the recovery codes, once
        QCOMPARE(shownRecoveryCodes(done.response.body).size(), 10);
        QCOMPARE(browser.sessionEmail(), QStringLiteral("carol@example.test"));
    }

    void codeNeedsCsrfToken()
    {
        if (!open(QStringLiteral("sqlite"), true))
            return;
        Browser browser(*m_auth);
        QVERIFY(toCodePage(browser, QStringLiteral("alice@example.test")));
        const Reply forged = browser.client().postForm(QStringLiteral("/auth/two-factor"), {{"code", now(m_aliceKey)}});
        QVERIFY(forged.location().contains("error=MissingCSRF"));
        QCOMPARE(browser.sessionEmail(), QString());
        QCOMPARE(browser.code(now(m_aliceKey)).location(), kOrigin.toUtf8());
    }
};

QTEST_GUILESS_MAIN(TestTwoFactorSignIn)
#include "tst_twofactorsignin.moc"
