#pragma once
/*! \file storeconformance.h  The store interfaces' conformance suite (gatehousestore.h), run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of the store interfaces (audit log, passwords, disabled users, rate limits,
 * listings), as the engine and the admin app see them. runConformance() runs it with AdapterConformance.
 */
class StoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit StoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void auditLog();
    void auditLogInTimeOrder();
    void passwords();
    void disabledUsers();
    void concurrentSessionReads();
    void rateLimit();
    void rateLimitRace();
    void rateLimitRefund();
    void rateLimitRaceAcrossAdapters();
    void rateLimitCountsAndResets();
    void listUsers_data();
    void listUsers();
    void searchComparesWholeCharacters_data();
    void searchComparesWholeCharacters();
    void sessionListing();
    void userPagesByKeysetAndPosition();
    void broadSearchPages();
    void adminListings();
    void auditAggregates();
    void sessionDetailsAndRevocation();
    void passkeyDetails();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    StoreInterfaces m_stores;
};

} // namespace Gatehouse::Testing
