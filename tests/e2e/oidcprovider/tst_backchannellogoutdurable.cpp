// Back-channel logout that survives a restart and reaches every end of a session, end to end:
// gatehouse-server with database sessions and built-in passwords, a person signed in to the
// client "wiki" through openid-client (rp.mjs), and receiver.mjs standing for wiki's back-channel
// endpoint (it checks each Logout Token with jose against the provider's jwks_uri).
// (a) the receiver is down when the person signs out, gatehouse-server restarts meanwhile, the
//     receiver comes up: the token arrives once and verifies, and the backlog is empty again;
// (b) the admin API revokes the one session; (c) the admin API disables the person;
// (d) the person changes the password on the account page: the other session's client is told,
//     the one of the session that changed it is not;
// (e) the person ends one other session on the account page ("end this session"): that
//     session's client is told for its sid, and only that one.
#include "integration/server/serverharness.h"
#include "rpscript.h"
#include "support/serverprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Gatehouse::Testing;

namespace {

const QString kSecret = QStringLiteral("rp-secret-0123456789abcdef-0123456789");
const QString kRedirect = QStringLiteral("http://127.0.0.1:41000/cb");
const QString kEmail = QStringLiteral("alice@example.test");
const QByteArray kPassword = QByteArrayLiteral("a long enough passphrase");

} // namespace

class TestBackchannelLogoutDurable : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QProcess m_receiver;
    quint16 m_receiverPort = 0;
    QString m_issuer;
    QString m_configFile;
    QString m_token;     // an admin API token with users:read and users:write
    QString m_userId;
    QNetworkAccessManager m_nam;

    bool startReceiver()
    {
        m_receiver.setWorkingDirectory(QStringLiteral(GATEHOUSE_RP_DIR));
        m_receiver.start(QStringLiteral(GATEHOUSE_NODE),
                         {QStringLiteral(GATEHOUSE_RP_DIR "/receiver.mjs"), m_issuer, QString::number(m_receiverPort)});
        if (!m_receiver.waitForStarted(10000))
            return false;
        for (int i = 0; i < 100 && !m_receiver.canReadLine(); ++i)
            m_receiver.waitForReadyRead(100);
        return QJsonDocument::fromJson(m_receiver.readLine()).object().value("port").toInt() == m_receiverPort;
    }

    bool restartServer()
    {
        m_server.signal(SIGTERM);
        for (int i = 0; i < 100 && m_server.isRunning(); ++i)
            QTest::qWait(100);
        if (m_server.isRunning())
            return false;
        // A clean stop: the outbox's thread ended in time, and nothing leaked (ASan and LSan are on).
        if (m_server.log().contains(QLatin1String("Sanitizer"))) {
            qWarning("%s", qPrintable(m_server.log()));
            return false;
        }
        return m_server.start(m_configFile, m_dir.path());
    }

    //! The Location of \a browser's GET of \a url (the authorization request).
    QString follow(const Browser &browser, const QString &url)
    {
        QNetworkRequest request{QUrl(url)};
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setRawHeader("Cookie", browser.cookieHeader());
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.get(request)));
        return QString::fromUtf8(reply->rawHeader("Location"));
    }

    //! The \c sid of the ID token "wiki" gets for \a browser's person, through openid-client.
    QString signInToWiki(const Browser &browser)
    {
        const QJsonObject rp{{"id", "wiki"}, {"auth", "basic"}, {"secret", kSecret}, {"alg", "RS256"},
                             {"redirectUri", kRedirect}, {"scope", "openid profile"}};
        const QJsonObject begun = runRp({QStringLiteral("begin"), m_issuer, compact(rp)});
        if (begun.contains("error")) {
            qWarning("rp.mjs begin: %s", qPrintable(compact(begun)));
            return {};
        }
        const QString callback = follow(browser, begun.value("url").toString());
        const QJsonObject done = runRp({QStringLiteral("finish"), m_issuer, compact(rp), callback, compact(begun)});
        if (done.contains("error")) {
            qWarning("rp.mjs finish: %s", qPrintable(compact(done)));
            return {};
        }
        return done.value("idToken").toObject().value("sid").toString();
    }

    //! The ids (the admin API's) of the person's active sessions.
    QStringList sessionIds()
    {
        QJsonObject listed;
        if (adminCall("GET", QStringLiteral("users/%1/sessions").arg(m_userId), &listed) != 200)
            return {};
        QStringList ids;
        for (const QJsonValue &session : listed.value("sessions").toArray())
            ids.append(session.toObject().value("id").toString());
        return ids;
    }

    std::unique_ptr<Browser> signedInBrowser(const QByteArray &password = kPassword)
    {
        auto browser = std::make_unique<Browser>(m_server.baseUrl());
        browser->signIn(QStringLiteral("credentials"), {{"email", kEmail}, {"password", QString::fromLatin1(password)}});
        return browser;
    }

    //! What the receiver recorded for wiki so far.
    QJsonArray receivedByWiki()
    {
        std::unique_ptr<QNetworkReply> reply(
            waitForReply(m_nam.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/received").arg(m_receiverPort))))));
        QJsonArray found;
        for (const QJsonValue &r : QJsonDocument::fromJson(reply->readAll()).array()) {
            if (r.toObject().value("path").toString() == QLatin1String("/ok/wiki"))
                found.append(r);
        }
        return found;
    }

    //! The records of wiki's endpoint naming \a sid.
    QJsonArray tokensFor(const QString &sid)
    {
        QJsonArray found;
        for (const QJsonValue &r : receivedByWiki()) {
            if (r.toObject().value("payload").toObject().value("sid").toString() == sid)
                found.append(r);
        }
        return found;
    }

    double backlog()
    {
        return scrapeMetric(m_server.loggedPort(QStringLiteral("metrics:")), "gatehouse_oidc_backchannel_logout_backlog");
    }

    int adminCall(const QByteArray &method, const QString &path, QJsonObject *body = nullptr)
    {
        QNetworkRequest request(QUrl(QStringLiteral("%1/admin/api/%2").arg(m_issuer, path)));
        request.setRawHeader("Authorization", "Bearer " + m_token.toLatin1());
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.sendCustomRequest(request, method)));
        if (body)
            *body = QJsonDocument::fromJson(reply->readAll()).object();
        return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    }

    //! The one Logout Token for \a sid: verified, for wiki, naming the person.
    void verifyOneTokenFor(const QString &sid)
    {
        QTRY_VERIFY_WITH_TIMEOUT(tokensFor(sid).size() >= 1, 60000);
        QTest::qWait(1500);   // nothing more comes
        const QJsonArray tokens = tokensFor(sid);
        QCOMPARE(tokens.size(), 1);
        const QJsonObject record = tokens.first().toObject();
        QVERIFY2(record.value("error").isNull(), qPrintable(compact(record)));
        QCOMPARE(record.value("header").toObject().value("typ").toString(), QStringLiteral("logout+jwt"));
        const QJsonObject claims = record.value("payload").toObject();
        QCOMPARE(claims.value("iss").toString(), m_issuer);
        QCOMPARE(claims.value("aud").toString(), QStringLiteral("wiki"));
        QCOMPARE(claims.value("sub").toString(), m_userId);
        QVERIFY(claims.value("events").toObject().contains("http://schemas.openid.net/event/backchannel-logout"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_issuer = QStringLiteral("http://127.0.0.1:%1/auth").arg(m_server.reservePort());
        m_receiverPort = freeLoopbackPort(); // started again on it: outside the outgoing range
        QVERIFY(m_receiverPort != 0);
        const QJsonObject wiki{{"clientId", "wiki"}, {"clientSecret", kSecret}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}},
                               {"scopes", QJsonArray{"openid", "profile"}}, {"consent", false},
                               {"backchannelLogoutUri", QStringLiteral("http://127.0.0.1:%1/ok/wiki").arg(m_receiverPort)}};
        const QJsonObject config{
            {"url", m_issuer},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"providers", QJsonArray{QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}}}},
            {"admin", QJsonObject{{"groups", QJsonArray{"admins"}}}},
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{wiki}}}},
            {"server", QJsonObject{{"metricsListen", "127.0.0.1:0"}}},
        };
        m_configFile = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(m_configFile, QJsonDocument(config).toJson()));
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), m_configFile});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        const CommandResult added = runServerCommand({"user", "add", kEmail, "--password-stdin", "--config", m_configFile},
                                                     kPassword + '\n');
        QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        const CommandResult token = runServerCommand({"admin-token", "create", "ops", "--scope", "users:read,users:write",
                                                      "--expires", "1d", "--config", m_configFile});
        QVERIFY2(token.exitCode == 0, qPrintable(token.err));
        m_token = token.out.trimmed().split(u'\n').constLast();
        QVERIFY2(m_server.start(m_configFile, m_dir.path()), qPrintable(m_server.log()));
        QJsonObject users;
        QCOMPARE(adminCall("GET", QStringLiteral("users?search=alice"), &users), 200);
        m_userId = users.value("users").toArray().first().toObject().value("id").toString();
        QVERIFY(!m_userId.isEmpty());
    }

    void cleanupTestCase()
    {
        m_receiver.kill();
        m_receiver.waitForFinished(5000);
    }

    // (a) Nothing is lost while the client is down, across a restart; nothing comes twice.
    void signOutWhileTheClientIsDownSurvivesARestart()
    {
        const auto browser = signedInBrowser();
        const QString sid = signInToWiki(*browser);
        QVERIFY(sid.size() >= 32);
        QCOMPARE(browser->signOut(), 302);
        // Every POST of the first round is refused (nothing listens): tried again later.
        QVERIFY2(m_server.waitForLog(QStringLiteral("tried again in"), 30000), qPrintable(m_server.log()));
        QVERIFY(!m_server.log().contains(QStringLiteral("given up")));
        QTRY_COMPARE_WITH_TIMEOUT(backlog(), 1.0, 5000);
        QVERIFY(restartServer());
        QVERIFY(startReceiver());
        verifyOneTokenFor(sid);
        QTRY_COMPARE_WITH_TIMEOUT(backlog(), 0.0, 10000);
        QCOMPARE(scrapeMetric(m_server.loggedPort(QStringLiteral("metrics:")),
                              R"(gatehouse_oidc_backchannel_logouts_total{outcome="delivered"})"),
                 1.0);
        // The delivery is gone from the database: a later restart sends nothing again.
        QVERIFY(restartServer());
        QTest::qWait(3000);
        QCOMPARE(tokensFor(sid).size(), 1);
    }

    // (b) The admin API's revoke of one session tells that session's client.
    void adminRevokeOfTheSessionTellsTheClient()
    {
        const auto browser = signedInBrowser();
        const QString sid = signInToWiki(*browser);
        QVERIFY(sid.size() >= 32);
        QJsonObject listed;
        QCOMPARE(adminCall("GET", QStringLiteral("users/%1/sessions").arg(m_userId), &listed), 200);
        const QJsonArray sessions = listed.value("sessions").toArray();
        QCOMPARE(sessions.size(), 1);
        QCOMPARE(adminCall("DELETE", QStringLiteral("users/%1/sessions/%2").arg(m_userId, sessions.first().toObject().value("id").toString())),
                 200);
        verifyOneTokenFor(sid);
        QVERIFY(browser->sessionUser().isEmpty());
    }

    // (c) Disabling the person tells the clients of every session.
    void disablingTheUserTellsTheClient()
    {
        const auto browser = signedInBrowser();
        const QString sid = signInToWiki(*browser);
        QVERIFY(sid.size() >= 32);
        QCOMPARE(adminCall("POST", QStringLiteral("users/%1/disable").arg(m_userId)), 200);
        verifyOneTokenFor(sid);
        QCOMPARE(adminCall("POST", QStringLiteral("users/%1/enable").arg(m_userId)), 200);
    }

    // (d) A password change on the account page tells the other sessions' clients, not its own's.
    void passwordChangeTellsTheOtherSessionsClients()
    {
        const auto other = signedInBrowser();
        const QString otherSid = signInToWiki(*other);
        QVERIFY(otherSid.size() >= 32);
        const auto here = signedInBrowser();
        const QString hereSid = signInToWiki(*here);
        QVERIFY(hereSid.size() >= 32);
        QVERIFY(hereSid != otherSid);
        const QByteArray next = QByteArrayLiteral("another long passphrase");
        QCOMPARE(here->postForm(QStringLiteral("/auth/account"),
                                {{"action", "changePassword"}, {"currentPassword", QString::fromLatin1(kPassword)},
                                 {"newPassword", QString::fromLatin1(next)}, {"confirmPassword", QString::fromLatin1(next)}}),
                 302);
        verifyOneTokenFor(otherSid);
        QVERIFY(tokensFor(hereSid).isEmpty());
        QVERIFY(other->sessionUser().isEmpty());
        QVERIFY(!here->sessionUser().isEmpty());
    }

    // (e) "End this session" on the account page tells that session's client, and no other's.
    void endingOneSessionOnTheAccountPageTellsOnlyItsClient()
    {
        const QByteArray password = QByteArrayLiteral("another long passphrase");   // since (d)
        const auto here = signedInBrowser(password);
        const QString hereSid = signInToWiki(*here);
        QVERIFY(hereSid.size() >= 32);
        const auto kept = signedInBrowser(password);
        const QString keptSid = signInToWiki(*kept);
        QVERIFY(keptSid.size() >= 32);
        const QStringList before = sessionIds();
        QVERIFY(!before.isEmpty());
        const auto ended = signedInBrowser(password);
        const QString endedSid = signInToWiki(*ended);
        QVERIFY(endedSid.size() >= 32);
        QVERIFY(endedSid != hereSid && endedSid != keptSid);
        // The ended browser's session: the one new in the list. The account page names it by the
        // first 22 characters of the base64url SHA-256 of its token, the admin API by the hex.
        QStringList added = sessionIds();
        for (const QString &id : before)
            added.removeAll(id);
        QCOMPARE(added.size(), 1);
        const QString accountId = QString::fromLatin1(QByteArray::fromHex(added.first().toLatin1())
                                                          .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                                                          .left(22));
        // The account page lists it with its "end this session" form.
        const auto [status, body] = here->get(QStringLiteral("/auth/account"));
        QCOMPARE(status, 200);
        const QString page = QString::fromUtf8(body);
        QVERIFY2(page.contains(QStringLiteral("value=\"%1\"").arg(accountId)), qPrintable(page));

        QCOMPARE(here->postForm(QStringLiteral("/auth/account"), {{"action", "endSession"}, {"sessionId", accountId}}), 302);
        verifyOneTokenFor(endedSid);
        QVERIFY(ended->sessionUser().isEmpty());
        // Nobody else was told: neither this browser's session's client nor the other one's.
        QVERIFY(tokensFor(hereSid).isEmpty());
        QVERIFY(tokensFor(keptSid).isEmpty());
        QVERIFY(!here->sessionUser().isEmpty());
        QVERIFY(!kept->sessionUser().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(backlog(), 0.0, 10000);
    }
};

QTEST_GUILESS_MAIN(TestBackchannelLogoutDurable)
#include "tst_backchannellogoutdurable.moc"
