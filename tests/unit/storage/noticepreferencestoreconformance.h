#pragma once
/*! \file noticepreferencestoreconformance.h  NoticePreferenceStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of NoticePreferenceStore as the account page and the notifier rely on them: a
 * choice per person and kind with its time, replaced by the next one; other people untouched;
 * bad kinds and unknown people refused; gone with the person. runConformance() runs it.
 */
class NoticePreferenceStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit NoticePreferenceStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void choicesAreKeptPerPersonAndKind();
    void badKindsAndUnknownPeopleAreRefused();
    void deletingThePerson();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    NoticePreferenceStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
