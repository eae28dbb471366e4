#include "oidcsessionstoreconformance.h"

#include <QTest>

#include <QSet>

#include <algorithm>

namespace Gatehouse::Testing {

namespace {

OidcSessionClient row(const QString &sid, const QString &clientId, const QString &userId, qint64 expiresInSeconds = 3600)
{
    return {sid, clientId, userId, inSeconds(expiresInSeconds), QStringLiteral("https://auth.example.test/auth")};
}

//! "sid/client/user" of each delivery, sorted: the order of a claim is not part of the contract.
QStringList names(const QList<OidcLogoutDelivery> &rows)
{
    QStringList list;
    for (const OidcLogoutDelivery &r : rows)
        list.append(r.sid + u'/' + r.clientId + u'/' + r.userId);
    std::sort(list.begin(), list.end());
    return list;
}

const QString kLease = QStringLiteral("lease-1");

} // namespace

OidcSessionStoreConformance::OidcSessionStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void OidcSessionStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void OidcSessionStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<OidcSessionStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement OidcSessionStore");
}

void OidcSessionStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

//! Every delivery due now, claimed for a minute.
static QList<OidcLogoutDelivery> claimEveryDueLogout(OidcSessionStore *store, const QString &lease = kLease)
{
    return take(store->claimOidcLogouts(lease, inSeconds(0), inSeconds(60), 100));
}

void OidcSessionStoreConformance::queuedBySessionOnce()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-a"), QStringLiteral("grafana"), QStringLiteral("7"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-a"), QStringLiteral("gitea"), QStringLiteral("7"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-b"), QStringLiteral("grafana"), QStringLiteral("7"))));
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(0));
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-a"))), 2);
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(2));
    // Each client is queued once; the other session stays.
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-a"))), 0);
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("unknown"))), 0);
    const QList<OidcLogoutDelivery> claimed = claimEveryDueLogout(m_store);
    QCOMPARE(names(claimed), (QStringList{"sid-a/gitea/7", "sid-a/grafana/7"}));
    const OidcLogoutDelivery &first = claimed.constFirst();
    QCOMPARE(first.attempts, 0);
    QCOMPARE(first.lease, kLease);
    QCOMPARE(first.issuer, QStringLiteral("https://auth.example.test/auth"));
    QCOMPARE(first.queuedAt.timeSpec(), Qt::UTC);
    QVERIFY(qAbs(first.queuedAt.secsTo(inSeconds(0))) <= 2);
    QVERIFY(qAbs(first.nextAttemptAt.secsTo(inSeconds(60))) <= 2);
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-b"))), 1);
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(3));
}

void OidcSessionStoreConformance::queuedByUser()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-c"), QStringLiteral("grafana"), QStringLiteral("8"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-d"), QStringLiteral("gitea"), QStringLiteral("8"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-k"), QStringLiteral("gitea"), QStringLiteral("8"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-e"), QStringLiteral("grafana"), QStringLiteral("9"))));
    // The session kept ("sign out other sessions") is not queued.
    QCOMPARE(take(m_store->queueOidcLogoutsOfUser(QStringLiteral("8"), QStringLiteral("sid-k"))), 2);
    QCOMPARE(names(claimEveryDueLogout(m_store)), (QStringList{"sid-c/grafana/8", "sid-d/gitea/8"}));
    QCOMPARE(take(m_store->queueOidcLogoutsOfUser(QStringLiteral("8"), QString())), 1);
    QCOMPARE(take(m_store->queueOidcLogoutsOfUser(QStringLiteral("8"), QString())), 0);
    QCOMPARE(names(claimEveryDueLogout(m_store)), QStringList{"sid-k/gitea/8"});
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-e"))), 1);
}

void OidcSessionStoreConformance::addRenewsTheRow()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-f"), QStringLiteral("grafana"), QStringLiteral("10"), 60)));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-f"), QStringLiteral("grafana"), QStringLiteral("10"), 7200)));
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-f"))), 1);
}

void OidcSessionStoreConformance::expiredRowsAreNotQueued()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-g"), QStringLiteral("grafana"), QStringLiteral("11"), -5)));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-g"), QStringLiteral("gitea"), QStringLiteral("11"))));
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-g"))), 1);
    QCOMPARE(names(claimEveryDueLogout(m_store)), QStringList{"sid-g/gitea/11"});
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-h"), QStringLiteral("grafana"), QStringLiteral("12"), -5)));
    QCOMPARE(take(m_store->queueOidcLogoutsOfUser(QStringLiteral("12"), QString())), 0);
}

void OidcSessionStoreConformance::claimLeasesDueDeliveries()
{
    for (const char *sid : {"sid-1", "sid-2", "sid-3"}) {
        take(m_store->addOidcSessionClient(row(QString::fromLatin1(sid), QStringLiteral("grafana"), QStringLiteral("13"))));
        QCOMPARE(take(m_store->queueOidcLogouts(QString::fromLatin1(sid))), 1);
    }
    // At most the limit; a leased delivery is not due again until its lease ends.
    QCOMPARE(take(m_store->claimOidcLogouts(kLease, inSeconds(0), inSeconds(60), 2)).size(), 2);
    QCOMPARE(names(claimEveryDueLogout(m_store)), QStringList{"sid-3/grafana/13"});
    QVERIFY(claimEveryDueLogout(m_store).isEmpty());
    // A lease that ran out (its holder died) is claimed again by another.
    const QList<OidcLogoutDelivery> again = take(m_store->claimOidcLogouts(QStringLiteral("lease-2"), inSeconds(61), inSeconds(120), 100));
    QCOMPARE(again.size(), 3);
    QCOMPARE(again.constFirst().lease, QStringLiteral("lease-2"));
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(3));
}

void OidcSessionStoreConformance::twoClaimersNeverShareOne()
{
    for (int i = 0; i < 20; ++i) {
        const QString sid = QStringLiteral("sid-two-%1").arg(i);
        take(m_store->addOidcSessionClient(row(sid, QStringLiteral("grafana"), QStringLiteral("14"))));
    }
    QCOMPARE(take(m_store->queueOidcLogoutsOfUser(QStringLiteral("14"), QString())), 20);
    // Two adapters on one database, as two servers have (memory: the same one), claiming at once.
    QString error;
    std::shared_ptr<Adapter> other = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(other, qPrintable(error));
    auto *second = dynamic_cast<OidcSessionStore *>(other.get());
    QVERIFY(second);
    QCOMPARE(take(second->countOidcLogouts()), qint64(20));
    QFuture<QList<OidcLogoutDelivery>> a = m_store->claimOidcLogouts(QStringLiteral("a"), inSeconds(0), inSeconds(60), 100);
    QFuture<QList<OidcLogoutDelivery>> b = second->claimOidcLogouts(QStringLiteral("b"), inSeconds(0), inSeconds(60), 100);
    const QList<OidcLogoutDelivery> byA = take(a);
    const QList<OidcLogoutDelivery> byB = take(b);
    QStringList all = names(byA) + names(byB);
    std::sort(all.begin(), all.end());
    QCOMPARE(all.size(), 20);
    QCOMPARE(all.size(), int(QSet<QString>(all.cbegin(), all.cend()).size()));
}

void OidcSessionStoreConformance::retryReschedules()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-r"), QStringLiteral("grafana"), QStringLiteral("15"))));
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-r"))), 1);
    OidcLogoutDelivery delivery = claimEveryDueLogout(m_store).value(0);
    QCOMPARE(delivery.sid, QStringLiteral("sid-r"));
    delivery.attempts = 1;
    delivery.nextAttemptAt = inSeconds(30);
    delivery.lastError = QStringLiteral("HTTP 503");
    QVERIFY(take(m_store->retryOidcLogout(delivery)));
    // Not due before its time, due after it, with what the failed round left.
    QVERIFY(claimEveryDueLogout(m_store).isEmpty());
    const QList<OidcLogoutDelivery> later = take(m_store->claimOidcLogouts(QStringLiteral("lease-3"), inSeconds(31), inSeconds(90), 10));
    QCOMPARE(later.size(), 1);
    QCOMPARE(later.constFirst().attempts, 1);
    QCOMPARE(later.constFirst().lastError, QStringLiteral("HTTP 503"));
    QVERIFY(qAbs(later.constFirst().queuedAt.secsTo(inSeconds(0))) <= 2);
    QVERIFY(take(m_store->finishOidcLogout(later.constFirst())));
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(0));
}

void OidcSessionStoreConformance::leaseDecidesFinishAndRetry()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-l"), QStringLiteral("grafana"), QStringLiteral("16"))));
    QCOMPARE(take(m_store->queueOidcLogouts(QStringLiteral("sid-l"))), 1);
    const OidcLogoutDelivery stale = claimEveryDueLogout(m_store).value(0);
    // Its lease ran out and another server took it: the first holder changes nothing.
    const OidcLogoutDelivery current =
        take(m_store->claimOidcLogouts(QStringLiteral("lease-4"), inSeconds(61), inSeconds(120), 10)).value(0);
    QCOMPARE(current.lease, QStringLiteral("lease-4"));
    OidcLogoutDelivery retried = stale;
    retried.attempts = 5;
    retried.nextAttemptAt = inSeconds(0);
    QVERIFY(!take(m_store->retryOidcLogout(retried)));
    QVERIFY(!take(m_store->finishOidcLogout(stale)));
    OidcLogoutDelivery unleased = current;
    unleased.lease.clear();
    QVERIFY(!take(m_store->finishOidcLogout(unleased)));
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(1));
    QVERIFY(take(m_store->finishOidcLogout(current)));
    QVERIFY(!take(m_store->finishOidcLogout(current)));
    QCOMPARE(take(m_store->countOidcLogouts()), qint64(0));
}

} // namespace Gatehouse::Testing
