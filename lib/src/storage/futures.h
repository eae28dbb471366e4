#pragma once
/*! \file futures.h  Finished futures, for stores that answer at once. */
#include <gatehouse/adaptererror.h>

#include <QFuture>
#include <QPromise>
#include <type_traits>

namespace Gatehouse::Futures {

template<typename T>
QFuture<T> failed(const QException &error)
{
    QPromise<T> promise;
    promise.start();
    promise.setException(error);
    promise.finish();
    return promise.future();
}

//! Runs \a work now and returns its result, or its AdapterError, as a finished future.
template<typename Work>
auto settle(Work &&work) -> QFuture<std::invoke_result_t<Work>>
{
    using T = std::invoke_result_t<Work>;
    QPromise<T> promise;
    promise.start();
    try {
        if constexpr (std::is_void_v<T>) {
            work();
        } else {
            promise.addResult(work());
        }
    } catch (const AdapterError &error) {
        promise.setException(error);
    }
    promise.finish();
    return promise.future();
}

} // namespace Gatehouse::Futures
