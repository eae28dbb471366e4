#include "oidcgrantstoreconformance.h"

#include <QTest>

#include <atomic>

namespace Gatehouse::Testing {

namespace {

using Outcome = OidcRefreshRedemption::Outcome;

OidcGrant grant(const QString &id, qint64 expiresInSeconds = 3600)
{
    OidcGrant g;
    g.grantId = id;
    g.clientId = QStringLiteral("grafana");
    g.userId = QStringLiteral("42");
    g.storedUser = true;
    g.scope = QStringLiteral("openid profile offline_access");
    g.authTime = inSeconds(-30);
    g.amr = QStringList{QStringLiteral("pwd"), QStringLiteral("otp"), QStringLiteral("mfa")};
    g.claims = QStringLiteral(R"({"email":"ada@example.test","groups":["admins"]})");
    g.expiresAt = inSeconds(expiresInSeconds);
    return g;
}

OidcRefreshToken token(const QString &hash, qint64 expiresInSeconds = 600)
{
    return {hash, inSeconds(expiresInSeconds)};
}

} // namespace

OidcGrantStoreConformance::OidcGrantStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void OidcGrantStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void OidcGrantStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<OidcGrantStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement OidcGrantStore");
}

void OidcGrantStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void OidcGrantStoreConformance::storedAsGiven()
{
    const OidcGrant stored = grant(QStringLiteral("g-1"));
    const OidcRefreshToken first = token(QStringLiteral("t-1"));
    take(m_store->addOidcGrant(stored, first, {}));
    const std::optional<OidcRefreshTokenState> found = take(m_store->oidcRefreshToken(first.tokenHash));
    QVERIFY(found);
    QCOMPARE(found->grant.grantId, stored.grantId);
    QCOMPARE(found->grant.clientId, stored.clientId);
    QCOMPARE(found->grant.userId, stored.userId);
    QCOMPARE(found->grant.storedUser, true);
    QCOMPARE(found->grant.scope, stored.scope);
    QCOMPARE(found->grant.authTime.toSecsSinceEpoch(), stored.authTime.toSecsSinceEpoch());
    QCOMPARE(found->grant.amr, stored.amr);
    QCOMPARE(found->grant.claims, stored.claims);
    QCOMPARE(found->grant.expiresAt.toSecsSinceEpoch(), stored.expiresAt.toSecsSinceEpoch());
    QCOMPARE(found->grant.expiresAt.timeSpec(), Qt::UTC);
    QCOMPARE(found->expiresAt.toSecsSinceEpoch(), first.expiresAt.toSecsSinceEpoch());
    QVERIFY(!found->spent);
    QVERIFY(take(m_store->isOidcGrantActive(stored.grantId)));
    QVERIFY(!take(m_store->isOidcGrantActive(QStringLiteral("g-x"))));
}

void OidcGrantStoreConformance::rotationSpendsTheTokenAndStoresItsSuccessor()
{
    take(m_store->addOidcGrant(grant(QStringLiteral("g-1")), token(QStringLiteral("t-1")), {}));
    const OidcRefreshRedemption first = take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2"))));
    QCOMPARE(first.outcome, Outcome::Rotated);
    QVERIFY(first.grant);
    QCOMPARE(first.grant->grantId, QStringLiteral("g-1"));
    QCOMPARE(first.grant->clientId, QStringLiteral("grafana"));
    QVERIFY(take(m_store->oidcRefreshToken(QStringLiteral("t-1")))->spent);
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("t-2")))->spent);
    const OidcRefreshRedemption second = take(m_store->redeemOidcRefreshToken(QStringLiteral("t-2"), token(QStringLiteral("t-3"))));
    QCOMPARE(second.outcome, Outcome::Rotated);
    QVERIFY(take(m_store->isOidcGrantActive(QStringLiteral("g-1"))));
}

void OidcGrantStoreConformance::reuseRevokesTheWholeGrant()
{
    take(m_store->addOidcGrant(grant(QStringLiteral("g-1")), token(QStringLiteral("t-1")), {}));
    take(m_store->addOidcGrant(grant(QStringLiteral("g-2")), token(QStringLiteral("other")), {}));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2")))).outcome, Outcome::Rotated);
    // The spent token again (a thief's copy, or the client's): the family ends, the live successor with it.
    const OidcRefreshRedemption reused = take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-x"))));
    QCOMPARE(reused.outcome, Outcome::Reused);
    QVERIFY(reused.grant);
    QCOMPARE(reused.grant->grantId, QStringLiteral("g-1"));
    QVERIFY(!take(m_store->isOidcGrantActive(QStringLiteral("g-1"))));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-2"), token(QStringLiteral("t-y")))).outcome, Outcome::Unknown);
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("t-x"))));
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("t-y"))));
    // Another grant is untouched.
    QVERIFY(take(m_store->isOidcGrantActive(QStringLiteral("g-2"))));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("other"), token(QStringLiteral("other-2")))).outcome,
             Outcome::Rotated);
}

void OidcGrantStoreConformance::redeemedCodeIsASpentTokenOfItsGrant()
{
    take(m_store->addOidcGrant(grant(QStringLiteral("g-1")), token(QStringLiteral("t-1")), QStringLiteral("code-1")));
    take(m_store->addOidcGrant(grant(QStringLiteral("g-2")), token(QStringLiteral("other")), QStringLiteral("code-2")));
    const std::optional<OidcRefreshTokenState> mark = take(m_store->oidcRefreshToken(QStringLiteral("code-1")));
    QVERIFY(mark);
    QVERIFY(mark->spent);
    QCOMPARE(mark->grant.grantId, QStringLiteral("g-1"));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2")))).outcome, Outcome::Rotated);
    // The code presented again: the grant ends, its live token with it.
    const OidcRefreshRedemption reused = take(m_store->redeemOidcRefreshToken(QStringLiteral("code-1"), token(QStringLiteral("t-x"))));
    QCOMPARE(reused.outcome, Outcome::Reused);
    QCOMPARE(reused.grant->grantId, QStringLiteral("g-1"));
    QVERIFY(!take(m_store->isOidcGrantActive(QStringLiteral("g-1"))));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-2"), token(QStringLiteral("t-y")))).outcome, Outcome::Unknown);
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("code-1"))));
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("t-x"))));
    QVERIFY(take(m_store->isOidcGrantActive(QStringLiteral("g-2"))));
}

void OidcGrantStoreConformance::unknownTokenFindsNothing()
{
    take(m_store->addOidcGrant(grant(QStringLiteral("g-1")), token(QStringLiteral("t-1")), {}));
    const OidcRefreshRedemption unknown = take(m_store->redeemOidcRefreshToken(QStringLiteral("T-1"), token(QStringLiteral("t-2"))));
    QCOMPARE(unknown.outcome, Outcome::Unknown);
    QVERIFY(!unknown.grant);
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("t-2"))));
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("T-1"))));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2")))).outcome, Outcome::Rotated);
}

void OidcGrantStoreConformance::expiry_data()
{
    QTest::addColumn<qint64>("grantSeconds");
    QTest::addColumn<qint64>("tokenSeconds");
    QTest::addColumn<bool>("expired");
    QTest::newRow("both live") << qint64(3600) << qint64(600) << false;
    QTest::newRow("token idle too long") << qint64(3600) << qint64(-5) << true;
    QTest::newRow("grant at its end") << qint64(-5) << qint64(600) << true;
}

void OidcGrantStoreConformance::expiry()
{
    QFETCH(qint64, grantSeconds);
    QFETCH(qint64, tokenSeconds);
    QFETCH(bool, expired);
    take(m_store->addOidcGrant(grant(QStringLiteral("g-1"), grantSeconds), token(QStringLiteral("t-1"), tokenSeconds), {}));
    const OidcRefreshRedemption result = take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2"))));
    QCOMPARE(result.outcome, expired ? Outcome::Expired : Outcome::Rotated);
    QVERIFY(result.grant);
    // An expired one ends its grant: nothing of it answers any more.
    QCOMPARE(take(m_store->oidcRefreshToken(QStringLiteral("t-1"))).has_value(), !expired);
    QCOMPARE(take(m_store->oidcRefreshToken(QStringLiteral("t-2"))).has_value(), !expired);
}

void OidcGrantStoreConformance::successorNeverOutlivesTheGrant()
{
    const OidcGrant stored = grant(QStringLiteral("g-1"), 120);
    take(m_store->addOidcGrant(stored, token(QStringLiteral("t-1"), 60), {}));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2"), 86400))).outcome,
             Outcome::Rotated);
    const std::optional<OidcRefreshTokenState> next = take(m_store->oidcRefreshToken(QStringLiteral("t-2")));
    QVERIFY(next);
    QCOMPARE(next->expiresAt.toSecsSinceEpoch(), stored.expiresAt.toSecsSinceEpoch());
}

void OidcGrantStoreConformance::revokeEndsEveryToken()
{
    take(m_store->addOidcGrant(grant(QStringLiteral("g-1")), token(QStringLiteral("t-1")), {}));
    take(m_store->redeemOidcRefreshToken(QStringLiteral("t-1"), token(QStringLiteral("t-2"))));
    QVERIFY(take(m_store->revokeOidcGrant(QStringLiteral("g-1"))));
    QVERIFY(!take(m_store->revokeOidcGrant(QStringLiteral("g-1"))));
    QVERIFY(!take(m_store->isOidcGrantActive(QStringLiteral("g-1"))));
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("t-1"))));
    QCOMPARE(take(m_store->redeemOidcRefreshToken(QStringLiteral("t-2"), token(QStringLiteral("t-3")))).outcome, Outcome::Unknown);
}

void OidcGrantStoreConformance::expiredGrantsAreSweptAsNewOnesAreAdded()
{
    take(m_store->addOidcGrant(grant(QStringLiteral("old"), -10), token(QStringLiteral("old-t")), {}));
    QVERIFY(!take(m_store->isOidcGrantActive(QStringLiteral("old"))));
    QVERIFY(take(m_store->oidcRefreshToken(QStringLiteral("old-t"))));  // until swept
    take(m_store->addOidcGrant(grant(QStringLiteral("live")), token(QStringLiteral("live-t")), {}));
    QVERIFY(!take(m_store->oidcRefreshToken(QStringLiteral("old-t"))));
    QVERIFY(take(m_store->oidcRefreshToken(QStringLiteral("live-t"))));
}

void OidcGrantStoreConformance::redeemRaceAcrossAdapters()
{
    // Two servers on one database get the same refresh token at once: exactly one rotates it,
    // and the other's use counts as a reuse.
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<OidcGrantStore *>(second.get());
    QVERIFY(other);
    for (int round = 0; round < 3; ++round) {
        const QString id = QStringLiteral("race-%1").arg(round);
        take(m_store->addOidcGrant(grant(id), token(id + QStringLiteral("-t")), {}));
        std::atomic<int> turn{0};
        const auto redeem = [&] {
            const int mine = turn++;
            OidcGrantStore *store = mine % 2 ? other : m_store;
            const OidcRefreshToken next = token(QStringLiteral("%1-next-%2").arg(id).arg(mine));
            return take(store->redeemOidcRefreshToken(id + QStringLiteral("-t"), next)).outcome == Outcome::Rotated;
        };
        const int winners = raceCount(8, redeem, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(winners, 1);
        QVERIFY(!take(m_store->isOidcGrantActive(id)));  // the losers' uses were reuses
    }
}

} // namespace Gatehouse::Testing
