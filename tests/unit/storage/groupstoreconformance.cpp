#include "groupstoreconformance.h"

#include <gatehouse/adminstore.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/usergroups.h>

#include <QTest>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;

namespace {

QStringList names(const QList<AdapterUser> &users)
{
    QStringList emails;
    for (const AdapterUser &user : users)
        emails.append(user.email);
    return emails;
}

} // namespace

GroupStoreConformance::GroupStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void GroupStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void GroupStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<GroupStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement GroupStore");
}

void GroupStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void GroupStoreConformance::membership()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    QCOMPARE(take(m_store->userGroups(userId)), QStringList());
    QCOMPARE(take(m_store->addUserGroup(userId, QStringLiteral("staff"))), true);
    QCOMPARE(take(m_store->addUserGroup(userId, QStringLiteral("admins"))), true);
    QCOMPARE(take(m_store->addUserGroup(userId, QStringLiteral("staff"))), false);  // a member already
    QCOMPARE(take(m_store->userGroups(userId)), (QStringList{QStringLiteral("admins"), QStringLiteral("staff")}));
    QCOMPARE(take(m_store->removeUserGroup(userId, QStringLiteral("staff"))), true);
    QCOMPARE(take(m_store->removeUserGroup(userId, QStringLiteral("staff"))), false);
    QCOMPARE(take(m_store->removeUserGroup(userId, QStringLiteral("never"))), false);
    QCOMPARE(take(m_store->userGroups(userId)), QStringList{QStringLiteral("admins")});
}

void GroupStoreConformance::setReplacesAll()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    const QString other = take(m_adapter->createUser(newUser(QStringLiteral("b@example.test")))).id;
    take(m_store->addUserGroup(userId, QStringLiteral("old")));
    take(m_store->addUserGroup(other, QStringLiteral("old")));
    take(m_store->setUserGroups(userId, {QStringLiteral("ops"), QStringLiteral("dev"), QStringLiteral("ops")}));
    QCOMPARE(take(m_store->userGroups(userId)), (QStringList{QStringLiteral("dev"), QStringLiteral("ops")}));
    QCOMPARE(take(m_store->userGroups(other)), QStringList{QStringLiteral("old")});  // only this user's
    take(m_store->setUserGroups(userId, {}));
    QCOMPARE(take(m_store->userGroups(userId)), QStringList());
}

void GroupStoreConformance::namesAreExactAndUnicode()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    const QString long128(kMaxGroupNameLength, QLatin1Char('g'));
    const QStringList groups{QStringLiteral("Admins"), QStringLiteral("admins"), QStringLiteral("Domain Users"),
                             QStringLiteral("Ärzte"), QStringLiteral("運用チーム"), QStringLiteral("cn=ops/eu"), long128};
    take(m_store->setUserGroups(userId, groups));
    QStringList sorted = groups;
    sorted.sort();
    QCOMPARE(take(m_store->userGroups(userId)), sorted);
    QCOMPARE(take(m_store->removeUserGroup(userId, QStringLiteral("ADMINS"))), false);  // case matters
    QCOMPARE(names(take(m_store->groupMembers(QStringLiteral("Admins")))), QStringList{QStringLiteral("a@example.test")});
    QCOMPARE(take(m_store->groupMembers(QStringLiteral("ADMINS"))).size(), 0);
}

void GroupStoreConformance::badNamesAreRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("problem");
    QTest::newRow("empty") << QString() << int(GroupNameProblem::Empty);
    QTest::newRow("too long") << QString(kMaxGroupNameLength + 1, QLatin1Char('g')) << int(GroupNameProblem::TooLong);
    QTest::newRow("comma") << QStringLiteral("a,b") << int(GroupNameProblem::Comma);
    QTest::newRow("CR LF") << QStringLiteral("a\r\nRemote-User: root") << int(GroupNameProblem::ControlCharacter);
    QTest::newRow("tab") << QStringLiteral("a\tb") << int(GroupNameProblem::ControlCharacter);
    QTest::newRow("NUL") << QStringLiteral("a") + QChar(0) + QStringLiteral("b") << int(GroupNameProblem::ControlCharacter);
    QTest::newRow("DEL") << QStringLiteral("a\x7f") << int(GroupNameProblem::ControlCharacter);
    QTest::newRow("line separator") << QStringLiteral("a") + QChar(0x2028) << int(GroupNameProblem::ControlCharacter);
    QTest::newRow("leading space") << QStringLiteral(" admins") << int(GroupNameProblem::OuterSpace);
    QTest::newRow("trailing space") << QStringLiteral("admins ") << int(GroupNameProblem::OuterSpace);
}

void GroupStoreConformance::badNamesAreRefused()
{
    QFETCH(QString, name);
    QFETCH(int, problem);
    QCOMPARE(groupNameProblem(name), std::optional(GroupNameProblem(problem)));
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    take(m_store->addUserGroup(userId, QStringLiteral("kept")));
    QCOMPARE(failure(m_store->addUserGroup(userId, name)), std::optional(Reason::InvalidArgument));
    QCOMPARE(failure(m_store->setUserGroups(userId, {QStringLiteral("fine"), name})), std::optional(Reason::InvalidArgument));
    QCOMPARE(failure(m_store->removeUserGroup(userId, name)), std::optional(Reason::InvalidArgument));
    QCOMPARE(failure(m_store->groupMembers(name)), std::optional(Reason::InvalidArgument));
    QCOMPARE(take(m_store->userGroups(userId)), QStringList{QStringLiteral("kept")});  // nothing changed
    try {
        take(m_store->addUserGroup(userId, name));
    } catch (const AdapterError &error) {
        QVERIFY2(error.message().startsWith(QStringLiteral("addUserGroup: the group name ")), qPrintable(error.message()));
        QVERIFY2(error.message().endsWith(describeGroupNameProblem(GroupNameProblem(problem))), qPrintable(error.message()));
        QVERIFY2(!error.message().contains(QLatin1Char('\n')), "a control character reached the message");
    }
}

void GroupStoreConformance::groupMembers()
{
    const QString a = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test"), QStringLiteral("Ann")))).id;
    const QString b = take(m_adapter->createUser(newUser(QStringLiteral("b@example.test")))).id;
    const QString c = take(m_adapter->createUser(newUser(QStringLiteral("c@example.test")))).id;
    take(m_store->addUserGroup(c, QStringLiteral("ops")));
    take(m_store->addUserGroup(a, QStringLiteral("ops")));
    take(m_store->addUserGroup(b, QStringLiteral("dev")));
    const QList<AdapterUser> ops = take(m_store->groupMembers(QStringLiteral("ops")));
    QCOMPARE(names(ops), (QStringList{QStringLiteral("a@example.test"), QStringLiteral("c@example.test")}));
    QCOMPARE(ops.first(), *take(m_adapter->getUser(a)));  // whole users, by id
    QCOMPARE(take(m_store->groupMembers(QStringLiteral("nobody"))).size(), 0);
}

void GroupStoreConformance::userListingByGroup()
{
    auto *admin = dynamic_cast<AdminStore *>(m_adapter.get());
    if (!admin)
        QSKIP("the adapter lists no users (AdminStore)");
    const QString a = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test"), QStringLiteral("Ann")))).id;
    const QString b = take(m_adapter->createUser(newUser(QStringLiteral("b@example.test")))).id;
    const QString c = take(m_adapter->createUser(newUser(QStringLiteral("c@corp.test"), QStringLiteral("Cy")))).id;
    take(m_store->addUserGroup(a, QStringLiteral("ops")));
    take(m_store->addUserGroup(c, QStringLiteral("ops")));
    take(m_store->addUserGroup(b, QStringLiteral("Ops")));

    const auto emails = [admin](const UserPageRequest &request) {
        QStringList found;
        for (const UserListEntry &entry : take(admin->listUsersPage(request)))
            found.append(entry.user.email);
        return found;
    };
    UserPageRequest request;
    request.group = QStringLiteral("ops");
    QCOMPARE(emails(request), (QStringList{QStringLiteral("a@example.test"), QStringLiteral("c@corp.test")}));
    QCOMPARE(take(admin->countUsers(QString(), QStringLiteral("ops"))), qint64(2));
    // With a search: both must hold.
    request.search = QStringLiteral("*corp");
    QCOMPARE(emails(request), QStringList{QStringLiteral("c@corp.test")});
    QCOMPARE(take(admin->countUsers(QStringLiteral("*corp"), QStringLiteral("ops"))), qint64(1));
    QCOMPARE(take(admin->countUsers(QStringLiteral("C"), QStringLiteral("ops"))), qint64(1));
    QCOMPARE(take(admin->countUsersUpTo(QStringLiteral("*test"), QStringLiteral("ops"), 1)), qint64(1));
    QCOMPARE(take(admin->countUsersUpTo(QStringLiteral("*test"), QStringLiteral("ops"), 10)), qint64(2));
    // Keyset paging stays inside the group, sorted by name (users without one last).
    request.search.clear();
    request.sort = UserSortColumn::Name;
    request.limit = 1;
    QCOMPARE(emails(request), QStringList{QStringLiteral("a@example.test")});
    request.anchor = *take(m_adapter->getUser(a));
    QCOMPARE(emails(request), QStringList{QStringLiteral("c@corp.test")});
    request.anchor = *take(m_adapter->getUser(c));
    QCOMPARE(emails(request), QStringList());
    // Exact names; an empty group is no filter.
    QCOMPARE(take(admin->countUsers(QString(), QStringLiteral("Ops"))), qint64(1));
    QCOMPARE(take(admin->countUsers(QString(), QStringLiteral("nobody"))), qint64(0));
    QCOMPARE(take(admin->countUsers(QString(), QString())), qint64(3));
}

void GroupStoreConformance::administratorChangesAreAudited()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    QVERIFY(take(addUserToGroup(m_adapter, userId, QStringLiteral("ops"))));
    QVERIFY(!take(addUserToGroup(m_adapter, userId, QStringLiteral("ops"))));   // a member already
    QVERIFY(take(removeUserFromGroup(m_adapter, userId, QStringLiteral("ops"))));
    QVERIFY(!take(removeUserFromGroup(m_adapter, userId, QStringLiteral("ops"))));
    QCOMPARE(take(m_store->userGroups(userId)), QStringList());
    auto *audit = dynamic_cast<AuditStore *>(m_adapter.get());
    if (!audit)
        QSKIP("the adapter keeps no audit log");
    AuditFilter filter;
    filter.userId = userId;
    QList<AuditEvent> events;
    // The one audit writer appends in the background: wait for both events.
    QTRY_VERIFY_WITH_TIMEOUT((events = take(audit->auditEvents(filter, 10))).size() >= 2, 10000);
    QCOMPARE(events.size(), 2);  // an unchanged membership records nothing
    QStringList types;
    for (const AuditEvent &event : events) {
        types.append(event.type);
        QCOMPARE(event.detail.value(QStringLiteral("group")).toString(), QStringLiteral("ops"));
        QCOMPARE(event.detail.value(QStringLiteral("by")).toString(), QStringLiteral("admin"));
    }
    types.sort();
    QCOMPARE(types, (QStringList{QStringLiteral("groupAdd"), QStringLiteral("groupRemove")}));
    // Refused names fail as addUserGroup() does, and record nothing.
    QCOMPARE(failure(addUserToGroup(m_adapter, userId, QStringLiteral("a,b"))), std::optional(AdapterError::Reason::InvalidArgument));
}

void GroupStoreConformance::unknownUsers()
{
    for (const QString &id : {QStringLiteral("999999"), QStringLiteral("not-a-number")}) {
        QCOMPARE(take(m_store->userGroups(id)), QStringList());
        QCOMPARE(failure(m_store->addUserGroup(id, QStringLiteral("ops"))), std::optional(Reason::NotFound));
        QCOMPARE(failure(m_store->setUserGroups(id, {QStringLiteral("ops")})), std::optional(Reason::NotFound));
        QCOMPARE(take(m_store->removeUserGroup(id, QStringLiteral("ops"))), false);
    }
    QCOMPARE(take(m_store->groupMembers(QStringLiteral("ops"))).size(), 0);
}

void GroupStoreConformance::deletingTheUser()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    take(m_store->setUserGroups(userId, {QStringLiteral("ops"), QStringLiteral("dev")}));
    QVERIFY(take(m_adapter->deleteUser(userId)));
    QCOMPARE(take(m_store->userGroups(userId)), QStringList());
    QCOMPARE(take(m_store->groupMembers(QStringLiteral("ops"))).size(), 0);
}

void GroupStoreConformance::otherAdapterSeesTheGroups()
{
    const QString userId = take(m_adapter->createUser(newUser(QStringLiteral("a@example.test")))).id;
    QString error;
    const std::shared_ptr<Adapter> other = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(other, qPrintable(error));
    auto *otherStore = dynamic_cast<GroupStore *>(other.get());
    take(m_store->addUserGroup(userId, QStringLiteral("ops")));
    QCOMPARE(take(otherStore->userGroups(userId)), QStringList{QStringLiteral("ops")});
    QCOMPARE(take(otherStore->removeUserGroup(userId, QStringLiteral("ops"))), true);
    QCOMPARE(take(m_store->userGroups(userId)), QStringList());
}

} // namespace Gatehouse::Testing
