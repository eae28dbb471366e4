// forwardauth_e2e_stack nginx|caddy: the forward-auth stack (forwardauthstack.h) for the browser
// tests. Prints "proxy listening on 127.0.0.1:<port>" once the proxy accepts connections, serves
// until SIGTERM or SIGINT, then stops the proxy and the server and removes its folder. Says why
// on standard output when the stack does not start.
#include "forwardauthstack.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTextStream>

#include <csignal>
#include <unistd.h>

using namespace Gatehouse::Testing;

namespace {

int signalPipe[2];

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(signalPipe[1], &byte, 1);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const std::optional<Proxy> proxy = ForwardAuthStack::proxyNamed(app.arguments().value(1));
    if (!proxy) {
        QTextStream(stderr) << "usage: forwardauth_e2e_stack nginx|caddy" << Qt::endl;
        return 2;
    }
    // The signal only wakes the event loop; the stack ends in the destructors after exec().
    if (::pipe(signalPipe) != 0)
        return 1;
    QSocketNotifier notifier(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);

    ForwardAuthStack stack(*proxy);
    QString error;
    if (!stack.start(&error)) {
        QTextStream(stdout) << error << Qt::endl;  // where the browser test reads
        return 1;
    }
    QTextStream(stdout) << "proxy listening on 127.0.0.1:" << stack.port() << Qt::endl;
    return app.exec();
}
