#pragma once
/*!
 * \file futures.h  What the engine, storage and the integrations do with QFutures, in one place:
 * futures that have already failed (failedFuture()), chaining cheaply (continueWith()), and a
 * response recovered from a failure (recover()). Delivering a future's result to another
 * thread is core/deliveryhome.h.
 */
#include <gatehouse/authresponse.h>

#include <QException>
#include <QFuture>
#include <QPromise>

#include <exception>
#include <memory>
#include <optional>
#include <type_traits>

namespace Gatehouse {

//! A future that has already failed with \a error, an std::exception_ptr or a QException:
//! QtFuture::makeExceptionalFuture() (Qt 6.1), under the name the engine's call sites use.
template<typename T, typename Error>
QFuture<T> failedFuture(const Error &error)
{
    return QtFuture::makeExceptionalFuture<T>(error);
}

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

//! Hands the state of the finished \a finished (result, exception or cancellation) to \a promise.
template<typename T>
void settle(QPromise<T> &promise, QFuture<T> finished)
{
    try {
        finished.waitForFinished();  // finished already; rethrows the exception it holds
        if (finished.resultCount() > 0)
            promise.addResult(finished.result());
        else
            promise.future().cancel();
    } catch (...) {
        promise.setException(std::current_exception());
    }
    promise.finish();
}

//! settle() for a future without a result: its exception or cancellation, or plain success.
inline void settle(QPromise<void> &promise, QFuture<void> finished)
{
    try {
        finished.waitForFinished();  // finished already; rethrows the exception it holds
        if (finished.isCanceled())
            promise.future().cancel();
    } catch (...) {
        promise.setException(std::current_exception());
    }
    promise.finish();
}
} // namespace Detail

/*!
 * \a continuation applied to \a future's result; a continuation that returns a QFuture is
 * unwrapped. When \a future has already finished with a result (callbacks and lookups that
 * answer synchronously: the common case) the continuation runs at once, without QFuture's
 * continuation machinery; otherwise it runs as a synchronous continuation in the thread that
 * finishes \a future. Either way an exception fails the returned future, and a failed or
 * cancelled \a future passes its state on without running \a continuation.
 *
 * A continuation that returns a pending QFuture is flattened through one QPromise, not
 * QFuture::unwrap(), which costs Qt 6.4 five futures and four continuations. Such a
 * continuation, and what it captured, is destroyed as soon as it has run, before the returned
 * future finishes: a caller that drops its own reference to a captured object once it has the
 * result (an adapter, say) then holds the last one.
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
    if constexpr (Detail::isFuture<Result>) {
        // The promise lives in the continuations: if \a future (or the one the continuation
        // returns) is cancelled, Qt drops the continuation unrun, and the promise's destructor
        // cancels the returned future.
        auto promise = std::make_shared<QPromise<Value>>();
        promise->start();
        QFuture<Value> flattened = promise->future();
        QFuture<T>(future).then(QtFuture::Launch::Sync,
            [promise, continuation = std::optional<Continuation>(std::move(continuation))](QFuture<T> finished) mutable {
                QFuture<Value> next;
                try {
                    next = (*continuation)(finished.result());  // result() rethrows a failure
                } catch (...) {
                    continuation.reset();
                    promise->setException(std::current_exception());
                    promise->finish();
                    return;
                }
                continuation.reset();
                if (next.isFinished()) {
                    Detail::settle(*promise, next);
                    return;
                }
                next.then(QtFuture::Launch::Sync,
                          [promise](QFuture<Value> done) { Detail::settle(*promise, done); });
            });
        return flattened;
    } else {
        return QFuture<T>(future).then(QtFuture::Launch::Sync, std::move(continuation));
    }
}


/*!
 * \a future's response, or \a handler's response for the exception it failed with. The
 * handler runs in the thread that finishes the future.
 */
template<typename Handler>
QFuture<AuthResponse> recover(QFuture<AuthResponse> future, Handler handler)
{
    if (future.isFinished()) {
        if (future.resultCount() > 0)
            return future;  // the usual case: nothing to recover from, and no continuation
        try {
            future.waitForFinished();  // rethrows the exception the future failed with
        } catch (...) {
            return QtFuture::makeReadyFuture(handler(std::current_exception()));
        }
    }
    return future.then(QtFuture::Launch::Sync, [handler](QFuture<AuthResponse> finished) {
        try {
            return finished.result();
        } catch (...) {
            return handler(std::current_exception());
        }
    });
}

namespace Detail {
//! Finishes \a promise with \a handler's response to \a error (or with what the handler throws).
template<typename Handler>
void answerFailure(QPromise<AuthResponse> &promise, const Handler &handler, std::exception_ptr error)
{
    try {
        promise.addResult(handler(error));
    } catch (...) {
        promise.setException(std::current_exception());
    }
}
} // namespace Detail

/*!
 * recover(continueWith(\a future, \a continuation), \a handler) with one promise and one
 * continuation where the two cost two of each and a future in between: for the paths that
 * answer every request after a wait (forward auth on a database session).
 */
template<typename T, typename Continuation, typename Handler>
QFuture<AuthResponse> continueOrRecover(const QFuture<T> &future, Continuation continuation, Handler handler)
{
    using Result = std::invoke_result_t<Continuation, const T &>;
    if (future.isFinished() && !future.isCanceled() && future.resultCount() > 0)
        return recover(continueWith(future, std::move(continuation)), std::move(handler));  // no continuation here
    auto promise = std::make_shared<QPromise<AuthResponse>>();
    promise->start();
    QFuture<AuthResponse> answer = promise->future();
    // As continueWith(): a cancelled future drops the continuation unrun, and the promise's
    // destructor cancels the answer.
    QFuture<T>(future).then(QtFuture::Launch::Sync,
        [promise, handler, continuation = std::optional<Continuation>(std::move(continuation))](QFuture<T> finished) mutable {
            QFuture<AuthResponse> next;
            try {
                next = Detail::FutureOf<Result>::wrap((*continuation)(finished.result()));  // result() rethrows
            } catch (...) {
                continuation.reset();
                Detail::answerFailure(*promise, handler, std::current_exception());
                promise->finish();
                return;
            }
            continuation.reset();
            const auto settle = [promise, handler](QFuture<AuthResponse> done) {
                try {
                    done.waitForFinished();  // finished already; rethrows the exception it holds
                    if (done.resultCount() > 0)
                        promise->addResult(done.result());
                    else
                        promise->future().cancel();
                } catch (...) {
                    Detail::answerFailure(*promise, handler, std::current_exception());
                }
                promise->finish();
            };
            if (next.isFinished())
                settle(next);
            else
                next.then(QtFuture::Launch::Sync, settle);
        });
    return answer;
}

/*!
 * recover() for a handler whose response must wait for something first (a failure being
 * counted before the answer goes out): it returns a future of the response.
 */
template<typename Handler>
QFuture<AuthResponse> recoverLater(QFuture<AuthResponse> future, Handler handler)
{
    if (future.isFinished() && future.resultCount() > 0)
        return future;
    return future
        .then(QtFuture::Launch::Sync,
              [handler](QFuture<AuthResponse> finished) -> QFuture<AuthResponse> {
                  try {
                      return QtFuture::makeReadyFuture(finished.result());
                  } catch (...) {
                      return handler(std::current_exception());
                  }
              })
        .unwrap();
}

} // namespace Gatehouse
