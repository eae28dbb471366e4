#include "oidckeystoreconformance.h"

#include <QTest>

#include <atomic>

namespace Gatehouse::Testing {

namespace {

OidcSigningKeyRecord record(const QString &kid, const QString &alg, qint64 generation)
{
    return {kid, alg, generation, QStringLiteral("sealed-") + kid, inSeconds(-generation)};
}

QStringList kids(const QList<OidcSigningKeyRecord> &keys)
{
    QStringList result;
    for (const OidcSigningKeyRecord &key : keys)
        result.append(key.kid);
    return result;
}

} // namespace

OidcKeyStoreConformance::OidcKeyStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void OidcKeyStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void OidcKeyStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<OidcKeyStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement OidcKeyStore");
}

void OidcKeyStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void OidcKeyStoreConformance::emptyAtFirst()
{
    QVERIFY(take(m_store->oidcSigningKeys()).isEmpty());
}

void OidcKeyStoreConformance::storedAndOrdered()
{
    const OidcSigningKeyRecord rsa2 = record(QStringLiteral("rsa-2"), QStringLiteral("RS256"), 2);
    QCOMPARE(take(m_store->addOidcSigningKey(rsa2)), true);
    QCOMPARE(take(m_store->addOidcSigningKey(record(QStringLiteral("ec-1"), QStringLiteral("ES256"), 1))), true);
    QCOMPARE(take(m_store->addOidcSigningKey(record(QStringLiteral("rsa-1"), QStringLiteral("RS256"), 1))), true);
    QCOMPARE(take(m_store->addOidcSigningKey(record(QStringLiteral("ed-1"), QStringLiteral("EdDSA"), 1))), true);
    const QList<OidcSigningKeyRecord> keys = take(m_store->oidcSigningKeys());
    QCOMPARE(kids(keys), (QStringList{"ec-1", "ed-1", "rsa-1", "rsa-2"}));
    const OidcSigningKeyRecord &stored = keys.at(3);
    QCOMPARE(stored.alg, rsa2.alg);
    QCOMPARE(stored.generation, rsa2.generation);
    QCOMPARE(stored.sealedKey, rsa2.sealedKey);
    QCOMPARE(stored.createdAt, rsa2.createdAt);
    QCOMPARE(stored.createdAt.timeSpec(), Qt::UTC);
}

void OidcKeyStoreConformance::takenKeysChangeNothing()
{
    QCOMPARE(take(m_store->addOidcSigningKey(record(QStringLiteral("rsa-1"), QStringLiteral("RS256"), 1))), true);
    // The same generation of the same algorithm under another kid: a second server's first key.
    QCOMPARE(take(m_store->addOidcSigningKey(record(QStringLiteral("rsa-x"), QStringLiteral("RS256"), 1))), false);
    // The same kid again, whatever else.
    OidcSigningKeyRecord again = record(QStringLiteral("rsa-1"), QStringLiteral("RS256"), 2);
    again.sealedKey = QStringLiteral("replaced");
    QCOMPARE(take(m_store->addOidcSigningKey(again)), false);
    const QList<OidcSigningKeyRecord> keys = take(m_store->oidcSigningKeys());
    QCOMPARE(kids(keys), QStringList{"rsa-1"});
    QCOMPARE(keys.at(0).sealedKey, QStringLiteral("sealed-rsa-1"));
}

void OidcKeyStoreConformance::firstKeyRaceAcrossAdapters()
{
    // Servers starting together on one database each try to store the first RS256 key.
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<OidcKeyStore *>(second.get());
    QVERIFY(other);
    std::atomic<int> turn{0};
    const auto add = [&] {
        const int mine = turn++;
        OidcKeyStore *store = mine % 2 ? other : m_store;
        return take(store->addOidcSigningKey(record(QStringLiteral("kid-%1").arg(mine), QStringLiteral("RS256"), 1)));
    };
    QCOMPARE(raceCount(12, add, &error), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(take(other->oidcSigningKeys()).size(), 1);
    QCOMPARE(kids(take(m_store->oidcSigningKeys())), kids(take(other->oidcSigningKeys())));
}

// Retired keys go by their kid; the rest stays, and a removed generation is not taken again.
void OidcKeyStoreConformance::retiredKeysAreRemoved()
{
    for (int generation = 1; generation <= 3; ++generation)
        QVERIFY(take(m_store->addOidcSigningKey(record(QStringLiteral("rsa-%1").arg(generation), QStringLiteral("RS256"), generation))));
    QVERIFY(take(m_store->addOidcSigningKey(record(QStringLiteral("ec-1"), QStringLiteral("ES256"), 1))));
    QCOMPARE(take(m_store->removeOidcSigningKeys({QStringLiteral("rsa-1"), QStringLiteral("rsa-2"), QStringLiteral("gone")})),
             qint64(2));
    QCOMPARE(kids(take(m_store->oidcSigningKeys())), (QStringList{"ec-1", "rsa-3"}));
    QCOMPARE(take(m_store->removeOidcSigningKeys({})), qint64(0));
    QCOMPARE(take(m_store->addOidcSigningKey(record(QStringLiteral("rsa-4"), QStringLiteral("RS256"), 4))), true);
}

} // namespace Gatehouse::Testing
