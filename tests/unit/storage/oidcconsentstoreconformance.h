#pragma once
/*! \file oidcconsentstoreconformance.h  OidcConsentStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of OidcConsentStore as the consent step relies on them: a consent comes back as
 * granted; a later grant adds its scopes (the union) and moves updatedAt, not grantedAt; one
 * row per person and client; a person's consents are listed by client; revoking removes the
 * consent and every refresh grant of that client for that person (others' and other clients'
 * stay); deleting a stored person removes their consents.
 */
class OidcConsentStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit OidcConsentStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void storedAsGranted();
    void laterGrantAddsScopes();
    void onePerPersonAndClient();
    void revokeEndsTheClientsGrantsOfThePerson();
    void revokeOfNothingSaysSo();
    void deletedUserLosesConsents();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    OidcConsentStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
