#pragma once
/*! \file oidccodestoreconformance.h  OidcCodeStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of OidcCodeStore as the OpenID Provider relies on them: a code comes back as
 * stored, exactly once; an unknown hash finds nothing; expired codes are removed as new ones
 * are added; of concurrent redeemers on two connections exactly one gets the code.
 * runConformance() runs it with the other suites.
 */
class OidcCodeStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit OidcCodeStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void storedAndTakenOnce();
    void unknownHashFindsNothing();
    void expiredCodesAreReturnedAsStoredUntilSwept();
    void takeRaceAcrossAdapters();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    OidcCodeStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
