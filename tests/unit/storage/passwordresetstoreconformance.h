#pragma once
/*! \file passwordresetstoreconformance.h  PasswordResetStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of PasswordResetStore as "Forgot your password?" relies on them: a link comes back
 * as stored; a newer link of the user voids the older; a use takes the link, once, also among
 * concurrent uses on two adapters; deleting the user's links or the user removes them.
 * runConformance() runs it with the other suites.
 */
class PasswordResetStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit PasswordResetStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void storedAndFound();
    void newerLinkVoidsOlder();
    void usedOnce();
    void usedOnceAcrossAdapters();
    void deletedWithTheUserOrByUser();

private:
    QString createUser(const QString &email);

    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    PasswordResetStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
