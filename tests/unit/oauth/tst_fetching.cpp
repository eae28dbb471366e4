// Outbound HTTP (HttpClient) against a scripted loopback server: limits on time and size,
// no redirects followed, a manager per thread; how long responses may be cached; and the
// document cache that shares one fetch between concurrent callers.
#include "oauth/cachecontrol.h"
#include "oauth/documentcache.h"
#include "oauth/httpclient.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace Gatehouse::OAuth;

namespace {

//! Answers each request by its path (see answer()); keeps /never requests open.
class ScriptedServer : public QObject
{
public:
    ScriptedServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        });
    }
    QUrl url(const QString &path) const { return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path)); }

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        qsizetype length = 0;
        QByteArray contentType;
        for (const QByteArray &line : lines) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
            if (line.toLower().startsWith("content-type:"))
                contentType = line.mid(13).trimmed();
        }
        if (buffer.size() < end + 4 + length)
            return;
        const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
        answer(socket, requestLine.value(0), requestLine.value(1), contentType, buffer.mid(end + 4, length));
        m_buffers.remove(socket);
    }

    static void respond(QTcpSocket *socket, const QByteArray &status, const QByteArray &headers, const QByteArray &body)
    {
        socket->write("HTTP/1.1 " + status + "\r\n" + headers + "Content-Length: " + QByteArray::number(body.size())
                      + "\r\nConnection: close\r\n\r\n" + body);
        socket->disconnectFromHost();
    }

    void answer(QTcpSocket *socket, const QByteArray &method, const QByteArray &path, const QByteArray &type, const QByteArray &body)
    {
        if (path == "/json") {
            respond(socket, "200 OK", "Content-Type: application/json; charset=utf-8\r\nCache-Control: max-age=120\r\n", R"({"ok":true})");
        } else if (path == "/echo") {
            respond(socket, "200 OK", "X-Method: " + method + "\r\nX-Type: " + type + "\r\n", body);
        } else if (path == "/big") {
            respond(socket, "200 OK", {}, QByteArray(2000, 'x'));
        } else if (path == "/chunked-big") {
            socket->write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
            for (int i = 0; i < 4; ++i)
                socket->write("1f4\r\n" + QByteArray(500, 'y') + "\r\n");
            socket->write("0\r\n\r\n");
            socket->disconnectFromHost();
        } else if (path == "/redirect") {
            respond(socket, "302 Found", "Location: /json\r\n", {});
        } else if (path == "/error") {
            respond(socket, "500 Internal Server Error", "Content-Type: application/json\r\n", R"({"error":"server_error"})");
        }
        // "/never": no answer at all.
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

template<typename T>
T await(QFuture<T> future)
{
    if (!future.isFinished()) {
        QEventLoop loop;
        QFutureWatcher<T> watcher;
        QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(5000, &loop, &QEventLoop::quit);
        watcher.setFuture(future);
        if (!future.isFinished())
            loop.exec();
    }
    return future.result();
}

HttpRequest get(const QUrl &url, int timeoutMs = 5000, qint64 limit = 1000)
{
    HttpRequest r;
    r.url = url;
    r.timeoutMs = timeoutMs;
    r.maxResponseBytes = limit;
    return r;
}

HttpResponse withHeaders(const HeaderList &headers)
{
    HttpResponse r;
    r.status = 200;
    r.headers = headers;
    r.received = QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
    return r;
}

} // namespace

class TestFetching : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void responses()
    {
        ScriptedServer server;
        const HttpClient client;
        const HttpResponse json = await(client.send(get(server.url("/json"))));
        QVERIFY2(json.ok(), qPrintable(json.error));
        QCOMPARE(json.status, 200);
        QCOMPARE(json.body, QByteArray(R"({"ok":true})"));
        QCOMPARE(json.mediaType(), QByteArray("application/json"));
        QCOMPARE(json.header("cache-control"), QByteArray("max-age=120"));

        HttpRequest post = get(server.url("/echo"));
        post.method = "POST";
        post.body = "grant_type=authorization_code&code=abc";
        post.headers.append({QByteArray("Content-Type"), QByteArray("application/x-www-form-urlencoded")});
        const HttpResponse echo = await(client.send(post));
        QCOMPARE(echo.header("x-method"), QByteArray("POST"));
        QCOMPARE(echo.header("x-type"), QByteArray("application/x-www-form-urlencoded"));
        QCOMPARE(echo.body, post.body);

        const HttpResponse redirect = await(client.send(get(server.url("/redirect"))));
        QVERIFY(redirect.ok());
        QCOMPARE(redirect.status, 302);   // not followed
        QCOMPARE(redirect.header("location"), QByteArray("/json"));

        const HttpResponse failed = await(client.send(get(server.url("/error"))));
        QVERIFY(failed.ok());             // an HTTP answer, whatever its status
        QCOMPARE(failed.status, 500);
        QCOMPARE(failed.body, QByteArray(R"({"error":"server_error"})"));
    }

    void limits_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("error");
        QTest::newRow("declared too large") << "/big" << "response larger than 1000 bytes";
        QTest::newRow("chunked too large") << "/chunked-big" << "response larger than 1000 bytes";
        QTest::newRow("no answer") << "/never" << "timed out after 300 ms";
    }

    void limits()
    {
        QFETCH(QString, path);
        QFETCH(QString, error);
        ScriptedServer server;
        const HttpClient client;
        const HttpResponse r = await(client.send(get(server.url(path), 300)));
        QCOMPARE(r.error, error);
        QCOMPARE(r.status, 0);
        QVERIFY(r.body.isEmpty());
    }

    void connectionRefused()
    {
        QTcpServer closed;
        closed.listen(QHostAddress::LocalHost);
        const quint16 port = closed.serverPort();
        closed.close();
        const HttpClient client;
        const HttpResponse r = await(client.send(get(QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(port)))));
        QVERIFY(!r.ok());
        QCOMPARE(r.status, 0);
    }

    void eachThreadSendsOnItsOwn()
    {
        ScriptedServer server;
        auto client = std::make_unique<HttpClient>();
        QThread worker;
        worker.start();
        QObject context;
        context.moveToThread(&worker);
        QThread *finishedIn = nullptr;
        QByteArray body;
        QMetaObject::invokeMethod(&context, [&] {
            client->send(get(server.url("/json"))).then(QtFuture::Launch::Sync, [&](const HttpResponse &r) {
                finishedIn = QThread::currentThread();
                body = r.body;
            });
        });
        QTRY_VERIFY_WITH_TIMEOUT(finishedIn, 5000);
        QCOMPARE(finishedIn, &worker);
        QCOMPARE(body, QByteArray(R"({"ok":true})"));
        QVERIFY(await(client->send(get(server.url("/json")))).ok());  // and this thread has its own
        worker.quit();
        QVERIFY(worker.wait(5000));
        client.reset();  // the worker's manager went with its thread; nothing left to delete twice
    }

    void freshness_data()
    {
        QTest::addColumn<HeaderList>("headers");
        QTest::addColumn<qint64>("seconds");
        QTest::newRow("nothing said") << HeaderList{} << qint64(600);
        QTest::newRow("max-age") << HeaderList{{"Cache-Control", "public, max-age=3600"}} << qint64(3600);
        QTest::newRow("max-age minus age") << HeaderList{{"Cache-Control", "max-age=3600"}, {"Age", "600"}} << qint64(3000);
        QTest::newRow("s-maxage wins") << HeaderList{{"Cache-Control", "max-age=10, s-maxage=20"}} << qint64(20);
        QTest::newRow("no-store") << HeaderList{{"Cache-Control", "max-age=3600, no-store"}} << qint64(0);
        QTest::newRow("no-cache") << HeaderList{{"Cache-Control", "no-cache"}} << qint64(0);
        QTest::newRow("too long") << HeaderList{{"Cache-Control", "max-age=9999999"}} << qint64(86400);
        QTest::newRow("Expires minus Date") << HeaderList{{"Date", "Thu, 01 Jan 2026 12:00:00 GMT"}, {"Expires", "Thu, 01 Jan 2026 13:00:00 GMT"}} << qint64(3600);
        QTest::newRow("invalid Expires") << HeaderList{{"Expires", "0"}} << qint64(0);
        // Found by tests/fuzz (tokenresponse): the lowest max-age minus an Age overflowed.
        QTest::newRow("negative max-age") << HeaderList{{"Cache-Control", "max-age=-9223372036854775808"}, {"Age", "5"}} << qint64(0);
        QTest::newRow("negative s-maxage") << HeaderList{{"Cache-Control", "max-age=60, s-maxage=-1"}} << qint64(0);
        QTest::newRow("Expires in the past") << HeaderList{{"Date", "Thu, 01 Jan 2026 12:00:00 GMT"}, {"Expires", "Thu, 01 Jan 2026 11:00:00 GMT"}} << qint64(0);
    }

    void freshness()
    {
        QFETCH(HeaderList, headers);
        QFETCH(qint64, seconds);
        const HttpResponse r = withHeaders(headers);
        QCOMPARE(r.received.secsTo(freshUntil(r)), seconds);
    }

    void documentCacheSharesFetches()
    {
        DocumentCache<QString> cache;
        using Fetched = DocumentCache<QString>::Fetched;
        int fetches = 0;
        QPromise<Fetched> pending;
        const auto fetch = [&] {
            ++fetches;
            pending.start();
            return pending.future();
        };
        QFuture<std::shared_ptr<const QString>> a = cache.get("k", false, fetch);
        QFuture<std::shared_ptr<const QString>> b = cache.get("k", false, fetch);
        QFuture<std::shared_ptr<const QString>> c = cache.get("k", true, fetch);
        QCOMPARE(fetches, 1);
        QStringList seen;
        a.then(QtFuture::Launch::Sync, [&](const std::shared_ptr<const QString> &v) { seen << "a:" + *v; });
        b.then(QtFuture::Launch::Sync, [&](const std::shared_ptr<const QString> &v) { seen << "b:" + *v; });
        c.then(QtFuture::Launch::Sync, [&](const std::shared_ptr<const QString> &v) { seen << "c:" + *v; });
        pending.addResult(Fetched{std::make_shared<const QString>("doc"), QDateTime::currentDateTimeUtc().addSecs(60)});
        pending.finish();
        QCOMPARE(seen, QStringList({"a:doc", "b:doc", "c:doc"}));
        // Fresh: served from the cache; a forced refresh fetches (once within the cool-down).
        QCOMPARE(*cache.get("k", false, fetch).result(), QString("doc"));
        QCOMPARE(fetches, 1);
        const auto refetch = [&] {
            ++fetches;
            return QtFuture::makeReadyFuture(Fetched{std::make_shared<const QString>("new"), QDateTime::currentDateTimeUtc().addSecs(60)});
        };
        QCOMPARE(*cache.get("k", true, refetch).result(), QString("new"));
        QCOMPARE(*cache.get("k", true, refetch).result(), QString("new"));
        QCOMPARE(fetches, 2);
    }

    void documentCacheForgetsFailures()
    {
        DocumentCache<QString> cache;
        using Fetched = DocumentCache<QString>::Fetched;
        const auto failing = [] {
            QPromise<Fetched> p;
            p.start();
            p.setException(std::make_exception_ptr(std::runtime_error("unreachable")));
            p.finish();
            return p.future();
        };
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, cache.get("k", false, failing).result());
        const auto working = [] {
            return QtFuture::makeReadyFuture(Fetched{std::make_shared<const QString>("doc"), QDateTime::currentDateTimeUtc()});
        };
        QCOMPARE(*cache.get("k", false, working).result(), QString("doc"));
        // Expired at once (no-store): fetched again next time.
        int fetches = 0;
        const auto counting = [&] {
            ++fetches;
            return QtFuture::makeReadyFuture(Fetched{std::make_shared<const QString>("again"), QDateTime::currentDateTimeUtc()});
        };
        QCOMPARE(*cache.get("k", false, counting).result(), QString("again"));
        QCOMPARE(fetches, 1);
    }
};

QTEST_GUILESS_MAIN(TestFetching)
#include "tst_fetching.moc"
