#include "oidcconsentstoreconformance.h"

#include <QTest>

namespace Gatehouse::Testing {

namespace {

QStringList scopes(const char *spaced)
{
    return QString::fromLatin1(spaced).split(u' ', Qt::SkipEmptyParts);
}

OidcGrant grantOf(const QString &id, const QString &userId, const QString &clientId)
{
    OidcGrant g;
    g.grantId = id;
    g.clientId = clientId;
    g.userId = userId;
    g.scope = QStringLiteral("openid offline_access");
    g.expiresAt = inSeconds(3600);
    return g;
}

} // namespace

OidcConsentStoreConformance::OidcConsentStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void OidcConsentStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void OidcConsentStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<OidcConsentStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement OidcConsentStore");
}

void OidcConsentStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void OidcConsentStoreConformance::storedAsGranted()
{
    QVERIFY(!take(m_store->oidcConsent(QStringLiteral("42"), QStringLiteral("grafana"))));
    const QDateTime at = inSeconds(-10);
    const OidcConsent granted =
        take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("profile openid email"), at));
    QCOMPARE(granted.scopes, scopes("email openid profile"));
    const std::optional<OidcConsent> found = take(m_store->oidcConsent(QStringLiteral("42"), QStringLiteral("grafana")));
    QVERIFY(found);
    QCOMPARE(found->userId, QStringLiteral("42"));
    QCOMPARE(found->clientId, QStringLiteral("grafana"));
    QCOMPARE(found->scopes, scopes("email openid profile"));
    QCOMPARE(found->grantedAt.toSecsSinceEpoch(), at.toSecsSinceEpoch());
    QCOMPARE(found->updatedAt.toSecsSinceEpoch(), at.toSecsSinceEpoch());
    QCOMPARE(found->grantedAt.timeSpec(), Qt::UTC);
    // Another person, another client: nothing.
    QVERIFY(!take(m_store->oidcConsent(QStringLiteral("43"), QStringLiteral("grafana"))));
    QVERIFY(!take(m_store->oidcConsent(QStringLiteral("42"), QStringLiteral("gitea"))));
}

void OidcConsentStoreConformance::laterGrantAddsScopes()
{
    const QDateTime first = inSeconds(-100);
    const QDateTime later = inSeconds(-5);
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("openid profile"), first));
    const OidcConsent merged =
        take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("openid groups"), later));
    QCOMPARE(merged.scopes, scopes("groups openid profile"));
    const std::optional<OidcConsent> found = take(m_store->oidcConsent(QStringLiteral("42"), QStringLiteral("grafana")));
    QVERIFY(found);
    QCOMPARE(found->scopes, scopes("groups openid profile"));
    QCOMPARE(found->grantedAt.toSecsSinceEpoch(), first.toSecsSinceEpoch());
    QCOMPARE(found->updatedAt.toSecsSinceEpoch(), later.toSecsSinceEpoch());
}

void OidcConsentStoreConformance::onePerPersonAndClient()
{
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("openid"), inSeconds(-3)));
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("gitea"), scopes("openid email"), inSeconds(-2)));
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("openid"), inSeconds(-1)));
    take(m_store->grantOidcConsent(QStringLiteral("43"), QStringLiteral("grafana"), scopes("openid"), inSeconds(-1)));
    const QList<OidcConsent> mine = take(m_store->oidcConsentsOfUser(QStringLiteral("42")));
    QCOMPARE(mine.size(), 2);
    QCOMPARE(mine.at(0).clientId, QStringLiteral("gitea"));
    QCOMPARE(mine.at(0).scopes, scopes("email openid"));
    QCOMPARE(mine.at(1).clientId, QStringLiteral("grafana"));
    QCOMPARE(take(m_store->oidcConsentsOfUser(QStringLiteral("43"))).size(), 1);
    QVERIFY(take(m_store->oidcConsentsOfUser(QStringLiteral("44"))).isEmpty());
}

void OidcConsentStoreConformance::revokeEndsTheClientsGrantsOfThePerson()
{
    auto *grants = dynamic_cast<OidcGrantStore *>(m_adapter.get());
    QVERIFY2(grants, "the store does not implement OidcGrantStore");
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("openid offline_access"), inSeconds(-1)));
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("gitea"), scopes("openid"), inSeconds(-1)));
    take(m_store->grantOidcConsent(QStringLiteral("43"), QStringLiteral("grafana"), scopes("openid"), inSeconds(-1)));
    take(grants->addOidcGrant(grantOf(QStringLiteral("g-mine-1"), QStringLiteral("42"), QStringLiteral("grafana")),
                              {QStringLiteral("t-mine-1"), inSeconds(600)}, QStringLiteral("c-mine-1")));
    take(grants->addOidcGrant(grantOf(QStringLiteral("g-mine-2"), QStringLiteral("42"), QStringLiteral("grafana")),
                              {QStringLiteral("t-mine-2"), inSeconds(600)}, QString()));
    take(grants->addOidcGrant(grantOf(QStringLiteral("g-gitea"), QStringLiteral("42"), QStringLiteral("gitea")),
                              {QStringLiteral("t-gitea"), inSeconds(600)}, QString()));
    take(grants->addOidcGrant(grantOf(QStringLiteral("g-other"), QStringLiteral("43"), QStringLiteral("grafana")),
                              {QStringLiteral("t-other"), inSeconds(600)}, QString()));

    QVERIFY(take(m_store->revokeOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"))));

    QVERIFY(!take(m_store->oidcConsent(QStringLiteral("42"), QStringLiteral("grafana"))));
    QVERIFY(!take(grants->isOidcGrantActive(QStringLiteral("g-mine-1"))));
    QVERIFY(!take(grants->isOidcGrantActive(QStringLiteral("g-mine-2"))));
    QVERIFY(!take(grants->oidcRefreshToken(QStringLiteral("t-mine-1"))));
    QVERIFY(!take(grants->oidcRefreshToken(QStringLiteral("t-mine-2"))));
    QCOMPARE(take(grants->redeemOidcRefreshToken(QStringLiteral("t-mine-1"), {QStringLiteral("t-next"), inSeconds(600)})).outcome,
             OidcRefreshRedemption::Outcome::Unknown);
    // The person's other client and the client's other person are left alone.
    QVERIFY(take(m_store->oidcConsent(QStringLiteral("42"), QStringLiteral("gitea"))));
    QVERIFY(take(m_store->oidcConsent(QStringLiteral("43"), QStringLiteral("grafana"))));
    QVERIFY(take(grants->isOidcGrantActive(QStringLiteral("g-gitea"))));
    QVERIFY(take(grants->isOidcGrantActive(QStringLiteral("g-other"))));
    QVERIFY(take(grants->oidcRefreshToken(QStringLiteral("t-other"))));
}

void OidcConsentStoreConformance::revokeOfNothingSaysSo()
{
    QVERIFY(!take(m_store->revokeOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"))));
    take(m_store->grantOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"), scopes("openid"), inSeconds(-1)));
    QVERIFY(take(m_store->revokeOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"))));
    QVERIFY(!take(m_store->revokeOidcConsent(QStringLiteral("42"), QStringLiteral("grafana"))));
}

void OidcConsentStoreConformance::deletedUserLosesConsents()
{
    const AdapterUser user = take(m_adapter->createUser(newUser(QStringLiteral("ada@example.test"))));
    take(m_store->grantOidcConsent(user.id, QStringLiteral("grafana"), scopes("openid"), inSeconds(-1)));
    take(m_store->grantOidcConsent(QStringLiteral("someone-else"), QStringLiteral("grafana"), scopes("openid"), inSeconds(-1)));
    QVERIFY(take(m_adapter->deleteUser(user.id)));
    QVERIFY(take(m_store->oidcConsentsOfUser(user.id)).isEmpty());
    QCOMPARE(take(m_store->oidcConsentsOfUser(QStringLiteral("someone-else"))).size(), 1);
}

} // namespace Gatehouse::Testing
