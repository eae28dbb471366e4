// "Forgot your password?" end to end on a SQLite file: the engine mails the reset link through
// libcurl to npm smtp-server on 127.0.0.1; the test reads each mail as delivered, follows its
// first link, sets a new password, and signs in with it. Unknown addresses get the same page and
// no mail; used, altered, expired and voided links change nothing; en and de.
#include "../../unit/mail/receivedmessage.h"
#include "../email/smtpsink.h"
#include "support/engineclient.h"
#include "support/totpcode.h"

#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QRegularExpression>
#include <QUrlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString kOrigin = QStringLiteral("http://127.0.0.1:9300");
const QString kSecret = QStringLiteral("gatehouse-e2e-test-secret-0123456789abcdef");
const QString kOldPassword = QStringLiteral("correct horse battery");
const QString kNewPassword = QStringLiteral("a brand new staple");

QString pathOf(const QString &link)
{
    return link.mid(kOrigin.size());
}

bool hasSessionCookie(const AuthResponse &response)
{
    return std::any_of(response.cookies.cbegin(), response.cookies.cend(), [](const SetCookie &c) {
        return c.name == QLatin1String("authjs.session-token") && !c.value.isEmpty();
    });
}

QString bodyOf(const Reply &reply)
{
    return QString::fromUtf8(reply.response.body);
}

//! The hidden token of a new-password form.
QString formToken(const Reply &reply)
{
    static const QRegularExpression hidden(QStringLiteral("name=\"token\" value=\"([^\"]*)\""));
    return hidden.match(bodyOf(reply)).captured(1);
}

} // namespace

class TestPasswordResetE2E : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<SmtpSink> m_sink;
    std::shared_ptr<SqlAdapter> m_adapter;
    std::unique_ptr<Auth> m_auth;
    QDateTime m_now;          // the reset links' clock
    int m_databases = 0;
    QString m_alice;
    QString m_oauthOnly;
    QString m_disabled;

    QString createUser(const QString &email, bool withPassword)
    {
        AdapterUser u;
        u.email = email;
        const QString id = m_adapter->createUser(u).result().id;
        if (withPassword)
            setUserPassword(m_adapter, id, kOldPassword).waitForFinished();
        return id;
    }

    //! A fresh database, users and engine; \a adjust changes the configuration.
    bool open(const std::function<void(Config &)> &adjust = {})
    {
        m_sink = std::make_unique<SmtpSink>();
        if (!m_sink->error().isEmpty()) {
            qWarning("%s", qPrintable(m_sink->error()));
            return false;
        }
        m_adapter = std::shared_ptr<SqlAdapter>(
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("reset%1.db").arg(++m_databases))));
        if (!m_adapter)
            return false;
        m_adapter->migrate().waitForFinished();
        m_alice = createUser(QStringLiteral("alice@example.test"), true);
        m_oauthOnly = createUser(QStringLiteral("olga@example.test"), false);
        m_disabled = createUser(QStringLiteral("dora@example.test"), true);
        m_adapter->setUserDisabled(m_disabled, true).waitForFinished();
        m_now = QDateTime::currentDateTimeUtc();

        Config config;
        config.secret = {kSecret};
        config.trustHost = true;
        config.adapter = m_adapter;
        config.session.strategy = SessionOptions::Strategy::Database;
        Provider email;
        email.id = QStringLiteral("email");
        email.name = QStringLiteral("Email");
        email.type = QStringLiteral("email");
        email.options = {{"server", QJsonObject{{"host", "127.0.0.1"}, {"port", m_sink->port()}, {"ignoreTLS", true},
                                                {"connectionTimeout", 5000}, {"sendTimeout", 10000}}},
                         {"from", "Gatehouse E2E <no-reply@example.test>"}, {"rateLimit", false}};
        config.providers = {passwordCredentialsProvider(m_adapter), email};
        config.account.clock = [this] { return m_now; };
        if (adjust)
            adjust(config);
        m_auth = std::make_unique<Auth>(config);
        return true;
    }

    Reply signIn(EngineClient &browser, const QString &email, const QString &password)
    {
        return browser.postForm(QStringLiteral("/auth/callback/credentials"),
                                {{"csrfToken", browser.csrfToken()}, {"email", email}, {"password", password},
                                 {"callbackUrl", kOrigin + QStringLiteral("/welcome")}});
    }

    Reply requestReset(EngineClient &browser, const QString &email, const QByteArray &language = "en")
    {
        return browser.postForm(QStringLiteral("/auth/reset-password"), {{"csrfToken", browser.csrfToken()}, {"email", email}},
                                {{"accept-language", language}});
    }

    Reply setPassword(EngineClient &browser, const QString &token, const QString &password, const QString &confirmation)
    {
        return browser.postForm(QStringLiteral("/auth/reset-password"),
                                {{"csrfToken", browser.csrfToken()}, {"token", token},
                                 {"newPassword", password}, {"confirmPassword", confirmation}});
    }

    //! The \a n-th (1-based) mail, once it has arrived.
    std::optional<ReceivedMessage> mail(int n)
    {
        if (!m_sink->waitForMessages(n))
            return std::nullopt;
        return ReceivedMessage::parse(m_sink->messages().at(n - 1).raw);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    void signInPageOffersTheLink()
    {
        QVERIFY(open());
        EngineClient browser(*m_auth);
        const QString page = bodyOf(browser.get(QStringLiteral("/auth/signin")));
        QVERIFY2(page.contains(QStringLiteral("<a href=\"http://127.0.0.1:9300/auth/reset-password\">Forgot your password?</a>")),
                 qPrintable(page));
        const QString german = bodyOf(browser.get(QStringLiteral("/auth/signin"), {{"accept-language", "de"}}));
        QVERIFY(german.contains(QStringLiteral(">Passwort vergessen?</a>")));
        const Reply form = browser.get(QStringLiteral("/auth/reset-password"));
        QCOMPARE(form.response.status, 200);
        QVERIFY(bodyOf(form).contains(QStringLiteral("name=\"email\"")));
        QVERIFY(!bodyOf(form).contains(QStringLiteral("<script")));
    }

    void notOfferedAnswersAsUnknownAction_data()
    {
        QTest::addColumn<int>("what");
        QTest::newRow("passwordReset false") << 0;
        QTest::newRow("no built-in passwords") << 1;
        QTest::newRow("no mail transport") << 2;
    }

    void notOfferedAnswersAsUnknownAction()
    {
        QFETCH(int, what);
        QVERIFY(open([what](Config &c) {
            if (what == 0)
                c.account.passwordReset.enabled = false;
            else if (what == 1)
                c.providers.removeFirst();
            else
                c.providers.removeLast();
        }));
        EngineClient browser(*m_auth);
        const Reply unknown = browser.get(QStringLiteral("/auth/no-such-action"));
        const Reply reset = browser.get(QStringLiteral("/auth/reset-password"));
        QCOMPARE(reset.response.status, unknown.response.status);
        QCOMPARE(reset.response.body, unknown.response.body);
        QVERIFY(reset.response.cookies.isEmpty());
        QVERIFY(!bodyOf(browser.get(QStringLiteral("/auth/signin"))).contains(QStringLiteral("reset-password")));
        QCOMPARE(requestReset(browser, QStringLiteral("alice@example.test")).response.status, 400);
        QTest::qWait(200);
        QVERIFY(m_sink->messages().isEmpty());
    }

    void resetEndToEnd()
    {
        QVERIFY(open());
        // Alice is signed in on another device: that session ends with the reset.
        EngineClient otherDevice(*m_auth);
        QVERIFY(hasSessionCookie(signIn(otherDevice, QStringLiteral("alice@example.test"), kOldPassword).response));
        QCOMPARE(otherDevice.get(QStringLiteral("/auth/session")).json().object().value("user").toObject().value("email").toString(),
                 QStringLiteral("alice@example.test"));

        EngineClient browser(*m_auth);
        const Reply sent = requestReset(browser, QStringLiteral(" Alice@Example.TEST "));
        QCOMPARE(sent.response.status, 200);
        QVERIFY(bodyOf(sent).contains(QStringLiteral("If an account has this address")));
        const std::optional<ReceivedMessage> received = mail(1);
        QVERIFY(received);
        QCOMPARE(m_sink->messages().first().rcptTo, QStringList{"alice@example.test"});
        QCOMPARE(received->headers.value("subject"), QStringLiteral("Reset your password for 127.0.0.1:9300"));
        const QString link = received->link();
        QVERIFY2(link.startsWith(QStringLiteral("http://127.0.0.1:9300/auth/reset-password?token=")), qPrintable(link));
        QVERIFY(received->text.contains(QStringLiteral("15 minutes")));

        // The link's page: the new password twice, with the token; the link still works after a
        // refused password.
        const Reply form = browser.get(pathOf(link));
        QCOMPARE(form.response.status, 200);
        QCOMPARE(form.response.header("cache-control"), QByteArray("no-store"));
        const QString token = formToken(form);
        QVERIFY(!token.isEmpty());
        QVERIFY(bodyOf(setPassword(browser, token, kNewPassword, kNewPassword + u'!')).contains(QStringLiteral("The two new passwords differ")));
        QVERIFY(bodyOf(setPassword(browser, token, QStringLiteral("short"), QStringLiteral("short"))).contains(QStringLiteral("too short")));
        QVERIFY(bodyOf(setPassword(browser, token, QStringLiteral("alice@example.test"), QStringLiteral("alice@example.test")))
                    .contains(QStringLiteral("must not be your e-mail address")));

        const Reply done = setPassword(browser, token, kNewPassword, kNewPassword);
        QCOMPARE(done.response.status, 200);
        QVERIFY2(bodyOf(done).contains(QStringLiteral("Your password was changed")), qPrintable(bodyOf(done)));

        // Every session ended; the old password is refused, the new one signs in.
        QVERIFY(otherDevice.get(QStringLiteral("/auth/session")).json().object().value("user").isUndefined());
        EngineClient fresh(*m_auth);
        QVERIFY(!hasSessionCookie(signIn(fresh, QStringLiteral("alice@example.test"), kOldPassword).response));
        QVERIFY(hasSessionCookie(signIn(fresh, QStringLiteral("alice@example.test"), kNewPassword).response));

        // The link is spent.
        const Reply reused = setPassword(browser, token, QStringLiteral("yet another one"), QStringLiteral("yet another one"));
        QCOMPARE(reused.response.status, 400);
        QVERIFY(bodyOf(reused).contains(QStringLiteral("This link does not work")));
        QCOMPARE(browser.get(pathOf(link)).response.status, 400);
        EngineClient check(*m_auth);
        QVERIFY(hasSessionCookie(signIn(check, QStringLiteral("alice@example.test"), kNewPassword).response));

        // Audited (written off the request path: waited for, bounded).
        const auto types = [this] {
            QStringList list;
            for (const AuditEvent &e : m_adapter->auditEvents(AuditFilter{}, 200).result())
                list << e.type;
            return list;
        };
        QTRY_VERIFY_WITH_TIMEOUT(types().contains(QStringLiteral("passwordReset")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(types().contains(QStringLiteral("passwordResetRequest")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(types().contains(QStringLiteral("passwordResetFailed")), 5000);
    }

    void sameAnswerAndNoMailForOthers()
    {
        QVERIFY(open());
        EngineClient browser(*m_auth);
        const QString known = bodyOf(requestReset(browser, QStringLiteral("alice@example.test")));
        QVERIFY(mail(1));
        // Unknown, disabled: the same page, no mail. Olga (no password): the same page, a mail
        // that says how to sign in, and still no password.
        for (const QString &address : {QStringLiteral("nobody@example.test"), QStringLiteral("dora@example.test")})
            QCOMPARE(bodyOf(requestReset(browser, address)), known);
        QCOMPARE(bodyOf(requestReset(browser, QStringLiteral("olga@example.test"))), known);
        const std::optional<ReceivedMessage> olga = mail(2);
        QVERIFY(olga);
        QCOMPARE(m_sink->messages().at(1).rcptTo, QStringList{"olga@example.test"});
        QCOMPARE(olga->link(), QStringLiteral("http://127.0.0.1:9300/auth/signin"));
        QVERIFY(olga->text.contains(QStringLiteral("has no password")));
        QVERIFY(!hasUserPassword(m_adapter, m_oauthOnly).result());
        // A malformed address: the form again, no mail.
        const Reply malformed = requestReset(browser, QStringLiteral("not an address"));
        QVERIFY(bodyOf(malformed).contains(QStringLiteral("This is not a valid email address.")));
        QTest::qWait(300);
        QCOMPARE(m_sink->messages().size(), 2);
    }

    void providerNormaliserApplies()
    {
        // The e-mail provider's normalizeIdentifier applies as at its sign-in, then the checks.
        QVERIFY(open([](Config &c) {
            c.providers.last().normalizeIdentifier = [](const QString &identifier) -> QFuture<QString> {
                QString address = identifier.trimmed().toLower();
                if (address.endsWith(QLatin1String("@blocked.test")))
                    return QtFuture::makeExceptionalFuture<QString>(std::make_exception_ptr(std::runtime_error("blocked")));
                if (address.startsWith(QLatin1String("list:")))
                    return QtFuture::makeReadyFuture(address.mid(5) + QStringLiteral(",victim@example.test"));
                return QtFuture::makeReadyFuture(address.replace(QRegularExpression(QStringLiteral("\\+[^@]*@")), QStringLiteral("@")));
            };
        }));
        EngineClient browser(*m_auth);
        for (const QString &refused : {QStringLiteral("x@blocked.test"), QStringLiteral("list:alice@example.test")})
            QVERIFY(bodyOf(requestReset(browser, refused)).contains(QStringLiteral("This is not a valid email address.")));
        QVERIFY(bodyOf(requestReset(browser, QStringLiteral("Alice+reset@example.test"))).contains(QStringLiteral("If an account has this address")));
        QVERIFY(mail(1));
        QCOMPARE(m_sink->messages().first().rcptTo, QStringList{"alice@example.test"});
        QTest::qWait(300);
        QCOMPARE(m_sink->messages().size(), 1);
    }

    void badLinksChangeNothing()
    {
        QVERIFY(open());
        EngineClient browser(*m_auth);
        requestReset(browser, QStringLiteral("alice@example.test"));
        const std::optional<ReceivedMessage> first = mail(1);
        QVERIFY(first);
        const QString token = QUrlQuery(QUrl(first->link())).queryItemValue(QStringLiteral("token"));
        // Truncated and altered links.
        QCOMPARE(setPassword(browser, token.left(20), kNewPassword, kNewPassword).response.status, 400);
        QString altered = token;
        altered[5] = altered[5] == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
        QCOMPARE(setPassword(browser, altered, kNewPassword, kNewPassword).response.status, 400);
        // A newer link voids the first.
        requestReset(browser, QStringLiteral("alice@example.test"));
        const std::optional<ReceivedMessage> second = mail(2);
        QVERIFY(second);
        QCOMPARE(setPassword(browser, token, kNewPassword, kNewPassword).response.status, 400);
        const QString newer = QUrlQuery(QUrl(second->link())).queryItemValue(QStringLiteral("token"));
        // Expired: the clock passes the 15 minutes.
        m_now = m_now.addSecs(15 * 60);
        QCOMPARE(setPassword(browser, newer, kNewPassword, kNewPassword).response.status, 400);
        m_now = m_now.addSecs(-15 * 60 + 1);
        // Changed another way since: the link no longer works.
        setUserPassword(m_adapter, m_alice, QStringLiteral("changed by an admin")).waitForFinished();
        QCOMPARE(setPassword(browser, newer, kNewPassword, kNewPassword).response.status, 400);
        EngineClient check(*m_auth);
        QVERIFY(hasSessionCookie(signIn(check, QStringLiteral("alice@example.test"), QStringLiteral("changed by an admin")).response));
    }

    void floodIsLimited()
    {
        QVERIFY(open());
        EngineClient browser(*m_auth);
        // rateLimit.maxFailuresPerIdentifier (5) requests per address in the window: the rest get
        // the same page and no mail.
        for (int i = 0; i < 8; ++i)
            QCOMPARE(requestReset(browser, QStringLiteral("alice@example.test")).response.status, 200);
        QVERIFY(m_sink->waitForMessages(5));
        QTest::qWait(300);
        QCOMPARE(m_sink->messages().size(), 5);
    }

    void secondFactorIsStillAsked()
    {
        QVERIFY(open());
        const TwoFactor twoFactor(m_adapter, {kSecret});
        const TotpEnrolmentOffer offer = twoFactor.beginEnrolment(m_alice, QStringLiteral("alice@example.test")).result();
        const QByteArray key = Testing::base32Decode(offer.secret);
        QVERIFY(!twoFactor.confirmEnrolment(m_alice, Testing::totpCode(key, QDateTime::currentSecsSinceEpoch())).result().isEmpty());

        EngineClient browser(*m_auth);
        requestReset(browser, QStringLiteral("alice@example.test"), "de");
        const std::optional<ReceivedMessage> received = mail(1);
        QVERIFY(received);
        QCOMPARE(received->headers.value("subject"), QStringLiteral("Passwort für 127.0.0.1:9300 zurücksetzen"));
        QVERIFY(received->html.contains(QStringLiteral("lang=\"de\"")));
        const Reply form = browser.get(pathOf(received->link()), {{"accept-language", "de"}});
        QVERIFY(bodyOf(form).contains(QStringLiteral("Passwort zurücksetzen")));
        QCOMPARE(setPassword(browser, formToken(form), kNewPassword, kNewPassword).response.status, 200);

        // The new password is the first factor only: the code is still asked for.
        EngineClient fresh(*m_auth);
        const Reply first = signIn(fresh, QStringLiteral("alice@example.test"), kNewPassword);
        QVERIFY(!hasSessionCookie(first.response));
        QVERIFY2(first.location().startsWith("http://127.0.0.1:9300/auth/two-factor"), first.location().constData());
    }
};

QTEST_GUILESS_MAIN(TestPasswordResetE2E)
#include "tst_passwordresete2e.moc"
