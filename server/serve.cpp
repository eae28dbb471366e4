#include "serve.h"

#include "builtinpasswords.h"
#include "configreloader.h"
#include "databasecommand.h"
#include "liveengine.h"
#include "logging.h"
#include "logwriter.h"
#include "operations/databasereadiness.h"
#include "operations/healthroutes.h"
#include "operations/metricsroutes.h"
#include "operations/readiness.h"
#include "serverconfiguration.h"
#include "signalwatcher.h"
#include "siteroutes.h"
#include "systemdnotifier.h"

#include <gatehouse/adminapi.h>
#include <gatehouse/auth.h>
#include <gatehouse/autherror.h>
#include <gatehouse/httpserverpool.h>
#include <gatehouse/metrics.h>
#include <gatehouse/securitynotices.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/version.h>
#include <gatehouse/webhooks.h>

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QThread>
#include <QTimer>

#include <csignal>
#include <future>

namespace Gatehouse {

namespace {

void reportProblems(const QList<ConfigProblem> &problems)
{
    for (const ConfigProblem &problem : problems) {
        if (problem.severity == ConfigProblem::Severity::Error)
            qCCritical(lcServer).noquote() << "configuration error:" << problem.toString();
        else
            qCWarning(lcServer).noquote() << "configuration warning:" << problem.toString();
    }
}

void warnEphemeralSecret()
{
    const char *const lines[] = {
        "************************************************************************",
        "DEVELOPMENT MODE (--dev): no secret is configured, so gatehouse-server",
        "generated an EPHEMERAL one. Sessions and cookies will NOT survive a restart.",
        "Never run like this in production: set AUTH_SECRET instead",
        "(`gatehouse-server secret` prints a new one).",
        "************************************************************************",
    };
    for (const char *line : lines)
        qCWarning(lcServer, "%s", line);
}

// The URL a browser uses to reach \a address:\a port (a wildcard address becomes localhost).
QString originOf(const QHostAddress &address, quint16 port)
{
    QString host = address.toString();
    if (address == QHostAddress::AnyIPv4 || address == QHostAddress::AnyIPv6 || address == QHostAddress::Any)
        host = QStringLiteral("localhost");
    else if (address.protocol() == QAbstractSocket::IPv6Protocol)
        host = u'[' + host + u']';
    return QStringLiteral("http://%1:%2").arg(host).arg(port);
}

void logStartup(const Config &config, const ServerSettings &settings, const QString &origin, int threads,
                bool ephemeralSecret)
{
    qCInfo(lcServer).noquote() << "gatehouse-server" << GATEHOUSE_VERSION_STRING << "listening on" << origin
                               << "with" << threads << (threads == 1 ? "thread" : "threads");
    const QString publicOrigin = config.url.isValid() ? config.url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery
                                                                            | QUrl::RemoveFragment).toString()
                                                      : origin;
    qCInfo(lcServer).noquote() << "sign-in page:" << config.pageUrl(PagesOptions::Page::SignIn, publicOrigin);
    for (const Provider &provider : config.providers)
        qCInfo(lcServer).noquote() << "provider" << provider.id + QStringLiteral(":") << provider.name
                                   << QStringLiteral("(%1)").arg(provider.type);
    const bool database = config.sessionStrategy() == SessionOptions::Strategy::Database;
    qCInfo(lcServer).noquote() << "session strategy:" << (database ? "database" : "jwt")
                               << QStringLiteral("(maxAge %1 s)").arg(config.session.maxAge);
    qCInfo(lcServer).noquote() << "secret:" << config.secret.size()
                               << (ephemeralSecret ? "ephemeral (--dev)" : "configured") << "(never logged)";
    if (!settings.callbacksScript.isEmpty())
        qCInfo(lcServer).noquote() << "callbacks script:" << settings.callbacksScript;
    if (config.trustHost)
        qCInfo(lcServer) << "trustHost: X-Forwarded-Proto and X-Forwarded-Host decide the origin";
    if (!settings.startupNotice.isEmpty())
        qCInfo(lcServer).noquote() << settings.startupNotice;
}

// The database of adapter.url (or DATABASE_URL), migrated to the current schema; null on failure.
// A long migration keeps systemd's start-up timeout and watchdog at bay.
std::shared_ptr<SqlAdapter> openDatabase(const ServerSettings &settings, SystemdNotifier &notifier)
{
    QString error;
    std::shared_ptr<SqlAdapter> adapter = adapterFor(settings.adapterUrl, settings.adapterPassword, &error);
    if (!adapter) {
        qCCritical(lcServer).noquote() << "configuration error: adapter.url:" << error;
        return nullptr;
    }
    qCInfo(lcServer).noquote() << "database:" << adapter->options().displayUrl();
    QFuture<int> migration = adapter->migrate([](const QString &line) {
        qCInfo(lcServer).noquote() << "migration:" << line;
    });
    if (!migration.isFinished()) {
        QEventLoop loop;
        QFutureWatcher<int> watcher;
        QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        QTimer keepAlive;
        keepAlive.setInterval(10000);
        QObject::connect(&keepAlive, &QTimer::timeout, &notifier, [&notifier] {
            notifier.extendStartup(30, QStringLiteral("migrating the database schema"));
        });
        keepAlive.start();
        watcher.setFuture(migration);
        if (!migration.isFinished())
            loop.exec();
    }
    try {
        migration.waitForFinished();
        qCInfo(lcServer) << "database schema version" << migration.result();
    } catch (const AuthError &e) {
        qCCritical(lcServer).noquote() << "database migration failed:" << e.message() << e.cause();
        return nullptr;
    }
    return adapter;
}

// The command line's overrides of \a configuration; with --dev, \a ephemeralSecret when no
// secret is configured.
ServerConfiguration withServingOverrides(ServerConfiguration configuration, const ServeOptions &options,
                                         const QString &ephemeralSecret)
{
    ServerConfigResult &loaded = configuration.loaded;
    if (!options.listen.isEmpty()) {
        loaded.server.listen = options.listen;
        if (!parseListenAddress(options.listen))
            loaded.problems.append({QStringLiteral("--listen"),
                                    QStringLiteral("must be IP-ADDRESS:PORT, for example 127.0.0.1:3000 or [::1]:3000")});
    }
    if (options.threads)
        loaded.server.threads = *options.threads;
    if (loaded.config.secret.isEmpty() && !ephemeralSecret.isEmpty())
        loaded.config.secret = {ephemeralSecret};
    return configuration;
}

ConfigLoadOptions servingLoadOptions()
{
    ConfigLoadOptions loadOptions;
    loadOptions.requireSecret = false;   // a missing secret is MissingSecretError, or --dev's ephemeral one
    return loadOptions;
}

// The configuration file and the environment, then the command line's overrides; with --dev,
// \a ephemeralSecret when no secret is configured. Used at start-up and for every reload.
ServerConfiguration loadForServing(const ServeOptions &options, const QString &ephemeralSecret)
{
    return withServingOverrides(
        loadServerConfiguration(options.configFile, QProcessEnvironment::systemEnvironment(), servingLoadOptions()),
        options, ephemeralSecret);
}

// Every problem a reload would find in \a json as the file's contents (the admin API's check).
QList<ConfigProblem> problemsForServing(const QJsonObject &json, const ServeOptions &options, const QString &ephemeralSecret)
{
    const ServerConfiguration configuration = withServingOverrides(
        loadServerConfiguration(json, QFileInfo(options.configFile).absolutePath(), QProcessEnvironment::systemEnvironment(),
                                servingLoadOptions()),
        options, ephemeralSecret);
    QList<ConfigProblem> problems = configuration.loaded.problems;
    if (configuration.loaded.config.secret.isEmpty())
        problems.append({QStringLiteral("secret"), QStringLiteral("missing (set AUTH_SECRET or \"secret\")")});
    return problems;
}

// Has \a reloader (on the main thread) reload now, from any thread; false when it refused the
// file or did not answer in time (the server stopping).
bool reloadFromElsewhere(ConfigReloader &reloader, const QString &reason)
{
    auto done = std::make_shared<std::promise<bool>>();
    std::future<bool> reloaded = done->get_future();
    QMetaObject::invokeMethod(&reloader, [&reloader, done, reason] { done->set_value(reloader.reload(reason)); },
                              Qt::QueuedConnection);
    try {
        return reloaded.wait_for(std::chrono::seconds(30)) == std::future_status::ready && reloaded.get();
    } catch (const std::future_error &) {   // dropped unrun: the server is stopping
        return false;
    }
}

QHostAddress metricsAddress(const ServerSettings &settings)
{
    QHostAddress address;
    parseListenAddress(settings.metricsListen, &address);
    return address;
}

} // namespace

int serve(const ServeOptions &options)
{
    // Created first: systemd's watchdog may be armed from the start, before READY=1.
    SystemdNotifier notifier;
    // One ephemeral secret for the life of the process, so that a reload keeps the sessions.
    const QString ephemeral = options.dev ? generateSecret() : QString();
    ServerConfiguration configuration = loadForServing(options, ephemeral);
    ServerConfigResult &loaded = configuration.loaded;
    Config &config = loaded.config;
    ServerSettings &settings = loaded.server;
    const bool ephemeralSecret = options.dev && config.secret == QStringList{ephemeral};
    LogWriter::setFormat(settings.logFormat == QLatin1String("json") ? LogWriter::Format::Json
                                                                    : LogWriter::Format::Text);

    reportProblems(loaded.problems);
    if (config.secret.isEmpty()) {
        qCCritical(lcServer).noquote()
            << "MissingSecretError: no secret is configured. Set AUTH_SECRET (or \"secret\" in the configuration"
               " file); `gatehouse-server secret` prints a new one. For local development only, --dev uses an"
               " ephemeral secret.";
        return 1;
    }
    if (!loaded.isValid())
        return 1;
    if (ephemeralSecret)
        warnEphemeralSecret();
    if (config.debug)
        QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.*.debug=true"));

    std::shared_ptr<SqlAdapter> database;
    if (!settings.adapterUrl.isEmpty()) {
        database = openDatabase(settings, notifier);
        if (!database)
            return 1;
        config.adapter = database;
    }

    std::optional<LiveEngine> engine;
    try {
        bindBuiltinPasswords(config, config.adapter);
        engine.emplace(Auth(config));
    } catch (const AuthError &error) {
        qCCritical(lcServer).noquote() << QStringLiteral("%1Error:").arg(error.type()) << error.message();
        return 1;
    }

    ConfigReloader reloader(options.configFile, [options, ephemeral] { return loadForServing(options, ephemeral); },
                            *engine, configuration, config.adapter);
    QString serving;   // the STATUS= line while serving
    QObject::connect(&reloader, &ConfigReloader::reloading, &notifier, [&notifier](const QString &reason) {
        notifier.reloading(QStringLiteral("reloading the configuration (%1)").arg(reason));
    });
    QObject::connect(&reloader, &ConfigReloader::reloaded, &notifier, [&notifier, &serving] {
        Metrics::recordConfigurationReload(true);
        notifier.ready(serving);
    });
    QObject::connect(&reloader, &ConfigReloader::rejected, &notifier, [&notifier, &serving] {
        Metrics::recordConfigurationReload(false);
        notifier.ready(serving + QStringLiteral("; the last reload was refused (see the log)"));
    });
    SignalWatcher signalWatcher({SIGTERM, SIGINT, SIGHUP});
    QObject::connect(&signalWatcher, &SignalWatcher::received, [&reloader, &notifier](int signalNumber) {
        if (signalNumber == SIGHUP) {
            reloader.reload(QStringLiteral("SIGHUP"));
            return;
        }
        qCInfo(lcServer) << (signalNumber == SIGTERM ? "SIGTERM" : "SIGINT") << "received; stopping";
        notifier.stopping(QStringLiteral("stopping"));
        QCoreApplication::quit();
    });

    // /healthz and /readyz answer before the engine; /metrics only on an address of its own.
    Readiness readiness;
    if (database) {
        readiness.addCheck(std::make_unique<DatabaseReadiness>([database] { return database->schemaVersion(); },
                                                               SqlAdapter::latestSchemaVersion(),
                                                               [database] { return database->health(); }));
    }
    // Outside the base path: / to server.home, the 404 page for the rest (siteroutes.h).
    const SiteRoutes site(*engine, settings.home, [&engine](const AuthRequest &request) { return engine->handle(request); });
    // {basePath}/admin/api/ only with "admin" (configuring it requires the database).
    std::unique_ptr<AdminApi> adminApi;
    if (settings.admin.enabled && database)
        adminApi = std::make_unique<AdminApi>(database, settings.admin);
    if (adminApi && !options.configFile.isEmpty()) {
        // The API saves the file the server reads, checked as a reload checks it, and has it reloaded.
        AdminConfigFile file;
        file.path = QFileInfo(options.configFile).absoluteFilePath();
        file.check = [options, ephemeral](const QJsonObject &json) { return problemsForServing(json, options, ephemeral); };
        file.reload = [&reloader] { return reloadFromElsewhere(reloader, QStringLiteral("saved through the admin API")); };
        adminApi->setConfigFile(file);
    }
    // With server.adminListen the API is served on that address only.
    const bool adminOnItsOwn = adminApi && !settings.adminListen.isEmpty();
    const auto serveAdmin = [&adminApi, &engine](const AuthRequest &request) -> std::optional<QFuture<AuthResponse>> {
        const std::shared_ptr<const Auth> auth = engine->current();
        if (AdminApi::owns(request.url.path(QUrl::FullyDecoded), auth->config().basePath))
            return adminApi->handle(request, auth->config());
        return std::nullopt;
    };
    if (adminApi && !adminOnItsOwn) {
        qCInfo(lcServer).noquote() << "admin API:" << config.basePath + QStringLiteral("/admin/api/")
                                   << "(bearer tokens: gatehouse-server admin-token create)";
    }
    const auto front = [&site, &adminApi, &serveAdmin, adminOnItsOwn](const AuthRequest &request) {
        if (adminApi && !adminOnItsOwn) {
            if (std::optional<QFuture<AuthResponse>> answer = serveAdmin(request))
                return *answer;
        }
        return site.handle(request);
    };
    const HealthRoutes routes(&readiness, front);
    HttpServerPool pool([&routes](const AuthRequest &request) { return routes.handle(request); });
    // The admin API's user import takes files far larger than any other request's body.
    ServerLimits limits = settings.limits;
    if (adminApi) {
        limits.largeBodyPath = AdminApi::importPath(config.basePath).toUtf8();
        limits.largeBodyMaxSize = AdminApi::maxImportSize;
    }
    pool.setLimits(limits);
    pool.setThreadCount(settings.threads);
    // Behind a proxy every client arrives from its address: no per-address limit for it. A
    // reload that changes the proxies applies to the pool as to the engine.
    pool.setTrustedProxies(config.trustedProxies);
    QObject::connect(&reloader, &ConfigReloader::reloaded, &pool,
                     [&pool, &engine] { pool.setTrustedProxies(engine->current()->config().trustedProxies); });
    QHostAddress address;
    quint16 port = 0;
    parseListenAddress(settings.listen, &address, &port);
    std::unique_ptr<HttpServerPool> metricsPool;
    if (!settings.metricsListen.isEmpty()) {
        QHostAddress metricsAddress;
        quint16 metricsPort = 0;
        parseListenAddress(settings.metricsListen, &metricsAddress, &metricsPort);
        if (metricsPort != 0 && metricsPort == port) {
            // The pools bind with SO_REUSEPORT: the same port would mix metrics into public traffic.
            qCCritical(lcServer).noquote() << "configuration error: server.metricsListen: must differ from the serving"
                                              " address" << settings.listen;
            return 1;
        }
        Metrics::setEnabled(true);
        metricsPool = std::make_unique<HttpServerPool>([](const AuthRequest &request) {
            return QtFuture::makeReadyFuture(MetricsRoutes::handle(request));
        });
        metricsPool->setThreadCount(1);
        if (metricsPool->listen(metricsAddress, metricsPort) == 0) {
            qCCritical(lcServer).noquote() << "server.metricsListen:" << metricsPool->errorString();
            return 1;
        }
    }
    std::unique_ptr<HttpServerPool> adminPool;
    if (adminOnItsOwn) {
        QHostAddress adminAddress;
        quint16 adminPort = 0;
        parseListenAddress(settings.adminListen, &adminAddress, &adminPort);
        if (adminPort != 0 && adminPort == port) {
            // The pools bind with SO_REUSEPORT: the same port would put the API on the public address.
            qCCritical(lcServer).noquote() << "configuration error: server.adminListen: must differ from the serving"
                                              " address" << settings.listen;
            return 1;
        }
        adminPool = std::make_unique<HttpServerPool>([serveAdmin](const AuthRequest &request) {
            if (std::optional<QFuture<AuthResponse>> answer = serveAdmin(request))
                return *answer;
            AuthResponse notHere = AuthResponse::json(
                QJsonObject{{QStringLiteral("error"), QStringLiteral("not_found")},
                            {QStringLiteral("message"), QStringLiteral("only the admin API is served on this address")}},
                404);
            notHere.setHeader("cache-control", "no-store");
            return QtFuture::makeReadyFuture(notHere);
        });
        adminPool->setLimits(limits);
        adminPool->setThreadCount(1);
        adminPool->setTrustedProxies(config.trustedProxies);
        if (adminPool->listen(adminAddress, adminPort) == 0) {
            qCCritical(lcServer).noquote() << "server.adminListen:" << adminPool->errorString();
            return 1;
        }
        qCInfo(lcServer).noquote() << "admin API:"
                                   << originOf(adminAddress, adminPool->serverPort()) + config.basePath
                                          + QStringLiteral("/admin/api/")
                                   << "(server.adminListen: not on the serving address)";
    }
    if (pool.listen(address, port) == 0) {
        qCCritical(lcServer).noquote() << pool.errorString();  // it names the address
        return 1;
    }
    const QString origin = originOf(address, pool.serverPort());
    logStartup(config, settings, origin,
               settings.threads > 0 ? settings.threads : QThread::idealThreadCount(), ephemeralSecret);
    if (metricsPool) {
        qCInfo(lcServer).noquote() << "metrics:" << originOf(metricsAddress(settings), metricsPool->serverPort())
                                          + QStringLiteral("/metrics");
    }
    // Security notices (lib/src/notices/README.md): mailed from the audit log beside the serving,
    // made again from the configuration a reload brings.
    std::unique_ptr<SecurityNotifier> notices;
    const auto startNotices = [&notices](const Config &current) {
        notices.reset();
        if (!current.adapter)
            return;
        notices = std::make_unique<SecurityNotifier>(current, current.adapter);
        if (const QString why = notices->unavailableReason(); !why.isEmpty()) {
            qCInfo(lcServer).noquote() << "security notices: off:" << why;
            notices.reset();
            return;
        }
        notices->start();
        qCInfo(lcServer) << "security notices: on";
    };
    startNotices(config);
    QObject::connect(&reloader, &ConfigReloader::reloaded, &pool,
                     [&startNotices, &engine] { startNotices(engine->current()->config()); });
    // Webhooks (lib/src/webhooks/README.md): the audit log delivered beside the serving, on the
    // dispatcher's own threads; the webhooks of the start-up configuration (a change takes a restart).
    std::unique_ptr<WebhookDispatcher> webhooks;
    if (!settings.webhooks.isEmpty() && database) {
        webhooks = std::make_unique<WebhookDispatcher>(settings.webhooks, database);
        if (const QString why = webhooks->unavailableReason(); !why.isEmpty()) {
            qCWarning(lcServer).noquote() << "webhooks: off:" << why;
            webhooks.reset();
        } else {
            webhooks->start();
            qCInfo(lcServer).noquote() << QStringLiteral("webhooks: on (%1)").arg(settings.webhooks.size());
        }
    }
    serving = QStringLiteral("serving on %1").arg(origin);
    notifier.ready(serving);
    const int exitCode = QCoreApplication::exec();
    webhooks.reset();
    notices.reset();
    pool.stop();
    if (metricsPool)
        metricsPool->stop();
    qCInfo(lcServer) << "stopped";
    return exitCode;
}

} // namespace Gatehouse
