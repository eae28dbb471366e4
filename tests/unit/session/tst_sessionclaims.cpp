#include "session/sessionclaims.h"
#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse;

namespace {

//! Expiry times the written bodies are checked with: the epoch, a usual one, the last ms of 9999.
QList<QDateTime> expiries()
{
    QList<QDateTime> out;
    for (const qint64 msecs : {qint64(0), qint64(1766484000123), qint64(253402300799999)})
        out.append(QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC));
    return out;
}

} // namespace

class TestSessionClaims : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultSessionFromToken()
    {
        const QJsonObject token{{QStringLiteral("name"), QStringLiteral("Alice")},
                                {QStringLiteral("email"), QStringLiteral("alice@example.test")},
                                {QStringLiteral("picture"), QJsonValue::Null},
                                {QStringLiteral("sub"), QStringLiteral("1")}};
        const QDateTime expires = QDateTime::fromMSecsSinceEpoch(1766484000123, Qt::UTC);
        const QJsonObject expected{
            {QStringLiteral("user"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Alice")},
                                                {QStringLiteral("email"), QStringLiteral("alice@example.test")}}},
            {QStringLiteral("expires"), QStringLiteral("2025-12-23T10:00:00.123Z")}};
        QCOMPARE(SessionClaims::defaultSession(token, expires), expected);
    }

    //! The body written straight from the token is the ordered JSON of the default session.
    void defaultSessionJsonMatchesOrderedSession_data()
    {
        QTest::addColumn<QJsonObject>("token");
        QTest::newRow("usual") << QJsonObject{{QStringLiteral("name"), QStringLiteral("Alice")},
                                              {QStringLiteral("email"), QStringLiteral("alice@example.test")},
                                              {QStringLiteral("sub"), QStringLiteral("1")},
                                              {QStringLiteral("iat"), 1766484000},
                                              {QStringLiteral("jti"), QStringLiteral("x")}};
        QTest::newRow("empty") << QJsonObject{};
        QTest::newRow("nulls left out") << QJsonObject{{QStringLiteral("name"), QJsonValue::Null},
                                                       {QStringLiteral("email"), QStringLiteral("a@b.test")},
                                                       {QStringLiteral("picture"), QJsonValue::Null}};
        QTest::newRow("picture becomes image") << QJsonObject{{QStringLiteral("picture"), QStringLiteral("https://x.test/a.png")},
                                                              {QStringLiteral("image"), QStringLiteral("ignored")}};
        QTest::newRow("escapes and non-ASCII") << QJsonObject{{QStringLiteral("name"), QStringLiteral("J\u00fcrgen \"J\" \\ \n 😀")},
                                                              {QStringLiteral("email"), QString()}};
        QTest::newRow("other types") << QJsonObject{
            {QStringLiteral("name"), QJsonObject{{QStringLiteral("zeta"), 1.5}, {QStringLiteral("email"), true},
                                                 {QStringLiteral("name"), QJsonArray{1, QStringLiteral("two"), QJsonValue::Null}}}},
            {QStringLiteral("email"), 42},
            {QStringLiteral("picture"), false}};
    }

    void defaultSessionJsonMatchesOrderedSession()
    {
        QFETCH(QJsonObject, token);
        for (const QDateTime &expires : expiries()) {
            QCOMPARE(SessionClaims::defaultSessionJson(token, expires),
                     toOrderedJson(SessionClaims::defaultSession(token, expires), SessionClaims::sessionKeyOrder()));
        }
    }

    //! A stored user's session keeps nulls, in Auth.js's order.
    void storedSessionOfAUser()
    {
        AdapterUser user;
        user.id = QStringLiteral("7");
        user.email = QStringLiteral("bob@example.test");
        user.image = QStringLiteral("https://x.test/b.png");
        const QDateTime expires = QDateTime::fromMSecsSinceEpoch(1766484000123, Qt::UTC);
        QCOMPARE(SessionClaims::storedSessionJson(user, expires),
                 QByteArrayLiteral("{\"user\":{\"name\":null,\"email\":\"bob@example.test\",\"image\":\"https://x.test/b.png\"},"
                                   "\"expires\":\"2025-12-23T10:00:00.123Z\"}"));
    }

    //! The body written straight from the stored user is the ordered JSON of its session.
    void storedSessionJsonMatchesOrderedSession_data()
    {
        QTest::addColumn<AdapterUser>("user");
        AdapterUser usual;
        usual.id = QStringLiteral("1");
        usual.name = QStringLiteral("Alice");
        usual.email = QStringLiteral("alice@example.test");
        usual.emailVerified = QDateTime::fromMSecsSinceEpoch(1766484000000, Qt::UTC);
        QTest::newRow("usual") << usual;
        AdapterUser bare;
        bare.id = QStringLiteral("2");
        QTest::newRow("no name, email or image") << bare;
        AdapterUser awkward;
        awkward.id = QStringLiteral("3");
        awkward.name = QStringLiteral("J\u00fcrgen \"J\" \\ \n \U0001F600 <\u2028>");
        awkward.email = QStringLiteral("j\u00fcrgen@example.test");
        awkward.image = QString();
        QTest::newRow("escapes, non-ASCII, empty image") << awkward;
    }

    void storedSessionJsonMatchesOrderedSession()
    {
        QFETCH(AdapterUser, user);
        for (const QDateTime &expires : expiries()) {
            QCOMPARE(SessionClaims::storedSessionJson(user, expires),
                     toOrderedJson(SessionClaims::storedSession(user, expires), SessionClaims::sessionKeyOrder()));
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionClaims)
#include "tst_sessionclaims.moc"
