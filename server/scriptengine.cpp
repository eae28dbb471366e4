#include "scriptengine.h"

#include "logging.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimerEvent>

#include <algorithm>
#include <limits>

namespace Gatehouse {

namespace {

// Glue between C++ and the script, closed over the host object so that the script itself
// cannot reach it. Values cross the boundary as JSON text, which gives them exactly the shape
// JSON.stringify gives (dates as ISO strings, functions and undefined members dropped).
const char glueSource[] = R"JS(
(function (host) {
    function isThenable(value) {
        return value !== null && (typeof value === "object" || typeof value === "function")
            && typeof value.then === "function";
    }
    function invoke(fn, args) {
        try {
            var result = fn.apply(undefined, args);
            if (isThenable(result))
                return { promise: result };
            return { json: JSON.stringify([result]) };
        } catch (error) {
            return { error: error };
        }
    }
    function await_(callId, promise) {
        try {
            promise.then(function (value) {
                var json;
                try {
                    json = JSON.stringify([value]);
                } catch (error) {
                    host.reject(callId, error);
                    return;
                }
                host.fulfil(callId, json);
            }, function (error) {
                host.reject(callId, error);
            });
        } catch (error) {
            host.reject(callId, error);
        }
    }
    function text(value) {
        if (value instanceof Error || typeof value !== "object" || value === null)
            return String(value);
        try {
            return JSON.stringify(value);
        } catch (error) {
            return String(value);
        }
    }
    function printer(level) {
        return function () {
            host.log(level, Array.prototype.map.call(arguments, text).join(" "));
        };
    }
    return {
        invoke: invoke,
        await: await_,
        console: { debug: printer(0), log: printer(1), info: printer(1), warn: printer(2), error: printer(3) }
    };
})
)JS";

} // namespace

ScriptEngine::ScriptEngine(const QString &source, const QString &fileName, std::shared_ptr<ScriptWatchdog> watchdog)
    : m_fileName(QFileInfo(fileName).fileName())
    , m_watchdog(std::move(watchdog))
    , m_heartbeat(std::make_shared<ScriptHeartbeat>(&m_engine))
{
    m_watchdog->watch(m_heartbeat);
    QJSEngine::setObjectOwnership(this, QJSEngine::CppOwnership);
    const QJSValue glue = m_engine.evaluate(QString::fromUtf8(glueSource)).call({m_engine.newQObject(this)});
    m_invoke = glue.property(QStringLiteral("invoke"));
    m_await = glue.property(QStringLiteral("await"));
    m_engine.globalObject().setProperty(QStringLiteral("console"), glue.property(QStringLiteral("console")));

    m_heartbeat->beat();
    const QJSValue result = m_engine.evaluate(source, fileName);
    if (m_heartbeat->beat()) {
        m_loadError = QStringLiteral("%1: loading took more than %2 ms and was interrupted")
                          .arg(m_fileName)
                          .arg(m_watchdog->limit().count());
    } else if (result.isError()) {
        m_loadError = QStringLiteral("%1:%2: %3")
                          .arg(m_fileName)
                          .arg(result.property(QStringLiteral("lineNumber")).toInt())
                          .arg(result.toString());
    }
    m_heartbeatTimer = startTimer(m_watchdog->period());
}

ScriptEngine::~ScriptEngine()
{
    m_watchdog->unwatch(m_heartbeat);
    std::map<int, PendingCall> pending = std::move(m_pending);
    for (auto &[callId, call] : pending) {
        call.promise.setException(ScriptError(
            QStringLiteral("%1 was still running when its script engine shut down").arg(call.function)));
        call.promise.finish();
    }
}

bool ScriptEngine::hasFunction(const QString &name) const
{
    return m_loadError.isEmpty() && m_engine.globalObject().property(name).isCallable();
}

QFuture<QJsonValue> ScriptEngine::call(const QString &name, const QJsonArray &arguments)
{
    const auto failNow = [](const ScriptError &error) { return QtFuture::makeExceptionalFuture<QJsonValue>(error); };
    if (!m_loadError.isEmpty())
        return failNow(ScriptError(m_loadError));
    const QJSValue function = m_engine.globalObject().property(name);
    if (!function.isCallable())
        return failNow(ScriptError(QStringLiteral("function '%1' not found in %2").arg(name, m_fileName)));

    if (m_heartbeat->beat())
        qCWarning(lcScript, "%s: a Promise job was interrupted", qPrintable(m_fileName));
    const QJSValue outcome = m_invoke.call({function, m_engine.toScriptValue(arguments)});
    if (m_heartbeat->beat()) {
        return failNow(ScriptError(QStringLiteral("%1 ran for more than %2 ms and was interrupted")
                                       .arg(name)
                                       .arg(m_watchdog->limit().count())));
    }
    if (outcome.hasOwnProperty(QStringLiteral("error")))
        return failNow(failure(name, QStringLiteral("threw"), outcome.property(QStringLiteral("error"))));
    if (outcome.hasOwnProperty(QStringLiteral("json")))
        return QtFuture::makeReadyFuture(parseResult(outcome.property(QStringLiteral("json")).toString()));

    QPromise<QJsonValue> promise;
    QFuture<QJsonValue> future = promise.future();
    promise.start();

    m_nextCallId = m_nextCallId == std::numeric_limits<int>::max() ? 1 : m_nextCallId + 1;
    const int callId = m_nextCallId;
    PendingCall &pending = m_pending[callId];
    pending.promise = std::move(promise);
    pending.function = name;
    pending.timerId = startTimer(m_watchdog->limit());
    m_await.call({callId, outcome.property(QStringLiteral("promise"))});
    return future;
}

void ScriptEngine::fulfil(int callId, const QString &json)
{
    finish(callId, parseResult(json));
}

void ScriptEngine::reject(int callId, const QJSValue &error)
{
    const auto it = m_pending.find(callId);
    if (it != m_pending.end())
        fail(callId, failure(it->second.function, QStringLiteral("rejected"), error));
}

void ScriptEngine::log(int level, const QString &message)
{
    switch (level) {
    case 0: qCDebug(lcScript).noquote() << m_fileName << message; break;
    case 1: qCInfo(lcScript).noquote() << m_fileName << message; break;
    case 2: qCWarning(lcScript).noquote() << m_fileName << message; break;
    default: qCCritical(lcScript).noquote() << m_fileName << message; break;
    }
}

void ScriptEngine::timerEvent(QTimerEvent *event)
{
    if (event->timerId() == m_heartbeatTimer) {
        if (m_heartbeat->beat())
            qCWarning(lcScript, "%s: a Promise job was interrupted", qPrintable(m_fileName));
        return;
    }
    const auto it = std::find_if(m_pending.cbegin(), m_pending.cend(), [event](const auto &entry) {
        return entry.second.timerId == event->timerId();
    });
    if (it != m_pending.cend()) {
        fail(it->first, ScriptError(QStringLiteral("%1 did not settle within %2 ms")
                                        .arg(it->second.function)
                                        .arg(m_watchdog->limit().count())));
        return;
    }
    killTimer(event->timerId());
}

ScriptError ScriptEngine::failure(const QString &function, const QString &verb, const QJSValue &error) const
{
    QString text;
    if (error.isError() || !error.isObject()) {
        text = error.toString();
    } else if (error.property(QStringLiteral("message")).isString()) {
        text = error.property(QStringLiteral("message")).toString();
    } else {
        text = QString::fromUtf8(QJsonDocument(QJsonValue::fromVariant(error.toVariant()).toObject())
                                     .toJson(QJsonDocument::Compact));
    }
    const int line = error.property(QStringLiteral("lineNumber")).toInt();
    if (line > 0)
        text += QStringLiteral(" (%1:%2)").arg(m_fileName).arg(line);
    const QJSValue code = error.property(QStringLiteral("code"));
    return ScriptError(QStringLiteral("%1 %2: %3").arg(function, verb, text),
                       code.isString() ? code.toString() : QString());
}

void ScriptEngine::finish(int callId, const QJsonValue &value)
{
    const auto it = m_pending.find(callId);
    if (it == m_pending.end())
        return;
    PendingCall pending = std::move(it->second);
    m_pending.erase(it);
    killTimer(pending.timerId);
    pending.promise.addResult(value);
    pending.promise.finish();
}

void ScriptEngine::fail(int callId, const ScriptError &error)
{
    const auto it = m_pending.find(callId);
    if (it == m_pending.end())
        return;
    PendingCall pending = std::move(it->second);
    m_pending.erase(it);
    killTimer(pending.timerId);
    pending.promise.setException(error);
    pending.promise.finish();
}

QJsonValue ScriptEngine::parseResult(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).array().at(0);
}

} // namespace Gatehouse
