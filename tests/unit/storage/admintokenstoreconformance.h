#pragma once
/*! \file admintokenstoreconformance.h  AdminTokenStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <gatehouse/admintokenstore.h>

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of AdminTokenStore the admin API relies on: a token comes back as stored, found by
 * its hash; names and hashes are unique; the list holds revoked tokens too, by name; a
 * revocation is seen at once by another adapter on the same database, and happens once; a use
 * is recorded. runConformance() runs it with the other suites.
 */
class AdminTokenStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit AdminTokenStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void storedAndFound();
    void namesAndHashesAreUnique();
    void listedByNameWithRevoked();
    void revokedOnceSeenByAnotherAdapter();
    void useRecorded();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    AdminTokenStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
