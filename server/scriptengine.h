#pragma once
/*! \file scriptengine.h  One thread's QJSEngine running the callbacks script. */
#include "scripterror.h"
#include "scriptwatchdog.h"

#include <QFuture>
#include <QJSEngine>
#include <QJSValue>
#include <QJsonArray>
#include <QJsonValue>
#include <QObject>
#include <QPromise>
#include <QString>

#include <map>
#include <memory>

namespace Gatehouse {

/*!
 * The callbacks script loaded into a QJSEngine of its own. QJSEngine is not thread-safe: a
 * ScriptEngine lives on, and is only used from, the thread that created it.
 *
 * JavaScript sees plain JSON values in and gives plain JSON values back (as JSON.stringify
 * would produce them). A function may return a value or a Promise (any object with a callable
 * \c then): a Promise settles the call later, from this thread's event loop, which must run.
 * The script gets one helper, \c console (\c log, \c info, \c warn, \c error, \c debug), which
 * writes to the \c gatehouse.server.script logging category.
 *
 * Time limit: a call whose Promise has not settled after the watchdog's limit fails, and
 * JavaScript that keeps the thread busy for longer than the limit is interrupted.
 */
class ScriptEngine : public QObject
{
    Q_OBJECT

public:
    //! \a watchdog is kept as long as this engine: it may outlive whoever made it.
    ScriptEngine(const QString &source, const QString &fileName, std::shared_ptr<ScriptWatchdog> watchdog);
    ~ScriptEngine() override;

    //! Why the script could not be loaded (e.g. "callbacks.js:3: SyntaxError: ..."), or empty.
    QString loadError() const { return m_loadError; }
    bool hasFunction(const QString &name) const;

    /*!
     * Calls the global function \a name with \a arguments. The future finishes with the
     * function's result, or fails with a ScriptError.
     */
    QFuture<QJsonValue> call(const QString &name, const QJsonArray &arguments);

    // Called by the script's glue code only.
    Q_INVOKABLE void fulfil(int callId, const QString &json);
    Q_INVOKABLE void reject(int callId, const QJSValue &error);
    Q_INVOKABLE void log(int level, const QString &message);

protected:
    void timerEvent(QTimerEvent *event) override;

private:
    struct PendingCall
    {
        QPromise<QJsonValue> promise;
        QString function;
        int timerId = 0;
    };

    //! The ScriptError for \a error, thrown by (or rejecting) function \a function.
    ScriptError failure(const QString &function, const QString &verb, const QJSValue &error) const;
    void finish(int callId, const QJsonValue &value);
    void fail(int callId, const ScriptError &error);
    //! The value in \a json, the text of JSON.stringify([value]).
    static QJsonValue parseResult(const QString &json);

    QString m_fileName;
    const std::shared_ptr<ScriptWatchdog> m_watchdog;
    QJSEngine m_engine;
    std::shared_ptr<ScriptHeartbeat> m_heartbeat;
    QJSValue m_invoke;     //!< glue: (fn, args) -> {json} | {promise} | {error}
    QJSValue m_await;      //!< glue: (callId, promise) -> fulfil/reject later
    QString m_loadError;
    int m_heartbeatTimer = 0;
    int m_nextCallId = 0;
    std::map<int, PendingCall> m_pending;
};

} // namespace Gatehouse
