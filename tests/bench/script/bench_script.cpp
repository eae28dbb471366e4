// Times gatehouse-server's JavaScript callbacks as a sign-in and a session read call them: an
// authorize function, a jwt callback that adds claims, a session callback that copies them, and a
// signIn callback with a small allow-list; each through ScriptCallbacks::call() on this thread's
// engine, as a serving thread does. Prints microseconds per call (median of ROUNDS rounds).
//   bench_script [calls per round, default 20000] [rounds, default 5]
// Run it with and without QV4_FORCE_INTERPRETER=1 (bench.sh does both, alternating).
#include "scriptcallbacks.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <vector>

using namespace Gatehouse;

namespace {

const char script[] = R"JS(
function authorize(credentials, request) {
  if (credentials.email === "alice@example.test" && credentials.password.length >= 8)
    return { id: "1", name: "Alice", email: credentials.email };
  return null;
}
function jwt(params) {
  const token = params.token;
  if (params.user) {
    token.roles = ["reader", "writer"];
    token.tenant = params.user.email.split("@")[1];
  }
  token.seen = (token.seen || 0) + 1;
  return token;
}
function session(params) {
  const s = params.session;
  s.user.roles = params.token.roles;
  s.user.tenant = params.token.tenant;
  return s;
}
const allowed = new Set(["example.test", "example.org"]);
// Not a typical callback: a loop where a JIT shows what it is worth (a claim computed from 2,000
// array elements).
function heavy(params) {
  let sum = 0;
  for (let i = 0; i < 2000; ++i)
    sum = (sum * 31 + params.values[i % params.values.length]) % 1000003;
  return sum;
}
function signIn(params) {
  return allowed.has(params.user.email.split("@")[1]);
}
)JS";

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int calls = argc > 1 ? QString::fromLatin1(argv[1]).toInt() : 20000;
    const int rounds = argc > 2 ? QString::fromLatin1(argv[2]).toInt() : 5;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("callbacks.js"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(script) < 0)
        return 1;
    file.close();
    const ScriptCallbacks callbacks(path, std::chrono::seconds(2));

    const QJsonObject user{{QStringLiteral("id"), QStringLiteral("1")}, {QStringLiteral("email"), QStringLiteral("alice@example.test")}};
    const QJsonObject credentials{{QStringLiteral("email"), QStringLiteral("alice@example.test")},
                                  {QStringLiteral("password"), QStringLiteral("a-password")}};
    const QJsonObject token{{QStringLiteral("sub"), QStringLiteral("1")}, {QStringLiteral("email"), QStringLiteral("alice@example.test")}};
    const QJsonObject session{{QStringLiteral("user"), user}, {QStringLiteral("expires"), QStringLiteral("2030-01-01T00:00:00Z")}};
    struct Call { QString function; QJsonArray arguments; };
    const Call sequence[] = {
        {QStringLiteral("authorize"), {credentials, QJsonObject()}},
        {QStringLiteral("signIn"), {QJsonObject{{QStringLiteral("user"), user}}}},
        {QStringLiteral("jwt"), {QJsonObject{{QStringLiteral("token"), token}, {QStringLiteral("user"), user}}}},
        {QStringLiteral("session"), {QJsonObject{{QStringLiteral("session"), session}, {QStringLiteral("token"), token}}}},
    };
    // From a running event loop, as a serving thread calls: on this thread's own engine.
    std::vector<double> perCall;
    QTimer::singleShot(0, &app, [&] {
    // The first calls load the script into this thread's engine (and let a JIT compile).
    for (int i = 0; i < 200; ++i) {
        for (const Call &call : sequence)
            callbacks.call(call.function, call.arguments).waitForFinished();
    }
    for (int round = 0; round < rounds; ++round) {
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < calls / 4; ++i) {
            for (const Call &call : sequence)
                callbacks.call(call.function, call.arguments).waitForFinished();
        }
        perCall.push_back(double(timer.nsecsElapsed()) / 1000.0 / double(calls / 4 * 4));
    }
    QCoreApplication::quit();
    });
    QCoreApplication::exec();
    // The loop, timed apart from the typical callbacks.
    std::vector<double> heavyCall;
    const QJsonArray heavyArguments{QJsonObject{{QStringLiteral("values"), QJsonArray{3, 1, 4, 1, 5, 9, 2, 6}}}};
    QTimer::singleShot(0, &app, [&] {
        for (int i = 0; i < 200; ++i)
            callbacks.call(QStringLiteral("heavy"), heavyArguments).waitForFinished();
        for (int round = 0; round < rounds; ++round) {
            QElapsedTimer timer;
            timer.start();
            for (int i = 0; i < calls / 10; ++i)
                callbacks.call(QStringLiteral("heavy"), heavyArguments).waitForFinished();
            heavyCall.push_back(double(timer.nsecsElapsed()) / 1000.0 / double(calls / 10));
        }
        QCoreApplication::quit();
    });
    QCoreApplication::exec();
    std::sort(heavyCall.begin(), heavyCall.end());
    std::sort(perCall.begin(), perCall.end());
    QTextStream(stdout) << (qEnvironmentVariableIsSet("QV4_FORCE_INTERPRETER") ? "interpreter" : "JIT        ")
                        << ": " << QString::number(perCall[perCall.size() / 2], 'f', 2) << " us per call (median of "
                        << rounds << " rounds of " << calls << " calls; min " << QString::number(perCall.front(), 'f', 2)
                        << ", max " << QString::number(perCall.back(), 'f', 2) << "); a 2,000-step loop: "
                        << QString::number(heavyCall[heavyCall.size() / 2], 'f', 1) << " us per call\n";
    return 0;
}
