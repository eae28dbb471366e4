// The parts of NativeSignIn that need no provider: the PKCE challenge (RFC 7636's vector), the
// https rule, the token endpoint's answers, the ID token's checks (an Ed25519 key of the test's
// own) and the loopback listener over a raw socket.
// tests/integration/server/tst_servernativesignin.cpp runs the whole flow against a server.
#include "nativesignin/flowsecrets.h"
#include "nativesignin/loopbacklistener.h"
#include "nativesignin/providercalls.h"

#include "crypto/base64url.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>

#include <openssl/evp.h>

using namespace Gatehouse;
using namespace Gatehouse::NativeSignInDetail;
using Reason = NativeSignInError::Reason;

namespace {

OAuth::HttpResponse answer(int status, const QByteArray &body)
{
    OAuth::HttpResponse r;
    r.status = status;
    r.body = body;
    r.received = QDateTime::currentDateTimeUtc();
    r.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
    return r;
}

//! Sends \a request to the listener's port; what came back before the connection closed.
QByteArray exchange(quint16 port, const QByteArray &request, bool waitForClose = true)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(2000))
        return "(no connection)";
    socket.write(request);
    if (!waitForClose)
        return {};
    (void)QTest::qWaitFor([&socket] { return socket.state() == QAbstractSocket::UnconnectedState; }, 5000);
    return socket.readAll();
}

//! An Ed25519 key that signs ID tokens, and its JWK Set.
struct Signer
{
    std::shared_ptr<EVP_PKEY> key{EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"), EVP_PKEY_free};
    QString kid = QStringLiteral("k1");

    OAuth::JwkSet keys() const
    {
        unsigned char raw[32];
        size_t length = sizeof raw;
        EVP_PKEY_get_raw_public_key(key.get(), raw, &length);
        const QJsonObject jwk{{"kty", "OKP"}, {"crv", "Ed25519"}, {"kid", kid},
                              {"x", QString::fromLatin1(Crypto::base64UrlEncode(QByteArray(reinterpret_cast<char *>(raw), 32)))}};
        QString problem;
        return *OAuth::JwkSet::fromJson(QJsonDocument(QJsonObject{{"keys", QJsonArray{jwk}}}).toJson(), &problem);
    }

    QString sign(const QJsonObject &claims, const QString &alg = QStringLiteral("EdDSA")) const
    {
        const QByteArray input = Crypto::base64UrlEncode(QJsonDocument(QJsonObject{{"alg", alg}, {"kid", kid}}).toJson(QJsonDocument::Compact))
            + '.' + Crypto::base64UrlEncode(QJsonDocument(claims).toJson(QJsonDocument::Compact));
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();
        EVP_DigestSignInit(ctx, nullptr, nullptr, nullptr, key.get());
        unsigned char signature[64];
        size_t length = sizeof signature;
        EVP_DigestSign(ctx, signature, &length, reinterpret_cast<const unsigned char *>(input.constData()), size_t(input.size()));
        EVP_MD_CTX_free(ctx);
        return QString::fromLatin1(input + '.' + Crypto::base64UrlEncode(QByteArray(reinterpret_cast<char *>(signature), int(length))));
    }
};

const QString kIssuer = QStringLiteral("https://auth.example.test/auth");

QJsonObject goodClaims()
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    return {{"iss", kIssuer}, {"sub", "u1"}, {"aud", "gatehouse-admin"}, {"iat", now}, {"exp", now + 600}, {"nonce", "n1"}};
}

//! The reason verifying \a token fails with, or nullopt when it verifies.
std::optional<Reason> idTokenFailure(const QString &token, const OAuth::JwkSet &keys, const std::optional<QString> &nonce,
                                     const QString &subject = {}, const QStringList &announced = {"EdDSA", "RS256"})
{
    OAuth::ServerMetadata metadata;
    metadata.issuer = kIssuer;
    metadata.idTokenSigningAlgs = announced;
    try {
        const OAuth::CompactJws jws = parseIdToken(token, metadata);
        verifiedClaims(jws, tryKeys(jws, keys), kIssuer, QStringLiteral("gatehouse-admin"), nonce, subject);
    } catch (const NativeSignInError &e) {
        return e.reason();
    }
    return std::nullopt;
}

} // namespace

class TestNativeSignInParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pkceChallenge()
    {
        // RFC 7636 Appendix B.
        QCOMPARE(s256Challenge(QStringLiteral("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")),
                 QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
        const FlowSecrets a = FlowSecrets::generate();
        const FlowSecrets b = FlowSecrets::generate();
        QCOMPARE(a.verifier.size(), 43);   // RFC 7636 §4.1: 43 to 128 characters
        QCOMPARE(a.challenge, s256Challenge(a.verifier));
        QCOMPARE(a.state.size(), 43);
        QCOMPARE(a.nonce.size(), 43);
        QVERIFY(a.verifier != b.verifier && a.state != b.state && a.nonce != b.nonce && a.state != a.nonce);
    }

    void httpsRule_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("httpAllowed");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("https") << "https://auth.example.test/auth" << false << true;
        QTest::newRow("http") << "http://auth.example.test/auth" << true << false;
        QTest::newRow("http 127.0.0.1") << "http://127.0.0.1:3000/auth" << true << true;
        QTest::newRow("http 127.8.9.10") << "http://127.8.9.10/auth" << true << true;
        QTest::newRow("http [::1]") << "http://[::1]:3000/auth" << true << true;
        QTest::newRow("http localhost") << "http://localhost:3000/auth" << true << true;
        QTest::newRow("http loopback, https issuer") << "http://127.0.0.1/token" << false << false;
        QTest::newRow("http 128.0.0.1") << "http://128.0.0.1/auth" << true << false;
        QTest::newRow("localhost.example") << "http://localhost.example.test/auth" << true << false;
        QTest::newRow("ftp") << "ftp://127.0.0.1/auth" << true << false;
        QTest::newRow("no host") << "https:///auth" << true << false;
    }
    void httpsRule()
    {
        QFETCH(QString, url);
        QFETCH(bool, httpAllowed);
        QFETCH(bool, accepted);
        QCOMPARE(urlProblem(QUrl(url), QStringLiteral("the issuer"), httpAllowed).isEmpty(), accepted);
    }

    void tokenAnswers()
    {
        const NativeSignInTokens t = tokensOf(
            answer(200, R"({"access_token":"at","token_type":"bearer","expires_in":600,"refresh_token":"rt","id_token":"x.y.z","scope":"openid email"})"),
            {"openid"});
        QCOMPARE(t.accessToken, QStringLiteral("at"));
        QCOMPARE(t.tokenType, QStringLiteral("Bearer"));
        QCOMPARE(t.refreshToken, QStringLiteral("rt"));
        QCOMPARE(t.scopes, QStringList({"openid", "email"}));
        QVERIFY(qAbs(QDateTime::currentDateTimeUtc().secsTo(t.expiresAt) - 600) <= 2);
        QCOMPARE(tokensOf(answer(200, R"({"access_token":"at","token_type":"Bearer"})"), {"openid", "email"}).scopes,
                 QStringList({"openid", "email"}));

        const auto failure = [](const OAuth::HttpResponse &r) -> std::optional<NativeSignInError> {
            try {
                tokensOf(r, {});
            } catch (const NativeSignInError &e) {
                return e;
            }
            return std::nullopt;
        };
        std::optional<NativeSignInError> e = failure(answer(400, R"({"error":"invalid_grant","error_description":"the code was used"})"));
        QVERIFY(e);
        QCOMPARE(e->reason(), Reason::ProviderError);
        QCOMPARE(e->error(), QStringLiteral("invalid_grant"));
        QCOMPARE(e->errorDescription(), QStringLiteral("the code was used"));
        QCOMPARE(failure(answer(500, "<html>oops</html>"))->reason(), Reason::InvalidResponse);
        QCOMPARE(failure(answer(502, R"({})"))->reason(), Reason::InvalidResponse);
        QCOMPARE(failure(answer(200, R"({"token_type":"Bearer"})"))->reason(), Reason::InvalidResponse);
        QCOMPARE(failure(answer(200, R"({"access_token":"at","token_type":"mac"})"))->reason(), Reason::InvalidResponse);
        QCOMPARE(failure(answer(200, R"({"access_token":"at","token_type":"Bearer","error":"x"})"))->reason(), Reason::ProviderError);
        OAuth::HttpResponse down;
        down.error = QStringLiteral("Connection refused");
        QCOMPARE(failure(down)->reason(), Reason::Network);
    }

    // The ID token: signature by a key of the set, iss, aud, exp, nonce; a refresh's without the
    // nonce asked for, but naming the same subject.
    void idTokens()
    {
        const Signer signer;
        const OAuth::JwkSet keys = signer.keys();
        QCOMPARE(idTokenFailure(signer.sign(goodClaims()), keys, QStringLiteral("n1")), std::nullopt);
        const auto changed = [&signer](const char *name, const QJsonValue &value) {
            QJsonObject claims = goodClaims();
            if (value.isUndefined())
                claims.remove(QLatin1String(name));
            else
                claims.insert(QLatin1String(name), value);
            return signer.sign(claims);
        };
        const std::optional<Reason> invalid = Reason::InvalidIdToken;
        QCOMPARE(idTokenFailure(changed("nonce", "n2"), keys, QStringLiteral("n1")), invalid);
        QCOMPARE(idTokenFailure(changed("nonce", QJsonValue::Undefined), keys, QStringLiteral("n1")), invalid);
        QCOMPARE(idTokenFailure(changed("aud", "another-app"), keys, QStringLiteral("n1")), invalid);
        QCOMPARE(idTokenFailure(changed("iss", "https://evil.example/auth"), keys, QStringLiteral("n1")), invalid);
        QCOMPARE(idTokenFailure(changed("exp", QDateTime::currentSecsSinceEpoch() - 3600), keys, QStringLiteral("n1")), invalid);
        // Signed by another key, tampered with, or under an algorithm not announced, none or HMAC.
        QCOMPARE(idTokenFailure(Signer().sign(goodClaims()), keys, QStringLiteral("n1")), invalid);
        QString tampered = signer.sign(goodClaims());
        tampered[tampered.size() - 3] = tampered.at(tampered.size() - 3) == u'A' ? u'B' : u'A';
        QCOMPARE(idTokenFailure(tampered, keys, QStringLiteral("n1")), invalid);
        QCOMPARE(idTokenFailure(signer.sign(goodClaims()), keys, QStringLiteral("n1"), {}, {"RS256"}), invalid);
        QCOMPARE(idTokenFailure(signer.sign(goodClaims(), QStringLiteral("none")), keys, QStringLiteral("n1"), {}, {}), invalid);
        QCOMPARE(idTokenFailure(signer.sign(goodClaims(), QStringLiteral("HS256")), keys, QStringLiteral("n1"), {}, {}), invalid);
        QCOMPARE(idTokenFailure(QString(), keys, QStringLiteral("n1")), invalid);
        // A refresh: any nonce or none, the subject of the sign-in.
        QCOMPARE(idTokenFailure(signer.sign(goodClaims()), keys, std::nullopt, QStringLiteral("u1")), std::nullopt);
        QCOMPARE(idTokenFailure(changed("nonce", QJsonValue::Undefined), keys, std::nullopt), std::nullopt);
        QCOMPARE(idTokenFailure(signer.sign(goodClaims()), keys, std::nullopt, QStringLiteral("u2")), invalid);
    }

    // Other paths, methods, Host names and oversized requests are refused and the listener goes
    // on; the one GET of the path is handed over with its query decoded, and ends the listening.
    void listener()
    {
        LoopbackListener listener(QStringLiteral("/callback"));
        QString problem;
        QVERIFY2(listener.listen(&problem), qPrintable(problem));
        const QUrl uri = listener.redirectUri();
        QCOMPARE(uri.scheme(), QStringLiteral("http"));
        QCOMPARE(uri.host(), QStringLiteral("127.0.0.1"));
        QCOMPARE(uri.path(), QStringLiteral("/callback"));
        const quint16 port = quint16(uri.port());
        QVERIFY(port > 0);
        const QByteArray host = "Host: 127.0.0.1:" + QByteArray::number(port) + "\r\n";
        QSignalSpy received(&listener, &LoopbackListener::received);

        QVERIFY(exchange(port, "GET /favicon.ico HTTP/1.1\r\n" + host + "\r\n").startsWith("HTTP/1.1 404"));
        QVERIFY(exchange(port, "GET /callbackx?code=1 HTTP/1.1\r\n" + host + "\r\n").startsWith("HTTP/1.1 404"));
        QVERIFY(exchange(port, "POST /callback?code=1 HTTP/1.1\r\n" + host + "\r\n").startsWith("HTTP/1.1 405"));
        QVERIFY(exchange(port, "GET /callback?code=1 HTTP/1.1\r\nHost: evil.example\r\n\r\n").startsWith("HTTP/1.1 400"));
        QVERIFY(exchange(port, "GET /callback?code=1 HTTP/1.1\r\n\r\n").startsWith("HTTP/1.1 400"));
        QVERIFY(exchange(port, "GET /callback?code=1\r\n" + host + "\r\n").startsWith("HTTP/1.1 400"));
        // Refused unread (the answer may be lost to the reset that unread data causes).
        QVERIFY(!exchange(port, "GET /callback?" + QByteArray(20000, 'a')).startsWith("HTTP/1.1 200"));
        QCOMPARE(received.size(), 0);

        QTcpSocket browser;
        browser.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(browser.waitForConnected(2000));
        browser.write("GET /callback?code=a%2Bb&state=s+t&x=%C3%A9 HTTP/1.1\r\n" + host + "User-Agent: t\r\n\r\n");
        QVERIFY(received.wait(5000));
        const auto query = received.first().first().value<QList<QPair<QString, QString>>>();
        QCOMPARE(query, (QList<QPair<QString, QString>>{{"code", "a+b"}, {"state", "s t"}, {"x", QStringLiteral("\u00e9")}}));
        // The redirect URI stays what the code is bound to; nothing more is listened to.
        QTcpSocket late;
        late.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(!late.waitForConnected(1000));
        QCOMPARE(listener.redirectUri(), uri);

        listener.answer(200, QStringLiteral("Signed in <b>"));
        QVERIFY(QTest::qWaitFor([&browser] { return browser.state() == QAbstractSocket::UnconnectedState; }, 5000));
        const QByteArray page = browser.readAll();
        QVERIFY2(page.startsWith("HTTP/1.1 200 OK\r\n"), page.constData());
        QVERIFY(page.contains("Signed in &lt;b&gt;"));
        QVERIFY(page.contains("Cache-Control: no-store\r\n"));
        QVERIFY(page.contains("Content-Security-Policy: default-src 'none'"));
    }
};

QTEST_GUILESS_MAIN(TestNativeSignInParts)
#include "tst_nativesigninparts.moc"
