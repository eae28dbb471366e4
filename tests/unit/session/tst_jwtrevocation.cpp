// The JWT "not before" of a user (session/jwtrevocation.h): a token issued before it is revoked,
// one issued after it is not. Without a subject nothing is revoked; a token that cannot show when
// it was issued (no iat, or one that is not a time) is revoked once its user has a "not before",
// and read as no number rather than as one it is not.
#include "session/jwtrevocation.h"

#include <gatehouse/memoryadapter.h>

#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;

class TestJwtRevocation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void issuedBeforeTheTimeIsRevoked_data()
    {
        QTest::addColumn<QJsonObject>("claims");
        QTest::addColumn<bool>("revoked");
        const double notBefore = 1'800'000'000;
        QTest::newRow("issued before") << QJsonObject{{"sub", "u-1"}, {"iat", notBefore - 1}} << true;
        QTest::newRow("issued at") << QJsonObject{{"sub", "u-1"}, {"iat", notBefore}} << false;
        QTest::newRow("issued after") << QJsonObject{{"sub", "u-1"}, {"iat", notBefore + 60}} << false;
        QTest::newRow("fraction before") << QJsonObject{{"sub", "u-1"}, {"iat", notBefore - 0.5}} << true;
        QTest::newRow("another user") << QJsonObject{{"sub", "u-2"}, {"iat", notBefore - 1}} << false;
        QTest::newRow("no subject") << QJsonObject{{"iat", notBefore - 1}} << false;
        QTest::newRow("no iat") << QJsonObject{{"sub", "u-1"}} << true;
        QTest::newRow("no iat, no not before") << QJsonObject{{"sub", "u-2"}} << false;
        QTest::newRow("iat as text") << QJsonObject{{"sub", "u-1"}, {"iat", "1"}} << true;
        // Out of every integer's range: converting it would be undefined behaviour.
        QTest::newRow("iat 1e300") << QJsonObject{{"sub", "u-1"}, {"iat", 1e300}} << true;
        QTest::newRow("iat -1e300") << QJsonObject{{"sub", "u-1"}, {"iat", -1e300}} << true;
        QTest::newRow("iat 1e300, no not before") << QJsonObject{{"sub", "u-2"}, {"iat", 1e300}} << false;
    }
    void issuedBeforeTheTimeIsRevoked()
    {
        QFETCH(QJsonObject, claims);
        QFETCH(bool, revoked);
        auto adapter = std::make_shared<MemoryAdapter>();
        const Stores stores = Stores::of(adapter);
        QVERIFY(stores.account);
        // "u-1" in the rows stands for the stored user, who has a "not before"; "u-2" has none.
        const QString alice = adapter->createUser({{}, QStringLiteral("Alice"), QStringLiteral("alice@example.test"), {}, {}}).result().id;
        const QString bob = adapter->createUser({{}, QStringLiteral("Bob"), QStringLiteral("bob@example.test"), {}, {}}).result().id;
        if (claims.contains("sub"))
            claims.insert("sub", claims.value("sub").toString() == u"u-1" ? alice : bob);
        stores.account->setSessionsNotBefore(alice, QDateTime::fromSecsSinceEpoch(1'800'000'000, Qt::UTC)).waitForFinished();

        QFuture<bool> asked = JwtRevocation::isRevoked(stores, claims);
        QVERIFY(QTest::qWaitFor([&] { return asked.isFinished(); }, 5000));
        QCOMPARE(asked.result(), revoked);
        // The answer is kept: the next read decides without the store.
        if (claims.contains("sub"))
            QCOMPARE(JwtRevocation::knownRevoked(stores, claims), std::optional<bool>(revoked));
    }
};

QTEST_GUILESS_MAIN(TestJwtRevocation)
#include "tst_jwtrevocation.moc"
