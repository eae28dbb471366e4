#include "usertransferstoreconformance.h"

#include <gatehouse/auditstore.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/userstatestore.h>

#include <QMutex>
#include <QTest>

namespace Gatehouse::Testing {

namespace {

const QString Bcrypt = QStringLiteral("$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW");

UserTransferRecord record(const QString &email, const QString &name = {}, bool verified = false, bool disabled = false,
                          const QStringList &groups = {}, const QString &hash = {})
{
    return {email, name, verified, disabled, groups, hash, hash.isEmpty() ? QString() : QStringLiteral("bcrypt")};
}

UserImportBatch batchOf(const QList<UserTransferRecord> &users, UserImportConflict onConflict, bool dryRun = false)
{
    UserImportBatch batch;
    batch.users = users;
    batch.onConflict = onConflict;
    batch.dryRun = dryRun;
    batch.auditDetail = {{QStringLiteral("by"), QStringLiteral("cli")}};
    return batch;
}

QStringList exported(UserTransferStore *store)
{
    QStringList out;
    for (const UserTransferRecord &user : take(store->exportUsers()))
        out.append(QStringLiteral("%1|%2|%3|%4|%5|%6")
                       .arg(user.email, user.name, user.emailVerified ? QStringLiteral("verified") : QString(),
                            user.disabled ? QStringLiteral("disabled") : QString(), user.groups.join(QLatin1Char(',')),
                            user.passwordHash.isEmpty() ? QString() : QStringLiteral("hash")));
    return out;
}

QList<AuditEvent> importEvents(Adapter *adapter)
{
    AuditFilter filter;
    filter.type = QStringLiteral("userImport");
    return take(dynamic_cast<AuditStore *>(adapter)->auditEvents(filter, 100));
}

} // namespace

UserTransferStoreConformance::UserTransferStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void UserTransferStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void UserTransferStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<UserTransferStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement UserTransferStore");
}

void UserTransferStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void UserTransferStoreConformance::createsUsers()
{
    const QList<UserImportOutcome> outcomes = take(m_store->importUsers(batchOf(
        {record(QStringLiteral("a@example.test"), QStringLiteral("A \u00e9"), true, false, {QStringLiteral("staff"), QStringLiteral("ops")}, Bcrypt),
         record(QStringLiteral("b@example.test"), {}, false, true)},
        UserImportConflict::Fail)));
    QCOMPARE(outcomes, (QList<UserImportOutcome>{UserImportOutcome::Created, UserImportOutcome::Created}));
    QCOMPARE(exported(m_store), (QStringList{"a@example.test|A \u00e9|verified||ops,staff|hash", "b@example.test|||disabled||"}));
    const std::optional<AdapterUser> a = take(m_adapter->getUserByEmail(QStringLiteral("a@example.test")));
    QVERIFY(a && a->emailVerified);
    QCOMPARE(take(dynamic_cast<UserStateStore *>(m_adapter.get())->passwordHash(QStringLiteral("a@example.test")))->hash, Bcrypt);
    QCOMPARE(take(dynamic_cast<GroupStore *>(m_adapter.get())->userGroups(a->id)), (QStringList{"ops", "staff"}));
    // One audit event per user, with the scheme and never the hash.
    const QList<AuditEvent> events = importEvents(m_adapter.get());
    QCOMPARE(events.size(), 2);
    for (const AuditEvent &event : events) {
        QCOMPARE(event.detail.value(QStringLiteral("by")).toString(), QStringLiteral("cli"));
        QCOMPARE(event.detail.value(QStringLiteral("outcome")).toString(), QStringLiteral("created"));
        QVERIFY(!QJsonDocument(event.detail).toJson().contains("$2y$"));
    }
}

void UserTransferStoreConformance::onConflict_data()
{
    QTest::addColumn<int>("onConflict");
    QTest::addColumn<QList<UserImportOutcome>>("outcomes");
    QTest::addColumn<QStringList>("after");
    QTest::addColumn<int>("events");
    using O = UserImportOutcome;
    QTest::newRow("skip") << int(UserImportConflict::Skip) << QList<O>{O::Skipped, O::Skipped, O::Created}
                          << QStringList{"a@example.test|A||||", "b@example.test|B||||", "c@example.test|C||||"} << 1;
    QTest::newRow("update") << int(UserImportConflict::Update) << QList<O>{O::Unchanged, O::Updated, O::Created}
                            << QStringList{"a@example.test|A||||", "b@example.test|B2|verified|disabled|x|hash", "c@example.test|C||||"}
                            << 2;
    QTest::newRow("fail") << int(UserImportConflict::Fail) << QList<O>{O::Conflict, O::Conflict, O::Created}
                          << QStringList{"a@example.test|A||||", "b@example.test|B||||"} << 0;
}

void UserTransferStoreConformance::onConflict()
{
    QFETCH(int, onConflict);
    QFETCH(QList<UserImportOutcome>, outcomes);
    QFETCH(QStringList, after);
    QFETCH(int, events);
    take(m_store->importUsers(batchOf({record(QStringLiteral("a@example.test"), QStringLiteral("A")),
                                       record(QStringLiteral("b@example.test"), QStringLiteral("B"))},
                                      UserImportConflict::Fail)));
    const QList<UserImportOutcome> got = take(m_store->importUsers(
        batchOf({record(QStringLiteral("a@example.test"), QStringLiteral("A")),
                 record(QStringLiteral("b@example.test"), QStringLiteral("B2"), true, true, {QStringLiteral("x")}, Bcrypt),
                 record(QStringLiteral("c@example.test"), QStringLiteral("C"))},
                UserImportConflict(onConflict))));
    QCOMPARE(got, outcomes);
    QCOMPARE(exported(m_store), after);
    QCOMPARE(importEvents(m_adapter.get()).size(), 2 + events);
}

void UserTransferStoreConformance::conflictOrDryRunLeavesNothing_data()
{
    QTest::addColumn<bool>("dryRun");
    QTest::newRow("a conflict within the batch") << false;
    QTest::newRow("a dry run") << true;
}

void UserTransferStoreConformance::conflictOrDryRunLeavesNothing()
{
    QFETCH(bool, dryRun);
    take(m_store->importUsers(batchOf({record(QStringLiteral("keep@example.test"), QStringLiteral("Keep"))}, UserImportConflict::Fail)));
    // The batch's own second record meets its first: the whole batch goes, audit included.
    QList<UserTransferRecord> users = {record(QStringLiteral("n1@example.test"), {}, true, true, {QStringLiteral("g")}, Bcrypt),
                                       record(QStringLiteral("n2@example.test"))};
    if (!dryRun)
        users.append(record(QStringLiteral("n1@example.test")));
    const QList<UserImportOutcome> outcomes = take(m_store->importUsers(batchOf(users, UserImportConflict::Fail, dryRun)));
    QCOMPARE(outcomes.mid(0, 2), (QList<UserImportOutcome>{UserImportOutcome::Created, UserImportOutcome::Created}));
    QCOMPARE(exported(m_store), QStringList{"keep@example.test|Keep||||"});
    QCOMPARE(importEvents(m_adapter.get()).size(), 1);
    // And the store works on: the same users import afterwards.
    take(m_store->importUsers(batchOf(users.mid(0, 2), UserImportConflict::Fail)));
    QCOMPARE(exported(m_store).size(), 3);
}

void UserTransferStoreConformance::updateKeepsThePassword()
{
    const QString other = QStringLiteral("$2y$10$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a");
    take(m_store->importUsers(batchOf({record(QStringLiteral("p@example.test"), {}, false, false, {}, Bcrypt),
                                       record(QStringLiteral("q@example.test"))},
                                      UserImportConflict::Fail)));
    // p's password may be the Argon2id of a sign-in since: update never replaces it; q had none.
    take(m_store->importUsers(batchOf({record(QStringLiteral("p@example.test"), {}, false, false, {}, other),
                                       record(QStringLiteral("q@example.test"), {}, false, false, {}, other)},
                                      UserImportConflict::Update)));
    auto *state = dynamic_cast<UserStateStore *>(m_adapter.get());
    QCOMPARE(take(state->passwordHash(QStringLiteral("p@example.test")))->hash, Bcrypt);
    QCOMPARE(take(state->passwordHash(QStringLiteral("q@example.test")))->hash, other);
}

void UserTransferStoreConformance::badGroupNameIsRefused()
{
    try {
        take(m_store->importUsers(batchOf({record(QStringLiteral("g@example.test"), {}, false, false, {QStringLiteral("a,b")})},
                                          UserImportConflict::Fail)));
        QFAIL("a group name with a comma was stored");
    } catch (const AdapterError &error) {
        QCOMPARE(error.reason(), AdapterError::Reason::InvalidArgument);
    }
    QCOMPARE(exported(m_store), QStringList{});
}

// A progress bar moves every 1,000 users and ends at the last, in a dry run too, and what it
// reported is what was handled.
void UserTransferStoreConformance::reportsProgress()
{
    QList<UserTransferRecord> users;
    for (int i = 0; i < 2500; ++i)
        users.append(record(QStringLiteral("user%1@example.test").arg(i)));
    for (const bool dryRun : {true, false}) {
        UserImportBatch batch = batchOf(users, UserImportConflict::Skip, dryRun);
        QList<qsizetype> reported;
        QMutex lock;  // called on the store's thread
        batch.progress = [&](qsizetype done) {
            const QMutexLocker locker(&lock);
            reported.append(done);
        };
        const QList<UserImportOutcome> outcomes = take(m_store->importUsers(batch));
        QCOMPARE(outcomes.size(), users.size());
        const QMutexLocker locker(&lock);
        QCOMPARE(reported, (QList<qsizetype>{1000, 2000, 2500}));
    }
    QCOMPARE(exported(m_store).size(), 2500);
}

} // namespace Gatehouse::Testing
