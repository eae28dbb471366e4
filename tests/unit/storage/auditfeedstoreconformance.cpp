#include "auditfeedstoreconformance.h"

#include <QTest>

#include <atomic>

namespace Gatehouse::Testing {

using namespace std::chrono_literals;

AuditFeedStoreConformance::AuditFeedStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void AuditFeedStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void AuditFeedStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_audit = dynamic_cast<AuditStore *>(m_adapter.get());
    m_store = dynamic_cast<AuditFeedStore *>(m_adapter.get());
    QVERIFY2(m_audit && m_store, "the store does not implement AuditStore and AuditFeedStore");
}

void AuditFeedStoreConformance::cleanup()
{
    m_store = nullptr;
    m_audit = nullptr;
    m_adapter.reset();
}

qint64 AuditFeedStoreConformance::append(const QString &type, const QString &userId)
{
    AuditEvent event;
    event.type = type;
    event.userId = userId;
    event.clientAddress = QStringLiteral("192.0.2.7");
    event.detail = QJsonObject{{QStringLiteral("userAgent"), QStringLiteral("Firefox on Linux")}};
    return take(m_audit->appendAudit(event));
}

void AuditFeedStoreConformance::readsForwardInOrder()
{
    const QList<AuditEvent> before = take(m_store->auditEventsAfter(0, 1000));
    const qint64 start = before.isEmpty() ? 0 : before.constLast().id;
    QList<qint64> ids;
    for (int i = 0; i < 5; ++i)
        ids.append(append(QStringLiteral("event%1").arg(i), QStringLiteral("u%1").arg(i)));
    const QList<AuditEvent> first = take(m_store->auditEventsAfter(start, 3));
    QCOMPARE(first.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(first.at(i).id, ids.at(i));
        QCOMPARE(first.at(i).type, QStringLiteral("event%1").arg(i));
        QCOMPARE(first.at(i).userId, QStringLiteral("u%1").arg(i));
        QCOMPARE(first.at(i).clientAddress, QStringLiteral("192.0.2.7"));
        QCOMPARE(first.at(i).detail.value(QStringLiteral("userAgent")).toString(), QStringLiteral("Firefox on Linux"));
        QVERIFY(first.at(i).time.isValid());
    }
    const QList<AuditEvent> rest = take(m_store->auditEventsAfter(first.constLast().id, 100));
    QCOMPARE(rest.size(), 2);
    QCOMPARE(rest.at(0).id, ids.at(3));
    QCOMPARE(rest.at(1).id, ids.at(4));
    QVERIFY(take(m_store->auditEventsAfter(ids.constLast(), 100)).isEmpty());
}

void AuditFeedStoreConformance::newCursorStartsAtTheNewestEvent()
{
    append(QStringLiteral("old"));
    const qint64 newest = append(QStringLiteral("old"));
    const std::optional<qint64> position = take(m_store->claimAuditCursor(QStringLiteral("notices"), QStringLiteral("a"), 60s));
    QCOMPARE(position, std::optional<qint64>(newest));
    QVERIFY(take(m_store->auditEventsAfter(*position, 100)).isEmpty());
    const qint64 later = append(QStringLiteral("new"));
    const QList<AuditEvent> pending = take(m_store->auditEventsAfter(*position, 100));
    QCOMPARE(pending.size(), 1);
    QCOMPARE(pending.first().id, later);
    // Another cursor is another position.
    QCOMPARE(take(m_store->claimAuditCursor(QStringLiteral("webhooks"), QStringLiteral("b"), 60s)), std::optional<qint64>(later));
}

void AuditFeedStoreConformance::oneHolderAtATime()
{
    const QString name = QStringLiteral("notices");
    const std::optional<qint64> held = take(m_store->claimAuditCursor(name, QStringLiteral("a"), 60s));
    QVERIFY(held);
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("b"), 60s)), std::nullopt);
    // The holder renews, as often as it likes.
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("a"), 60s)), held);
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("a"), 60s)), held);
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("b"), 60s)), std::nullopt);
    // A lease of zero gives it up: the next claimant takes it at once, and the old holder is out.
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("a"), 0s)), held);
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("b"), 60s)), held);
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("a"), 60s)), std::nullopt);
}

void AuditFeedStoreConformance::onlyTheHolderMovesItForward()
{
    const QString name = QStringLiteral("notices");
    const qint64 start = *take(m_store->claimAuditCursor(name, QStringLiteral("a"), 60s));
    QVERIFY(!take(m_store->advanceAuditCursor(name, QStringLiteral("b"), start + 5)));
    QVERIFY(take(m_store->advanceAuditCursor(name, QStringLiteral("a"), start + 5)));
    QVERIFY(!take(m_store->advanceAuditCursor(name, QStringLiteral("a"), start + 5)));  // not behind
    QVERIFY(!take(m_store->advanceAuditCursor(name, QStringLiteral("a"), start + 2)));  // never back
    QVERIFY(!take(m_store->advanceAuditCursor(QStringLiteral("nothing"), QStringLiteral("a"), 9)));
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("a"), 60s)), std::optional<qint64>(start + 5));
    // Taken over after the lease was given up: the old holder's advance changes nothing.
    take(m_store->claimAuditCursor(name, QStringLiteral("a"), 0s));
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("b"), 60s)), std::optional<qint64>(start + 5));
    QVERIFY(!take(m_store->advanceAuditCursor(name, QStringLiteral("a"), start + 9)));
    QCOMPARE(take(m_store->claimAuditCursor(name, QStringLiteral("b"), 60s)), std::optional<qint64>(start + 5));
}

void AuditFeedStoreConformance::oneClaimantWinsAcrossAdapters()
{
    append(QStringLiteral("old"));
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<AuditFeedStore *>(second.get());
    QVERIFY(other);
    std::atomic<int> turn{0};
    const auto claim = [&] {
        const int mine = turn++;
        AuditFeedStore *store = mine % 2 ? other : m_store;
        return take(store->claimAuditCursor(QStringLiteral("race"), QStringLiteral("holder-%1").arg(mine), 60s)).has_value();
    };
    QCOMPARE(raceCount(8, claim, &error), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

} // namespace Gatehouse::Testing
