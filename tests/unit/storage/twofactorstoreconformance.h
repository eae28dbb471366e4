#pragma once
/*! \file twofactorstoreconformance.h  TwoFactorStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of TwoFactorStore (enrolment, confirmation, the last accepted time step, recovery
 * codes, removal), as TwoFactor relies on them, including that a code is accepted once by two
 * adapters on one database. runConformance() runs it with the other suites.
 */
class TwoFactorStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit TwoFactorStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void enrolmentStartsPending();
    void pendingEnrolmentIsReplaced();
    void confirmation();
    void timeStepsOnlyIncrease();
    void timeStepRace();
    void replayAcrossAdapters();
    void reseal();
    void recoveryCodes();
    void recoveryCodeRace();
    void removal();
    void deletingTheUser();
    void unknownUsers();

private:
    //! A new user with a confirmed enrolment (sealed secret "sealed-1", step 100, codes h1..h3).
    QString enrolledUser(const QString &email);

    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    TwoFactorStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
