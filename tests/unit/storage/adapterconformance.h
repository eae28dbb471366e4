#pragma once
/*! \file adapterconformance.h  The adapter contract's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of the adapter contract, as a user of the store sees it. runConformance() runs
 * it with StoreConformance.
 */
class AdapterConformance : public QObject
{
    Q_OBJECT
public:
    explicit AdapterConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void implementsTheWholeContract();
    void createUserRoundTrips();
    void createUserKeepsNulls();
    void duplicateEmailIsAConflict();
    void unknownUsersAreNull_data();
    void unknownUsersAreNull();
    void updateUserChangesOnlyWhatIsSet();
    void updateUserErrors();
    void deleteUserCascades();
    void linkAccountRoundTrips();
    void linkAccountLowerCasesTokenType_data();
    void linkAccountLowerCasesTokenType();
    void linkAccountComputesExpiresAt();
    void linkAccountErrors();
    void sessionStateRoundTrips_data();
    void sessionStateRoundTrips();
    void unlinkAccount();
    void sessionLifeCycle();
    void sessionErrors();
    void updateSessionChangesOnlyWhatIsSet();
    void verificationTokenIsSingleUse();
    void verificationTokenRace();
    void authenticators();
    void authenticatorErrors();
    void createUserAndLinkAccount();
    void createUserAndLinkAccountIsAllOrNothing();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    StoreInterfaces m_stores;
};

} // namespace Gatehouse::Testing
