// What a JWT session read costs the engine, without sockets: Auth::handle() for GET
// /auth/session with a valid JWT session cookie of a stored user, on one thread whose futures
// come home through its event loop as they do in the bundled server's serving threads
// (core/deliveryhome.h). With "sqlite" the engine has a SqlAdapter on a SQLite file (which, on a
// branch with the JWT "not before" check, is read once per request); with "none" no adapter.
// With "authz" as third argument it asks GET /auth/authz/auth-request instead (the forward-auth
// check behind nginx's auth_request, default policy "signed-in"), with the same cookie.
// For instructions.sh (callgrind), beside it; the figures are in README.md.
//   ninja bench_sessionread && ./tests/bench/session/bench_sessionread sqlite|none [requests] [session|authz]
#include "core/deliveryhome.h"

#include <gatehouse/auth.h>
#include <gatehouse/jwt.h>
#include <gatehouse/sqladapter.h>

#include <QCoreApplication>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

using namespace Gatehouse;

namespace {

const QString kSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");

AuthResponse answer(Auth &auth, const AuthRequest &request)
{
    QFuture<AuthResponse> f = auth.handle(request);
    // A future that waits for the store finishes in a posted event of this thread: run the loop.
    while (!f.isFinished())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return f.result();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QByteArray mode = argc > 1 ? QByteArray(argv[1]) : QByteArray("sqlite");
    const int count = argc > 2 ? std::max(1, atoi(argv[2])) : 10000;
    const QByteArray endpoint = argc > 3 ? QByteArray(argv[3]) : QByteArray("session");
    if ((mode != "sqlite" && mode != "none") || (endpoint != "session" && endpoint != "authz")) {
        std::fprintf(stderr, "usage: bench_sessionread sqlite|none [requests] [session|authz]\n");
        return 2;
    }
    Config config;
    config.secret = {kSecret};
    config.trustHost = true;
    config.session.strategy = SessionOptions::Strategy::Jwt;
    config.access.defaultPolicy.kind = AccessPolicy::Kind::SignedIn;
    QString userId = QStringLiteral("1");
    QTemporaryDir dir;
    if (mode == "sqlite") {
        QString error;
        std::shared_ptr<SqlAdapter> adapter =
            SqlAdapter::fromUrl(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("bench.db")), &error);
        if (!adapter) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        adapter->migrate().waitForFinished();
        AdapterUser alice;
        alice.name = QStringLiteral("Alice");
        alice.email = QStringLiteral("alice@example.test");
        userId = adapter->createUser(alice).result().id;
        config.adapter = adapter;
    }
    Provider credentials;
    credentials.id = QStringLiteral("credentials");
    credentials.name = QStringLiteral("Credentials");
    credentials.type = QStringLiteral("credentials");
    credentials.authorize = [](const QJsonObject &, const AuthRequest &) {
        return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
    };
    config.providers = {credentials};
    Auth auth(config);
    QObject home;  // from here on, like a serving thread (set-up above finished on the storage thread)
    DeliveryHome::setCurrent(std::make_shared<DeliveryHome>(&home));

    const QString token = Jwt::encode({QJsonObject{{"name", "Alice"}, {"email", "alice@example.test"}, {"sub", userId}},
                                       QStringList{kSecret}, QStringLiteral("authjs.session-token")});
    // The cookies a browser holds besides the session's (the wrk bench sends them too): with
    // none, every read would make and set a new CSRF token and callback URL.
    AuthRequest csrf;
    csrf.url = QUrl(QStringLiteral("http://127.0.0.1:9330/auth/csrf"));
    csrf.headers = {{"host", "127.0.0.1:9330"}, {"user-agent", "bench"}, {"accept", "*/*"}};
    QByteArray cookies = "authjs.session-token=" + token.toLatin1();
    for (const SetCookie &c : answer(auth, csrf).cookies)
        cookies += "; " + c.name.toLatin1() + '=' + QUrl::toPercentEncoding(c.value, "-_.!~*'()");

    const bool authz = endpoint == "authz";
    AuthRequest session;
    session.url = QUrl(authz ? QStringLiteral("http://127.0.0.1:9330/auth/authz/auth-request")
                             : QStringLiteral("http://127.0.0.1:9330/auth/session"));
    session.headers = {{"host", "127.0.0.1:9330"},
                       {"user-agent", "bench"},
                       {"accept", "*/*"},
                       {"cookie", cookies}};
    if (authz)
        session.headers.append({QByteArrayLiteral("x-original-url"), QByteArrayLiteral("http://app.example.test/page")});
    for (int i = 0; i < count; ++i) {
        const AuthResponse r = answer(auth, session);
        const bool accepted = authz ? r.status == 200 && r.header("remote-email") == "alice@example.test"
                                    : r.status == 200 && r.body.contains("alice@example.test");
        if (!accepted || (!authz && r.cookies.size() != 1)) {  // only the session's cookie is re-issued
            std::fprintf(stderr, "the session cookie was not accepted: %d %s\n", r.status, r.body.constData());
            return 1;
        }
    }
    return 0;
}
