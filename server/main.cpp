// gatehouse-server: the command line.
#include "logging.h"
#include "serve.h"
#include "serverconfiguration.h"

#include <gatehouse/version.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

using namespace Gatehouse;

namespace {

const char description[] =
    "Gatehouse: session-based authentication compatible with Auth.js v5.\n"
    "\n"
    "Commands:\n"
    "  (none)        serve the configuration over HTTP until SIGTERM or SIGINT\n"
    "  secret        print a new random secret for AUTH_SECRET\n"
    "  check-config  print every problem of the configuration; exit 1 if there is an error\n"
    "\n"
    "The configuration file is JSON with the keys of Gatehouse::Config; the environment fills\n"
    "what it leaves open (AUTH_SECRET, AUTH_URL, AUTH_TRUST_HOST, AUTH_<PROVIDER>_ID, ...).";

int checkConfig(const QString &file)
{
    QTextStream out(stdout);
    const ServerConfiguration configuration =
        loadServerConfiguration(file, QProcessEnvironment::systemEnvironment(), ConfigLoadOptions());
    for (const ConfigProblem &problem : configuration.loaded.problems) {
        const bool error = problem.severity == ConfigProblem::Severity::Error;
        out << (error ? "error: " : "warning: ") << problem.toString() << '\n';
    }
    if (!configuration.loaded.isValid())
        return 1;
    out << "configuration OK\n";
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gatehouse-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GATEHOUSE_VERSION_STRING));
    qSetMessagePattern(QStringLiteral("%{time yyyy-MM-ddThh:mm:ss.zzz} "
                                      "%{if-debug}debug%{endif}%{if-info}info%{endif}%{if-warning}warning%{endif}"
                                      "%{if-critical}error%{endif}%{if-fatal}fatal%{endif} %{category}: %{message}"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(description));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("secret or check-config (default: serve)"),
                                 QStringLiteral("[command]"));
    const QCommandLineOption configOption({QStringLiteral("c"), QStringLiteral("config")},
                                          QStringLiteral("The JSON configuration file."), QStringLiteral("file"));
    const QCommandLineOption listenOption(QStringLiteral("listen"),
                                          QStringLiteral("Address to serve on (default 127.0.0.1:3000, or server.listen)."),
                                          QStringLiteral("host:port"));
    const QCommandLineOption threadsOption(QStringLiteral("threads"),
                                           QStringLiteral("Serving threads; 0 = one per core (the default)."),
                                           QStringLiteral("n"));
    const QCommandLineOption devOption(QStringLiteral("dev"),
                                       QStringLiteral("Development mode: without a configured secret, use an "
                                                      "ephemeral one (sessions do not survive a restart)."));
    parser.addOptions({configOption, listenOption, threadsOption, devOption});
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    const QString command = positional.value(0);
    QTextStream err(stderr);
    if (positional.size() > 1) {
        err << "gatehouse-server: unexpected argument '" << positional.at(1) << "'; see --help\n";
        return 2;
    }
    if (command == QLatin1String("secret")) {
        QTextStream(stdout) << generateSecret() << '\n';
        return 0;
    }
    if (command == QLatin1String("check-config")) {
        if (!parser.isSet(configOption)) {
            err << "gatehouse-server: check-config needs --config FILE\n";
            return 2;
        }
        return checkConfig(parser.value(configOption));
    }
    if (!command.isEmpty()) {
        err << "gatehouse-server: unknown command '" << command << "'; see --help\n";
        return 2;
    }

    ServeOptions options;
    options.configFile = parser.value(configOption);
    options.listen = parser.value(listenOption);
    options.dev = parser.isSet(devOption);
    if (parser.isSet(threadsOption)) {
        bool ok = false;
        const int threads = parser.value(threadsOption).toInt(&ok);
        if (!ok || threads < 0 || threads > 1024) {
            err << "gatehouse-server: --threads must be a number from 0 to 1024\n";
            return 2;
        }
        options.threads = threads;
    }
    return serve(options);
}
