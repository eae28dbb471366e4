#include "twofactorstoreconformance.h"

#include <atomic>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;

namespace {

TotpEnrolment pending(const QString &userId, const QString &sealed)
{
    TotpEnrolment enrolment;
    enrolment.userId = userId;
    enrolment.sealedSecret = sealed;
    enrolment.createdAt = inSeconds(-10);
    return enrolment;
}

const QStringList threeHashes{QStringLiteral("h1"), QStringLiteral("h2"), QStringLiteral("h3")};

} // namespace

TwoFactorStoreConformance::TwoFactorStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void TwoFactorStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void TwoFactorStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<TwoFactorStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement TwoFactorStore");
}

void TwoFactorStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

QString TwoFactorStoreConformance::enrolledUser(const QString &email)
{
    const QString userId = take(m_adapter->createUser(newUser(email))).id;
    take(m_store->beginTotpEnrolment(pending(userId, QStringLiteral("sealed-1"))));
    if (!take(m_store->confirmTotpEnrolment(userId, QStringLiteral("sealed-1"), 100, threeHashes)))
        return {};
    return userId;
}

void TwoFactorStoreConformance::enrolmentStartsPending()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    QCOMPARE(take(m_store->totpEnrolment(userId)).has_value(), false);
    TotpEnrolment input = pending(userId, QStringLiteral("sealed-1"));
    input.confirmedAt = inSeconds(0);  // ignored
    input.lastTimeStep = 500;          // ignored
    take(m_store->beginTotpEnrolment(input));
    const std::optional<TotpEnrolment> stored = take(m_store->totpEnrolment(userId));
    QVERIFY(stored);
    QCOMPARE(stored->userId, userId);
    QCOMPARE(stored->sealedSecret, QStringLiteral("sealed-1"));
    QCOMPARE(stored->createdAt, input.createdAt);
    QCOMPARE(stored->confirmedAt.has_value(), false);
    QCOMPARE(stored->lastTimeStep, qint64(-1));
    // Pending: no code is accepted, no recovery codes can be set.
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 100)), false);
    QCOMPARE(failure(m_store->replaceRecoveryCodes(userId, threeHashes)), std::optional(Reason::NotFound));
}

void TwoFactorStoreConformance::pendingEnrolmentIsReplaced()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    take(m_store->beginTotpEnrolment(pending(userId, QStringLiteral("sealed-1"))));
    take(m_store->beginTotpEnrolment(pending(userId, QStringLiteral("sealed-2"))));
    QCOMPARE(take(m_store->totpEnrolment(userId))->sealedSecret, QStringLiteral("sealed-2"));
    // The first secret no longer confirms anything.
    QCOMPARE(take(m_store->confirmTotpEnrolment(userId, QStringLiteral("sealed-1"), 100, threeHashes)), false);
    QCOMPARE(take(m_store->totpEnrolment(userId))->confirmedAt.has_value(), false);
}

void TwoFactorStoreConformance::confirmation()
{
    const QDateTime before = inSeconds(-1);
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QVERIFY(!userId.isEmpty());
    const std::optional<TotpEnrolment> stored = take(m_store->totpEnrolment(userId));
    QVERIFY(stored && stored->confirmedAt);
    QVERIFY(*stored->confirmedAt >= before);
    QCOMPARE(stored->lastTimeStep, qint64(100));
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 3);
    // Once only; and a confirmed enrolment is not replaced by a new one.
    QCOMPARE(take(m_store->confirmTotpEnrolment(userId, QStringLiteral("sealed-1"), 101, {})), false);
    QCOMPARE(failure(m_store->beginTotpEnrolment(pending(userId, QStringLiteral("sealed-2")))),
             std::optional(Reason::Conflict));
    QCOMPARE(take(m_store->totpEnrolment(userId))->sealedSecret, QStringLiteral("sealed-1"));
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 3);
}

void TwoFactorStoreConformance::timeStepsOnlyIncrease()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 100)), false);  // the confirming code's step
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 99)), false);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 101)), true);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 101)), false);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 103)), true);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 102)), false);
    QCOMPARE(take(m_store->totpEnrolment(userId))->lastTimeStep, qint64(103));
    // Time steps of today (about 59 million) and far beyond fit.
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, qint64(1) << 40)), true);
    QCOMPARE(take(m_store->totpEnrolment(userId))->lastTimeStep, qint64(1) << 40);
}

void TwoFactorStoreConformance::timeStepRace()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QString error;
    QCOMPARE(raceCount(12, [&] { return take(m_store->acceptTotpTimeStep(userId, 200)); }, &error), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TwoFactorStoreConformance::replayAcrossAdapters()
{
    // Two servers on one database: a code one accepted, the other refuses, and the other way round.
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<TwoFactorStore *>(second.get());
    QVERIFY(other);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 101)), true);
    QCOMPARE(take(other->acceptTotpTimeStep(userId, 101)), false);
    QCOMPARE(take(other->acceptTotpTimeStep(userId, 102)), true);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 102)), false);
    QCOMPARE(take(other->useRecoveryCode(userId, QStringLiteral("h1"))), true);
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("h1"))), false);
    // And at the same moment, half the callers on each.
    std::atomic<int> turn{0};
    const auto accept = [&] {
        TwoFactorStore *store = turn++ % 2 ? other : m_store;
        return take(store->acceptTotpTimeStep(userId, 300));
    };
    QCOMPARE(raceCount(12, accept, &error), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TwoFactorStoreConformance::reseal()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QCOMPARE(take(m_store->resealTotpSecret(userId, QStringLiteral("other"), QStringLiteral("sealed-2"))), false);
    QCOMPARE(take(m_store->resealTotpSecret(userId, QStringLiteral("sealed-1"), QStringLiteral("sealed-2"))), true);
    const std::optional<TotpEnrolment> stored = take(m_store->totpEnrolment(userId));
    QCOMPARE(stored->sealedSecret, QStringLiteral("sealed-2"));
    QVERIFY(stored->confirmedAt);
    QCOMPARE(stored->lastTimeStep, qint64(100));
}

void TwoFactorStoreConformance::recoveryCodes()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    const QString other = enrolledUser(QStringLiteral("b@example.test"));
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("h2"))), true);
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("h2"))), false);
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("h9"))), false);
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 2);
    QCOMPARE(take(m_store->recoveryCodesLeft(other)), 3);  // the same hashes of another user are theirs
    // A new set voids the old one.
    take(m_store->replaceRecoveryCodes(userId, {QStringLiteral("n1"), QStringLiteral("n2")}));
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 2);
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("h1"))), false);
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("n1"))), true);
    QCOMPARE(take(m_store->recoveryCodesLeft(other)), 3);
    take(m_store->replaceRecoveryCodes(userId, {}));
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 0);
}

void TwoFactorStoreConformance::recoveryCodeRace()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QString error;
    QCOMPARE(raceCount(12, [&] { return take(m_store->useRecoveryCode(userId, QStringLiteral("h3"))); }, &error), 1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 2);
}

void TwoFactorStoreConformance::removal()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QCOMPARE(take(m_store->removeTwoFactor(userId)), true);
    QCOMPARE(take(m_store->totpEnrolment(userId)).has_value(), false);
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 0);
    QCOMPARE(take(m_store->useRecoveryCode(userId, QStringLiteral("h1"))), false);
    QCOMPARE(take(m_store->acceptTotpTimeStep(userId, 500)), false);
    QCOMPARE(take(m_store->removeTwoFactor(userId)), false);
    // A pending enrolment is removed too, and a new one can begin.
    take(m_store->beginTotpEnrolment(pending(userId, QStringLiteral("sealed-3"))));
    QCOMPARE(take(m_store->removeTwoFactor(userId)), true);
    take(m_store->beginTotpEnrolment(pending(userId, QStringLiteral("sealed-4"))));
    QCOMPARE(take(m_store->totpEnrolment(userId))->sealedSecret, QStringLiteral("sealed-4"));
}

void TwoFactorStoreConformance::deletingTheUser()
{
    const QString userId = enrolledUser(QStringLiteral("a@example.test"));
    QVERIFY(take(m_adapter->deleteUser(userId)));
    QCOMPARE(take(m_store->totpEnrolment(userId)).has_value(), false);
    QCOMPARE(take(m_store->recoveryCodesLeft(userId)), 0);
}

void TwoFactorStoreConformance::unknownUsers()
{
    for (const QString &id : {QStringLiteral("999999"), QStringLiteral("not-a-number")}) {
        QCOMPARE(failure(m_store->beginTotpEnrolment(pending(id, QStringLiteral("s")))), std::optional(Reason::NotFound));
        QCOMPARE(take(m_store->totpEnrolment(id)).has_value(), false);
        QCOMPARE(take(m_store->confirmTotpEnrolment(id, QStringLiteral("s"), 1, {})), false);
        QCOMPARE(take(m_store->acceptTotpTimeStep(id, 1)), false);
        QCOMPARE(take(m_store->resealTotpSecret(id, QStringLiteral("s"), QStringLiteral("t"))), false);
        QCOMPARE(failure(m_store->replaceRecoveryCodes(id, threeHashes)), std::optional(Reason::NotFound));
        QCOMPARE(take(m_store->useRecoveryCode(id, QStringLiteral("h1"))), false);
        QCOMPARE(take(m_store->recoveryCodesLeft(id)), 0);
        QCOMPARE(take(m_store->removeTwoFactor(id)), false);
    }
}

} // namespace Gatehouse::Testing
