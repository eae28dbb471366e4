#pragma once
#include <gatehouse/authresponse.h>

#include "core/continuewith.h"

#include <QFuture>
#include <exception>

namespace Gatehouse {

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

} // namespace Gatehouse
