#pragma once
/*! \file oidcgrantstoreconformance.h  OidcGrantStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of OidcGrantStore as the OpenID Provider relies on them: a grant comes back as
 * stored; each use of a refresh token spends it and makes its successor the live one; a spent
 * token presented again revokes the whole grant; expired tokens and grants revoke it too;
 * revocation ends every token; of concurrent redeemers on two connections exactly one wins.
 */
class OidcGrantStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit OidcGrantStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void storedAsGiven();
    void rotationSpendsTheTokenAndStoresItsSuccessor();
    void reuseRevokesTheWholeGrant();
    void redeemedCodeIsASpentTokenOfItsGrant();
    void unknownTokenFindsNothing();
    void expiry_data();
    void expiry();
    void successorNeverOutlivesTheGrant();
    void revokeEndsEveryToken();
    void expiredGrantsAreSweptAsNewOnesAreAdded();
    void redeemRaceAcrossAdapters();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    OidcGrantStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
