#pragma once
/*! \file oidckeystoreconformance.h  OidcKeyStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of OidcKeyStore as the OpenID Provider relies on them: keys come back as stored,
 * ordered; a taken kid or (alg, generation) changes nothing; of servers that start together
 * exactly one stores the first key. runConformance() runs it with the other suites.
 */
class OidcKeyStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit OidcKeyStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void emptyAtFirst();
    void storedAndOrdered();
    void takenKeysChangeNothing();
    void firstKeyRaceAcrossAdapters();
    void retiredKeysAreRemoved();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    OidcKeyStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
