// Email sign-in through the engine, with an in-process SMTP server and a memory adapter:
// scenario group 14 of the Auth.js reference transcript (transcript-database.txt), then what
// Gatehouse adds: users and accounts, callbacks, rate limits, failures, concurrency.
#include "support/engineclient.h"
#include "support/sessioncount.h"
#include "../../unit/mail/fakesmtpserver.h"
#include "../../unit/mail/receivedmessage.h"
#include "signin/emailflow.h"
#include "recordingadapter.h"

#include <gatehouse/metrics.h>

#include <QJsonArray>
#include <algorithm>
#include <atomic>
#include <QMutex>
#include <QPromise>
#include <QRegularExpression>
#include <QSemaphore>
#include <QTest>
#include <thread>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString kSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");
const QString kOrigin = QStringLiteral("http://127.0.0.1:9300");

Provider emailProvider(const QJsonValue &server)
{
    Provider email;
    email.id = QStringLiteral("email");
    email.name = QStringLiteral("Email");
    email.type = QStringLiteral("email");
    email.options = {{"server", server}, {"from", "Gatehouse Reference <no-reply@example.test>"}};
    return email;
}

Config emailConfig(const std::shared_ptr<Adapter> &adapter, const QJsonValue &server)
{
    Config config;
    config.secret = {kSecret};
    config.trustHost = true;
    config.adapter = adapter;
    config.providers = {emailProvider(server)};
    return config;
}

//! The path and query of \a link, for EngineClient::get().
QString pathOf(const QString &link)
{
    return link.mid(kOrigin.size());
}

//! POSTs signin/email for \a email and returns the reply.
Reply requestLink(EngineClient &client, const QString &email, const QList<QPair<QString, QString>> &extra = {},
                  const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    QList<QPair<QString, QString>> fields{{"csrfToken", client.csrfToken()}, {"email", email}};
    fields += extra;
    return client.postForm(QStringLiteral("/auth/signin/email"), fields, headers);
}

} // namespace

class TestEmailFlow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void referenceScenario()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        AdapterUser alice;
        alice.name = QStringLiteral("Alice");
        alice.email = QStringLiteral("alice@example.test");
        const QString aliceId = adapter->store.createUser(alice).result().id;
        Auth auth(emailConfig(adapter, smtp.url()));
        EngineClient client(auth);

        // [100] + [101]
        const QString csrf = client.csrfToken();
        QCOMPARE(csrf.size(), 64);
        Reply sent = client.postForm("/auth/signin/email",
                                     {{"csrfToken", csrf}, {"email", "Alice@Example.TEST"}, {"callbackUrl", "/after-email"}});
        QCOMPARE(sent.response.status, 302);
        QCOMPARE(sent.location(), QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        QCOMPARE(sent.cookieNames(), QStringList{"authjs.callback-url"});
        QCOMPARE(sent.cookie("authjs.callback-url")->value, QStringLiteral("http://127.0.0.1:9300/after-email"));
        QVERIFY(sent.response.body.isEmpty());

        QCOMPARE(smtp.received.size(), 1);
        QCOMPARE(smtp.received.first().rcptTo, QStringList{"alice@example.test"});
        QCOMPARE(smtp.received.first().mailFrom, QStringLiteral("no-reply@example.test"));
        const ReceivedMessage mail = ReceivedMessage::parse(smtp.received.first().data);
        QCOMPARE(mail.headers.value("from"), QStringLiteral("Gatehouse Reference <no-reply@example.test>"));
        QCOMPARE(mail.headers.value("to"), QStringLiteral("alice@example.test"));
        QCOMPARE(mail.headers.value("subject"), QStringLiteral("Sign in to 127.0.0.1:9300"));
        const QString link = mail.link();
        const QRegularExpression linkShape(QStringLiteral(
            "^http://127\\.0\\.0\\.1:9300/auth/callback/email\\?callbackUrl=http%3A%2F%2F127\\.0\\.0\\.1%3A9300%2Fafter-email"
            "&token=([0-9a-f]{64})&email=alice%40example\\.test$"));
        const QRegularExpressionMatch match = linkShape.match(link);
        QVERIFY2(match.hasMatch(), qPrintable(link));
        QCOMPARE(mail.text, QStringLiteral("Sign in to 127.0.0.1:9300\r\n") + link + QStringLiteral("\r\n\r\n"));
        QVERIFY(mail.html.contains(QStringLiteral("href=\"") + QString(link).replace(u'&', QStringLiteral("&amp;")) + u'"'));
        // Stored hashed with the secret, never as sent.
        const QList<VerificationToken> tokens = adapter->createdTokens();
        QCOMPARE(tokens.size(), 1);
        QCOMPARE(tokens.first().identifier, QStringLiteral("alice@example.test"));
        QCOMPARE(tokens.first().token, EmailFlow::hashToken(match.captured(1), kSecret));
        QVERIFY(qAbs(QDateTime::currentDateTimeUtc().secsTo(tokens.first().expires) - 86400) < 5);

        // [102] + [103]
        Reply signedIn = client.get(pathOf(link));
        QCOMPARE(signedIn.response.status, 302);
        QCOMPARE(signedIn.location(), QByteArray("http://127.0.0.1:9300/after-email"));
        QCOMPARE(signedIn.cookieNames(), QStringList{"authjs.session-token"});
        const SetCookie *session = signedIn.cookie("authjs.session-token");
        QCOMPARE(session->value.size(), 36);
        QVERIFY(qAbs(QDateTime::currentDateTimeUtc().secsTo(*session->options.expires) - 2592000) < 5);
        Reply got = client.get("/auth/session");
        QCOMPARE(got.response.status, 200);
        QVERIFY2(got.response.body.startsWith("{\"user\":{\"name\":\"Alice\",\"email\":\"alice@example.test\",\"image\":null},\"expires\":\""),
                 got.response.body.constData());
        // The existing user signed in, and the address counts as verified from now on.
        const AdapterUser stored = *adapter->store.getUserByEmail(QStringLiteral("alice@example.test")).result();
        QCOMPARE(stored.id, aliceId);
        QVERIFY(stored.emailVerified);

        // [104] + [105] reuse
        QCOMPARE(client.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));
        EngineClient fresh(auth);
        QCOMPARE(fresh.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));
        // [106] without token, [107] wrong token
        QCOMPARE(client.get("/auth/callback/email?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fafter-email&email=alice%40example.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QCOMPARE(client.get("/auth/callback/email?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fafter-email&token="
                            + QString(64, u'0') + "&email=alice%40example.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));

        // [108] + [109] invalid address, [110] without csrfToken
        EngineClient other(auth);
        QCOMPARE(requestLink(other, "not-an-email").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        Reply noCsrf = other.postForm("/auth/signin/email", {{"email", "alice@example.test"}});
        QCOMPARE(noCsrf.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        // [111] X-Auth-Return-Redirect
        Reply json = requestLink(other, "bob@example.test", {}, {{"X-Auth-Return-Redirect", "1"}});
        QCOMPARE(json.response.status, 200);
        QCOMPARE(json.location(), QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        QCOMPARE(json.json().object(), (QJsonObject{{"url", "http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"}}));
        QCOMPARE(smtp.received.size(), 2);
        QCOMPARE(smtp.received.last().rcptTo, QStringList{"bob@example.test"});
    }

    void newUserSignsUp()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Config config = emailConfig(adapter, smtp.url());
        QStringList events;
        QJsonObject linked;
        QJsonObject signInEvent;
        config.events.createUser = [&](const QJsonObject &) { events << "createUser"; };
        config.events.linkAccount = [&](const QJsonObject &m) { events << "linkAccount"; linked = m; };
        config.events.updateUser = [&](const QJsonObject &) { events << "updateUser"; };
        config.events.signIn = [&](const QJsonObject &m) { events << "signIn"; signInEvent = m; };
        Auth auth(config);
        EngineClient client(auth);

        requestLink(client, QString::fromUtf8(" Carol@Bücher.Example "));
        QCOMPARE(smtp.received.first().rcptTo, QStringList{"carol@xn--bcher-kva.example"});
        QVERIFY(!adapter->store.getUserByEmail(QStringLiteral("carol@xn--bcher-kva.example")).result());
        const QString link = ReceivedMessage::parse(smtp.received.first().data).link();
        QVERIFY(link.endsWith(QStringLiteral("&email=carol%40xn--bcher-kva.example")));
        QCOMPARE(client.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300"));

        const auto user = adapter->store.getUserByEmail(QStringLiteral("carol@xn--bcher-kva.example")).result();
        QVERIFY(user);
        QVERIFY(user->emailVerified);
        const QDateTime firstVerified = *user->emailVerified;
        const auto account = adapter->store.getAccount(QStringLiteral("carol@xn--bcher-kva.example"), QStringLiteral("email")).result();
        QVERIFY(account);
        QCOMPARE(account->userId, user->id);
        QCOMPARE(account->type, QStringLiteral("email"));
        QCOMPARE(events, (QStringList{"createUser", "linkAccount", "signIn"}));
        QCOMPARE(linked.value("account").toObject().value("providerAccountId").toString(), QStringLiteral("carol@xn--bcher-kva.example"));
        QCOMPARE(signInEvent.value("isNewUser").toBool(), true);
        QCOMPARE(signInEvent.value("account").toObject().value("type").toString(), QStringLiteral("email"));

        // The second sign-in changes nothing stored: emailVerified keeps the first date.
        events.clear();
        EngineClient again(auth);
        requestLink(again, QStringLiteral("carol@xn--bcher-kva.example"));
        QCOMPARE(again.get(pathOf(ReceivedMessage::parse(smtp.received.last().data).link())).location(),
                 QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(events, QStringList{"signIn"});
        QCOMPARE(signInEvent.value("isNewUser").toBool(), false);
        QCOMPARE(*adapter->store.getUserByEmail(QStringLiteral("carol@xn--bcher-kva.example")).result()->emailVerified, firstVerified);
    }

    void signInCallback()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Config config = emailConfig(adapter, smtp.url());
        QList<SignInParams> calls;
        config.callbacks.signIn = [&](const SignInParams &params) {
            calls << params;
            const QString email = params.user.value("email").toString();
            SignInDecision decision;
            decision.allow = email != QLatin1String("mallory@example.test");
            if (email == QLatin1String("redirect@example.test"))
                decision.redirectTo = QStringLiteral("/somewhere-else");
            return QtFuture::makeReadyFuture(decision);
        };
        Auth auth(config);
        EngineClient client(auth);

        // Refused before any token exists or any mail leaves.
        QCOMPARE(requestLink(client, "mallory@example.test").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied"));
        QCOMPARE(requestLink(client, "redirect@example.test").location(), QByteArray("http://127.0.0.1:9300/somewhere-else"));
        QVERIFY(smtp.received.isEmpty());
        QVERIFY(adapter->createdTokens().isEmpty());

        calls.clear();
        requestLink(client, "dave@example.test");
        QCOMPARE(calls.size(), 1);
        QVERIFY(calls.first().verificationRequest);
        QCOMPARE(calls.first().account.value("type").toString(), QStringLiteral("email"));
        QCOMPARE(calls.first().account.value("providerAccountId").toString(), QStringLiteral("dave@example.test"));
        QCOMPARE(calls.first().user.value("emailVerified"), QJsonValue(QJsonValue::Null));
        QCOMPARE(client.get(pathOf(ReceivedMessage::parse(smtp.received.first().data).link())).location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(calls.size(), 2);
        QVERIFY(!calls.last().verificationRequest);
        QCOMPARE(calls.last().user.value("email").toString(), QStringLiteral("dave@example.test"));
    }

    // A link for an address without a user: the signIn callback decides before anything is
    // stored (Auth.js: it sees {id: random UUID, email, emailVerified: null}); a refusal leaves
    // no user, account or session, and the link is used up all the same.
    void newAddressWaitsForSignInCallback_data()
    {
        QTest::addColumn<QString>("decision");
        QTest::addColumn<bool>("jwt");
        QTest::addColumn<QByteArray>("location");
        QTest::newRow("false") << "refuse" << false << QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied");
        QTest::newRow("false, jwt") << "refuse" << true << QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied");
        QTest::newRow("url") << "redirect" << false << QByteArray("http://127.0.0.1:9300/elsewhere");
        QTest::newRow("true") << "allow" << false << QByteArray("http://127.0.0.1:9300");
        QTest::newRow("true, jwt") << "allow" << true << QByteArray("http://127.0.0.1:9300");
    }

    void newAddressWaitsForSignInCallback()
    {
        QFETCH(QString, decision);
        QFETCH(bool, jwt);
        QFETCH(QByteArray, location);
        const QString address = QStringLiteral("nina@example.test");
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Config config = emailConfig(adapter, smtp.url());
        if (jwt)
            config.session.strategy = SessionOptions::Strategy::Jwt;
        QList<SignInParams> calls;
        qint64 usersWhenAsked = -1;
        config.callbacks.signIn = [&](const SignInParams &params) {
            calls << params;
            SignInDecision answer;
            if (params.verificationRequest)
                return QtFuture::makeReadyFuture(answer);
            usersWhenAsked = adapter->store.countUsers(QString()).result();
            answer.allow = decision != QLatin1String("refuse");
            if (decision == QLatin1String("redirect"))
                answer.redirectTo = QStringLiteral("http://127.0.0.1:9300/elsewhere");
            return QtFuture::makeReadyFuture(answer);
        };
        QStringList events;
        QJsonObject signInEvent;
        config.events.createUser = [&](const QJsonObject &) { events << "createUser"; };
        config.events.linkAccount = [&](const QJsonObject &) { events << "linkAccount"; };
        config.events.updateUser = [&](const QJsonObject &) { events << "updateUser"; };
        config.events.signIn = [&](const QJsonObject &m) { events << "signIn"; signInEvent = m; };
        QStringList triggers;
        config.callbacks.jwt = [&](const JwtParams &p) {
            triggers << p.trigger;
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(p.token));
        };
        Auth auth(config);
        EngineClient client(auth);

        QCOMPARE(requestLink(client, address).location(),
                 QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        const QString link = ReceivedMessage::parse(smtp.received.first().data).link();
        const Reply clicked = client.get(pathOf(link));
        QCOMPARE(clicked.location(), location);

        // The callback saw a user that does not exist, with nothing stored yet.
        QCOMPARE(calls.size(), 2);
        QCOMPARE(usersWhenAsked, 0);
        const QJsonObject provisional = calls.last().user;
        QCOMPARE(provisional.value("email").toString(), address);
        QCOMPARE(provisional.value("emailVerified"), QJsonValue(QJsonValue::Null));
        QCOMPARE(provisional.value("id").toString().size(), 36);
        QCOMPARE(calls.last().account.value("type").toString(), QStringLiteral("email"));
        QCOMPARE(calls.last().account.value("provider").toString(), QStringLiteral("email"));
        QCOMPARE(calls.last().account.value("providerAccountId").toString(), address);
        QCOMPARE(calls.last().account.value("userId").toString(), provisional.value("id").toString());

        // Single use whatever the callback said.
        EngineClient other(auth);
        QCOMPARE(other.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));

        const std::optional<AdapterUser> user = adapter->store.getUserByEmail(address).result();
        if (decision != QLatin1String("allow")) {
            QVERIFY(!user);
            QCOMPARE(adapter->store.countUsers(QString()).result(), 0);
            QVERIFY(!adapter->store.getAccount(address, QStringLiteral("email")).result());
            QCOMPARE(Test::countSessions(adapter->store).result(), 0);
            QVERIFY(!clicked.cookie("authjs.session-token"));
            QVERIFY(events.isEmpty());
            QVERIFY(triggers.isEmpty());
            return;
        }
        QVERIFY(user);
        QVERIFY(user->emailVerified);
        const auto account = adapter->store.getAccount(address, QStringLiteral("email")).result();
        QVERIFY(account);
        QCOMPARE(account->userId, user->id);
        QCOMPARE(events, (QStringList{"createUser", "linkAccount", "signIn"}));
        QCOMPARE(signInEvent.value("isNewUser").toBool(), true);
        QCOMPARE(signInEvent.value("user").toObject().value("id").toString(), user->id);
        QVERIFY(clicked.cookie("authjs.session-token"));
        QCOMPARE(Test::countSessions(adapter->store).result(), jwt ? 0 : 1);
        QCOMPARE(triggers, jwt ? QStringList{"signUp"} : QStringList{});
        QCOMPARE(client.get("/auth/session").json().object().value("user").toObject().value("email").toString(), address);
    }

    void rateLimits_data()
    {
        QTest::addColumn<QJsonValue>("rateLimit");
        QTest::addColumn<QStringList>("addresses");
        QTest::addColumn<int>("delivered");
        QTest::newRow("per address") << QJsonValue(QJsonObject{{"perAddress", 2}, {"perClient", 100}})
                                     << QStringList{"erin@example.test", "Erin@example.test", "erin@example.test"} << 2;
        QTest::newRow("per client") << QJsonValue(QJsonObject{{"perAddress", 100}, {"perClient", 2}})
                                    << QStringList{"a@example.test", "b@example.test", "c@example.test"} << 2;
        QTest::newRow("default: 5 per address") << QJsonValue()
                                                << QStringList(7, QStringLiteral("frank@example.test")) << 5;
        QTest::newRow("disabled") << QJsonValue(false) << QStringList(7, QStringLiteral("frank@example.test")) << 7;
    }

    void rateLimits()
    {
        QFETCH(QJsonValue, rateLimit);
        QFETCH(QStringList, addresses);
        QFETCH(int, delivered);
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Config config = emailConfig(adapter, smtp.url());
        if (!rateLimit.isNull())
            config.providers[0].options.insert(QStringLiteral("rateLimit"), rateLimit);
        Auth auth(config);
        EngineClient client(auth);
        QList<QByteArray> locations;
        for (const QString &address : addresses)
            locations << requestLink(client, address).location();
        QCOMPARE(smtp.received.size(), delivered);
        QCOMPARE(adapter->createdTokens().size(), delivered);
        for (int i = 0; i < locations.size(); ++i) {
            QCOMPARE(locations.at(i), i < delivered ? QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email")
                                                    : QByteArray("http://127.0.0.1:9300/auth/signin?error=EmailSignin"));
        }
        // Another client and another address are not affected by the address limit.
        EngineClient elsewhere(auth);
        elsewhere.address = QHostAddress(QStringLiteral("127.0.0.2"));
        QCOMPARE(requestLink(elsewhere, "someone-else@example.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
    }

    void concurrentRequestsStayWithinTheLimit()
    {
        // The signIn callback holds each request open (a slow lookup) until all have arrived:
        // every request is counted before anything else is done, so no more than the limit get
        // that far, and the others are refused at once.
        auto adapter = std::make_shared<MemoryAdapter>();
        Config config = emailConfig(adapter, QStringLiteral("smtp://127.0.0.1:1"));  // never used
        config.providers[0].options.insert(QStringLiteral("rateLimit"), QJsonObject{{"perAddress", 3}, {"perClient", 100}});
        QMutex lock;
        QList<std::shared_ptr<QPromise<SignInDecision>>> held;
        config.callbacks.signIn = [&](const SignInParams &) {
            auto decision = std::make_shared<QPromise<SignInDecision>>();
            decision->start();
            QMutexLocker locker(&lock);
            held.append(decision);
            return decision->future();
        };
        std::atomic<int> mails{0};
        config.providers[0].sendVerificationRequest = [&mails](const VerificationRequest &) {
            ++mails;
            return QtFuture::makeReadyFuture();
        };
        Auth auth(config);
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        QList<QFuture<AuthResponse>> answers;
        for (int i = 0; i < 12; ++i) {
            client.address = QHostAddress(QStringLiteral("198.51.100.%1").arg(i + 1));
            answers.append(client.startForm(QStringLiteral("/auth/signin/email"), {{"csrfToken", csrf}, {"email", "grace@example.test"}}));
        }
        const auto finished = [&] {
            return int(std::count_if(answers.cbegin(), answers.cend(), [](const QFuture<AuthResponse> &a) { return a.isFinished(); }));
        };
        QTRY_COMPARE_WITH_TIMEOUT(finished(), 9, 5000);
        {
            QMutexLocker locker(&lock);
            QCOMPARE(held.size(), 3);
            for (const auto &decision : std::as_const(held)) {
                decision->addResult(SignInDecision{true, {}});
                decision->finish();
            }
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished(), 12, 5000);
        QMap<QByteArray, int> locations;
        for (const QFuture<AuthResponse> &answer : std::as_const(answers))
            ++locations[answer.result().header("location")];
        QCOMPARE(locations.value("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"), 3);
        QCOMPARE(locations.value("http://127.0.0.1:9300/auth/signin?error=EmailSignin"), 9);
        QCOMPARE(mails.load(), 3);
    }

    void requestsWithoutAMailUseUpNoLimit()
    {
        // Only mails count: a request the signIn callback refuses gives its count back.
        auto adapter = std::make_shared<MemoryAdapter>();
        Config config = emailConfig(adapter, QStringLiteral("smtp://127.0.0.1:1"));  // never used
        config.providers[0].options.insert(QStringLiteral("rateLimit"), QJsonObject{{"perAddress", 2}, {"perClient", 2}});
        bool allow = false;
        config.callbacks.signIn = [&allow](const SignInParams &) { return QtFuture::makeReadyFuture(SignInDecision{allow, {}}); };
        int mails = 0;
        config.providers[0].sendVerificationRequest = [&mails](const VerificationRequest &) {
            ++mails;
            return QtFuture::makeReadyFuture();
        };
        Auth auth(config);
        EngineClient client(auth);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(requestLink(client, "heidi@example.test").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied"));
        allow = true;
        for (int i = 0; i < 2; ++i)
            QCOMPARE(requestLink(client, "heidi@example.test").location(),
                     QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        QCOMPARE(requestLink(client, "heidi@example.test").location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=EmailSignin"));
        QCOMPARE(mails, 2);
    }

    void overridesReplaceNormalisationTokenAndMail()
    {
        auto adapter = std::make_shared<MemoryAdapter>();
        Config config = emailConfig(adapter, QStringLiteral("smtp://127.0.0.1:1"));  // never used
        QList<VerificationRequest> sent;
        Provider &email = config.providers[0];
        email.normalizeIdentifier = [](const QString &raw) {
            // Plus addressing folds onto the main mailbox; anything at blocked.test is refused;
            // "list:" comes back as a list, which the built-in checks still refuse.
            QString address = raw.trimmed().toLower();
            if (address.endsWith("@blocked.test"))
                throw std::runtime_error("blocked domain");
            if (address.startsWith("list:"))
                return QtFuture::makeReadyFuture(address.mid(5) + QStringLiteral(",victim@example.test"));
            const qsizetype plus = address.indexOf('+');
            const qsizetype at = address.indexOf('@');
            if (plus >= 0 && plus < at)
                address.remove(plus, at - plus);
            return QtFuture::makeReadyFuture(address);
        };
        email.generateVerificationToken = [] { return QStringLiteral("fixed-token-for-this-test"); };
        email.sendVerificationRequest = [&sent](const VerificationRequest &request) {
            sent.append(request);
            return QtFuture::makeReadyFuture();
        };
        Auth auth(config);
        EngineClient client(auth);
        QCOMPARE(requestLink(client, "Dana+news@Example.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        QCOMPARE(sent.size(), 1);
        QCOMPARE(sent.first().identifier, QStringLiteral("dana@example.test"));
        QCOMPARE(sent.first().token, QStringLiteral("fixed-token-for-this-test"));
        QVERIFY(sent.first().url.contains("token=fixed-token-for-this-test"));
        QCOMPARE(client.get(pathOf(sent.first().url)).location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY(adapter->getUserByEmail("dana@example.test").result());

        QCOMPARE(requestLink(client, "eve@blocked.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?error=EmailSignin"));
        QCOMPARE(requestLink(client, "list:eve@example.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QCOMPARE(sent.size(), 1);

        email.sendVerificationRequest = [](const VerificationRequest &) -> QFuture<void> {
            throw std::runtime_error("mail service down");
        };
        Auth failing(config);
        EngineClient other(failing);
        QCOMPARE(requestLink(other, "frank@example.test").location(),
                 QByteArray("http://127.0.0.1:9300/auth/signin?error=EmailSignin"));
    }

    void customSenderIsCounted()
    {
        // A provider's own sendVerificationRequest sends the mail: the metrics count it as the
        // built-in mailer's.
        const auto count = [](const QByteArray &name) {
            const QByteArray page = Metrics::exposition();
            const qsizetype at = page.indexOf("\n" + name + " ");
            return at < 0 ? -1.0 : page.mid(at + name.size() + 2, page.indexOf('\n', at + 1) - at - name.size() - 2).toDouble();
        };
        Metrics::setEnabled(true);
        const std::shared_ptr<void> off(nullptr, [](void *) { Metrics::setEnabled(false); });
        const double sentBefore = count("gatehouse_emails_sent_total");
        const double failedBefore = count("gatehouse_email_send_failures_total");

        auto adapter = std::make_shared<MemoryAdapter>();
        Config config = emailConfig(adapter, QStringLiteral("smtp://127.0.0.1:1"));  // never used
        config.providers[0].sendVerificationRequest = [](const VerificationRequest &) { return QtFuture::makeReadyFuture(); };
        Auth auth(config);
        EngineClient client(auth);
        QVERIFY(requestLink(client, "grace@example.test").location().contains("/auth/verify-request"));
        QCOMPARE(count("gatehouse_emails_sent_total"), sentBefore + 1);

        config.providers[0].sendVerificationRequest = [](const VerificationRequest &) -> QFuture<void> {
            throw std::runtime_error("mail service down");
        };
        Auth failing(config);
        EngineClient other(failing);
        QVERIFY(requestLink(other, "heidi@example.test").location().contains("error=EmailSignin"));
        QCOMPARE(count("gatehouse_email_send_failures_total"), failedBefore + 1);
        QCOMPARE(count("gatehouse_emails_sent_total"), sentBefore + 1);
    }

    void smtpDownLeavesNoUsableToken()
    {
        quint16 port = 0;
        {
            FakeSmtpServer probe;
            port = probe.port();
        }
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(emailConfig(adapter, QStringLiteral("smtp://127.0.0.1:%1?ignoreTLS=true").arg(port)));
        EngineClient client(auth);
        Reply failed = requestLink(client, "gina@example.test");
        QCOMPARE(failed.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=EmailSignin"));
        const QList<VerificationToken> tokens = adapter->createdTokens();
        QCOMPARE(tokens.size(), 1);
        QVERIFY(!adapter->store.useVerificationToken(tokens.first().identifier, tokens.first().token).result());
    }

    void refusedRecipientIsEmailSignin()
    {
        FakeSmtpServer smtp(FakeSmtpServer::Mode::RefuseRecipients);
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(emailConfig(adapter, smtp.url()));
        EngineClient client(auth);
        QCOMPARE(requestLink(client, "nobody@example.test").location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=EmailSignin"));
        const VerificationToken created = adapter->createdTokens().first();
        QVERIFY(!adapter->store.useVerificationToken(created.identifier, created.token).result());
    }

    void expiredLink()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        adapter->expireTokens = true;
        Auth auth(emailConfig(adapter, smtp.url()));
        EngineClient client(auth);
        requestLink(client, "hank@example.test");
        const QString link = ReceivedMessage::parse(smtp.received.first().data).link();
        QCOMPARE(client.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));
        QVERIFY(!client.cookies.contains(QStringLiteral("authjs.session-token")));
        QVERIFY(!adapter->store.getUserByEmail(QStringLiteral("hank@example.test")).result());
    }

    void wrongEmailWithRightToken()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(emailConfig(adapter, smtp.url()));
        EngineClient victim(auth);
        requestLink(victim, "ivy@example.test");
        const QString link = ReceivedMessage::parse(smtp.received.first().data).link();
        EngineClient attacker(auth);
        for (const QString &other : {QStringLiteral("mallory@example.test"), QStringLiteral("IVY@example.test"), QString()}) {
            QString forged = link;
            forged.replace(QStringLiteral("email=ivy%40example.test"), QStringLiteral("email=") + QUrl::toPercentEncoding(other));
            QCOMPARE(attacker.get(pathOf(forged)).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Verification"));
        }
        QVERIFY(!attacker.cookies.contains(QStringLiteral("authjs.session-token")));
        // The right address still works: a wrong guess does not burn the token.
        QCOMPARE(victim.get(pathOf(link)).location(), QByteArray("http://127.0.0.1:9300"));
    }

    void concurrentClicksGiveOneSession()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Config config = emailConfig(adapter, smtp.url());
        config.providers[0].options.insert(QStringLiteral("rateLimit"), false);
        Auth auth(config);
        EngineClient client(auth);
        for (int round = 0; round < 8; ++round) {
            requestLink(client, "jack@example.test");
            const QString fresh = ReceivedMessage::parse(smtp.received.last().data).link();
            AuthRequest click;
            click.method = "GET";
            click.url = QUrl(fresh);
            click.remoteAddress = QHostAddress(QStringLiteral("127.0.0.1"));
            QSemaphore ready;
            QSemaphore go;
            AuthResponse results[2];
            std::thread clicks[2];
            for (int i = 0; i < 2; ++i) {
                clicks[i] = std::thread([&, i] {
                    ready.release();
                    go.acquire();
                    results[i] = auth.handle(click).result();
                });
            }
            ready.acquire(2);
            go.release(2);
            for (std::thread &t : clicks)
                t.join();
            int sessions = 0;
            int refused = 0;
            for (const AuthResponse &r : results) {
                const bool session = std::any_of(r.cookies.cbegin(), r.cookies.cend(), [](const SetCookie &c) {
                    return c.name == QLatin1String("authjs.session-token");
                });
                if (r.header("location") == "http://127.0.0.1:9300" && session)
                    ++sessions;
                else if (r.header("location") == "http://127.0.0.1:9300/auth/error?error=Verification")
                    ++refused;
            }
            QCOMPARE(sessions, 1);
            QCOMPARE(refused, 1);
        }
    }

    void linksSurviveSecretRotation()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth before(emailConfig(adapter, smtp.url()));
        EngineClient client(before);
        requestLink(client, "kim@example.test");
        Config rotated = emailConfig(adapter, smtp.url());
        rotated.secret = {QStringLiteral("a-brand-new-secret-that-is-long-enough-0123"), kSecret};
        Auth after(rotated);
        EngineClient clicker(after);
        QCOMPARE(clicker.get(pathOf(ReceivedMessage::parse(smtp.received.first().data).link())).location(),
                 QByteArray("http://127.0.0.1:9300"));
    }

    void hostileAddressesSendNothing_data()
    {
        QTest::addColumn<QString>("email");
        QTest::newRow("quoted local part") << "\"e@attacker.test\"@victim.test";
        QTest::newRow("list") << "victim@victim.test,attacker@attacker.test";
        QTest::newRow("fullwidth @ smuggled") << QString::fromUtf8("attacker＠attacker.test@victim.test");
        QTest::newRow("header injection") << "victim@victim.test\r\nBcc: attacker@attacker.test";
        QTest::newRow("display name") << "Victim <attacker@attacker.test>";
        QTest::newRow("missing") << "";
    }

    void hostileAddressesSendNothing()
    {
        QFETCH(QString, email);
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(emailConfig(adapter, smtp.url()));
        EngineClient client(auth);
        QCOMPARE(requestLink(client, email).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QVERIFY(smtp.received.isEmpty());
        QVERIFY(adapter->createdTokens().isEmpty());
    }

    void hostileCallbackUrlStaysOnSite()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(emailConfig(adapter, smtp.url()));
        EngineClient client(auth);
        requestLink(client, "lena@example.test", {{"callbackUrl", "https://attacker.test/steal"}});
        const QString link = ReceivedMessage::parse(smtp.received.first().data).link();
        QVERIFY2(link.contains(QStringLiteral("callbackUrl=http%3A%2F%2F127.0.0.1%3A9300&")), qPrintable(link));
        QString forged = link;
        forged.replace(QStringLiteral("callbackUrl=http%3A%2F%2F127.0.0.1%3A9300"), QStringLiteral("callbackUrl=https%3A%2F%2Fattacker.test%2Fsteal"));
        QCOMPARE(client.get(pathOf(forged)).location(), QByteArray("http://127.0.0.1:9300"));
    }

    void programmaticSignIn()
    {
        // Auth::signIn(request, "email", {email}) is the form post without a CSRF token.
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Auth auth(emailConfig(adapter, smtp.url()));
        AuthRequest page;
        page.method = "GET";
        page.url = QUrl(kOrigin + QStringLiteral("/account"));
        page.remoteAddress = QHostAddress(QStringLiteral("127.0.0.1"));
        SignInOptions options;
        options.fields = {{"email", "Olga@Example.test"}};
        options.redirectTo = QStringLiteral("/account");
        options.redirect = false;
        QFuture<AuthResponse> pending = auth.signIn(page, QStringLiteral("email"), options);
        QTRY_VERIFY_WITH_TIMEOUT(pending.isFinished(), 10000);
        const AuthResponse response = pending.result();
        QCOMPARE(QJsonDocument::fromJson(response.body).object().value("url").toString(),
                 QStringLiteral("http://127.0.0.1:9300/auth/verify-request?provider=email&type=email"));
        QCOMPARE(smtp.received.size(), 1);
        QCOMPARE(smtp.received.first().rcptTo, QStringList{"olga@example.test"});
        QVERIFY(ReceivedMessage::parse(smtp.received.first().data).link().startsWith(
            QStringLiteral("http://127.0.0.1:9300/auth/callback/email?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Faccount&token=")));
    }

    void mailLanguageAndTheme()
    {
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        Config config = emailConfig(adapter, smtp.url());
        config.theme.brandColor = QStringLiteral("#123456");
        config.theme.logo = QStringLiteral("/logo.png");
        Auth auth(config);
        EngineClient client(auth);
        requestLink(client, "max@example.test", {}, {{"Accept-Language", "de-DE,de;q=0.9,en;q=0.5"}});
        const ReceivedMessage mail = ReceivedMessage::parse(smtp.received.first().data);
        QCOMPARE(mail.headers.value("subject"), QStringLiteral("Anmelden bei 127.0.0.1:9300"));
        QVERIFY(mail.html.contains(QStringLiteral("background:#123456;")));
        QVERIFY(mail.html.contains(QStringLiteral("src=\"http://127.0.0.1:9300/logo.png\"")));
    }

    void configurationErrors()
    {
        // An email provider without an adapter is refused at construction, naming its key path.
        Config noAdapter = emailConfig(nullptr, QStringLiteral("smtp://127.0.0.1:25"));
        noAdapter.providers[0].id = QStringLiteral("magic");
        try {
            Auth auth(noAdapter);
            QFAIL("an email provider without an adapter was accepted");
        } catch (const AuthError &e) {
            QCOMPARE(e.type(), QStringLiteral("InvalidConfiguration"));
            QVERIFY2(e.message().contains(QStringLiteral("providers[0].type: an email provider needs an adapter")), qPrintable(e.message()));
        }

        // Unusable options show as a Configuration error when a link is requested.
        FakeSmtpServer smtp;
        auto adapter = std::make_shared<RecordingAdapter>();
        QList<AuthError> logged;
        for (const QJsonObject &options : {QJsonObject{{"server", smtp.url()}},
                                           QJsonObject{{"server", smtp.url()}, {"from", "no reply <x>"}},
                                           QJsonObject{{"server", "http://127.0.0.1"}, {"from", "a@example.test"}},
                                           QJsonObject{{"server", smtp.url()}, {"from", "a@example.test"}, {"maxAge", 0}}}) {
            Config config = emailConfig(adapter, smtp.url());
            config.providers[0].options = options;
            config.logger.error = [&](const AuthError &e) { logged << e; };
            Auth auth(config);
            EngineClient client(auth);
            QCOMPARE(requestLink(client, "nina@example.test").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
            QCOMPARE(logged.last().type(), QStringLiteral("InvalidProvider"));
            QVERIFY(logged.last().message().startsWith(QStringLiteral("email provider 'email': ")));
        }
        QVERIFY(smtp.received.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEmailFlow)
#include "tst_emailflow.moc"
