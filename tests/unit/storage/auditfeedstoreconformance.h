#pragma once
/*! \file auditfeedstoreconformance.h  AuditFeedStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of AuditFeedStore as the security notices rely on them: the log read forward in id
 * order with its details; a new cursor starts at the newest event; one holder at a time, until
 * its lease runs out or is given up; only the holder moves it, only forward; of many claimants on
 * two adapters at once, one holds it. runConformance() runs it with the other suites.
 */
class AuditFeedStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit AuditFeedStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void readsForwardInOrder();
    void newCursorStartsAtTheNewestEvent();
    void oneHolderAtATime();
    void onlyTheHolderMovesItForward();
    void oneClaimantWinsAcrossAdapters();

private:
    qint64 append(const QString &type, const QString &userId = {});

    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    AuditStore *m_audit = nullptr;
    AuditFeedStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
