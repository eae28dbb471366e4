#include "core/deliveryhome.h"

#include <QMetaObject>

namespace Gatehouse {

namespace {

// The home of the calling thread. Per thread by nature: it names the thread itself.
thread_local std::shared_ptr<DeliveryHome> currentHome;

} // namespace

DeliveryHome::DeliveryHome(QObject *context) : m_context(context)
{
}

void DeliveryHome::close()
{
    std::vector<std::function<void()>> dropped;
    QMutexLocker lock(&m_mutex);
    m_context = nullptr;
    dropped.swap(m_waiting);
    lock.unlock();
}

void DeliveryHome::deliver(std::function<void()> finish)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_context) {
            m_waiting.push_back(std::move(finish));
            if (m_waiting.size() == 1) {
                // A posted event for a context deleted meanwhile is dropped; close() then
                // drops the deliveries it would have run.
                QMetaObject::invokeMethod(
                    m_context,
                    [home = weak_from_this()] {
                        if (const auto self = home.lock())
                            self->runWaiting();
                    },
                    Qt::QueuedConnection);
            }
            return;
        }
    }
    finish();
}

void DeliveryHome::runWaiting()
{
    std::vector<std::function<void()>> batch;
    {
        QMutexLocker lock(&m_mutex);
        batch.swap(m_waiting);
    }
    for (auto &finish : batch)
        finish();
}

void DeliveryHome::setCurrent(std::shared_ptr<DeliveryHome> home)
{
    if (currentHome != home)
        currentHome = std::move(home);
}

std::shared_ptr<DeliveryHome> DeliveryHome::current()
{
    return currentHome;
}

} // namespace Gatehouse
