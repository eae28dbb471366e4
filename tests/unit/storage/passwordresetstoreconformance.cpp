#include "passwordresetstoreconformance.h"

#include <QTest>

#include <atomic>

namespace Gatehouse::Testing {

namespace {

PasswordResetRecord record(const QString &hash, const QString &userId)
{
    // Whole seconds: every backend keeps at least those.
    const QDateTime now = QDateTime::fromSecsSinceEpoch(inSeconds(0).toSecsSinceEpoch(), Qt::UTC);
    return {hash, userId, QStringLiteral("stamp-") + hash, now.addSecs(900), now};
}

} // namespace

PasswordResetStoreConformance::PasswordResetStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void PasswordResetStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void PasswordResetStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<PasswordResetStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement PasswordResetStore");
}

void PasswordResetStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

QString PasswordResetStoreConformance::createUser(const QString &email)
{
    return take(m_adapter->createUser(newUser(email))).id;
}

void PasswordResetStoreConformance::storedAndFound()
{
    const QString alice = createUser(QStringLiteral("alice@example.test"));
    QCOMPARE(take(m_store->passwordReset(QStringLiteral("h-1"))), std::nullopt);
    const PasswordResetRecord issued = record(QStringLiteral("h-1"), alice);
    take(m_store->createPasswordReset(issued));
    const std::optional<PasswordResetRecord> found = take(m_store->passwordReset(QStringLiteral("h-1")));
    QVERIFY(found);
    QCOMPARE(found->tokenHash, issued.tokenHash);
    QCOMPARE(found->userId, alice);
    QCOMPARE(found->passwordStamp, issued.passwordStamp);
    QCOMPARE(found->expires, issued.expires);
    QCOMPARE(found->expires.timeSpec(), Qt::UTC);
    QCOMPARE(found->createdAt, issued.createdAt);
    // Looking does not use it.
    QVERIFY(take(m_store->passwordReset(QStringLiteral("h-1"))));
}

void PasswordResetStoreConformance::newerLinkVoidsOlder()
{
    const QString alice = createUser(QStringLiteral("alice@example.test"));
    const QString bob = createUser(QStringLiteral("bob@example.test"));
    take(m_store->createPasswordReset(record(QStringLiteral("a-1"), alice)));
    take(m_store->createPasswordReset(record(QStringLiteral("b-1"), bob)));
    take(m_store->createPasswordReset(record(QStringLiteral("a-2"), alice)));
    QCOMPARE(take(m_store->passwordReset(QStringLiteral("a-1"))), std::nullopt);
    QVERIFY(take(m_store->passwordReset(QStringLiteral("a-2"))));
    QVERIFY(take(m_store->passwordReset(QStringLiteral("b-1"))));  // another person's stays
}

void PasswordResetStoreConformance::usedOnce()
{
    const QString alice = createUser(QStringLiteral("alice@example.test"));
    take(m_store->createPasswordReset(record(QStringLiteral("h-1"), alice)));
    QCOMPARE(take(m_store->usePasswordReset(QStringLiteral("unknown"))), std::nullopt);
    const std::optional<PasswordResetRecord> used = take(m_store->usePasswordReset(QStringLiteral("h-1")));
    QVERIFY(used);
    QCOMPARE(used->userId, alice);
    QCOMPARE(take(m_store->usePasswordReset(QStringLiteral("h-1"))), std::nullopt);
    QCOMPARE(take(m_store->passwordReset(QStringLiteral("h-1"))), std::nullopt);
}

void PasswordResetStoreConformance::usedOnceAcrossAdapters()
{
    const QString alice = createUser(QStringLiteral("alice@example.test"));
    take(m_store->createPasswordReset(record(QStringLiteral("h-1"), alice)));
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<PasswordResetStore *>(second.get());
    QVERIFY(other);
    std::atomic<int> turn{0};
    const auto use = [&] {
        PasswordResetStore *store = turn++ % 2 ? other : m_store;
        return take(store->usePasswordReset(QStringLiteral("h-1"))).has_value();
    };
    QCOMPARE(raceCount(8, use, &error), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void PasswordResetStoreConformance::deletedWithTheUserOrByUser()
{
    const QString alice = createUser(QStringLiteral("alice@example.test"));
    const QString bob = createUser(QStringLiteral("bob@example.test"));
    take(m_store->createPasswordReset(record(QStringLiteral("a-1"), alice)));
    take(m_store->createPasswordReset(record(QStringLiteral("b-1"), bob)));
    QCOMPARE(take(m_store->deletePasswordResets(alice)), qint64(1));
    QCOMPARE(take(m_store->deletePasswordResets(alice)), qint64(0));
    QCOMPARE(take(m_store->passwordReset(QStringLiteral("a-1"))), std::nullopt);
    take(m_adapter->deleteUser(bob));
    QCOMPARE(take(m_store->passwordReset(QStringLiteral("b-1"))), std::nullopt);
}

} // namespace Gatehouse::Testing
