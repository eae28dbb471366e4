#pragma once
/*! \file oidcsessionstoreconformance.h  OidcSessionStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of OidcSessionStore as back-channel logout relies on them: a row per session and
 * client (a second add renews it), queued once by session or by user (a kept session aside),
 * expired rows never queued; a delivery claimed by one claimer only, held by its lease,
 * rescheduled, finished, counted. runConformance() runs it with the other suites.
 */
class OidcSessionStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit OidcSessionStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void queuedBySessionOnce();
    void queuedByUser();
    void addRenewsTheRow();
    void expiredRowsAreNotQueued();
    void claimLeasesDueDeliveries();
    void twoClaimersNeverShareOne();
    void retryReschedules();
    void leaseDecidesFinishAndRetry();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    OidcSessionStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
