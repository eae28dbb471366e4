// What counting costs the engine, without sockets: Auth::handle() for GET /auth/session with a
// valid JWT session cookie, in a loop on one thread, with metrics off and on
// (Metrics::setEnabled), taking turns round by round in one process. Each round is timed in
// the thread's CPU time, which other load on the machine disturbs less than the wall clock.
// Prints microseconds per request per round, the best of each side, and the median of the
// rounds' on/off ratios. bench.sh (beside it) measures the same over HTTP with wrk.
//   ninja bench_metrics && ./tests/bench/metrics/bench_metrics [requests per round] [rounds]
// With "off N" or "on N" it only serves N requests so, for instructions.sh (callgrind).
#include <gatehouse/auth.h>
#include <gatehouse/jwt.h>
#include <gatehouse/metrics.h>

#include <QCoreApplication>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace Gatehouse;

namespace {

const QString kSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");

Config benchConfig()
{
    Config config;
    config.secret = {kSecret};
    config.trustHost = true;
    Provider credentials;
    credentials.id = QStringLiteral("credentials");
    credentials.name = QStringLiteral("Credentials");
    credentials.type = QStringLiteral("credentials");
    credentials.authorize = [](const QJsonObject &, const AuthRequest &) {
        return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
    };
    config.providers = {credentials};
    return config;
}

AuthRequest request(const QString &path, const QByteArray &cookie)
{
    AuthRequest r;
    r.url = QUrl(QStringLiteral("http://127.0.0.1:9330") + path);
    r.headers = {{"host", "127.0.0.1:9330"}, {"user-agent", "bench"}, {"accept", "*/*"}};
    if (!cookie.isEmpty())
        r.headers.append({"cookie", cookie});
    return r;
}

double threadSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

double microsecondsPerRequest(Auth &auth, const AuthRequest &r, int count)
{
    const double start = threadSeconds();
    for (int i = 0; i < count; ++i) {
        const QFuture<AuthResponse> f = auth.handle(r);
        if (!f.isFinished() || f.result().status != 200) {
            std::fprintf(stderr, "unexpected answer for %s\n", qPrintable(r.url.path()));
            std::exit(1);
        }
    }
    return (threadSeconds() - start) * 1e6 / count;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QByteArray only = argc > 1 ? QByteArray(argv[1]) : QByteArray();
    const bool single = only == "off" || only == "on";
    const int countAt = single ? 2 : 1;  // the argument that holds the number of requests
    const int count = argc > countAt ? std::max(1, atoi(argv[countAt])) : 20000;
    const int rounds = argc > 2 ? std::max(1, atoi(argv[2])) : 10;
    Auth auth(benchConfig());
    const QString token = Jwt::encode({QJsonObject{{"name", "Alice"}, {"email", "alice@example.test"}, {"sub", "1"}},
                                       QStringList{kSecret}, QStringLiteral("authjs.session-token")});
    const AuthRequest session = request(QStringLiteral("/auth/session"), "authjs.session-token=" + token.toLatin1());
    if (!auth.handle(session).result().body.contains("alice@example.test")) {
        std::fprintf(stderr, "the session cookie was not accepted\n");
        return 1;
    }
    if (single) {
        Metrics::setEnabled(only == "on");
        microsecondsPerRequest(auth, session, count);
        return 0;
    }
    microsecondsPerRequest(auth, session, count);  // warm-up
    std::printf("# Auth::handle() GET /auth/session, one thread, %d requests per turn, %d rounds, thread CPU time\n",
                count, rounds);
    std::printf("%-6s %10s %10s %8s\n", "round", "off_us", "on_us", "on/off");
    std::vector<double> ratios;
    double bestOff = 1e300, bestOn = 1e300;
    for (int round = 1; round <= rounds; ++round) {
        double off = 0, on = 0;
        // Alternating order, so that a trend of the machine's load favours neither side.
        for (const bool first : {round % 2 == 1, round % 2 == 0}) {
            Metrics::setEnabled(!first);
            (first ? off : on) = microsecondsPerRequest(auth, session, count);
        }
        bestOff = std::min(bestOff, off);
        bestOn = std::min(bestOn, on);
        ratios.push_back(on / off);
        std::printf("%-6d %10.3f %10.3f %8.3f\n", round, off, on, on / off);
    }
    std::printf("%-6s %10.3f %10.3f %8.3f  (best of each side)\n", "best", bestOff, bestOn, bestOn / bestOff);
    std::printf("%-6s %10s %10s %8.3f  (median of the rounds' ratios)\n", "median", "", "", median(ratios));
    // The counts are real: every "on" request is on the page.
    const QByteArray page = Metrics::exposition();
    const qsizetype at = page.indexOf("gatehouse_http_requests_total{action=\"session\",status=\"200\"} ");
    if (at < 0) {
        std::fprintf(stderr, "metrics on, but no session request was counted\n");
        return 1;
    }
    std::printf("# counted: %s\n", page.mid(at, page.indexOf('\n', at) - at).constData());
    return 0;
}
