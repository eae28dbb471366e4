#include "oidcsessionstoreconformance.h"

#include <QTest>

#include <algorithm>

namespace Gatehouse::Testing {

namespace {

OidcSessionClient row(const QString &sid, const QString &clientId, const QString &userId, qint64 expiresInSeconds = 3600)
{
    return {sid, clientId, userId, inSeconds(expiresInSeconds)};
}

//! "sid/client/user" of each row, sorted: the order of a take is not part of the contract.
QStringList names(const QList<OidcSessionClient> &rows)
{
    QStringList list;
    for (const OidcSessionClient &r : rows)
        list.append(r.sid + u'/' + r.clientId + u'/' + r.userId);
    std::sort(list.begin(), list.end());
    return list;
}

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

void OidcSessionStoreConformance::takenBySessionOnce()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-a"), QStringLiteral("grafana"), QStringLiteral("7"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-a"), QStringLiteral("gitea"), QStringLiteral("7"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-b"), QStringLiteral("grafana"), QStringLiteral("7"))));
    const QList<OidcSessionClient> taken = take(m_store->takeOidcSessionClients(QStringLiteral("sid-a")));
    QCOMPARE(names(taken), (QStringList{"sid-a/gitea/7", "sid-a/grafana/7"}));
    QCOMPARE(taken.constFirst().expiresAt.timeSpec(), Qt::UTC);
    QVERIFY(qAbs(taken.constFirst().expiresAt.secsTo(inSeconds(3600))) <= 2);
    // Each client is told once; the other session stays.
    QVERIFY(take(m_store->takeOidcSessionClients(QStringLiteral("sid-a"))).isEmpty());
    QVERIFY(take(m_store->takeOidcSessionClients(QStringLiteral("unknown"))).isEmpty());
    QCOMPARE(names(take(m_store->takeOidcSessionClients(QStringLiteral("sid-b")))), QStringList{"sid-b/grafana/7"});
}

void OidcSessionStoreConformance::takenByUser()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-c"), QStringLiteral("grafana"), QStringLiteral("8"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-d"), QStringLiteral("gitea"), QStringLiteral("8"))));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-e"), QStringLiteral("grafana"), QStringLiteral("9"))));
    QCOMPARE(names(take(m_store->takeOidcSessionClientsOfUser(QStringLiteral("8")))),
             (QStringList{"sid-c/grafana/8", "sid-d/gitea/8"}));
    QVERIFY(take(m_store->takeOidcSessionClientsOfUser(QStringLiteral("8"))).isEmpty());
    QCOMPARE(names(take(m_store->takeOidcSessionClients(QStringLiteral("sid-e")))), QStringList{"sid-e/grafana/9"});
}

void OidcSessionStoreConformance::addRenewsTheRow()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-f"), QStringLiteral("grafana"), QStringLiteral("10"), 60)));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-f"), QStringLiteral("grafana"), QStringLiteral("10"), 7200)));
    const QList<OidcSessionClient> taken = take(m_store->takeOidcSessionClients(QStringLiteral("sid-f")));
    QCOMPARE(taken.size(), 1);
    QVERIFY(qAbs(taken.constFirst().expiresAt.secsTo(inSeconds(7200))) <= 2);
}

void OidcSessionStoreConformance::expiredRowsAreNotReturned()
{
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-g"), QStringLiteral("grafana"), QStringLiteral("11"), -5)));
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-g"), QStringLiteral("gitea"), QStringLiteral("11"))));
    QCOMPARE(names(take(m_store->takeOidcSessionClients(QStringLiteral("sid-g")))), QStringList{"sid-g/gitea/11"});
    take(m_store->addOidcSessionClient(row(QStringLiteral("sid-h"), QStringLiteral("grafana"), QStringLiteral("12"), -5)));
    QVERIFY(take(m_store->takeOidcSessionClientsOfUser(QStringLiteral("12"))).isEmpty());
}

} // namespace Gatehouse::Testing
