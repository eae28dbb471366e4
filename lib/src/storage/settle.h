#pragma once
/*! \file settle.h  Finished futures, for stores that answer at once (MemoryAdapter). */
#include <gatehouse/adaptererror.h>

#include <QFuture>
#include <QPromise>
#include <type_traits>

namespace Gatehouse::Futures {

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
