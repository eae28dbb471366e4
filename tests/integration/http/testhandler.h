#pragma once
// A RequestHandler for the tests, chosen by path:
//   .../cookies   two Set-Cookie headers         .../later    finishes 50 ms later, same thread
//   .../thread    finishes on a pool thread      .../slow     finishes 300 ms later on a pool thread
//   .../throw     the handler throws             .../broken   the future holds an exception
//   .../bare/N    status N with no body (what a proxy's forward-auth check gets)
//   anything else 200 with body "hello" and the handling thread recorded
#include <gatehouse/requesthandler.h>

#include <QHash>
#include <QMutex>
#include <QPromise>
#include <QThread>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <stdexcept>

class TestHandler
{
public:
    Gatehouse::RequestHandler handler()
    {
        return [this](const Gatehouse::AuthRequest &request) { return handle(request); };
    }

    QList<Gatehouse::AuthRequest> requests() const
    {
        QMutexLocker lock(&m_mutex);
        return m_requests;
    }
    int requestCount() const { return int(requests().size()); }
    int threadCount() const
    {
        QMutexLocker lock(&m_mutex);
        return int(m_threads.size());
    }
    //! How many requests each thread handled, fewest first.
    QList<int> requestsPerThread() const
    {
        QMutexLocker lock(&m_mutex);
        QList<int> counts = m_threads.values();
        std::sort(counts.begin(), counts.end());
        return counts;
    }

    static Gatehouse::AuthResponse hello()
    {
        Gatehouse::AuthResponse response;
        response.headers = {{"Content-Type", "text/plain"}};
        response.body = "hello";
        return response;
    }

private:
    QFuture<Gatehouse::AuthResponse> handle(const Gatehouse::AuthRequest &request)
    {
        {
            QMutexLocker lock(&m_mutex);
            m_requests.append(request);
            ++m_threads[QThread::currentThread()];
        }
        const QString path = request.url.path();
        if (path.endsWith(QLatin1String("/cookies"))) {
            Gatehouse::AuthResponse response = hello();
            response.status = 302;
            response.headers += {{"Location", "http://127.0.0.1/next"}};
            Gatehouse::SetCookie first;
            first.name = QStringLiteral("authjs.csrf-token");
            first.value = QStringLiteral("abc|def");
            Gatehouse::SetCookie second;
            second.name = QStringLiteral("authjs.callback-url");
            second.value = QStringLiteral("http://127.0.0.1/");
            response.cookies = {first, second};
            return QtFuture::makeReadyFuture(response);
        }
        if (path.endsWith(QLatin1String("/later")))
            return finishLater(50, false);
        if (path.endsWith(QLatin1String("/thread")))
            return finishLater(50, true);
        if (path.endsWith(QLatin1String("/slow")))
            return finishLater(300, true);
        if (const qsizetype bare = path.lastIndexOf(QLatin1String("/bare/")); bare >= 0) {
            Gatehouse::AuthResponse response;
            response.status = path.mid(bare + 6).toInt();
            return QtFuture::makeReadyFuture(response);
        }
        if (path.endsWith(QLatin1String("/throw")))
            throw std::runtime_error("handler failure for the test");
        if (path.endsWith(QLatin1String("/broken"))) {
            QPromise<Gatehouse::AuthResponse> promise;
            promise.start();
            promise.setException(std::make_exception_ptr(std::runtime_error("future failure")));
            promise.finish();
            return promise.future();
        }
        return QtFuture::makeReadyFuture(hello());
    }

    static QFuture<Gatehouse::AuthResponse> finishLater(int ms, bool otherThread)
    {
        auto promise = std::make_shared<QPromise<Gatehouse::AuthResponse>>();
        promise->start();
        const auto finish = [promise] {
            Gatehouse::AuthResponse response = hello();
            response.body = "later";
            promise->addResult(response);
            promise->finish();
        };
        if (otherThread) {
            QThreadPool::globalInstance()->start([finish, ms] {
                QThread::msleep(ulong(ms));
                finish();
            });
        } else {
            QTimer::singleShot(ms, finish);
        }
        return promise->future();
    }

    mutable QMutex m_mutex;
    QList<Gatehouse::AuthRequest> m_requests;
    QHash<QThread *, int> m_threads;
};
