#pragma once
#include "actions/recover.h"

#include <QFuture>

#include <exception>
#include <type_traits>

namespace Gatehouse {

namespace Detail {
template<typename T>
struct FutureOf
{
    using Value = T;
    static QFuture<T> wrap(T value) { return QtFuture::makeReadyFuture(std::move(value)); }
};
template<typename T>
struct FutureOf<QFuture<T>>
{
    using Value = T;
    static QFuture<T> wrap(QFuture<T> future) { return future; }
};
template<typename T>
inline constexpr bool isFuture = false;
template<typename T>
inline constexpr bool isFuture<QFuture<T>> = true;
} // namespace Detail

/*!
 * \a continuation applied to \a future's result; a continuation that returns a QFuture is
 * unwrapped. When \a future has already finished with a result (callbacks and lookups that
 * answer synchronously: the common case) the continuation runs at once, without QFuture's
 * continuation machinery; otherwise it runs as a synchronous continuation in the thread that
 * finishes \a future. Either way an exception fails the returned future, and a failed or
 * cancelled \a future passes its state on without running \a continuation.
 */
template<typename T, typename Continuation>
auto continueWith(const QFuture<T> &future, Continuation continuation)
{
    using Result = std::invoke_result_t<Continuation, const T &>;
    using Value = typename Detail::FutureOf<Result>::Value;
    if (future.isFinished() && !future.isCanceled() && future.resultCount() > 0) {
        try {
            return Detail::FutureOf<Result>::wrap(continuation(future.result()));
        } catch (...) {
            return failedFuture<Value>(std::current_exception());
        }
    }
    if constexpr (Detail::isFuture<Result>)
        return QFuture<T>(future).then(QtFuture::Launch::Sync, std::move(continuation)).unwrap();
    else
        return QFuture<T>(future).then(QtFuture::Launch::Sync, std::move(continuation));
}

} // namespace Gatehouse
