// Gatehouse's JWT functions against the real @auth/core 0.41.3 (run by node, see authjs-jwt.mjs).
#include <gatehouse/jwt.h>

#include "crypto/base64url.h"
#include "jose/derivedkey.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

using namespace Gatehouse;

namespace {

const QString referenceSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");
const QString sessionCookie = QStringLiteral("authjs.session-token");
const QString secureSessionCookie = QStringLiteral("__Secure-authjs.session-token");
const QString oldSecret = QStringLiteral("old-secret-0123456789abcdef0123456789abcdef");
const QString newSecret = QStringLiteral("new-secret-0123456789abcdef0123456789abcdef");

QJsonObject userClaims()
{
    return QJsonObject{{u"name"_qs, u"Alice"_qs},
                       {u"email"_qs, u"alice@example.test"_qs},
                       {u"picture"_qs, QJsonValue::Null},
                       {u"sub"_qs, u"8d3c6a9e-2f1b-4c55-9a61-0b7d7e1f2a33"_qs}};
}

QJsonObject encodeOp(const QJsonObject &claims, const QStringList &secret, const QString &salt, qint64 maxAge)
{
    return {{u"op"_qs, u"encode"_qs}, {u"token"_qs, claims}, {u"secret"_qs, QJsonArray::fromStringList(secret)},
            {u"salt"_qs, salt}, {u"maxAge"_qs, maxAge}};
}

QJsonObject decodeOp(const QString &token, const QStringList &secret, const QString &salt)
{
    return {{u"op"_qs, u"decode"_qs}, {u"token"_qs, token}, {u"secret"_qs, QJsonArray::fromStringList(secret)},
            {u"salt"_qs, salt}};
}

QString kidOf(const QString &token)
{
    const QByteArray header = Crypto::base64UrlDecode(QStringView(token).left(token.indexOf(u'.'))).value_or(QByteArray());
    return QJsonDocument::fromJson(header).object().value(u"kid").toString();
}

} // namespace

class TestAuthJsJwt : public QObject
{
    Q_OBJECT

private:
    //! Runs \a operations through @auth/core; one {"ok":..., "value"|"error":...} per operation.
    QJsonArray authJs(const QJsonArray &operations);

private Q_SLOTS:
    void initTestCase();
    void authJsTokensDecodeInGatehouse_data();
    void authJsTokensDecodeInGatehouse();
    void gatehouseTokensDecodeInAuthJs_data();
    void gatehouseTokensDecodeInAuthJs();
    void secretRotation();
    void wrongSecretFailsOnBothSides();
    void expiryAndClockTolerance();
    void getTokenAgrees_data();
    void getTokenAgrees();
};

QJsonArray TestAuthJsJwt::authJs(const QJsonArray &operations)
{
    QProcess node;
    node.start(QStringLiteral(GATEHOUSE_NODE), {QStringLiteral(GATEHOUSE_AUTHJS_JWT_SCRIPT)});
    if (!node.waitForStarted(30000)) {
        qWarning("cannot start node: %s", qPrintable(node.errorString()));
        return {};
    }
    node.write(QJsonDocument(operations).toJson(QJsonDocument::Compact));
    node.closeWriteChannel();
    if (!node.waitForFinished(60000) || node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0) {
        qWarning("node failed: %s", node.readAllStandardError().constData());
        return {};
    }
    const QJsonArray results = QJsonDocument::fromJson(node.readAllStandardOutput()).array();
    if (results.size() != operations.size())
        qWarning("node answered %lld results for %lld operations", qlonglong(results.size()), qlonglong(operations.size()));
    return results;
}

void TestAuthJsJwt::initTestCase()
{
    const QFileInfo node(QStringLiteral(GATEHOUSE_NODE));
    if (!node.isExecutable())
        QFAIL("Node.js was not found when CMake ran (find_program(NODE node)); install Node.js 20+ and re-run cmake");
    const QFileInfo authCore(QFileInfo(QStringLiteral(GATEHOUSE_AUTHJS_JWT_SCRIPT)).absolutePath()
                             + u"/node_modules/@auth/core/package.json"_qs);
    if (!authCore.exists())
        QFAIL("@auth/core is not installed next to authjs-jwt.mjs: run the interop_npm_ci test (ctest runs it first)");

    // The harness itself must work: one encode/decode inside Auth.js.
    const QJsonArray results = authJs({encodeOp(userClaims(), {referenceSecret}, sessionCookie, 60)});
    QCOMPARE(results.size(), 1);
    QVERIFY2(results[0][u"ok"].toBool(), qPrintable(results[0][u"error"].toString()));
}

void TestAuthJsJwt::authJsTokensDecodeInGatehouse_data()
{
    QTest::addColumn<QJsonObject>("claims");
    QTest::addColumn<QStringList>("secret");
    QTest::addColumn<QString>("salt");

    QTest::newRow("session cookie") << userClaims() << QStringList{referenceSecret} << sessionCookie;
    QTest::newRow("secure session cookie") << userClaims() << QStringList{referenceSecret} << secureSessionCookie;
    QTest::newRow("pkce cookie") << QJsonObject{{u"value"_qs, u"dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"_qs}}
                                 << QStringList{referenceSecret} << u"authjs.pkce.code_verifier"_qs;
    QTest::newRow("nested and unicode") << QJsonObject{{u"name"_qs, u"Zo\u00eb \u6f22\u5b57 \U0001F600"_qs},
                                                       {u"roles"_qs, QJsonArray{u"admin"_qs, 3, true, QJsonValue::Null}},
                                                       {u"profile"_qs, QJsonObject{{u"age"_qs, 42.5}}}}
                                        << QStringList{referenceSecret} << sessionCookie;
    QTest::newRow("empty token") << QJsonObject() << QStringList{referenceSecret} << sessionCookie;
    QTest::newRow("non-ascii secret") << userClaims() << QStringList{u"s\u00e9cr\u00ebt-\U0001F511-0123456789"_qs} << sessionCookie;
}

void TestAuthJsJwt::authJsTokensDecodeInGatehouse()
{
    QFETCH(QJsonObject, claims);
    QFETCH(QStringList, secret);
    QFETCH(QString, salt);

    const QJsonArray minted = authJs({encodeOp(claims, secret, salt, 3600)});
    QVERIFY(!minted.isEmpty());
    QVERIFY2(minted[0][u"ok"].toBool(), qPrintable(minted[0][u"error"].toString()));
    const QString token = minted[0][u"value"].toString();
    QCOMPARE(kidOf(token), QString::fromLatin1(Jose::DerivedKey(secret.first(), salt).kid()));

    const std::optional<QJsonObject> ours = Jwt::decode({token, secret, salt});
    QVERIFY2(ours, "Gatehouse rejected a token made by Auth.js");
    const QJsonArray theirs = authJs({decodeOp(token, secret, salt)});
    QVERIFY(!theirs.isEmpty());
    QCOMPARE(*ours, theirs[0][u"value"].toObject());
    for (auto it = claims.constBegin(); it != claims.constEnd(); ++it)
        QCOMPARE(ours->value(it.key()), it.value());
    QCOMPARE(ours->value(u"exp").toInteger() - ours->value(u"iat").toInteger(), 3600);
}

void TestAuthJsJwt::gatehouseTokensDecodeInAuthJs_data()
{
    authJsTokensDecodeInGatehouse_data();
}

void TestAuthJsJwt::gatehouseTokensDecodeInAuthJs()
{
    QFETCH(QJsonObject, claims);
    QFETCH(QStringList, secret);
    QFETCH(QString, salt);

    const QString token = Jwt::encode({claims, secret, salt, 3600});
    const QJsonArray results = authJs({decodeOp(token, secret, salt)});
    QVERIFY(!results.isEmpty());
    QVERIFY2(results[0][u"ok"].toBool(), qPrintable(results[0][u"error"].toString()));
    const QJsonObject theirs = results[0][u"value"].toObject();
    QCOMPARE(theirs, Jwt::decode({token, secret, salt}).value_or(QJsonObject()));
    for (auto it = claims.constBegin(); it != claims.constEnd(); ++it)
        QCOMPARE(theirs.value(it.key()), it.value());
    QCOMPARE(theirs.value(u"exp").toInteger() - theirs.value(u"iat").toInteger(), 3600);
}

void TestAuthJsJwt::secretRotation()
{
    const QStringList rotating{newSecret, oldSecret};
    const QString gatehouseOld = Jwt::encode({userClaims(), {oldSecret}, sessionCookie, 3600});
    const QString gatehouseRotating = Jwt::encode({userClaims(), rotating, sessionCookie, 3600});

    const QJsonArray results = authJs({
        encodeOp(userClaims(), {oldSecret}, sessionCookie, 3600),      // 0: a token from before the rotation
        encodeOp(userClaims(), rotating, sessionCookie, 3600),         // 1: made during the rotation
        decodeOp(gatehouseOld, rotating, sessionCookie),               // 2
        decodeOp(gatehouseRotating, rotating, sessionCookie),          // 3
        decodeOp(gatehouseRotating, {oldSecret, newSecret}, sessionCookie), // 4: order does not matter
        decodeOp(gatehouseRotating, {newSecret}, sessionCookie),       // 5: after the rotation
        decodeOp(gatehouseRotating, {oldSecret}, sessionCookie),       // 6: the old secret alone fails
    });
    QCOMPARE(results.size(), 7);
    for (int i = 0; i < 6; ++i)
        QVERIFY2(results[i][u"ok"].toBool(), qPrintable(u"operation %1: %2"_qs.arg(i).arg(results[i][u"error"].toString())));
    QVERIFY(!results[6][u"ok"].toBool());

    const QString authJsOld = results[0][u"value"].toString();
    const QString authJsRotating = results[1][u"value"].toString();
    QCOMPARE(kidOf(authJsRotating), kidOf(gatehouseRotating));
    QVERIFY(Jwt::decode({authJsOld, rotating, sessionCookie}));
    QVERIFY(Jwt::decode({authJsRotating, rotating, sessionCookie}));
    QVERIFY(Jwt::decode({authJsRotating, {oldSecret, newSecret}, sessionCookie}));
    QVERIFY(Jwt::decode({authJsRotating, {newSecret}, sessionCookie}));
    QVERIFY(!Jwt::decode({authJsRotating, {oldSecret}, sessionCookie}));
}

void TestAuthJsJwt::wrongSecretFailsOnBothSides()
{
    const QString ours = Jwt::encode({userClaims(), {referenceSecret}, sessionCookie, 3600});
    const QJsonArray results = authJs({
        encodeOp(userClaims(), {referenceSecret}, sessionCookie, 3600),
        decodeOp(ours, {newSecret}, sessionCookie),
        decodeOp(ours, {referenceSecret}, secureSessionCookie),
    });
    QCOMPARE(results.size(), 3);
    QVERIFY(!results[1][u"ok"].toBool());
    QVERIFY(!results[2][u"ok"].toBool());
    const QString theirs = results[0][u"value"].toString();
    QVERIFY(!Jwt::decode({theirs, {newSecret}, sessionCookie}));
    QVERIFY(!Jwt::decode({theirs, {referenceSecret}, secureSessionCookie}));
}

void TestAuthJsJwt::expiryAndClockTolerance()
{
    // Both sides accept up to 15 s past exp. -60 and -5 stay clear of the boundary.
    const QString oursExpired = Jwt::encode({userClaims(), {referenceSecret}, sessionCookie, -60});
    const QString oursTolerated = Jwt::encode({userClaims(), {referenceSecret}, sessionCookie, -5});
    const QJsonArray results = authJs({
        encodeOp(userClaims(), {referenceSecret}, sessionCookie, -60),
        encodeOp(userClaims(), {referenceSecret}, sessionCookie, -5),
        decodeOp(oursExpired, {referenceSecret}, sessionCookie),
        decodeOp(oursTolerated, {referenceSecret}, sessionCookie),
    });
    QCOMPARE(results.size(), 4);
    QVERIFY(!Jwt::decode({results[0][u"value"].toString(), {referenceSecret}, sessionCookie}));
    QVERIFY(Jwt::decode({results[1][u"value"].toString(), {referenceSecret}, sessionCookie}));
    QVERIFY(!results[2][u"ok"].toBool());
    QVERIFY2(results[2][u"error"].toString().contains(u"exp"), qPrintable(results[2][u"error"].toString()));
    QVERIFY2(results[3][u"ok"].toBool(), qPrintable(results[3][u"error"].toString()));
}

void TestAuthJsJwt::getTokenAgrees_data()
{
    QTest::addColumn<QString>("cookieName");
    QTest::addColumn<bool>("secure");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<bool>("bearer");

    QTest::newRow("cookie") << sessionCookie << false << 1 << false;
    QTest::newRow("secure cookie") << secureSessionCookie << true << 1 << false;
    QTest::newRow("three chunks") << sessionCookie << false << 3 << false;
    QTest::newRow("twelve chunks") << sessionCookie << false << 12 << false;
    QTest::newRow("bearer") << sessionCookie << false << 0 << true;
}

void TestAuthJsJwt::getTokenAgrees()
{
    QFETCH(QString, cookieName);
    QFETCH(bool, secure);
    QFETCH(int, chunks);
    QFETCH(bool, bearer);

    QJsonObject claims = userClaims();
    claims.insert(u"blob"_qs, QString(600 * chunks, u'b'));
    const QByteArray token = Jwt::encode({claims, {referenceSecret}, cookieName, 3600}).toLatin1();

    QList<QPair<QByteArray, QByteArray>> headers;
    QJsonObject jsHeaders;
    if (bearer) {
        headers.append({"authorization", "Bearer " + token});
    } else {
        // Chunks in reverse order, with unrelated cookies around them.
        QByteArrayList cookies{"theme=dark"};
        const qsizetype size = token.size() / qMax(chunks, 1) + 1;
        for (int i = chunks - 1; i >= 0; --i) {
            const QByteArray name = chunks == 1 ? cookieName.toLatin1() : cookieName.toLatin1() + '.' + QByteArray::number(i);
            cookies.append(name + '=' + token.mid(i * size, size));
        }
        cookies.append("other=1");
        headers.append({"cookie", cookies.join("; ")});
    }
    for (const auto &[name, value] : std::as_const(headers))
        jsHeaders.insert(QString::fromLatin1(name), QString::fromLatin1(value));

    const QJsonArray results = authJs({
        QJsonObject{{u"op"_qs, u"getToken"_qs}, {u"headers"_qs, jsHeaders}, {u"secret"_qs, referenceSecret},
                    {u"secureCookie"_qs, secure}},
        QJsonObject{{u"op"_qs, u"getToken"_qs}, {u"headers"_qs, jsHeaders}, {u"secret"_qs, referenceSecret},
                    {u"secureCookie"_qs, secure}, {u"raw"_qs, true}},
    });
    QCOMPARE(results.size(), 2);
    QVERIFY2(results[0][u"ok"].toBool(), qPrintable(results[0][u"error"].toString()));

    AuthRequest request;
    request.headers = headers;
    const Jwt::GetTokenParams params{request, {referenceSecret}, QString(), QString(), secure};
    QCOMPARE(Jwt::getRawToken(params).value_or(QString()), results[1][u"value"].toString());
    QCOMPARE(Jwt::getRawToken(params).value_or(QString()), QString::fromLatin1(token));
    const std::optional<QJsonObject> ours = Jwt::getToken(params);
    QVERIFY2(ours, "Gatehouse's getToken found no valid token");
    QCOMPARE(*ours, results[0][u"value"].toObject());
}

QTEST_GUILESS_MAIN(TestAuthJsJwt)
#include "tst_authjsjwt.moc"
