#pragma once
/*! \file webhookstoreconformance.h  WebhookStore's conformance suite, run against every store. */
#include "conformancesupport.h"

#include <QObject>

namespace Gatehouse::Testing {

/*!
 * Every rule of WebhookStore as the webhooks rely on them: a retry is kept per webhook with
 * every field (times to the second), replaced by the next, forgotten when cleared; a long error
 * is cut, a bad key refused; a second adapter on the same database (another server, or the
 * server after a restart) reads what the first saved. runConformance() runs it with the others.
 */
class WebhookStoreConformance : public QObject
{
    Q_OBJECT
public:
    explicit WebhookStoreConformance(AdapterFixture &fixture, QObject *parent = nullptr);

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void retriesAreKeptPerWebhook();
    void aRetryIsReplacedAndCleared();
    void badInputIsRefused();
    void anotherServerReadsTheRetry();

private:
    AdapterFixture &m_fixture;
    std::shared_ptr<Adapter> m_adapter;
    WebhookStore *m_store = nullptr;
};

} // namespace Gatehouse::Testing
