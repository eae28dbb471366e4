#pragma once
/*! \file usertransferstoreconformance.h  UserTransferStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <gatehouse/usertransferstore.h>

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of UserTransferStore as `user import` and `user export` rely on them: what a new
 * user gets, skip / update / fail, one transaction (a conflict or a dry run leaves nothing,
 * audit included), a re-run that changes nothing, a password never replaced by update, and
 * the export. runConformance() runs it.
 */
class UserTransferStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit UserTransferStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void createsUsers();
    void onConflict_data();
    void onConflict();
    void conflictOrDryRunLeavesNothing_data();
    void conflictOrDryRunLeavesNothing();
    void updateKeepsThePassword();
    void badGroupNameIsRefused();
    void reportsProgress();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    UserTransferStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
