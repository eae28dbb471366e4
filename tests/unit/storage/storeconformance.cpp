#include "storeconformance.h"

#include <QSet>

#include <atomic>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;

StoreConformance::StoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void StoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void StoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_stores = StoreInterfaces(m_adapter.get());
    QVERIFY2(m_stores.complete(), "the store lacks one of the interfaces of gatehousestore.h");
}

void StoreConformance::cleanup()
{
    m_stores = {};
    m_adapter.reset();
}

namespace {

//! The ids of \a events, in their order.
QList<qint64> ids(const QList<AuditEvent> &events)
{
    QList<qint64> result;
    for (const AuditEvent &event : events)
        result.append(event.id);
    return result;
}

} // namespace

void StoreConformance::auditLog()
{
    const QDateTime start = inSeconds(-3600);
    AuditEvent signIn;
    signIn.time = start;
    signIn.type = QStringLiteral("signIn");
    signIn.userId = QStringLiteral("1");
    signIn.provider = QStringLiteral("github");
    signIn.clientAddress = QStringLiteral("203.0.113.7");
    signIn.detail = QJsonObject{{QStringLiteral("isNewUser"), true}};
    const qint64 first = take(m_stores.audit->appendAudit(signIn));

    AuditEvent signOut;
    signOut.time = inSeconds(-60);
    signOut.type = QStringLiteral("signOut");
    signOut.userId = QStringLiteral("1");
    const qint64 second = take(m_stores.audit->appendAudit(signOut));

    AuditEvent other;
    other.type = QStringLiteral("signIn");
    other.userId = QStringLiteral("alice"); // users of JWT-only setups have any kind of id
    other.provider = QStringLiteral("credentials");
    const QDateTime beforeNow = QDateTime::currentDateTimeUtc().addSecs(-1);
    const qint64 third = take(m_stores.audit->appendAudit(other));
    QVERIFY(first < second && second < third);

    const QList<AuditEvent> all = take(m_stores.audit->auditEvents({}, 10));
    QCOMPARE(all.size(), 3);
    QCOMPARE(all.at(0).id, third);
    QVERIFY(all.at(0).time >= beforeNow);
    QCOMPARE(all.at(0).userId, QStringLiteral("alice"));
    QCOMPARE(all.at(0).clientAddress, QString());
    QCOMPARE(all.at(2).id, first);
    QCOMPARE(all.at(2).time, start);
    QCOMPARE(all.at(2).type, signIn.type);
    QCOMPARE(all.at(2).provider, signIn.provider);
    QCOMPARE(all.at(2).clientAddress, signIn.clientAddress);
    QCOMPARE(all.at(2).detail, signIn.detail);

    AuditFilter filter;
    filter.type = QStringLiteral("signIn");
    QCOMPARE(ids(take(m_stores.audit->auditEvents(filter, 10))), (QList<qint64>{third, first}));
    filter.provider = QStringLiteral("github");
    QCOMPARE(ids(take(m_stores.audit->auditEvents(filter, 10))), QList<qint64>{first});
    filter = {};
    filter.userId = QStringLiteral("1");
    QCOMPARE(ids(take(m_stores.audit->auditEvents(filter, 10))), (QList<qint64>{second, first}));
    filter = {};
    filter.from = start.addSecs(1);
    filter.to = beforeNow;
    QCOMPARE(ids(take(m_stores.audit->auditEvents(filter, 10))), QList<qint64>{second});
    QCOMPARE(ids(take(m_stores.audit->auditEvents({}, 1, 1))), QList<qint64>{second});
    QVERIFY(take(m_stores.audit->auditEvents({}, 10, 3)).isEmpty());
}

void StoreConformance::auditLogInTimeOrder()
{
    // Storage threads may store two events recorded a moment apart in either order; the log
    // lists them by when they happened, and events of the same time by id.
    AuditEvent later;
    later.time = inSeconds(-10);
    later.type = QStringLiteral("signOut");
    later.userId = QStringLiteral("1");
    const qint64 laterId = take(m_stores.audit->appendAudit(later));
    AuditEvent earlier = later;
    earlier.time = inSeconds(-20);
    earlier.type = QStringLiteral("signIn");
    const qint64 earlierId = take(m_stores.audit->appendAudit(earlier));
    AuditEvent sameTime = later;
    sameTime.type = QStringLiteral("signIn");
    const qint64 sameTimeId = take(m_stores.audit->appendAudit(sameTime));
    QVERIFY(laterId < earlierId && earlierId < sameTimeId);

    QCOMPARE(ids(take(m_stores.audit->auditEvents({}, 10))), (QList<qint64>{sameTimeId, laterId, earlierId}));
    AuditFilter byUser;
    byUser.userId = QStringLiteral("1");
    QCOMPARE(ids(take(m_stores.audit->auditEvents(byUser, 10))), (QList<qint64>{sameTimeId, laterId, earlierId}));
    AuditFilter byType;
    byType.type = QStringLiteral("signIn");
    QCOMPARE(ids(take(m_stores.audit->auditEvents(byType, 10))), (QList<qint64>{sameTimeId, earlierId}));
    QCOMPARE(ids(take(m_stores.audit->auditEvents({}, 1, 2))), QList<qint64>{earlierId});
}

void StoreConformance::passwords()
{
    const AdapterUser owner = take(m_adapter->createUser(newUser(QStringLiteral("xavier@example.test"))));
    take(m_adapter->createUser(newUser(QStringLiteral("yvonne@example.test"))));
    const QString hash = QStringLiteral("$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA");
    QCOMPARE(failure(m_stores.userState->setPassword(QStringLiteral("987654"), hash)), Reason::NotFound);
    QCOMPARE(failure(m_stores.userState->setPasswordDisabled(owner.id, true)), Reason::NotFound);

    take(m_stores.userState->setPassword(owner.id, hash));
    std::optional<PasswordCredential> credential = take(m_stores.userState->passwordHash(owner.email));
    QVERIFY(credential);
    QCOMPARE(credential->userId, owner.id);
    QCOMPARE(credential->hash, hash);
    QCOMPARE(credential->disabled, false);

    take(m_stores.userState->setPasswordDisabled(owner.id, true));
    take(m_stores.userState->setPasswordDisabled(owner.id, true)); // already disabled: still found
    QCOMPARE(take(m_stores.userState->passwordHash(owner.email))->disabled, true);
    take(m_stores.userState->setPassword(owner.id, QStringLiteral("$argon2id$new")));
    credential = take(m_stores.userState->passwordHash(owner.email));
    QCOMPARE(credential->hash, QStringLiteral("$argon2id$new"));
    QCOMPARE(credential->disabled, true);
    take(m_stores.userState->setPasswordDisabled(owner.id, false));
    QCOMPARE(take(m_stores.userState->passwordHash(owner.email))->disabled, false);

    QVERIFY(!take(m_stores.userState->passwordHash(QStringLiteral("yvonne@example.test"))));
    QVERIFY(!take(m_stores.userState->passwordHash(QStringLiteral("nobody@example.test"))));
}

void StoreConformance::disabledUsers()
{
    const AdapterUser uma = take(m_adapter->createUser(newUser(QStringLiteral("uma@example.test"))));
    const AdapterUser vic = take(m_adapter->createUser(newUser(QStringLiteral("vic@example.test"))));
    QCOMPARE(failure(m_stores.userState->setUserDisabled(QStringLiteral("987654"), true)), Reason::NotFound);
    QCOMPARE(failure(m_stores.userState->setUserDisabled(QStringLiteral("not-an-id"), true)), Reason::NotFound);
    QCOMPARE(take(m_stores.userState->isUserDisabled(uma.id)), false);
    QCOMPARE(take(m_stores.userState->isUserDisabled(QStringLiteral("not-an-id"))), false);

    take(m_stores.userState->setUserDisabled(uma.id, true));
    take(m_stores.userState->setUserDisabled(uma.id, true)); // already disabled: no error
    QCOMPARE(take(m_stores.userState->isUserDisabled(uma.id)), true);
    QCOMPARE(take(m_stores.userState->isUserDisabled(vic.id)), false);

    // The session read sees the state in the same step; the session itself is untouched.
    const AdapterSession umaSession{QStringLiteral("s-uma"), uma.id, inSeconds(3600)};
    const AdapterSession vicSession{QStringLiteral("s-vic"), vic.id, inSeconds(3600)};
    take(m_adapter->createSession(umaSession));
    take(m_adapter->createSession(vicSession));
    std::optional<SessionAndUserState> read = take(m_stores.userState->getSessionAndUserState(umaSession.sessionToken));
    QVERIFY(read);
    QCOMPARE(read->session, umaSession);
    QCOMPARE(read->user, uma);
    QVERIFY(read->userDisabled);
    read = take(m_stores.userState->getSessionAndUserState(vicSession.sessionToken));
    QVERIFY(read);
    QCOMPARE(read->user, vic);
    QVERIFY(!read->userDisabled);
    QVERIFY(!take(m_stores.userState->getSessionAndUserState(QStringLiteral("no-such-session"))));

    // The listing shows it, beside the password's own state.
    take(m_stores.userState->setPassword(vic.id, QStringLiteral("$argon2id$x")));
    UserPageRequest request;
    request.sort = UserSortColumn::Email;
    const QList<UserListEntry> page = take(m_stores.admin->listUsersPage(request));
    QCOMPARE(page.size(), 2);
    QCOMPARE(page.at(0).user, uma);
    QVERIFY(page.at(0).disabled);
    QVERIFY(!page.at(0).hasPassword);
    QCOMPARE(page.at(1).user, vic);
    QVERIFY(!page.at(1).disabled);
    QVERIFY(page.at(1).hasPassword && !page.at(1).passwordDisabled);

    take(m_stores.userState->setUserDisabled(uma.id, false));
    take(m_stores.userState->setUserDisabled(uma.id, false));
    QCOMPARE(take(m_stores.userState->isUserDisabled(uma.id)), false);
    QVERIFY(!take(m_stores.userState->getSessionAndUserState(umaSession.sessionToken))->userDisabled);

    // Deleting the user deletes its state.
    take(m_stores.userState->setUserDisabled(vic.id, true));
    QCOMPARE(take(m_adapter->deleteUser(vic.id)), std::optional(vic));
    QCOMPARE(take(m_stores.userState->isUserDisabled(vic.id)), false);
    QVERIFY(!take(m_stores.userState->getSessionAndUserState(vicSession.sessionToken)));
}

void StoreConformance::concurrentSessionReads()
{
    // Many reads in flight at once (a store may answer them together): each gets its own
    // session and user, the disabled flag of its own user, and nothing for unknown tokens or
    // tokens that differ from a stored one in case only.
    QList<AdapterUser> users;
    QList<AdapterSession> sessions;
    for (int i = 0; i < 40; ++i) {
        users.append(take(m_adapter->createUser(newUser(QStringLiteral("reader%1@example.test").arg(i)))));
        sessions.append({QStringLiteral("s-read-%1").arg(i), users.last().id, inSeconds(3600 + i)});
        take(m_adapter->createSession(sessions.last()));
    }
    take(m_stores.userState->setUserDisabled(users.at(7).id, true));

    QList<QFuture<std::optional<SessionAndUserState>>> reads;
    for (int round = 0; round < 2; ++round) {
        for (const AdapterSession &session : std::as_const(sessions))
            reads.append(m_stores.userState->getSessionAndUserState(session.sessionToken));
    }
    const auto absent = m_stores.userState->getSessionAndUserState(QStringLiteral("s-read-none"));
    const auto otherCase = m_stores.userState->getSessionAndUserState(QStringLiteral("S-READ-3"));
    for (int i = 0; i < reads.size(); ++i) {
        const std::optional<SessionAndUserState> read = take(reads.at(i));
        const int n = i % int(sessions.size());
        QVERIFY2(read, qPrintable(QString::number(i)));
        QCOMPARE(read->session, sessions.at(n));
        QCOMPARE(read->user, users.at(n));
        QCOMPARE(read->userDisabled, n == 7);
    }
    QVERIFY(!take(absent));
    QVERIFY(!take(otherCase));
}

void StoreConformance::rateLimit()
{
    using namespace std::chrono_literals;
    for (int i = 0; i < 3; ++i)
        QVERIFY2(take(m_stores.rateLimits->hitRateLimit(QStringLiteral("signin:203.0.113.7"), 1h, 3)), qPrintable(QString::number(i)));
    QVERIFY(!take(m_stores.rateLimits->hitRateLimit(QStringLiteral("signin:203.0.113.7"), 1h, 3)));
    QVERIFY(!take(m_stores.rateLimits->hitRateLimit(QStringLiteral("signin:203.0.113.7"), 1h, 3)));
    QVERIFY(take(m_stores.rateLimits->hitRateLimit(QStringLiteral("signin:198.51.100.1"), 1h, 3)));
    QCOMPARE(failure(m_stores.rateLimits->hitRateLimit(QStringLiteral("k"), 0ms, 3)), Reason::InvalidArgument);
}

void StoreConformance::rateLimitRace()
{
    using namespace std::chrono_literals;
    QString error;
    const int allowed =
        raceCount(20, [this] { return take(m_stores.rateLimits->hitRateLimit(QStringLiteral("race"), 1h, 5)); }, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(allowed, 5);
}

void StoreConformance::rateLimitRefund()
{
    using namespace std::chrono_literals;
    RateLimitStore &store = *m_stores.rateLimits;
    const QString key = QStringLiteral("credentials:credentials:ip:203.0.113.7");
    for (int i = 0; i < 3; ++i)
        QVERIFY(take(store.hitRateLimit(key, 1h, 3)));
    QVERIFY(!take(store.hitRateLimit(key, 1h, 3)));
    // A success gives its attempt back: one more is allowed, and only one.
    take(store.refundRateLimit(key, 1h));
    QVERIFY(take(store.rateLimitAllows(key, 1h, 3)));
    QVERIFY(take(store.hitRateLimit(key, 1h, 3)));
    QVERIFY(!take(store.hitRateLimit(key, 1h, 3)));
    // More refunds than attempts leave nothing below zero.
    for (int i = 0; i < 5; ++i)
        take(store.refundRateLimit(key, 1h));
    for (int i = 0; i < 3; ++i)
        QVERIFY2(take(store.hitRateLimit(key, 1h, 3)), qPrintable(QString::number(i)));
    QVERIFY(!take(store.hitRateLimit(key, 1h, 3)));
    // A key never counted: nothing to take back, and no error.
    take(store.refundRateLimit(QStringLiteral("never-counted"), 1h));
    QVERIFY(take(store.hitRateLimit(QStringLiteral("never-counted"), 1h, 1)));
    QCOMPARE(failure(store.refundRateLimit(key, 0ms)), Reason::InvalidArgument);
}

void StoreConformance::rateLimitCountsAndResets()
{
    // An administrator's view: the counters under some prefixes, exactly as counted, and
    // several of them forgotten in one step.
    using namespace std::chrono_literals;
    RateLimitStore &store = *m_stores.rateLimits;
    const QString ada = QStringLiteral("credentials:credentials:id:ada_1%@example.com");
    const QString adaLike = QStringLiteral("credentials:credentials:id:adaX1%@example.com");
    const QString upper = QStringLiteral("CREDENTIALS:credentials:id:eve@example.com");
    const QString second = QStringLiteral("twoFactor:user:42");
    const QString other = QStringLiteral("once:oauth-code:github:abc");
    for (int i = 0; i < 4; ++i)
        take(store.hitRateLimit(ada, 1h, 3));   // 3 counted, 1 refused
    take(store.hitRateLimit(adaLike, 1h, 3));
    take(store.hitRateLimit(upper, 1h, 3));
    take(store.hitRateLimit(second, 1h, 3));
    take(store.hitRateLimit(other, 1h, 3));

    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Both prefixes, and one that names a single counter; '_' and '%' are no wildcards.
    const QList<RateLimitCount> counts = take(store.rateLimitCounts(
        {QStringLiteral("credentials:credentials:id:ada_"), QStringLiteral("twoFactor:user:"), QStringLiteral("twoFactor:user:4")}));
    QCOMPARE(counts.size(), 2);
    QCOMPARE(counts.at(0).key, ada);
    QCOMPARE(counts.at(0).count, 3);
    QCOMPARE(counts.at(0).previousCount, 0);
    QVERIFY(counts.at(0).windowStart <= now && now - counts.at(0).windowStart < 3600 * 1000);
    QCOMPARE(counts.at(1).key, second);
    QCOMPARE(counts.at(1).count, 1);
    // Full: allowed again when the window moves on; not full: allowed now.
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC);
    QVERIFY(counts.at(0).allowedFrom(1h, 3, at) > at);
    QCOMPARE(counts.at(1).allowedFrom(1h, 3, at), at);
    // A prefix is compared with its case.
    QCOMPARE(take(store.rateLimitCounts({QStringLiteral("credentials:")})).size(), 2);
    QCOMPARE(take(store.rateLimitCounts({QStringLiteral("nothing:")})).size(), 0);

    QCOMPARE(take(store.resetRateLimits({ada, second, QStringLiteral("never-counted")})), qint64(2));
    QVERIFY(take(store.hitRateLimit(ada, 1h, 1)));      // counting starts again
    QCOMPARE(take(store.rateLimitCounts({QStringLiteral("twoFactor:")})).size(), 0);
    QCOMPARE(take(store.rateLimitCounts({QStringLiteral("credentials:")})).size(), 2);   // the other two stay
    QCOMPARE(take(store.resetRateLimits({})), qint64(0));
}

void StoreConformance::rateLimitRaceAcrossAdapters()
{
    // Two servers on one database count one limit: of attempts made on both at the same
    // moment, no more than the limit are allowed, and refunds made meanwhile lose no count.
    using namespace std::chrono_literals;
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<RateLimitStore *>(second.get());
    QVERIFY(other);
    const QString key = QStringLiteral("race-across");
    std::atomic<int> turn{0};
    const auto hit = [&] {
        RateLimitStore *store = turn++ % 2 ? other : m_stores.rateLimits;
        return take(store->hitRateLimit(key, 1h, 5));
    };
    QCOMPARE(raceCount(20, hit, &error), 5);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // Now 3 refunds race 10 attempts: whatever the order, the refunds make room for exactly 3.
    std::atomic<int> refunds{0};
    const auto refundOrHit = [&] {
        const int n = turn++;
        RateLimitStore *store = n % 2 ? other : m_stores.rateLimits;
        if (refunds.fetch_add(1) < 3) {
            take(store->refundRateLimit(key, 1h));
            return false;
        }
        return take(store->hitRateLimit(key, 1h, 5));
    };
    const int during = raceCount(13, refundOrHit, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    int after = 0;
    while (after < 10 && take(m_stores.rateLimits->hitRateLimit(key, 1h, 5)))
        ++after;
    QCOMPARE(during + after, 3);
}

void StoreConformance::listUsers_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<UserSortColumn>("sort");
    QTest::addColumn<bool>("ascending");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QStringList>("emails");
    QTest::addColumn<qint64>("count");

    const QStringList all{QStringLiteral("amy@example.test"), QStringLiteral("ben@corp.test"),
                          QStringLiteral("cid@example.test"), QStringLiteral("dee@corp.test")};
    QTest::newRow("by id") << QString() << UserSortColumn::Id << true << 0 << 10 << all << qint64(4);
    QTest::newRow("by id, descending, paged")
        << QString() << UserSortColumn::Id << false << 1 << 2 << QStringList{all[2], all[1]} << qint64(4);
    QTest::newRow("by email, descending") << QString() << UserSortColumn::Email << false << 0 << 10
                                          << QStringList{all[3], all[2], all[1], all[0]} << qint64(4);
    // Names: amy "Zed", ben none, cid "Ann", dee none. Missing names sort last either way.
    QTest::newRow("by name") << QString() << UserSortColumn::Name << true << 0 << 10
                             << QStringList{all[2], all[0], all[1], all[3]} << qint64(4);
    QTest::newRow("by name, descending") << QString() << UserSortColumn::Name << false << 0 << 10
                                         << QStringList{all[0], all[2], all[3], all[1]} << qint64(4);
    QTest::newRow("by verification") << QString() << UserSortColumn::EmailVerified << true << 0 << 10
                                     << QStringList{all[1], all[0], all[2], all[3]} << qint64(4);
    // A search is the start of the email or the name (any case), "*" any text, quotes the whole value.
    QTest::newRow("search email start, any case") << QStringLiteral("BEN@") << UserSortColumn::Id << true << 0 << 10
                                                  << QStringList{all[1]} << qint64(1);
    QTest::newRow("search name start") << QStringLiteral("ann") << UserSortColumn::Id << true << 0 << 10
                                       << QStringList{all[2]} << qint64(1);
    QTest::newRow("not inside without a star") << QStringLiteral("CORP") << UserSortColumn::Id << true << 0 << 10
                                               << QStringList() << qint64(0);
    QTest::newRow("star: anywhere") << QStringLiteral("*CORP") << UserSortColumn::Id << true << 0 << 10
                                    << QStringList{all[1], all[3]} << qint64(2);
    QTest::newRow("star inside") << QStringLiteral("d*corp") << UserSortColumn::Email << false << 0 << 10
                                 << QStringList{all[3]} << qint64(1);
    QTest::newRow("quoted: the whole value") << QStringLiteral("\"CID@example.test\"") << UserSortColumn::Id << true << 0
                                             << 10 << QStringList{all[2]} << qint64(1);
    QTest::newRow("quoted: not a start") << QStringLiteral("\"cid\"") << UserSortColumn::Id << true << 0 << 10
                                         << QStringList() << qint64(0);
    QTest::newRow("search, by name") << QStringLiteral("*e") << UserSortColumn::Name << true << 0 << 10
                                     << QStringList{all[2], all[0], all[1], all[3]} << qint64(4);
    QTest::newRow("wildcards are literal") << QStringLiteral("%") << UserSortColumn::Id << true << 0 << 10
                                           << QStringList() << qint64(0);
    QTest::newRow("underscore is literal") << QStringLiteral("_") << UserSortColumn::Id << true << 0 << 10
                                           << QStringList() << qint64(0);
    QTest::newRow("past the end") << QString() << UserSortColumn::Id << true << 4 << 10 << QStringList() << qint64(4);
}

void StoreConformance::listUsers()
{
    QFETCH(QString, search);
    QFETCH(UserSortColumn, sort);
    QFETCH(bool, ascending);
    QFETCH(int, offset);
    QFETCH(int, limit);
    QFETCH(QStringList, emails);
    QFETCH(qint64, count);

    AdapterUser amy = newUser(QStringLiteral("amy@example.test"), QStringLiteral("Zed"));
    amy.emailVerified = inSeconds(-100);
    AdapterUser ben = newUser(QStringLiteral("ben@corp.test"));
    ben.emailVerified = inSeconds(-200);
    const AdapterUser cid = newUser(QStringLiteral("cid@example.test"), QStringLiteral("Ann"));
    const AdapterUser dee = newUser(QStringLiteral("dee@corp.test"));
    for (const AdapterUser &u : {amy, ben, cid, dee})
        take(m_adapter->createUser(u));

    UserPageRequest request;
    request.search = search;
    request.sort = sort;
    request.ascending = ascending;
    request.offset = offset;
    request.limit = limit;
    QStringList found;
    for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
        found.append(entry.user.email);
    QCOMPARE(found, emails);
    QCOMPARE(take(m_stores.admin->countUsers(search)), count);
}

void StoreConformance::searchComparesWholeCharacters_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<QStringList>("emails");

    // A name with a tab after the start, one with a space at the end: a start is no less a start
    // for what follows it, and a whole value is only itself (no padding with spaces, the way
    // MariaDB's utf8mb4_bin compares "ann" and "ann ").
    QTest::newRow("start, whatever follows") << QStringLiteral("ann") << QStringList{
        QStringLiteral("plain@example.test"), QStringLiteral("tab@example.test"), QStringLiteral("space@example.test"),
        QStringLiteral("other@example.test")};
    QTest::newRow("start with the tab") << QStringLiteral("ann\tl") << QStringList{QStringLiteral("tab@example.test")};
    QTest::newRow("whole value, no trailing space") << QStringLiteral("\"ANN\"")
                                                    << QStringList{QStringLiteral("plain@example.test")};
    QTest::newRow("whole value with its trailing space") << QStringLiteral("\"ann \"")
                                                         << QStringList{QStringLiteral("space@example.test")};
}

void StoreConformance::searchComparesWholeCharacters()
{
    QFETCH(QString, search);
    QFETCH(QStringList, emails);

    take(m_adapter->createUser(newUser(QStringLiteral("plain@example.test"), QStringLiteral("Ann"))));
    take(m_adapter->createUser(newUser(QStringLiteral("tab@example.test"), QStringLiteral("Ann\tLee"))));
    take(m_adapter->createUser(newUser(QStringLiteral("space@example.test"), QStringLiteral("Ann "))));
    take(m_adapter->createUser(newUser(QStringLiteral("other@example.test"), QStringLiteral("Anna"))));

    UserPageRequest request;
    request.search = search;
    request.sort = UserSortColumn::Id;
    request.limit = 10;
    QStringList found;
    for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
        found.append(entry.user.email);
    QCOMPARE(found, emails);
    QCOMPARE(take(m_stores.admin->countUsers(search)), qint64(emails.size()));
}

void StoreConformance::sessionListing()
{
    const AdapterUser first = take(m_adapter->createUser(newUser(QStringLiteral("zoe@example.test"))));
    const AdapterUser second = take(m_adapter->createUser(newUser(QStringLiteral("yan@example.test"))));
    const AdapterSession soon{QStringLiteral("a-soon"), first.id, inSeconds(60)};
    const AdapterSession late{QStringLiteral("b-late"), first.id, inSeconds(7200)};
    const AdapterSession past{QStringLiteral("c-past"), first.id, inSeconds(-10)};
    const AdapterSession others{QStringLiteral("d-other"), second.id, inSeconds(600)};
    for (const AdapterSession &s : {soon, late, past, others})
        take(m_adapter->createSession(s));

    // Every session, expired ones too, of a user or of all users.
    const auto sessions = [this](const QString &userId, qint64 offset, int limit) {
        SessionFilter filter;
        filter.userId = userId;
        filter.activeOnly = false;
        QList<AdapterSession> found;
        for (const SessionListEntry &entry : take(m_stores.admin->listSessionEntries(filter, offset, limit)))
            found.append(entry.session);
        return found;
    };
    const auto count = [this](const QString &userId) {
        SessionFilter filter;
        filter.userId = userId;
        filter.activeOnly = false;
        return take(m_stores.admin->countSessionEntries(filter));
    };
    QCOMPARE(sessions(first.id, 0, 10), (QList<AdapterSession>{late, soon, past}));
    QCOMPARE(sessions(QString(), 1, 2), (QList<AdapterSession>{others, soon}));
    QVERIFY(sessions(QStringLiteral("not-a-user"), 0, 10).isEmpty());
    QCOMPARE(count(first.id), qint64(3));
    QCOMPARE(count(QString()), qint64(4));

    QCOMPARE(take(m_stores.admin->deleteExpiredSessionsBatch(100)), qint64(1));
    QVERIFY(!take(m_adapter->getSessionAndUser(past.sessionToken)));
    QCOMPARE(take(m_stores.userState->deleteUserSessions(first.id)), qint64(2));
    QCOMPARE(sessions(QString(), 0, 10), QList<AdapterSession>{others});
}

void StoreConformance::sessionDetailsAndRevocation()
{
    AccountStore &store = *m_stores.account;
    const AdapterUser user = take(m_adapter->createUser(newUser(QStringLiteral("details@example.test"))));
    const AdapterUser other = take(m_adapter->createUser(newUser(QStringLiteral("other@example.test"))));
    const AdapterSession older{QStringLiteral("details-older"), user.id, inSeconds(3600)};
    const AdapterSession newer{QStringLiteral("details-newer"), user.id, inSeconds(7200)};
    const AdapterSession bare{QStringLiteral("details-bare"), user.id, inSeconds(9000)};
    const AdapterSession expired{QStringLiteral("details-expired"), user.id, inSeconds(-60)};
    const AdapterSession others{QStringLiteral("details-other"), other.id, inSeconds(3600)};
    for (const AdapterSession &s : {older, newer, bare, expired, others})
        take(m_adapter->createSession(s));
    const QString userAgent = QStringLiteral("Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0");
    const QStringList twoSteps{QStringLiteral("pwd"), QStringLiteral("otp"), QStringLiteral("mfa")};
    take(store.recordSessionDetails({older.sessionToken, user.id, inSeconds(-600), QStringLiteral("192.0.2.1"), userAgent, twoSteps}));
    const QDateTime newerCreated = inSeconds(-60);
    take(store.recordSessionDetails({newer.sessionToken, user.id, newerCreated, QStringLiteral("2001:db8::1"), QString()}));
    take(store.recordSessionDetails({others.sessionToken, other.id, inSeconds(-30), QString(), QString(), {QStringLiteral("fed")}}));
    take(store.recordSessionDetails({expired.sessionToken, user.id, inSeconds(-7200), QString(), QString(), {QStringLiteral("pwd")}}));

    // One session's details, as the session reader asks for them: only the user's own,
    // unexpired session's; how the person signed in as recorded (none: not recorded).
    const std::optional<SessionDetails> olderDetails = take(store.sessionDetails(user.id, older.sessionToken));
    QVERIFY(olderDetails);
    QCOMPARE(olderDetails->signInMethods, twoSteps);
    QCOMPARE(olderDetails->userAgent, userAgent);
    const std::optional<SessionDetails> newerDetails = take(store.sessionDetails(user.id, newer.sessionToken));
    QVERIFY(newerDetails);
    QCOMPARE(newerDetails->createdAt, newerCreated);
    QCOMPARE(newerDetails->userId, user.id);
    QVERIFY(newerDetails->signInMethods.isEmpty());
    QCOMPARE(take(store.sessionDetails(other.id, others.sessionToken))->signInMethods, QStringList{QStringLiteral("fed")});
    QVERIFY(!take(store.sessionDetails(other.id, older.sessionToken)));
    QVERIFY(!take(store.sessionDetails(user.id, others.sessionToken)));
    QVERIFY(!take(store.sessionDetails(user.id, bare.sessionToken)));
    QVERIFY(!take(store.sessionDetails(user.id, expired.sessionToken)));
    QVERIFY(!take(store.sessionDetails(QStringLiteral("no-such-user"), older.sessionToken)));

    // Unexpired sessions only, newest first, those without details last.
    const QList<UserSessionRecord> list = take(store.userSessions(user.id));
    QCOMPARE(list.size(), 3);
    QCOMPARE(list.at(0).session, newer);
    QCOMPARE(list.at(0).details->clientAddress, QStringLiteral("2001:db8::1"));
    QCOMPARE(list.at(0).details->createdAt, newerCreated);
    QCOMPARE(list.at(1).session, older);
    QCOMPARE(list.at(1).details->userAgent, userAgent);
    QCOMPARE(list.at(1).details->signInMethods, twoSteps);
    QCOMPARE(list.at(2).session, bare);
    QVERIFY(!list.at(2).details);
    QVERIFY(take(store.userSessions(QStringLiteral("no-such-user"))).isEmpty());

    // Details of sessions that ended go with the user's next recording; recording again replaces.
    take(m_adapter->deleteSession(older.sessionToken));
    take(store.recordSessionDetails({bare.sessionToken, user.id, inSeconds(-5), QString(), QString()}));
    take(store.recordSessionDetails({bare.sessionToken, user.id, inSeconds(-4), QStringLiteral("192.0.2.9"), QString()}));
    take(m_adapter->createSession(older));   // the same token again: no details left over
    const QList<UserSessionRecord> after = take(store.userSessions(user.id));
    QCOMPARE(after.size(), 3);
    QCOMPARE(after.at(0).session, bare);
    QCOMPARE(after.at(0).details->clientAddress, QStringLiteral("192.0.2.9"));
    QCOMPARE(after.at(2).session, older);
    QVERIFY(!after.at(2).details);

    // The "not before" of JWT sessions: per user, whole seconds, replaced by the next.
    const QDateTime second = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch() - 100, Qt::UTC);
    QVERIFY(!take(store.sessionsNotBefore(user.id)));
    take(store.setSessionsNotBefore(user.id, second.addMSecs(700)));
    QCOMPARE(take(store.sessionsNotBefore(user.id)), std::optional<QDateTime>(second));
    take(store.setSessionsNotBefore(user.id, second.addSecs(90)));
    QCOMPARE(take(store.sessionsNotBefore(user.id)), std::optional<QDateTime>(second.addSecs(90)));
    QVERIFY(!take(store.sessionsNotBefore(other.id)));
    QVERIFY(!take(store.sessionsNotBefore(QStringLiteral("no-such-user"))));
    try {
        store.setSessionsNotBefore(QStringLiteral("999999"), inSeconds(0)).waitForFinished();
        QFAIL("a time was set for an unknown user");
    } catch (const AdapterError &e) {
        QCOMPARE(e.reason(), AdapterError::Reason::NotFound);
    }
}

void StoreConformance::passkeyDetails()
{
    AccountStore &store = *m_stores.account;
    const AdapterUser user = take(m_adapter->createUser(newUser(QStringLiteral("keys@example.test"))));
    const AdapterUser other = take(m_adapter->createUser(newUser(QStringLiteral("other-keys@example.test"))));
    const auto authenticator = [](const QString &id, const QString &userId) {
        AdapterAuthenticator a;
        a.credentialID = id;
        a.userId = userId;
        a.providerAccountId = id;
        a.credentialPublicKey = QStringLiteral("cHVibGlj");
        a.credentialDeviceType = QStringLiteral("multiDevice");
        a.credentialBackedUp = true;
        a.transports = QStringLiteral("internal,hybrid");
        return a;
    };
    const QString laptop = QStringLiteral("bGFwdG9w"), phone = QStringLiteral("cGhvbmU="), old = QStringLiteral("b2xk");
    const QString theirs = QStringLiteral("dGhlaXJz");
    for (const AdapterAuthenticator &a : {authenticator(laptop, user.id), authenticator(phone, user.id),
                                          authenticator(old, user.id), authenticator(theirs, other.id)})
        take(m_adapter->createAuthenticator(a));
    const QDateTime laptopCreated = inSeconds(-3600), phoneCreated = inSeconds(-60);
    take(store.recordPasskey({phone, user.id, QStringLiteral("Phone"), phoneCreated, {}}));
    take(store.recordPasskey({laptop, user.id, QStringLiteral("Laptop"), laptopCreated, inSeconds(0)}));  // lastUsedAt ignored
    take(store.recordPasskey({theirs, other.id, QStringLiteral("Theirs"), inSeconds(-10), {}}));

    // Every authenticator of the user, oldest first, those without details last.
    QList<UserPasskeyRecord> list = take(store.userPasskeys(user.id));
    QCOMPARE(list.size(), 3);
    QCOMPARE(list.at(0).authenticator, authenticator(laptop, user.id));
    QCOMPARE(list.at(0).details->name, QStringLiteral("Laptop"));
    QCOMPARE(list.at(0).details->createdAt, laptopCreated);
    QVERIFY(!list.at(0).details->lastUsedAt.isValid());
    QCOMPARE(list.at(1).details->name, QStringLiteral("Phone"));
    QCOMPARE(list.at(2).authenticator.credentialID, old);
    QVERIFY(!list.at(2).details);
    QVERIFY(take(store.userPasskeys(QStringLiteral("no-such-user"))).isEmpty());

    // A sign-in with one is noted; one without details stays without.
    const QDateTime used = inSeconds(-5);
    take(store.recordPasskeyUse(phone, used));
    take(store.recordPasskeyUse(old, used));
    list = take(store.userPasskeys(user.id));
    QCOMPARE(list.at(1).details->lastUsedAt, used);
    QVERIFY(!list.at(2).details);

    // Renaming: only the user's own; one without details gets a name and no times.
    QVERIFY(take(store.renamePasskey(user.id, phone, QStringLiteral("Work phone"))));
    QVERIFY(take(store.renamePasskey(user.id, phone, QStringLiteral("Work phone"))));  // the same name again
    QVERIFY(!take(store.renamePasskey(user.id, theirs, QStringLiteral("Mine now"))));
    QVERIFY(!take(store.renamePasskey(user.id, QStringLiteral("bm9uZQ=="), QStringLiteral("None"))));
    QVERIFY(take(store.renamePasskey(user.id, old, QStringLiteral("Old key"))));
    list = take(store.userPasskeys(user.id));
    QCOMPARE(list.at(1).details->name, QStringLiteral("Work phone"));
    QCOMPARE(list.at(1).details->createdAt, phoneCreated);
    QCOMPARE(list.at(1).details->lastUsedAt, used);
    QCOMPARE(list.at(2).details->name, QStringLiteral("Old key"));
    QVERIFY(!list.at(2).details->createdAt.isValid());
    QCOMPARE(take(store.userPasskeys(other.id)).at(0).details->name, QStringLiteral("Theirs"));

    // Recording for an authenticator the user does not have fails; recording again replaces.
    try {
        store.recordPasskey({theirs, user.id, QStringLiteral("Stolen"), inSeconds(0), {}}).waitForFinished();
        QFAIL("details were recorded for another user's authenticator");
    } catch (const AdapterError &e) {
        QCOMPARE(e.reason(), AdapterError::Reason::NotFound);
    }
    take(store.recordPasskey({old, user.id, QStringLiteral("Old key, again"), inSeconds(-1), {}}));
    QCOMPARE(take(store.userPasskeys(user.id)).at(2).details->name, QStringLiteral("Old key, again"));

    // The details go with the authenticator: the same credential registered again has none.
    take(m_adapter->deleteAuthenticator(phone));
    take(m_adapter->createAuthenticator(authenticator(phone, user.id)));
    list = take(store.userPasskeys(user.id));
    QCOMPARE(list.size(), 3);
    QCOMPARE(list.at(2).authenticator.credentialID, phone);
    QVERIFY(!list.at(2).details);
}

void StoreConformance::userPagesByKeysetAndPosition()
{
    // Names with gaps and ties, some users without a name, one password.
    QList<AdapterUser> created;
    for (int i = 0; i < 11; ++i) {
        AdapterUser user = newUser(QStringLiteral("p%1@example.test").arg(i, 2, 10, QLatin1Char('0')));
        if (i % 4 != 3)
            user.name = QStringLiteral("N%1").arg(i % 5);
        if (i % 3 == 0)
            user.emailVerified = inSeconds(-1000 + i);
        created.append(take(m_adapter->createUser(user)));
    }
    take(m_stores.userState->setPassword(created.at(2).id, QStringLiteral("$argon2id$x")));
    take(m_stores.userState->setPasswordDisabled(created.at(2).id, true));

    for (const UserSortColumn sort : {UserSortColumn::Id, UserSortColumn::Name, UserSortColumn::Email, UserSortColumn::EmailVerified}) {
        for (const bool ascending : {true, false}) {
            const QString row = QStringLiteral("sort %1 %2").arg(int(sort)).arg(ascending ? "asc" : "desc");
            UserPageRequest everyone;
            everyone.sort = sort;
            everyone.ascending = ascending;
            QList<AdapterUser> all;
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(everyone)))
                all.append(entry.user);
            QCOMPARE(all.size(), created.size());
            UserPageRequest request;
            request.sort = sort;
            request.ascending = ascending;
            request.limit = 3;
            // Forward, each page after the last row of the one before.
            QList<AdapterUser> forward;
            for (;;) {
                const QList<UserListEntry> page = take(m_stores.admin->listUsersPage(request));
                for (const UserListEntry &entry : page)
                    forward.append(entry.user);
                if (page.size() < request.limit)
                    break;
                request.anchor = page.last().user;
            }
            QVERIFY2(forward == all, qPrintable(row));
            // Backward from the end: the last page by position, then each before the first row.
            request.anchor.reset();
            request.backward = true;
            request.offset = 0;
            QList<AdapterUser> backward;
            for (;;) {
                const QList<UserListEntry> page = take(m_stores.admin->listUsersPage(request));
                for (auto it = page.crbegin(); it != page.crend(); ++it)
                    backward.prepend(it->user);
                if (page.size() < request.limit)
                    break;
                request.anchor = page.first().user;
            }
            QVERIFY2(backward == all, qPrintable(row));
            // A position counted from either end.
            request.anchor.reset();
            request.offset = 4;
            QList<AdapterUser> nearEnd;
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
                nearEnd.append(entry.user);
            QVERIFY2(nearEnd == all.mid(all.size() - 7, 3), qPrintable(row));
            request.backward = false;
            QList<AdapterUser> nearStart;
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
                nearStart.append(entry.user);
            QVERIFY2(nearStart == all.mid(4, 3), qPrintable(row));
        }
    }

    UserPageRequest search;
    search.search = created.at(2).id;
    bool found = false;
    for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(search))) {
        if (entry.user.id == created.at(2).id) {
            found = true;
            QVERIFY(entry.hasPassword && entry.passwordDisabled);
        } else {
            QVERIFY(!entry.hasPassword);
        }
    }
    QVERIFY(found); // a whole id matches
}

/*
 * A search that matches thousands of users (SQLite and PostgreSQL then walk the listing's order
 * and filter, rather than sort every match) and one with a small group (PostgreSQL starts from
 * the members): the same pages as the users of the unfiltered listing that match, by position
 * and after an anchor, and counts that stop at their limit.
 */
void StoreConformance::broadSearchPages()
{
    auto *groups = dynamic_cast<GroupStore *>(m_adapter.get());
    QVERIFY(groups);
    // 2,100 addresses starting with "m" (some named "Mo", some "Al", some without a name), and
    // 60 others, a third of them named "Mx" (found by the name only).
    QSet<QString> few;
    QSet<QString> many;
    for (int i = 0; i < 2160; ++i) {
        const bool other = i >= 2100;
        AdapterUser user = newUser(other ? QStringLiteral("x%1@other.test").arg(i) : QStringLiteral("m%1@broad.test").arg(i, 4, 10, QLatin1Char('0')));
        if (i % 3 == 1)
            user.name = (other ? QStringLiteral("MX %1") : QStringLiteral("Mo %1")).arg(i % 97);
        else if (i % 3 == 2)
            user.name = QStringLiteral("Al %1").arg(i % 89);
        const AdapterUser created = take(m_adapter->createUser(user));
        if (i % 400 == 7 || i == 2101 || i == 2102) { // a few of each kind, one matching no "m"
            take(groups->addUserGroup(created.id, QStringLiteral("few")));
            few.insert(created.email);
        }
        // A large group (2,052 members, over the 2,000 from which a listing walks the users).
        if (i % 20 != 3) {
            take(groups->addUserGroup(created.id, QStringLiteral("many")));
            many.insert(created.email);
        }
    }
    const auto matches = [](const AdapterUser &user) {
        return user.email.startsWith(u'm') || user.name.value_or(QString()).startsWith(u'm', Qt::CaseInsensitive);
    };

    for (const UserSortColumn sort : {UserSortColumn::Name, UserSortColumn::Email, UserSortColumn::Id}) {
        for (const bool ascending : {false, true}) {
            const QString row = QStringLiteral("sort %1 %2").arg(int(sort)).arg(ascending ? "asc" : "desc");
            UserPageRequest everyone;
            everyone.sort = sort;
            everyone.ascending = ascending;
            everyone.limit = 5000;
            QList<AdapterUser> expected;
            QList<AdapterUser> expectedFew;
            QList<AdapterUser> expectedMany;
            QList<AdapterUser> expectedManyMatching;
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(everyone))) {
                if (many.contains(entry.user.email))
                    expectedMany.append(entry.user);
                if (matches(entry.user) && many.contains(entry.user.email))
                    expectedManyMatching.append(entry.user);
                if (matches(entry.user))
                    expected.append(entry.user);
                if (matches(entry.user) && few.contains(entry.user.email))
                    expectedFew.append(entry.user);
            }
            QCOMPARE(expected.size(), 2120);

            UserPageRequest request = everyone;
            request.search = QStringLiteral("M");
            request.limit = 700;
            QList<AdapterUser> byPosition;
            for (request.offset = 0; request.offset < 2800; request.offset += request.limit) {
                for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
                    byPosition.append(entry.user);
            }
            QVERIFY2(byPosition == expected, qPrintable(row));
            // After an anchor in the middle, forward and backward; the last page from the end.
            request.offset = 0;
            request.limit = 30;
            request.anchor = expected.at(1500);
            QList<AdapterUser> page;
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
                page.append(entry.user);
            QVERIFY2(page == expected.mid(1501, 30), qPrintable(row));
            request.backward = true;
            page.clear();
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
                page.append(entry.user);
            QVERIFY2(page == expected.mid(1470, 30), qPrintable(row));
            request.anchor.reset();
            page.clear();
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(request)))
                page.append(entry.user);
            QVERIFY2(page == expected.mid(expected.size() - 30), qPrintable(row));

            UserPageRequest inGroup = everyone;
            inGroup.search = QStringLiteral("m");
            inGroup.group = QStringLiteral("few");
            QList<AdapterUser> members;
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(inGroup)))
                members.append(entry.user);
            QVERIFY2(members == expectedFew, qPrintable(row));

            // The large group: by position (past the named users into the nameless ones),
            // after an anchor both ways, and with the search.
            QCOMPARE(expectedMany.size(), 2052);
            QCOMPARE(expectedManyMatching.size(), 2014);
            UserPageRequest large = everyone;
            large.group = QStringLiteral("many");
            large.limit = 900;
            QList<AdapterUser> inLarge;
            for (large.offset = 0; large.offset < 2700; large.offset += large.limit) {
                for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(large)))
                    inLarge.append(entry.user);
            }
            QVERIFY2(inLarge == expectedMany, qPrintable(row));
            large.offset = 0;
            large.limit = 30;
            large.anchor = expectedMany.at(1000);
            page.clear();
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(large)))
                page.append(entry.user);
            QVERIFY2(page == expectedMany.mid(1001, 30), qPrintable(row));
            large.backward = true;
            page.clear();
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(large)))
                page.append(entry.user);
            QVERIFY2(page == expectedMany.mid(970, 30), qPrintable(row));
            large.anchor.reset();
            large.backward = false;
            large.search = QStringLiteral("M");
            large.limit = 5000;
            members.clear();
            for (const UserListEntry &entry : take(m_stores.admin->listUsersPage(large)))
                members.append(entry.user);
            QVERIFY2(members == expectedManyMatching, qPrintable(row));
        }
    }
    QCOMPARE(take(m_stores.admin->countUsers(QString(), QStringLiteral("many"))), qint64(2052));
    QCOMPARE(take(m_stores.admin->countUsers(QStringLiteral("m"), QStringLiteral("many"))), qint64(2014));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("m"), QStringLiteral("many"), 10000)), qint64(2014));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("m"), QStringLiteral("many"), 100)), qint64(100));
    // Counts: exact, or stopped at the limit.
    QCOMPARE(take(m_stores.admin->countUsers(QStringLiteral("m"))), qint64(2120));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("m"), QString(), 10000)), qint64(2120));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("m"), QString(), 2000)), qint64(2000));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("mx"), QString(), 2000)), qint64(20));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("m"), QStringLiteral("few"), 10000)), qint64(7));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QStringLiteral("m"), QStringLiteral("few"), 3)), qint64(3));
    QCOMPARE(take(m_stores.admin->countUsersUpTo(QString(), QString(), 100)), qint64(100));
}

void StoreConformance::adminListings()
{
    const AdapterUser zoe = take(m_adapter->createUser(newUser(QStringLiteral("zoe@example.test"), QStringLiteral("Zoe Park"))));
    const AdapterUser yan = take(m_adapter->createUser(newUser(QStringLiteral("yan@corp.test"))));
    for (const auto &[user, provider, id] : {std::tuple{zoe, QStringLiteral("google"), QStringLiteral("g-1")},
                                            std::tuple{zoe, QStringLiteral("github"), QStringLiteral("7")},
                                            std::tuple{yan, QStringLiteral("github"), QStringLiteral("8")}}) {
        AdapterAccount account;
        account.userId = user.id;
        account.type = QStringLiteral("oauth");
        account.provider = provider;
        account.providerAccountId = id;
        take(m_adapter->linkAccount(account));
    }
    QStringList providers;
    for (const AdapterAccount &account : take(m_stores.admin->listAccounts(zoe.id)))
        providers.append(account.provider);
    QCOMPARE(providers, (QStringList{QStringLiteral("github"), QStringLiteral("google")}));
    QVERIFY(take(m_stores.admin->listAccounts(QStringLiteral("no-user"))).isEmpty());

    const AdapterSession zoeLate{QStringLiteral("s-late"), zoe.id, inSeconds(7200)};
    const AdapterSession zoeSoon{QStringLiteral("s-soon"), zoe.id, inSeconds(60)};
    const AdapterSession zoeOld{QStringLiteral("s-old"), zoe.id, inSeconds(-60)};
    const AdapterSession yanNow{QStringLiteral("s-yan"), yan.id, inSeconds(600)};
    for (const AdapterSession &s : {zoeLate, zoeSoon, zoeOld, yanNow})
        take(m_adapter->createSession(s));

    const auto tokens = [this](const SessionFilter &filter, qint64 offset = 0, int limit = 10) {
        QStringList found;
        for (const SessionListEntry &entry : take(m_stores.admin->listSessionEntries(filter, offset, limit)))
            found.append(entry.session.sessionToken);
        return found;
    };
    SessionFilter active;
    QCOMPARE(tokens(active), (QStringList{QStringLiteral("s-late"), QStringLiteral("s-yan"), QStringLiteral("s-soon")}));
    QCOMPARE(take(m_stores.admin->countSessionEntries(active)), qint64(3));
    QCOMPARE(tokens(active, 1, 1), QStringList{QStringLiteral("s-yan")});
    const QList<SessionListEntry> withUser = take(m_stores.admin->listSessionEntries(active, 0, 1));
    QCOMPARE(withUser.first().userEmail, zoe.email);
    QCOMPARE(withUser.first().userName, zoe.name);
    SessionFilter everything;
    everything.activeOnly = false;
    QCOMPARE(take(m_stores.admin->countSessionEntries(everything)), qint64(4));
    SessionFilter byName;
    byName.userSearch = QStringLiteral("PARK");
    QCOMPARE(tokens(byName), (QStringList{QStringLiteral("s-late"), QStringLiteral("s-soon")}));
    QCOMPARE(take(m_stores.admin->countSessionEntries(byName)), qint64(2));
    SessionFilter google;
    google.provider = QStringLiteral("google");
    QCOMPARE(tokens(google), (QStringList{QStringLiteral("s-late"), QStringLiteral("s-soon")}));
    SessionFilter github;
    github.provider = QStringLiteral("github");
    QCOMPARE(take(m_stores.admin->countSessionEntries(github)), qint64(3));
    SessionFilter yans;
    yans.userId = yan.id;
    QCOMPARE(tokens(yans), QStringList{QStringLiteral("s-yan")});

    for (int i = 0; i < 5; ++i)
        take(m_adapter->createSession({QStringLiteral("x-%1").arg(i), yan.id, inSeconds(-10 - i)}));
    QCOMPARE(take(m_stores.admin->countExpiredSessions()), qint64(6));
    QCOMPARE(take(m_stores.admin->deleteExpiredSessionsBatch(4)), qint64(4));
    QCOMPARE(take(m_stores.admin->deleteExpiredSessionsBatch(4)), qint64(2));
    QCOMPARE(take(m_stores.admin->deleteExpiredSessionsBatch(4)), qint64(0));
    QCOMPARE(take(m_stores.admin->countExpiredSessions()), qint64(0));
    QCOMPARE(take(m_stores.admin->countSessionEntries(everything)), qint64(3));
}

void StoreConformance::auditAggregates()
{
    const QDate today = QDateTime::currentDateTimeUtc().date();
    const auto at = [&](int daysAgo, int hour) {
        return QDateTime(today.addDays(-daysAgo), QTime(hour, 30), Qt::UTC);
    };
    const auto append = [this](const QDateTime &time, const QString &type, const QString &provider) {
        AuditEvent event;
        event.time = time;
        event.type = type;
        event.provider = provider;
        take(m_stores.audit->appendAudit(event));
    };
    append(at(2, 1), QStringLiteral("signIn"), QStringLiteral("github"));
    append(at(2, 23), QStringLiteral("signIn"), QStringLiteral("google"));
    append(at(2, 23), QStringLiteral("signInFailed"), QStringLiteral("credentials"));
    append(at(1, 0), QStringLiteral("signIn"), QStringLiteral("github"));
    append(at(1, 5), QStringLiteral("signOut"), QString());
    append(at(40, 5), QStringLiteral("signIn"), QStringLiteral("google")); // before the range
    append(at(1, 6), QStringLiteral("signIn"), QString());                 // no provider

    const QDateTime from(today.addDays(-29), QTime(0, 0), Qt::UTC);
    const QDateTime to(today.addDays(1), QTime(0, 0), Qt::UTC);
    const QList<AuditDayCount> days =
        take(m_stores.admin->auditDailyCounts({QStringLiteral("signIn"), QStringLiteral("signInFailed")}, from, to));
    QCOMPARE(days.size(), 3);
    QCOMPARE(days.at(0).day, today.addDays(-2));
    QCOMPARE(days.at(0).type, QStringLiteral("signIn"));
    QCOMPARE(days.at(0).count, qint64(2));
    QCOMPARE(days.at(1).day, today.addDays(-2));
    QCOMPARE(days.at(1).type, QStringLiteral("signInFailed"));
    QCOMPARE(days.at(1).count, qint64(1));
    QCOMPARE(days.at(2).day, today.addDays(-1));
    QCOMPARE(days.at(2).count, qint64(2));
    QVERIFY(take(m_stores.admin->auditDailyCounts({}, from, to)).isEmpty());

    const QList<AuditProviderCount> top = take(m_stores.admin->auditTopProviders(QStringLiteral("signIn"), from, to, 5));
    QCOMPARE(top.size(), 2);
    QCOMPARE(top.at(0).provider, QStringLiteral("github"));
    QCOMPARE(top.at(0).count, qint64(2));
    QCOMPARE(top.at(1).provider, QStringLiteral("google"));
    QCOMPARE(top.at(1).count, qint64(1));
    QCOMPARE(take(m_stores.admin->auditTopProviders(QStringLiteral("signIn"), from, to, 1)).size(), 1);
}

} // namespace Gatehouse::Testing
