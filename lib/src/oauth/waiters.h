#pragma once
/*!
 * \file waiters.h  One result for many waiters. A QFuture takes a single continuation (a second
 * \c then() replaces the first), so work shared by concurrent callers gives each caller a
 * future of its own and settles them all at once.
 */
#include <QFuture>
#include <QList>
#include <QMutex>
#include <QPromise>

#include <exception>
#include <memory>

namespace Gatehouse::OAuth {

template<typename T>
class Waiters
{
public:
    //! A new future that finishes when the result is settled.
    QFuture<T> add()
    {
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QMutexLocker lock(&m_mutex);
        m_promises.append(promise);
        return promise->future();
    }

    //! Finishes every future with \a value, or with \a error when it is set.
    void settle(std::exception_ptr error, const T &value = T())
    {
        QList<std::shared_ptr<QPromise<T>>> promises;
        {
            QMutexLocker lock(&m_mutex);
            promises.swap(m_promises);
        }
        for (const auto &promise : promises) {
            if (error)
                promise->setException(error);
            else
                promise->addResult(value);
            promise->finish();
        }
    }

private:
    QMutex m_mutex;
    QList<std::shared_ptr<QPromise<T>>> m_promises;
};

} // namespace Gatehouse::OAuth
