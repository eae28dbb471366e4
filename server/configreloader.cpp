#include "configreloader.h"

#include "builtinpasswords.h"
#include "logging.h"
#include "logwriter.h"

#include <gatehouse/autherror.h>
#include <gatehouse/sqladapter.h>

#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLoggingCategory>
#include <QTimer>
#include <QUrl>

namespace Gatehouse {

namespace {

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
        return QByteArrayLiteral("(unreadable)");
    return file.readAll();
}

// A database URL as logs may show it: without its password.
QString displayDatabaseUrl(const QString &url)
{
    if (const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url))
        return options->displayUrl();
    QUrl parsed(url);
    return parsed.isValid() ? parsed.toString(QUrl::RemovePassword) : QStringLiteral("(not a URL)");
}

QString limitsText(const ServerLimits &l)
{
    return QStringLiteral("maxBodySize %1, maxHeaderSize %2, headerTimeoutMs %3, bodyTimeoutMs %4, "
                          "idleTimeoutMs %5, maxConnections %6, maxConnectionsPerAddress %7")
        .arg(l.maxBodySize)
        .arg(l.maxHeaderSize)
        .arg(l.headerTimeout.count())
        .arg(l.bodyTimeout.count())
        .arg(l.idleTimeout.count())
        .arg(l.maxConnections)
        .arg(l.maxConnectionsPerAddress);
}

} // namespace

ConfigReloader::ConfigReloader(QString configFile, Loader load, LiveEngine &engine,
                               const ServerConfiguration &running, std::shared_ptr<Adapter> adapter, QObject *parent)
    : QObject(parent)
    , m_configFile(std::move(configFile))
    , m_load(std::move(load))
    , m_engine(engine)
    , m_running(running.loaded.server)
    , m_callbacksScript(running.loaded.server.callbacksScript)
    , m_adapter(std::move(adapter))
    , m_reloadOnChange(running.loaded.server.reloadOnChange)
{
    if (m_configFile.isEmpty())
        return;
    m_fingerprint = fingerprint();
    m_watcher = new QFileSystemWatcher(this);
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &ConfigReloader::changedOnDisk);
    watch();
}

ConfigReloader::~ConfigReloader() = default;

void ConfigReloader::setDebounceInterval(int milliseconds)
{
    if (m_debounce)
        m_debounce->setInterval(milliseconds);
}

void ConfigReloader::watch()
{
    QStringList paths;
    for (const QString &file : {m_configFile, m_callbacksScript}) {
        if (file.isEmpty())
            continue;
        const QFileInfo info(file);
        paths << info.absolutePath();
        // A file replaced by a rename is no longer watched: watch the new one.
        if (info.exists())
            paths << info.absoluteFilePath();
    }
    paths.removeDuplicates();
    const QStringList watched = m_watcher->files() + m_watcher->directories();
    for (const QString &path : std::as_const(paths)) {
        if (!watched.contains(path))
            m_watcher->addPath(path);
    }
}

QByteArray ConfigReloader::fingerprint() const
{
    return contentsOf(m_configFile) + QByteArray(1, '\0') + contentsOf(m_callbacksScript);
}

void ConfigReloader::changedOnDisk()
{
    watch();
    const QByteArray now = fingerprint();
    if (now == m_fingerprint || !m_reloadOnChange)
        return;   // something else in the folder changed, the same contents were saved again, or only SIGHUP reloads
    reload(QStringLiteral("%1 changed").arg(QFileInfo(m_configFile).fileName()));
}

void ConfigReloader::logRestartOnlyChanges(const ServerSettings &next) const
{
    const auto changed = [](const QString &key, const QString &from, const QString &to) {
        qCWarning(lcServer).noquote() << QStringLiteral("configuration reload: %1 changed from \"%2\" to \"%3\": "
                                                        "this takes a restart of gatehouse-server; "
                                                        "still using \"%2\"")
                                             .arg(key, from, to);
    };
    if (next.listen != m_running.listen)
        changed(QStringLiteral("server.listen"), m_running.listen, next.listen);
    if (next.metricsListen != m_running.metricsListen)
        changed(QStringLiteral("server.metricsListen"), m_running.metricsListen, next.metricsListen);
    if (next.adminListen != m_running.adminListen)
        changed(QStringLiteral("server.adminListen"), m_running.adminListen, next.adminListen);
    if (next.home != m_running.home)
        changed(QStringLiteral("server.home"), m_running.home, next.home);
    if (next.threads != m_running.threads)
        changed(QStringLiteral("server.threads"), QString::number(m_running.threads), QString::number(next.threads));
    if (limitsText(next.limits) != limitsText(m_running.limits))
        changed(QStringLiteral("server connection limits"), limitsText(m_running.limits), limitsText(next.limits));
    if (next.admin.enabled != m_running.admin.enabled)
        changed(QStringLiteral("admin"), m_running.admin.enabled ? QStringLiteral("on") : QStringLiteral("off"),
                next.admin.enabled ? QStringLiteral("on") : QStringLiteral("off"));
    const auto webhooksText = [](const QList<WebhookSettings> &webhooks) {
        QStringList parts;   // secrets compared by a hash: never in the log
        for (const WebhookSettings &w : webhooks)
            parts.append(w.url.toString() + QLatin1Char(' ') + w.events.join(QLatin1Char(','))
                         + QLatin1Char(' ') + QString::number(qHash(w.secret)));
        return parts;
    };
    if (webhooksText(next.webhooks) != webhooksText(m_running.webhooks))
        qCWarning(lcServer).noquote() << "configuration reload: events.webhooks changed: this takes a restart of "
                                         "gatehouse-server; still delivering to the webhooks it started with";
    if (next.adapterUrl != m_running.adapterUrl)   // shown without a password the URL may hold
        changed(QStringLiteral("adapter.url"), displayDatabaseUrl(m_running.adapterUrl), displayDatabaseUrl(next.adapterUrl));
}

bool ConfigReloader::reload(const QString &reason)
{
    if (m_configFile.isEmpty()) {
        qCWarning(lcServer).noquote() << reason + QStringLiteral(": there is no configuration file to reload "
                                                                 "(the server was started without --config)");
        return false;
    }
    qCInfo(lcServer).noquote() << QStringLiteral("%1: reloading the configuration from %2").arg(reason, m_configFile);
    Q_EMIT reloading(reason);
    ServerConfiguration next = m_load();
    m_fingerprint = fingerprint();
    ServerConfigResult &loaded = next.loaded;
    if (loaded.config.secret.isEmpty())
        loaded.problems.append({QStringLiteral("secret"), QStringLiteral("missing (set AUTH_SECRET or \"secret\")")});
    const auto reject = [this](const QList<ConfigProblem> &errors) {
        for (const ConfigProblem &problem : errors)
            qCCritical(lcServer).noquote() << "configuration reload: error:" << problem.toString();
        qCCritical(lcServer).noquote() << QStringLiteral("configuration reload: %1 %2; still serving the previous "
                                                         "configuration")
                                              .arg(errors.size())
                                              .arg(errors.size() == 1 ? "error" : "errors");
        Q_EMIT rejected();
        return false;
    };
    if (!loaded.isValid())
        return reject(loaded.errors());
    for (const ConfigProblem &problem : loaded.warnings())
        qCWarning(lcServer).noquote() << "configuration reload: warning:" << problem.toString();
    logRestartOnlyChanges(loaded.server);

    Config &config = loaded.config;
    config.adapter = m_adapter;   // the database stays the one opened at start-up
    try {
        bindBuiltinPasswords(config, m_adapter);
        m_engine.replace(Auth(config));
    } catch (const AuthError &error) {
        return reject({{QString(), QStringLiteral("%1Error: %2").arg(error.type(), error.message())}});
    }
    m_callbacksScript = loaded.server.callbacksScript;
    m_reloadOnChange = loaded.server.reloadOnChange;
    LogWriter::setFormat(loaded.server.logFormat == QLatin1String("json") ? LogWriter::Format::Json
                                                                         : LogWriter::Format::Text);
    if (m_watcher)
        watch();
    QLoggingCategory::setFilterRules(config.debug ? QStringLiteral("gatehouse.*.debug=true") : QString());
    QStringList providers;
    for (const Provider &provider : std::as_const(config.providers))
        providers << QStringLiteral("%1 (%2)").arg(provider.id, provider.name);
    qCInfo(lcServer).noquote() << "configuration reloaded; new requests use it. Providers:"
                               << (providers.isEmpty() ? QStringLiteral("none") : providers.join(QStringLiteral(", ")));
    Q_EMIT reloaded();
    return true;
}

} // namespace Gatehouse
