#include "oidccodestoreconformance.h"

#include <QTest>

#include <atomic>

namespace Gatehouse::Testing {

namespace {

OidcAuthorizationCode code(const QString &hash, qint64 expiresInSeconds = 60)
{
    OidcAuthorizationCode c;
    c.codeHash = hash;
    c.clientId = QStringLiteral("grafana");
    c.redirectUri = QStringLiteral("https://grafana.example.test/login/generic_oauth?x=1");
    c.codeChallenge = QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    c.nonce = QStringLiteral("n-0S6_WzA2Mj");
    c.scope = QStringLiteral("openid profile email");
    c.userId = QStringLiteral("42");
    c.authTime = inSeconds(-30);
    c.amr = QStringList{QStringLiteral("pwd"), QStringLiteral("otp"), QStringLiteral("mfa")};
    c.claims = QStringLiteral(R"({"email":"ada@example.test","groups":["admins"]})");
    c.expiresAt = inSeconds(expiresInSeconds);
    c.storedUser = true;
    return c;
}

} // namespace

OidcCodeStoreConformance::OidcCodeStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void OidcCodeStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void OidcCodeStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<OidcCodeStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement OidcCodeStore");
}

void OidcCodeStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void OidcCodeStoreConformance::storedAndTakenOnce()
{
    const OidcAuthorizationCode stored = code(QStringLiteral("hash-1"));
    take(m_store->addOidcCode(stored));
    take(m_store->addOidcCode(code(QStringLiteral("hash-2"))));
    const std::optional<OidcAuthorizationCode> found = take(m_store->takeOidcCode(stored.codeHash));
    QVERIFY(found);
    QCOMPARE(found->codeHash, stored.codeHash);
    QCOMPARE(found->clientId, stored.clientId);
    QCOMPARE(found->redirectUri, stored.redirectUri);
    QCOMPARE(found->codeChallenge, stored.codeChallenge);
    QCOMPARE(found->nonce, stored.nonce);
    QCOMPARE(found->scope, stored.scope);
    QCOMPARE(found->userId, stored.userId);
    QCOMPARE(found->authTime.toSecsSinceEpoch(), stored.authTime.toSecsSinceEpoch());
    QCOMPARE(found->amr, stored.amr);
    QCOMPARE(found->claims, stored.claims);
    QCOMPARE(found->storedUser, stored.storedUser);
    QCOMPARE(found->expiresAt.toSecsSinceEpoch(), stored.expiresAt.toSecsSinceEpoch());
    QCOMPARE(found->expiresAt.timeSpec(), Qt::UTC);
    // Single use: the second redemption finds nothing; the other code is still there.
    QVERIFY(!take(m_store->takeOidcCode(stored.codeHash)));
    QVERIFY(take(m_store->takeOidcCode(QStringLiteral("hash-2"))));
}

void OidcCodeStoreConformance::unknownHashFindsNothing()
{
    take(m_store->addOidcCode(code(QStringLiteral("hash-1"))));
    QVERIFY(!take(m_store->takeOidcCode(QStringLiteral("hash-x"))));
    QVERIFY(!take(m_store->takeOidcCode(QStringLiteral("HASH-1"))));
}

void OidcCodeStoreConformance::expiredCodesAreReturnedAsStoredUntilSwept()
{
    // An expired code is the caller's to refuse: the store returns it, with its expiry.
    take(m_store->addOidcCode(code(QStringLiteral("old-1"), -10)));
    const std::optional<OidcAuthorizationCode> old = take(m_store->takeOidcCode(QStringLiteral("old-1")));
    QVERIFY(old);
    QVERIFY(old->expiresAt < QDateTime::currentDateTimeUtc());
    // Adding a code sweeps the expired ones, and only them.
    take(m_store->addOidcCode(code(QStringLiteral("old-2"), -10)));
    take(m_store->addOidcCode(code(QStringLiteral("live"), 60)));
    QVERIFY(!take(m_store->takeOidcCode(QStringLiteral("old-2"))));
    QVERIFY(take(m_store->takeOidcCode(QStringLiteral("live"))));
}

void OidcCodeStoreConformance::takeRaceAcrossAdapters()
{
    // Two servers on one database redeem the same code at once: exactly one gets it.
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<OidcCodeStore *>(second.get());
    QVERIFY(other);
    for (int round = 0; round < 3; ++round) {
        const QString hash = QStringLiteral("race-%1").arg(round);
        take(m_store->addOidcCode(code(hash)));
        std::atomic<int> turn{0};
        const auto redeem = [&] {
            OidcCodeStore *store = turn++ % 2 ? other : m_store;
            return take(store->takeOidcCode(hash)).has_value();
        };
        const int winners = raceCount(8, redeem, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error)); // first: a failed call's reason, not a count
        QCOMPARE(winners, 1);
    }
}

} // namespace Gatehouse::Testing
