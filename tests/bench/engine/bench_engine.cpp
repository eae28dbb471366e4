// The engine's own cost of a request, without sockets or HTTP parsing: Auth::handle() called in
// a loop on one thread, for GET /auth/session with a valid JWT session cookie (decrypt, the
// session JSON, a re-encrypted cookie), /auth/csrf and /auth/providers. Prints microseconds per
// request, the best of five rounds, so other load on the machine shows less.
//   ninja bench_engine && ./tests/bench/engine/bench_engine [requests per round]
#include <gatehouse/auth.h>
#include <gatehouse/jwt.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

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
    credentials.options.insert(QStringLiteral("credentials"),
                               QJsonObject{{QStringLiteral("username"), QJsonObject{{"label", "Username"}}},
                                           {QStringLiteral("password"), QJsonObject{{"label", "Password"}, {"type", "password"}}}});
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

double microsecondsPerRequest(Auth &auth, const AuthRequest &r, int count, int expectedStatus)
{
    double best = 1e300;
    for (int round = 0; round < 5; ++round) {
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < count; ++i) {
            const QFuture<AuthResponse> f = auth.handle(r);
            if (!f.isFinished() || f.result().status != expectedStatus) {
                std::fprintf(stderr, "unexpected answer for %s\n", qPrintable(r.url.path()));
                std::exit(1);
            }
        }
        best = std::min(best, double(timer.nsecsElapsed()) / 1000.0 / count);
    }
    return best;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int count = argc > 1 ? std::max(1, atoi(argv[1])) : 20000;
    Auth auth(benchConfig());

    // A signed-in browser's cookies: a session token, a CSRF token and the callback URL.
    const QString token = Jwt::encode({QJsonObject{{"name", "Alice"}, {"email", "alice@example.test"}, {"sub", "1"}},
                                       QStringList{kSecret}, QStringLiteral("authjs.session-token")});
    const AuthResponse csrf = auth.handle(request(QStringLiteral("/auth/csrf"), {})).result();
    QByteArray cookie = "authjs.session-token=" + token.toLatin1();
    for (const SetCookie &c : csrf.cookies)
        cookie += "; " + c.toHeaderValue().split(';').first();

    const AuthResponse check = auth.handle(request(QStringLiteral("/auth/session"), cookie)).result();
    if (!check.body.contains("alice@example.test")) {
        std::fprintf(stderr, "the session cookie was not accepted: %s\n", check.body.constData());
        return 1;
    }
    std::printf("# Auth::handle() on one thread, %d requests per round, best of 5 rounds\n", count);
    std::printf("%-22s %10s %10s\n", "endpoint", "us/req", "req/s");
    for (const char *path : {"/auth/session", "/auth/csrf", "/auth/providers"}) {
        const double us = microsecondsPerRequest(auth, request(QString::fromLatin1(path), cookie), count, 200);
        std::printf("%-22s %10.2f %10.0f\n", path, us, 1e6 / us);
    }
    return 0;
}
