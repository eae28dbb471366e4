// Measures the per-request JWE work of GET /session: decrypting the session cookie and
// encrypting the refreshed one. Prints microseconds per operation, single-threaded and on
// every core at once.
#include <gatehouse/jwt.h>

#include "crypto/random.h"
#include "jose/jwe.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <cstdio>
#include <functional>
#include <vector>

using namespace Gatehouse;

namespace {

const QString salt = QStringLiteral("authjs.session-token");

QJsonObject sessionClaims()
{
    return QJsonObject{{QStringLiteral("name"), QStringLiteral("Alice")},
                       {QStringLiteral("email"), QStringLiteral("alice@example.test")},
                       {QStringLiteral("picture"), QStringLiteral("https://example.test/alice.png")},
                       {QStringLiteral("sub"), QStringLiteral("8d3c6a9e-2f1b-4c55-9a61-0b7d7e1f2a33")}};
}

// Runs \a operation \a iterations times on each of \a threads threads; returns wall µs per operation
// per thread (so on n cores, n operations complete in that time).
double measure(int threads, int iterations, const std::function<void()> &operation)
{
    std::vector<QThread *> workers;
    for (int t = 0; t < threads; ++t) {
        workers.push_back(QThread::create([&] {
            for (int i = 0; i < iterations; ++i)
                operation();
        }));
    }
    QElapsedTimer timer;
    timer.start();
    for (QThread *worker : workers)
        worker->start();
    for (QThread *worker : workers) {
        worker->wait();
        delete worker;
    }
    return double(timer.nsecsElapsed()) / 1000.0 / iterations;
}

void report(const char *name, int iterations, const std::function<void()> &operation)
{
    operation(); // warm-up: derives the keys
    const int cores = QThread::idealThreadCount();
    const double single = measure(1, iterations, operation);
    const double parallel = measure(cores, iterations, operation);
    std::printf("%-34s %8.2f us/op  %10.0f op/s   | %d threads: %8.2f us/op  %10.0f op/s\n", name, single,
                1e6 / single, cores, parallel, cores * 1e6 / parallel);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int iterations = argc > 1 ? QByteArray(argv[1]).toInt() : 50000;

    const Jose::JweCodec codec({QStringLiteral("gatehouse-reference-test-secret-0123456789"),
                                QStringLiteral("previous-secret-0123456789abcdef")});
    const QJsonObject claims = sessionClaims();
    const QString token = codec.encrypt(claims, salt);
    const QByteArray payload = QJsonDocument(claims).toJson(QJsonDocument::Compact);
    const QString rawToken = codec.encryptRaw(payload, salt);
    std::printf("token: %lld characters, payload %lld bytes\n", qlonglong(token.size()), qlonglong(payload.size()));

    volatile qsizetype sink = 0;
    report("encrypt (claims -> token)", iterations, [&] { sink = sink + codec.encrypt(claims, salt).size(); });
    report("decrypt (token -> claims)", iterations, [&] { sink = sink + codec.decrypt(token, salt)->size(); });
    report("decrypt + encrypt (GET /session)", iterations, [&] {
        sink = sink + codec.encrypt(*codec.decrypt(token, salt), salt).size();
    });
    report("encryptRaw (no JSON)", iterations, [&] { sink = sink + codec.encryptRaw(payload, salt).size(); });
    report("decryptRaw (no JSON)", iterations, [&] { sink = sink + codec.decryptRaw(rawToken, salt)->size(); });
    report("  of which: JSON serialize", iterations, [&] {
        sink = sink + QJsonDocument(claims).toJson(QJsonDocument::Compact).size();
    });
    report("  of which: JSON parse", iterations, [&] { sink = sink + QJsonDocument::fromJson(payload).object().size(); });
    report("  of which: random UUID (jti)", iterations, [&] { sink = sink + Crypto::randomUuid().size(); });
    report("Jwt::decode (derives keys per call)", iterations / 10, [&] {
        sink = sink + Jwt::decode({token, {QStringLiteral("gatehouse-reference-test-secret-0123456789")}, salt})->size();
    });
    return 0;
}
