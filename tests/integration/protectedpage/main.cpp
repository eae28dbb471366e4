// gatehouse-example-app [port]: the example application on 127.0.0.1 (AUTH_SECRET required).
#include "exampleapp.h"

#include <QCoreApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString secret = qEnvironmentVariable("AUTH_SECRET");
    if (secret.isEmpty()) {
        std::fprintf(stderr, "set AUTH_SECRET (for example: gatehouse-server secret)\n");
        return 1;
    }
    const quint16 port = argc > 1 ? quint16(QByteArray(argv[1]).toUShort()) : 3001;
    const Gatehouse::Auth auth(Example::configuration(secret));
    QHttpServer server;
    Gatehouse::HttpServerIntegration gatehouse(auth);
    Example::installRoutes(server, auth, gatehouse);
    if (!server.listen(QHostAddress::LocalHost, port)) {
        std::fprintf(stderr, "cannot listen on 127.0.0.1:%u\n", unsigned(port));
        return 1;
    }
    std::printf("example app: http://127.0.0.1:%u/dashboard (alice / alice-password)\n", unsigned(port));
    std::fflush(stdout);
    return app.exec();
}
