#pragma once
/*! \file tokenstoreconformance.h  AccountTokenStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <gatehouse/tokens.h>

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of AccountTokenStore (finding a user's account, claims on a refresh, the
 * compare-and-swap of a rotated token set), as AccessTokens relies on them. runConformance()
 * runs it with the other suites.
 */
class TokenStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit TokenStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void accountByUser();
    void claimIsExclusiveUntilReleased();
    void claimExpires();
    void claimRace();
    void rotationReplacesTheTokenSet();
    void rotationNeedsThePreviousRefreshToken();
    void rotationOfUnknownAccount();
    void rotationRace();

private:
    //! A stored account of a new user, with refresh token "r1".
    AdapterAccount linkedAccount(const QString &email);

    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    AccountTokenStore *m_tokens = nullptr;
};

} // namespace Gatehouse::Testing
