#pragma once
/*! \file scriptcallbacks.h  The JavaScript file of gatehouse-server's callbacks. */
#include <gatehouse/configloader.h>

#include <QFuture>
#include <QJsonArray>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <chrono>
#include <memory>

namespace Gatehouse {

class ScriptRuntime;

/*!
 * The functions of one JavaScript file (\c callbacksScript), callable from any thread.
 *
 * QJSEngine is not thread-safe, so every thread that calls while running an event loop (the
 * serving threads) gets its own engine, created on its first call and loaded with the script
 * once; it is deleted when that thread finishes or, when the last copy of this object goes
 * first (a configuration reload), by that thread's event loop soon after. Calls from threads
 * without a running event loop (thread-pool threads such as the storage threads, or a thread
 * before its loop starts) run on a script thread of this object's own, because Promises
 * settle, and runaway code is detected, from the engine thread's event loop.
 *
 * Copies share one script and its engines.
 */
class ScriptCallbacks
{
public:
    //! A function named by the configuration, with the key path that names it.
    struct FunctionUse
    {
        QString path;       //!< e.g. "providers[0].authorize", "callbacks.jwt"
        QString function;   //!< e.g. "authorize"
    };

    //! Reads the script at \a path. A call that runs longer than \a timeout fails.
    ScriptCallbacks(const QString &path, std::chrono::milliseconds timeout);

    /*!
     * Loads the script on the calling thread and reports what is wrong: an unreadable file or a
     * syntax error (key \c callbacksScript), and every function of \a uses the script does not
     * define ("providers[0].authorize: function 'authorize' not found in callbacks.js").
     */
    QList<ConfigProblem> check(const QList<FunctionUse> &uses) const;

    /*!
     * Calls the global function \a function with \a arguments on the calling thread's engine.
     * The future holds the JSON form of the result (a returned Promise is awaited) or fails with
     * a ScriptError: the function threw, its Promise was rejected, it ran or stayed pending for
     * longer than the time limit, or it does not exist.
     */
    QFuture<QJsonValue> call(const QString &function, const QJsonArray &arguments) const;

private:
    std::shared_ptr<ScriptRuntime> d;
};

} // namespace Gatehouse
