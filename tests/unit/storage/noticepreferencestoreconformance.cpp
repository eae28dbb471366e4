#include "noticepreferencestoreconformance.h"

#include <QTest>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;

namespace {

NoticePreference choice(const QString &kind, bool enabled, const QDateTime &at)
{
    return {kind, enabled, at};
}

} // namespace

NoticePreferenceStoreConformance::NoticePreferenceStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void NoticePreferenceStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void NoticePreferenceStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<NoticePreferenceStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement NoticePreferenceStore");
}

void NoticePreferenceStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void NoticePreferenceStoreConformance::choicesAreKeptPerPersonAndKind()
{
    const QString ada = take(m_adapter->createUser(newUser(QStringLiteral("ada@example.test")))).id;
    const QString alan = take(m_adapter->createUser(newUser(QStringLiteral("alan@example.test")))).id;
    QVERIFY(take(m_store->noticePreferences(ada)).isEmpty());

    // Whole seconds: every database keeps at least those.
    const QDateTime first = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch() - 60, Qt::UTC);
    take(m_store->setNoticePreference(ada, choice(QStringLiteral("newDevice"), false, first)));
    take(m_store->setNoticePreference(ada, choice(QStringLiteral("passkeys"), true, first)));
    QList<NoticePreference> found = take(m_store->noticePreferences(ada));
    QCOMPARE(found.size(), 2);
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.kind < b.kind; });
    QCOMPARE(found.at(0).kind, QStringLiteral("newDevice"));
    QCOMPARE(found.at(0).enabled, false);
    QCOMPARE(found.at(0).updatedAt, first);
    QCOMPARE(found.at(1).kind, QStringLiteral("passkeys"));
    QCOMPARE(found.at(1).enabled, true);
    QVERIFY(take(m_store->noticePreferences(alan)).isEmpty());

    // The next choice of a kind replaces the earlier one, with its own time.
    const QDateTime second = first.addSecs(30);
    take(m_store->setNoticePreference(ada, choice(QStringLiteral("newDevice"), true, second)));
    found = take(m_store->noticePreferences(ada));
    QCOMPARE(found.size(), 2);
    const auto newDevice = std::find_if(found.cbegin(), found.cend(), [](const auto &p) { return p.kind == u"newDevice"; });
    QVERIFY(newDevice != found.cend());
    QCOMPARE(newDevice->enabled, true);
    QCOMPARE(newDevice->updatedAt, second);

    // Without a time, the store's now.
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    take(m_store->setNoticePreference(alan, choice(QStringLiteral("newDevice"), false, QDateTime())));
    found = take(m_store->noticePreferences(alan));
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.first().updatedAt >= before && found.first().updatedAt <= QDateTime::currentDateTimeUtc().addSecs(1),
             qPrintable(found.first().updatedAt.toString(Qt::ISODate)));
}

void NoticePreferenceStoreConformance::badKindsAndUnknownPeopleAreRefused()
{
    const QString ada = take(m_adapter->createUser(newUser(QStringLiteral("ada@example.test")))).id;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QString &kind : {QString(), QStringLiteral("new device"), QStringLiteral("x'; DROP TABLE users; --"),
                                QString(65, u'a'), QStringLiteral("newDévice")}) {
        QCOMPARE(failure(m_store->setNoticePreference(ada, choice(kind, false, now))), std::optional(Reason::InvalidArgument));
    }
    QVERIFY(take(m_store->noticePreferences(ada)).isEmpty());
    for (const QString &id : {QStringLiteral("999999"), QStringLiteral("not-a-number")}) {
        QCOMPARE(failure(m_store->setNoticePreference(id, choice(QStringLiteral("newDevice"), false, now))),
                 std::optional(Reason::NotFound));
        QVERIFY(take(m_store->noticePreferences(id)).isEmpty());
    }
}

void NoticePreferenceStoreConformance::deletingThePerson()
{
    const QString ada = take(m_adapter->createUser(newUser(QStringLiteral("ada@example.test")))).id;
    take(m_store->setNoticePreference(ada, choice(QStringLiteral("newDevice"), false, QDateTime::currentDateTimeUtc())));
    QVERIFY(take(m_adapter->deleteUser(ada)));
    QVERIFY(take(m_store->noticePreferences(ada)).isEmpty());
    // A new person never inherits the choices of one deleted before.
    const QString next = take(m_adapter->createUser(newUser(QStringLiteral("ada@example.test")))).id;
    QVERIFY(take(m_store->noticePreferences(next)).isEmpty());
}

} // namespace Gatehouse::Testing
