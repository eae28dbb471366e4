#include "scriptcallbacks.h"

#include "logging.h"
#include "scriptengine.h"
#include "scripterror.h"
#include "scriptwatchdog.h"

#include <QFile>
#include <QFileInfo>
#include <QPromise>
#include <QThread>

#include <mutex>
#include <unordered_map>

namespace Gatehouse {

/*!
 * The engines of one script, one per thread that called with an event loop running. An engine
 * is deleted in its own thread: when that thread finishes, or (deleteLater()) once the script
 * is no longer used, which may be long before the serving threads end (a configuration reload).
 */
class ScriptEngines
{
public:
    //! The calling thread's engine, or null.
    ScriptEngine *find(QThread *thread)
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_byThread.find(thread);
        return it == m_byThread.end() ? nullptr : it->second;
    }

    //! Keeps \a engine as \a thread's, until the thread finishes or releaseAll().
    static void add(const std::shared_ptr<ScriptEngines> &self, QThread *thread, ScriptEngine *engine)
    {
        {
            const std::lock_guard lock(self->m_mutex);
            self->m_byThread[thread] = engine;
        }
        // Runs in the finishing thread; disconnected if the engine is deleted first.
        QObject::connect(thread, &QThread::finished, engine, [self, thread, engine] {
            if (self->take(thread, engine))
                delete engine;
        }, Qt::DirectConnection);
    }

    //! Hands every engine to its thread's event loop for deletion.
    void releaseAll()
    {
        std::unordered_map<QThread *, ScriptEngine *> engines;
        {
            const std::lock_guard lock(m_mutex);
            engines.swap(m_byThread);
        }
        for (const auto &entry : engines)
            entry.second->deleteLater();
    }

private:
    bool take(QThread *thread, ScriptEngine *engine)
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_byThread.find(thread);
        if (it == m_byThread.end() || it->second != engine)
            return false;
        m_byThread.erase(it);
        return true;
    }

    std::mutex m_mutex;
    std::unordered_map<QThread *, ScriptEngine *> m_byThread;
};

//! What the copies of one ScriptCallbacks share: the source, the watchdog, the engines.
class ScriptRuntime
{
public:
    ScriptRuntime(const QString &path, std::chrono::milliseconds timeout)
        : path(path), watchdog(std::make_shared<ScriptWatchdog>(timeout)), engines(std::make_shared<ScriptEngines>())
    {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            source = QString::fromUtf8(file.readAll());
        else
            readError = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
    }

    ~ScriptRuntime()
    {
        // Possibly inside a call on one of the engines (the last copy may go with a request that
        // a script call finished): each engine is deleted by its own thread's event loop, or as
        // that thread finishes. Each keeps the watchdog alive until then.
        engines->releaseAll();
        if (!scriptThread)
            return;
        scriptThread->quit();
        if (QThread::currentThread() == scriptThread.get()) {
            // The last copy went away inside a call on the script thread itself, which cannot
            // wait for itself: leave the thread object to the process's exit.
            qCDebug(lcScript, "script thread released while running on it");
            scriptContext.release();
            scriptThread.release();
            return;
        }
        scriptThread->wait();
        scriptContext.reset();
    }

    //! The calling thread's engine, created and loaded on first use.
    ScriptEngine *localEngine()
    {
        QThread *thread = QThread::currentThread();
        if (ScriptEngine *engine = engines->find(thread))
            return engine;
        auto *engine = new ScriptEngine(source, path, watchdog);
        ScriptEngines::add(engines, thread, engine);
        return engine;
    }

    //! Runs \a function with \a arguments on the script thread, started on first use.
    QFuture<QJsonValue> callOnScriptThread(const QString &function, const QJsonArray &arguments)
    {
        {
            const std::lock_guard lock(scriptThreadMutex);
            if (!scriptThread) {
                scriptThread = std::make_unique<QThread>();
                scriptThread->setObjectName(QStringLiteral("gatehouse-script"));
                scriptContext = std::make_unique<QObject>();
                scriptContext->moveToThread(scriptThread.get());
                scriptThread->start();
            }
        }
        auto promise = std::make_shared<QPromise<QJsonValue>>();
        QFuture<QJsonValue> future = promise->future();
        promise->start();
        QMetaObject::invokeMethod(scriptContext.get(), [this, promise, function, arguments] {
            localEngine()
                ->call(function, arguments)
                .then([promise](const QJsonValue &value) {
                    promise->addResult(value);
                    promise->finish();
                })
                .onFailed([promise](const ScriptError &error) {
                    promise->setException(error);
                    promise->finish();
                });
        }, Qt::QueuedConnection);
        return future;
    }

    const QString path;
    QString source;
    QString readError;
    const std::shared_ptr<ScriptWatchdog> watchdog;
    const std::shared_ptr<ScriptEngines> engines;

    std::mutex scriptThreadMutex;
    std::unique_ptr<QThread> scriptThread;     //!< for callers without an event loop
    std::unique_ptr<QObject> scriptContext;    //!< lives in scriptThread
};

ScriptCallbacks::ScriptCallbacks(const QString &path, std::chrono::milliseconds timeout)
    : d(std::make_shared<ScriptRuntime>(path, timeout))
{
}

QList<ConfigProblem> ScriptCallbacks::check(const QList<FunctionUse> &uses) const
{
    const QString key = QStringLiteral("callbacksScript");
    if (!d->readError.isEmpty())
        return {{key, d->readError, ConfigProblem::Severity::Error}};
    // An engine of its own, so that the calling thread keeps no engine it may never use again.
    const ScriptEngine engine(d->source, d->path, d->watchdog);
    if (!engine.loadError().isEmpty())
        return {{key, engine.loadError(), ConfigProblem::Severity::Error}};
    QList<ConfigProblem> problems;
    const QString fileName = QFileInfo(d->path).fileName();
    for (const FunctionUse &use : uses) {
        if (!engine.hasFunction(use.function))
            problems.append({use.path, QStringLiteral("function '%1' not found in %2").arg(use.function, fileName),
                             ConfigProblem::Severity::Error});
    }
    return problems;
}

QFuture<QJsonValue> ScriptCallbacks::call(const QString &function, const QJsonArray &arguments) const
{
    if (!d->readError.isEmpty())
        return QtFuture::makeExceptionalFuture<QJsonValue>(ScriptError(d->readError));
    // Promises settle, and the watchdog's heartbeat beats, from the engine thread's event loop.
    if (QThread::currentThread()->loopLevel() > 0)
        return d->localEngine()->call(function, arguments);
    return d->callOnScriptThread(function, arguments);
}

} // namespace Gatehouse
