#include <gatehouse/jwt.h>

#include "jose/jwe.h"

#include <QTest>

#include <stdexcept>

using namespace Gatehouse;

namespace {

const QString referenceSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");
const QString sessionCookie = QStringLiteral("authjs.session-token");
const QString secureSessionCookie = QStringLiteral("__Secure-authjs.session-token");

QJsonObject claims()
{
    return QJsonObject{{QStringLiteral("sub"), QStringLiteral("user-1")},
                       {QStringLiteral("email"), QStringLiteral("alice@example.test")}};
}

AuthRequest requestWith(QList<QPair<QByteArray, QByteArray>> headers)
{
    AuthRequest request;
    request.url = QUrl(QStringLiteral("http://localhost/protected"));
    request.headers = std::move(headers);
    return request;
}

Jwt::GetTokenParams tokenParams(QList<QPair<QByteArray, QByteArray>> headers, std::optional<bool> secure = false)
{
    Jwt::GetTokenParams params;
    params.req = requestWith(std::move(headers));
    params.secret = {referenceSecret};
    params.secureCookie = secure;
    return params;
}

QString encodeFor(const QString &salt, qint64 maxAge = 3600)
{
    return Jwt::encode({claims(), {referenceSecret}, salt, maxAge});
}

// Restores an environment variable when the test function ends.
class EnvironmentGuard
{
public:
    explicit EnvironmentGuard(const char *name) : m_name(name), m_value(qgetenv(name)), m_set(qEnvironmentVariableIsSet(name)) {}
    ~EnvironmentGuard()
    {
        if (m_set)
            qputenv(m_name, m_value);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    QByteArray m_value;
    bool m_set;
};

} // namespace

class TestJwt : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void encodeDecode();
    void decodeRejects();
    void decodeWithSecretList();
    void interchangeableWithCodec();
    void missingSecret();
    void rawTokenFromCookies_data();
    void rawTokenFromCookies();
    void secureCookieDefaultFollowsAuthUrl();
    void getTokenDecodes();
    void getTokenFromChunks();
    void getTokenSaltAndSecret();
};

void TestJwt::encodeDecode()
{
    const QString token = Jwt::encode({claims(), {referenceSecret}, sessionCookie, 60});
    const std::optional<QJsonObject> decoded = Jwt::decode({token, {referenceSecret}, sessionCookie});
    QVERIFY(decoded);
    QCOMPARE(decoded->value(u"sub"), QJsonValue(u"user-1"_qs));
    QCOMPARE(decoded->value(u"exp").toInteger() - decoded->value(u"iat").toInteger(), 60);
    QVERIFY(decoded->contains(u"jti"));

    Jwt::EncodeParams defaults;
    defaults.secret = {referenceSecret};
    defaults.salt = sessionCookie;
    const auto withDefaults = Jwt::decode({Jwt::encode(defaults), {referenceSecret}, sessionCookie});
    QVERIFY(withDefaults);
    QCOMPARE(withDefaults->value(u"exp").toInteger() - withDefaults->value(u"iat").toInteger(), Jwt::DefaultMaxAge);
}

void TestJwt::decodeRejects()
{
    const QString token = encodeFor(sessionCookie);
    QVERIFY(!Jwt::decode({QString(), {referenceSecret}, sessionCookie}));
    QVERIFY(!Jwt::decode({token, {u"other"_qs}, sessionCookie}));
    QVERIFY(!Jwt::decode({token, {referenceSecret}, secureSessionCookie}));
    QVERIFY(!Jwt::decode({token.chopped(1), {referenceSecret}, sessionCookie}));
    QVERIFY(!Jwt::decode({encodeFor(sessionCookie, -3600), {referenceSecret}, sessionCookie}));
}

void TestJwt::decodeWithSecretList()
{
    const QString token = encodeFor(sessionCookie);
    QVERIFY(Jwt::decode({token, {u"newer"_qs, referenceSecret}, sessionCookie}));
    QVERIFY(!Jwt::decode({token, {u"newer"_qs, u"older"_qs}, sessionCookie}));
    const QString rotated = Jwt::encode({claims(), {u"newer"_qs, referenceSecret}, sessionCookie});
    QVERIFY(Jwt::decode({rotated, {u"newer"_qs}, sessionCookie}));
    QVERIFY(!Jwt::decode({rotated, {referenceSecret}, sessionCookie}));
}

void TestJwt::interchangeableWithCodec()
{
    const Jose::JweCodec codec({referenceSecret});
    QVERIFY(Jwt::decode({codec.encrypt(claims(), sessionCookie), {referenceSecret}, sessionCookie}));
    QVERIFY(codec.decrypt(encodeFor(sessionCookie), sessionCookie));
}

void TestJwt::missingSecret()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Jwt::encode({claims(), {}, sessionCookie}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Jwt::encode({claims(), {QString()}, sessionCookie}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Jwt::decode({encodeFor(sessionCookie), {}, sessionCookie}));
}

void TestJwt::rawTokenFromCookies_data()
{
    using Headers = QList<QPair<QByteArray, QByteArray>>;
    QTest::addColumn<Headers>("headers");
    QTest::addColumn<std::optional<bool>>("secure");
    QTest::addColumn<QString>("cookieName");
    QTest::addColumn<QString>("expected");   // null: no token

    const std::optional<bool> plain = false;
    QTest::newRow("cookie") << Headers{{"Cookie", "authjs.session-token=abc.def"}} << plain << QString() << u"abc.def"_qs;
    QTest::newRow("among others") << Headers{{"cookie", "a=1; authjs.session-token=tok ;b=2"}} << plain << QString() << u"tok"_qs;
    QTest::newRow("header name case") << Headers{{"COOKIE", "authjs.session-token=tok"}} << plain << QString() << u"tok"_qs;
    QTest::newRow("first occurrence wins") << Headers{{"Cookie", "authjs.session-token=first; authjs.session-token=second"}}
                                           << plain << QString() << u"first"_qs;
    QTest::newRow("several cookie headers") << Headers{{"Cookie", "a=1"}, {"Cookie", "authjs.session-token=tok"}}
                                            << plain << QString() << u"tok"_qs;
    QTest::newRow("percent-encoded") << Headers{{"Cookie", "authjs.session-token=a%2Eb"}} << plain << QString() << u"a.b"_qs;
    QTest::newRow("bad percent kept") << Headers{{"Cookie", "authjs.session-token=a%zz"}} << plain << QString() << u"a%zz"_qs;
    QTest::newRow("secure name not read on http") << Headers{{"Cookie", "__Secure-authjs.session-token=s"}} << plain << QString() << QString();
    QTest::newRow("secure") << Headers{{"Cookie", "authjs.session-token=p; __Secure-authjs.session-token=s"}}
                            << std::optional<bool>(true) << QString() << u"s"_qs;
    QTest::newRow("custom name") << Headers{{"Cookie", "authjs.session-token=p; my-session=m"}} << plain << u"my-session"_qs << u"m"_qs;
    QTest::newRow("chunks in index order") << Headers{{"Cookie", "authjs.session-token.2=c; authjs.session-token.0=a; authjs.session-token.1=b"}}
                                           << plain << QString() << u"abc"_qs;
    QTest::newRow("chunk indices are numbers") << Headers{{"Cookie", "authjs.session-token.10=k; authjs.session-token.9=j; authjs.session-token.0=a"}}
                                               << plain << QString() << u"ajk"_qs;
    QTest::newRow("whole cookie wins over chunks") << Headers{{"Cookie", "authjs.session-token.0=a; authjs.session-token=whole"}}
                                                   << plain << QString() << u"whole"_qs;
    QTest::newRow("not chunks") << Headers{{"Cookie", "authjs.session-token.x=1; authjs.session-tokenX=2; authjs.session-token.+1=3"}}
                                << plain << QString() << QString();
    QTest::newRow("bearer") << Headers{{"Authorization", "Bearer abc.def"}} << plain << QString() << u"abc.def"_qs;
    QTest::newRow("bearer percent-encoded") << Headers{{"authorization", "Bearer a%2Eb%2e"}} << plain << QString() << u"a.b."_qs;
    QTest::newRow("bearer malformed percent") << Headers{{"Authorization", "Bearer a%zz"}} << plain << QString() << QString();
    QTest::newRow("bearer bad utf-8") << Headers{{"Authorization", "Bearer a%ff"}} << plain << QString() << QString();
    QTest::newRow("bearer then more") << Headers{{"Authorization", "Bearer tok extra"}} << plain << QString() << u"tok"_qs;
    QTest::newRow("bearer empty") << Headers{{"Authorization", "Bearer "}} << plain << QString() << QString();
    QTest::newRow("bearer double space") << Headers{{"Authorization", "Bearer  tok"}} << plain << QString() << QString();
    QTest::newRow("bearer lower case") << Headers{{"Authorization", "bearer tok"}} << plain << QString() << QString();
    QTest::newRow("basic") << Headers{{"Authorization", "Basic dXNlcjpwYXNz"}} << plain << QString() << QString();
    QTest::newRow("cookie before bearer") << Headers{{"Authorization", "Bearer b"}, {"Cookie", "authjs.session-token=c"}}
                                          << plain << QString() << u"c"_qs;
    QTest::newRow("empty cookie falls back to bearer") << Headers{{"Cookie", "authjs.session-token="}, {"Authorization", "Bearer b"}}
                                                       << plain << QString() << u"b"_qs;
    QTest::newRow("nothing") << Headers{{"Accept", "*/*"}} << plain << QString() << QString();
    QTest::newRow("garbage cookie header") << Headers{{"Cookie", ";;==;authjs.session-token;=x"}} << plain << QString() << QString();
}

void TestJwt::rawTokenFromCookies()
{
    using Headers = QList<QPair<QByteArray, QByteArray>>;
    QFETCH(Headers, headers);
    QFETCH(std::optional<bool>, secure);
    QFETCH(QString, cookieName);
    QFETCH(QString, expected);
    Jwt::GetTokenParams params = tokenParams(headers, secure);
    params.cookieName = cookieName;
    const std::optional<QString> token = Jwt::getRawToken(params);
    if (expected.isNull())
        QCOMPARE(token, std::nullopt);
    else
        QCOMPARE(token.value_or(u"<none>"_qs), expected);
}

void TestJwt::secureCookieDefaultFollowsAuthUrl()
{
    const EnvironmentGuard authUrl("AUTH_URL");
    const EnvironmentGuard nextAuthUrl("NEXTAUTH_URL");
    const QList<QPair<QByteArray, QByteArray>> headers{{"Cookie", "authjs.session-token=p; __Secure-authjs.session-token=s"}};

    qunsetenv("AUTH_URL");
    qunsetenv("NEXTAUTH_URL");
    QCOMPARE(Jwt::getRawToken(tokenParams(headers, std::nullopt)), std::optional<QString>(u"p"_qs));
    qputenv("AUTH_URL", "http://localhost:3000");
    QCOMPARE(Jwt::getRawToken(tokenParams(headers, std::nullopt)), std::optional<QString>(u"p"_qs));
    qputenv("AUTH_URL", "https://app.example.test");
    QCOMPARE(Jwt::getRawToken(tokenParams(headers, std::nullopt)), std::optional<QString>(u"s"_qs));
    QCOMPARE(Jwt::getRawToken(tokenParams(headers, false)), std::optional<QString>(u"p"_qs));
    qunsetenv("AUTH_URL");
    qputenv("NEXTAUTH_URL", "https://app.example.test");
    QCOMPARE(Jwt::getRawToken(tokenParams(headers, std::nullopt)), std::optional<QString>(u"s"_qs));
}

void TestJwt::getTokenDecodes()
{
    const QString token = encodeFor(sessionCookie);
    const auto decoded = Jwt::getToken(tokenParams({{"Cookie", "authjs.session-token=" + token.toLatin1()}}));
    QVERIFY(decoded);
    QCOMPARE(decoded->value(u"email"), QJsonValue(u"alice@example.test"_qs));

    const auto bearer = Jwt::getToken(tokenParams({{"Authorization", "Bearer " + token.toLatin1()}}));
    QVERIFY(bearer);
    QCOMPARE(*bearer, *decoded);

    // The secure cookie's token is encrypted with the secure name as salt.
    const QString secureToken = encodeFor(secureSessionCookie);
    QVERIFY(Jwt::getToken(tokenParams({{"Cookie", "__Secure-authjs.session-token=" + secureToken.toLatin1()}}, true)));
    QVERIFY(!Jwt::getToken(tokenParams({{"Cookie", "__Secure-authjs.session-token=" + token.toLatin1()}}, true)));

    QVERIFY(!Jwt::getToken(tokenParams({{"Cookie", "authjs.session-token=not-a-token"}})));
    QVERIFY(!Jwt::getToken(tokenParams({})));
}

void TestJwt::getTokenFromChunks()
{
    QJsonObject big = claims();
    big.insert(QStringLiteral("blob"), QString(9000, u'x'));
    const QByteArray token = Jwt::encode({big, {referenceSecret}, sessionCookie}).toLatin1();
    const qsizetype third = token.size() / 3 + 1;
    const QByteArray header = "authjs.session-token.1=" + token.mid(third, third)
        + "; authjs.session-token.2=" + token.mid(2 * third)
        + "; authjs.session-token.0=" + token.left(third);
    const auto decoded = Jwt::getToken(tokenParams({{"Cookie", header}}));
    QVERIFY(decoded);
    QCOMPARE(decoded->value(u"blob").toString().size(), 9000);
}

void TestJwt::getTokenSaltAndSecret()
{
    // An explicit salt overrides the cookie name.
    const QString token = encodeFor(u"custom-salt"_qs);
    Jwt::GetTokenParams params = tokenParams({{"Cookie", "authjs.session-token=" + token.toLatin1()}});
    QVERIFY(!Jwt::getToken(params));
    params.salt = QStringLiteral("custom-salt");
    QVERIFY(Jwt::getToken(params));

    // A custom cookie name is also the default salt.
    Jwt::GetTokenParams named = tokenParams({{"Cookie", "app-session=" + encodeFor(u"app-session"_qs).toLatin1()}});
    named.cookieName = QStringLiteral("app-session");
    QVERIFY(Jwt::getToken(named));

    params.secret = {u"wrong"_qs};
    QVERIFY(!Jwt::getToken(params));
    params.secret = {u"newer"_qs, referenceSecret};
    QVERIFY(Jwt::getToken(params));

    // No secret: an error when there is a token to decode, nothing otherwise (as Auth.js).
    params.secret.clear();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Jwt::getToken(params));
    QVERIFY(Jwt::getRawToken(params));
    Jwt::GetTokenParams empty = tokenParams({});
    empty.secret.clear();
    QVERIFY(!Jwt::getToken(empty));
}

QTEST_GUILESS_MAIN(TestJwt)
#include "tst_jwt.moc"
