// OpenID Connect Back-Channel Logout 1.0 end to end: a person signs in to three clients through
// openid-client (rp.mjs), then signs out at Gatehouse (Auth.js's sign-out). receiver.mjs stands
// for the clients' back-channel endpoints and checks each Logout Token with jose against the
// provider's jwks_uri. The client with a back-channel URI gets exactly one valid token naming the
// person and the session of its ID token; the client without one gets nothing; a receiver that
// holds the request and then answers 500 is tried a bounded number of times, and the person's
// sign-out answer never waits for it.
#include "integration/server/serverharness.h"
#include "rpscript.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse::Testing;

namespace {

const QString kSecret = QStringLiteral("rp-secret-0123456789abcdef-0123456789");
const QString kRedirect = QStringLiteral("http://127.0.0.1:41000/cb");

} // namespace

class TestBackchannelLogout : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QProcess m_receiver;
    QString m_receiverUrl;
    QString m_issuer;
    std::unique_ptr<Browser> m_browser;

    QByteArray cookieHeader() const
    {
        return m_browser->cookieHeader();
    }

    //! The Location of the person's browser's GET of \a url (the authorization request).
    QString follow(const QString &url)
    {
        QNetworkAccessManager nam;
        QNetworkRequest request{QUrl(url)};
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setRawHeader("Cookie", cookieHeader());
        QNetworkReply *reply = waitForReply(nam.get(request));
        const QString location = QString::fromUtf8(reply->rawHeader("Location"));
        reply->deleteLater();
        return location;
    }

    //! What the receiver recorded so far.
    QJsonArray received()
    {
        QNetworkAccessManager nam;
        QNetworkReply *reply = waitForReply(nam.get(QNetworkRequest(QUrl(m_receiverUrl + QStringLiteral("/received")))));
        const QJsonArray records = QJsonDocument::fromJson(reply->readAll()).array();
        reply->deleteLater();
        return records;
    }

    static QJsonArray recordsFor(const QJsonArray &records, const QString &path)
    {
        QJsonArray found;
        for (const QJsonValue &r : records) {
            if (r.toObject().value("path").toString() == path)
                found.append(r);
        }
        return found;
    }

    //! The claims of the ID token \a clientId gets for the signed-in person, through openid-client.
    QJsonObject signInTo(const QString &clientId)
    {
        const QJsonObject rp{{"id", clientId}, {"auth", "basic"}, {"secret", kSecret}, {"alg", "RS256"},
                             {"redirectUri", kRedirect}, {"scope", "openid profile"}};
        const QJsonObject begun = runRp({QStringLiteral("begin"), m_issuer, compact(rp)});
        if (begun.contains("error"))
            return begun;
        const QString callback = follow(begun.value("url").toString());
        const QJsonObject done = runRp({QStringLiteral("finish"), m_issuer, compact(rp), callback, compact(begun)});
        if (done.contains("error"))
            return done;
        return done.value("idToken").toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_issuer = QStringLiteral("http://127.0.0.1:%1/auth").arg(m_server.reservePort());
        m_receiver.setWorkingDirectory(QStringLiteral(GATEHOUSE_RP_DIR));
        m_receiver.start(QStringLiteral(GATEHOUSE_NODE), {QStringLiteral(GATEHOUSE_RP_DIR "/receiver.mjs"), m_issuer});
        QVERIFY2(m_receiver.waitForStarted(10000), qPrintable(m_receiver.errorString()));
        for (int i = 0; i < 100 && !m_receiver.canReadLine(); ++i)
            m_receiver.waitForReadyRead(100);
        const QJsonObject listening = QJsonDocument::fromJson(m_receiver.readLine()).object();
        QVERIFY2(listening.contains("port"), m_receiver.readAllStandardError().constData());
        m_receiverUrl = QStringLiteral("http://127.0.0.1:%1").arg(listening.value("port").toInt());

        QFile script(m_dir.filePath(QStringLiteral("callbacks.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(groupsCallbacksScript(QJsonObject{
            {"alice", QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"}, {"groups", QJsonArray{}}}},
        }));
        script.close();
        // First-party clients ("consent": false): this is about logout, not the consent page.
        const auto client = [&](const QString &id, const QString &backchannelPath) {
            QJsonObject c{{"clientId", id}, {"clientSecret", kSecret}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}},
                          {"scopes", QJsonArray{"openid", "profile"}}, {"consent", false}};
            if (!backchannelPath.isEmpty()) {
                c.insert("backchannelLogoutUri", m_receiverUrl + backchannelPath);
                c.insert("backchannelLogoutSessionRequired", true);
            }
            return c;
        };
        const QJsonObject config{
            {"url", m_issuer},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"session", QJsonObject{{"strategy", "jwt"}}},
            {"callbacksScript", "callbacks.js"},
            {"callbacks", QJsonObject{{"jwt", "jwt"}}},
            {"providers", QJsonArray{scriptCredentialsProvider()}},
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{
                client("wiki", "/ok/wiki"), client("plain", QString()), client("slow", "/hold/slow")}}}},
        };
        const QString configFile = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(configFile, QJsonDocument(config).toJson()));
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), configFile});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        QVERIFY2(m_server.start(configFile, m_dir.path()), qPrintable(m_server.log()));
        m_browser = std::make_unique<Browser>(m_server.baseUrl());
        m_browser->signIn(QStringLiteral("credentials"), {{"username", "alice"}, {"password", "good-password"}});
        QVERIFY(cookieHeader().contains("authjs.session-token="));
    }

    void cleanupTestCase()
    {
        m_receiver.kill();
        m_receiver.waitForFinished(5000);
    }

    void signOutTellsEachClientOfTheSessionOnce()
    {
        const QJsonObject wiki = signInTo(QStringLiteral("wiki"));
        QVERIFY2(!wiki.contains("error"), qPrintable(compact(wiki)));
        const QJsonObject plain = signInTo(QStringLiteral("plain"));
        QVERIFY2(!plain.contains("error"), qPrintable(compact(plain)));
        const QJsonObject slow = signInTo(QStringLiteral("slow"));
        QVERIFY2(!slow.contains("error"), qPrintable(compact(slow)));
        // One Gatehouse session, one sid in every client's ID token; never the session cookie.
        const QString sid = wiki.value("sid").toString();
        QVERIFY2(sid.size() >= 32, qPrintable(compact(wiki)));
        QCOMPARE(plain.value("sid").toString(), sid);
        QCOMPARE(slow.value("sid").toString(), sid);
        QVERIFY(!cookieHeader().contains(sid.toUtf8()));
        QVERIFY(received().isEmpty());

        QCOMPARE(m_browser->signOut(), 302);
        // The answer is here while the slow client's receiver still holds its request open (or
        // has not been reached yet): the sign-out did not wait for it.
        for (const QJsonValue &r : recordsFor(received(), QStringLiteral("/hold/slow")))
            QVERIFY2(!r.toObject().value("closedWhileHeld").toBool(), qPrintable(compact(r.toObject())));
        QTRY_VERIFY_WITH_TIMEOUT(recordsFor(received(), QStringLiteral("/ok/wiki")).size() == 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(recordsFor(received(), QStringLiteral("/hold/slow")).size() == 1, 20000);

        // The held request is answered 500: tried again, a bounded number of times.
        QNetworkAccessManager nam;
        waitForReply(nam.post(QNetworkRequest(QUrl(m_receiverUrl + QStringLiteral("/release"))), QByteArray()))->deleteLater();
        QVERIFY2(m_server.waitForLog(QStringLiteral("back-channel logout to client slow"), 30000), qPrintable(m_server.log()));
        QVERIFY2(m_server.log().contains(QStringLiteral("failed after 3 attempt(s): HTTP 500")), qPrintable(m_server.log()));

        const QJsonArray records = received();
        const QJsonArray toWiki = recordsFor(records, QStringLiteral("/ok/wiki"));
        QCOMPARE(toWiki.size(), 1);
        const QJsonObject record = toWiki.at(0).toObject();
        QVERIFY2(record.value("error").isNull(), qPrintable(compact(record)));
        QCOMPARE(record.value("contentType").toString(), QStringLiteral("application/x-www-form-urlencoded"));
        const QJsonObject header = record.value("header").toObject();
        QCOMPARE(header.value("typ").toString(), QStringLiteral("logout+jwt"));
        QCOMPARE(header.value("alg").toString(), QStringLiteral("RS256"));
        const QJsonObject claims = record.value("payload").toObject();
        QCOMPARE(claims.value("iss").toString(), m_issuer);
        QCOMPARE(claims.value("aud").toString(), QStringLiteral("wiki"));
        QCOMPARE(claims.value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(claims.value("sid").toString(), sid);
        QVERIFY(claims.value("events").toObject().contains("http://schemas.openid.net/event/backchannel-logout"));
        QVERIFY(!claims.contains("nonce"));
        QVERIFY(!claims.value("jti").toString().isEmpty());
        QVERIFY(claims.value("exp").toInteger() > claims.value("iat").toInteger());

        const QJsonArray toSlow = recordsFor(records, QStringLiteral("/hold/slow"));
        QCOMPARE(toSlow.size(), 3);
        for (const QJsonValue &r : toSlow)
            QCOMPARE(r.toObject().value("payload").toObject().value("aud").toString(), QStringLiteral("slow"));
        // Nothing for the client without a back-channel URI, nothing else at all.
        QCOMPARE(records.size(), 4);
    }
};

QTEST_GUILESS_MAIN(TestBackchannelLogout)
#include "tst_backchannellogout.moc"
