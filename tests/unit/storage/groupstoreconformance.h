#pragma once
/*! \file groupstoreconformance.h  GroupStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <gatehouse/groupstore.h>

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of GroupStore (membership, replacing, the name rule, members of a group, unknown
 * users, deletion with the user), as access rules and the CLI rely on them, including that a
 * second adapter on the same database sees the same groups. runConformance() runs it.
 */
class GroupStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit GroupStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void membership();
    void setReplacesAll();
    void namesAreExactAndUnicode();
    void badNamesAreRefused_data();
    void badNamesAreRefused();
    void groupMembers();
    void userListingByGroup();
    void administratorChangesAreAudited();
    void unknownUsers();
    void deletingTheUser();
    void otherAdapterSeesTheGroups();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    GroupStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
