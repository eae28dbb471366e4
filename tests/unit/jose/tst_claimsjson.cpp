#include "jose/claimsjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <limits>

using namespace Gatehouse::Jose;

namespace {

//! What the payload used to be made with: the claims inserted, then QJsonDocument.
QByteArray viaQJsonDocument(QJsonObject claims, const IssuedClaims &issued)
{
    claims.insert(QLatin1String("iat"), issued.iat);
    claims.insert(QLatin1String("exp"), issued.exp);
    claims.insert(QLatin1String("jti"), issued.jti.toString());
    return QJsonDocument(claims).toJson(QJsonDocument::Compact);
}

QJsonObject parsed(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class TestClaimsJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sessionToken()
    {
        const QJsonObject claims{{QStringLiteral("name"), QStringLiteral("Alice")},
                                 {QStringLiteral("email"), QStringLiteral("alice@example.test")},
                                 {QStringLiteral("sub"), QStringLiteral("1")}};
        QCOMPARE(claimsJson(claims, {1766484000, 1769076000, u"b1f1c3a0-8d9e-4f4a-9c1e-2a3b4c5d6e7f"}),
                 QByteArray(R"({"email":"alice@example.test","exp":1769076000,"iat":1766484000,)"
                            R"("jti":"b1f1c3a0-8d9e-4f4a-9c1e-2a3b4c5d6e7f","name":"Alice","sub":"1"})"));
    }

    //! Whatever the claims, the text is QJsonDocument's for the claims with iat, exp and jti inserted.
    void sameAsQJsonDocument_data()
    {
        QTest::addColumn<QJsonObject>("claims");
        QTest::newRow("empty") << QJsonObject{};
        QTest::newRow("issued claims replaced") << parsed(R"({"exp":1,"iat":"x","jti":null,"a":1})");
        QTest::newRow("keys around the issued ones")
            << parsed(R"({"e":1,"ex":2,"exo":3,"expa":4,"f":5,"i":6,"iat0":7,"iaa":8,"j":9,"jt":10,"jtj":11,"jta":12,"EXP":13,"_":14,"~":15,"\u00e9":16,"":17})");
        QTest::newRow("numbers") << QJsonObject{
            {QStringLiteral("int"), 42}, {QStringLiteral("negative"), -7}, {QStringLiteral("zero"), 0.0},
            {QStringLiteral("minusZero"), -0.0}, {QStringLiteral("fraction"), 0.1}, {QStringLiteral("small"), 1.5e-7},
            {QStringLiteral("big"), 1e17}, {QStringLiteral("huge"), 1e300}, {QStringLiteral("int64"), qint64(1) << 60},
            {QStringLiteral("2^53"), 9007199254740992.0}, {QStringLiteral("max"), std::numeric_limits<qint64>::max()},
            {QStringLiteral("integralDouble"), 3.0}};
        QTest::newRow("parsed numbers") << parsed(R"({"a":1e3,"b":100,"c":1.0,"d":-0,"e":12345678901234567890,"f":0.000001,"g":1E21})");
        QTest::newRow("strings") << QJsonObject{
            {QStringLiteral("escapes"), QStringLiteral("\"quoted\" back\\slash /slash \b\f\n\r\t \x01\x1f\x7f")},
            {QStringLiteral("non-ASCII"), QStringLiteral("J\u00fcrgen \u20ac \u0800 \uffff 😀")},
            {QStringLiteral("empty"), QString()},
            {QStringLiteral("esc\"aped\nkey"), QStringLiteral("v")}};
        QTest::newRow("lone surrogates") << QJsonObject{
            {QStringLiteral("high"), QString(QChar(0xd83d)) + QStringLiteral("x")},
            {QStringLiteral("highAtEnd"), QString(QChar(0xd83d))},
            {QStringLiteral("low"), QString(QChar(0xde00)) + QStringLiteral("y")},
            {QStringLiteral("twoHighs"), QString(QChar(0xd83d)) + QChar(0xd83d) + QChar(0xde00)}};
        QTest::newRow("nested") << QJsonObject{
            {QStringLiteral("object"), QJsonObject{{QStringLiteral("z"), true}, {QStringLiteral("a"), false},
                                                  {QStringLiteral("m"), QJsonValue::Null}}},
            {QStringLiteral("array"), QJsonArray{1, 2.5, QStringLiteral("three"), QJsonArray{}, QJsonObject{},
                                                 QJsonValue::Null, QJsonValue(QJsonValue::Undefined)}},
            {QStringLiteral("roles"), QJsonArray{QStringLiteral("admin"), QStringLiteral("\u00e9diteur")}}};
    }

    void sameAsQJsonDocument()
    {
        QFETCH(QJsonObject, claims);
        for (const IssuedClaims &issued : {IssuedClaims{0, 0, u""}, IssuedClaims{1766484000, 1769076000, u"uuid"},
                                           IssuedClaims{-5, std::numeric_limits<qint64>::max(), u"\"\u00e9"}}) {
            QCOMPARE(claimsJson(claims, issued), viaQJsonDocument(claims, issued));
        }
    }
};

QTEST_GUILESS_MAIN(TestClaimsJson)
#include "tst_claimsjson.moc"
