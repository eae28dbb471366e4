#pragma once
/*! \file asyncresult.h  Running store work off the GUI thread and handing the outcome back to it. */
#include <gatehouse/autherror.h>

#include <QException>
#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QPromise>

#include <exception>
#include <optional>
#include <type_traits>

namespace Gatehouse::Admin {

//! An admin operation refused (no such user any more, an email in use, ...): \c message() says why.
class AdminError : public AuthError
{
public:
    explicit AdminError(QString message) : AuthError(QStringLiteral("AdminError"), std::move(message)) {}
    void raise() const override { throw *this; }
    AdminError *clone() const override { return new AdminError(*this); }
};

//! A finished future's value, or the sentence saying why there is none.
template<typename T>
struct Outcome
{
    std::optional<T> value;
    QString error;

    bool ok() const { return value.has_value(); }
};

//! The message of the exception a failed future holds, for the user.
inline QString failureText(std::exception_ptr failure)
{
    try {
        std::rethrow_exception(failure);
    } catch (const AuthError &error) {
        return error.message().isEmpty() ? QString::fromUtf8(error.what()) : error.message();
    } catch (const std::exception &error) {
        return QString::fromUtf8(error.what());
    } catch (...) {
        return QStringLiteral("an unknown error occurred");
    }
}

template<typename T>
Outcome<T> outcomeOf(QFuture<T> future)
{
    Outcome<T> outcome;
    try {
        outcome.value = future.result();
    } catch (...) {
        outcome.error = failureText(std::current_exception());
    }
    return outcome;
}

/*!
 * Calls \a done(Outcome<T>) in \a context's thread when \a future finishes, unless \a context
 * is gone by then. Never blocks.
 */
template<typename T, typename Done>
void whenFinished(QFuture<T> future, QObject *context, Done done)
{
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done = std::move(done)]() {
        done(outcomeOf(watcher->future()));
        watcher->deleteLater();
    });
    watcher->setFuture(future);
}

/*!
 * Runs \a work() (which may block on store futures) on \a pool and then \a done(Outcome) in
 * \a context's thread. \a work must return a value (not void).
 */
template<typename Work, typename Done>
void runInBackground(QThreadPool *pool, QObject *context, Work work, Done done)
{
    using T = std::invoke_result_t<Work>;
    static_assert(!std::is_void_v<T>, "return a value from the work");
    auto promise = std::make_shared<QPromise<T>>();
    promise->start();
    QFuture<T> future = promise->future();
    pool->start([promise, work = std::move(work)]() mutable {
        try {
            promise->addResult(work());
        } catch (const QException &error) {
            promise->setException(error);
        } catch (...) {
            promise->setException(std::current_exception());
        }
        promise->finish();
    });
    whenFinished<T>(future, context, std::move(done));
}

} // namespace Gatehouse::Admin
