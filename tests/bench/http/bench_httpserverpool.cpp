// Serves a fixed session JSON on /auth/session through HttpServerPool, for wrk:
//
//   bench_httpserverpool --threads 2 --seconds 20 &
//   wrk -t1 -c50 -d5s --latency http://127.0.0.1:PORT/auth/session
//
// With --requests N it quits after answering N requests (compare.sh, instructions.sh).
//
// Prints the port once listening and, at exit, the peak resident set size (VmHWM).
// Per-request logging is off unless --log is given. Like a production server should, it runs
// Qt's poll-based event dispatcher (QT_NO_GLIB=1): with the GLib one, threads serve about a
// third fewer requests. Run with QT_NO_GLIB set but empty to compare.
#include <gatehouse/httpserverpool.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QLoggingCategory>
#include <QTimer>

#include <atomic>
#include <cstdio>

using namespace Gatehouse;

namespace {

AuthResponse sessionResponse()
{
    AuthResponse response;
    response.headers = {{"Content-Type", "application/json"}, {"Cache-Control", "private, no-cache, no-store"}};
    response.body = R"({"user":{"name":"Alice","email":"alice@example.test"},)"
                    R"("expires":"2030-01-01T00:00:00.000Z"})";
    SetCookie cookie;
    cookie.name = QStringLiteral("authjs.session-token");
    cookie.value = QStringLiteral("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..benchmark");
    cookie.options.maxAge = 2592000;
    response.cookies = {cookie};
    return response;
}

QByteArray peakResidentSize()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return "unknown";
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed();
    }
    return "unknown";
}

} // namespace

int main(int argc, char **argv)
{
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption threads(QStringLiteral("threads"), QStringLiteral("Serving threads."),
                                     QStringLiteral("n"), QStringLiteral("0"));
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("Port (0: any)."),
                                  QStringLiteral("port"), QStringLiteral("0"));
    const QCommandLineOption seconds(QStringLiteral("seconds"), QStringLiteral("Run time."),
                                     QStringLiteral("s"), QStringLiteral("20"));
    const QCommandLineOption log(QStringLiteral("log"), QStringLiteral("Log every request."));
    const QCommandLineOption requests(QStringLiteral("requests"),
                                      QStringLiteral("Quit after answering this many requests (0: never)."),
                                      QStringLiteral("n"), QStringLiteral("0"));
    parser.addOptions({threads, port, seconds, log, requests});
    parser.process(app);

    if (!parser.isSet(log))
        QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=false"));

    const AuthResponse response = sessionResponse();
    const qint64 quitAfter = parser.value(requests).toLongLong();
    std::atomic<qint64> answered{0};
    HttpServerPool pool([&, response](const AuthRequest &) {
        if (++answered == quitAfter)
            QMetaObject::invokeMethod(&app, &QCoreApplication::quit, Qt::QueuedConnection);
        return QtFuture::makeReadyFuture(response);
    });
    pool.setThreadCount(parser.value(threads).toInt());
    const quint16 listening = pool.listen(QHostAddress::LocalHost, quint16(parser.value(port).toUInt()));
    if (!listening) {
        std::fprintf(stderr, "%s\n", qPrintable(pool.errorString()));
        return 1;
    }
    std::printf("listening on %u\n", listening);
    std::fflush(stdout);
    QTimer::singleShot(parser.value(seconds).toInt() * 1000, &app, &QCoreApplication::quit);
    const int result = app.exec();
    pool.stop();
    std::printf("VmHWM %s\n", peakResidentSize().constData());
    return result;
}
