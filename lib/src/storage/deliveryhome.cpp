#include "storage/deliveryhome.h"

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
    QMutexLocker lock(&m_mutex);
    m_context = nullptr;
}

void DeliveryHome::deliver(std::function<void()> finish)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_context) {
            // A posted event for a context deleted meanwhile is dropped with its functor; the
            // promise it holds then finishes as cancelled.
            QMetaObject::invokeMethod(m_context, std::move(finish), Qt::QueuedConnection);
            return;
        }
    }
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
