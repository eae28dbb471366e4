#include "adminconnection.h"

#include "apiclient.h"
#include "asyncresult.h"
#include "logging.h"
#include "serverlink.h"

#include <gatehouse/serversettings.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QDeadlineTimer>
#include <algorithm>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QSettings>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTimer>
#include <QUrl>

namespace Gatehouse::Admin {

namespace {

const QString recentKey = QStringLiteral("connections/recent");
constexpr int maxRecent = 10;
constexpr qint64 defaultMaxAge = 2592000;

//! What open() found out, on the worker thread.
struct Opening
{
    std::shared_ptr<SqlAdapter> adapter;
    int version = 0;
    bool pastLimit = false;  // failed once the limit had passed: reported as the limit
};

//! Whether \a target names a database (a URL with a known scheme) rather than a file.
bool isDatabaseUrl(const QString &target)
{
    static const QStringList schemes{QStringLiteral("sqlite:"), QStringLiteral("postgresql:"),
                                     QStringLiteral("postgres:"), QStringLiteral("mysql:"), QStringLiteral("mariadb:")};
    return std::any_of(schemes.cbegin(), schemes.cend(), [&](const QString &s) { return target.startsWith(s); });
}

// DATABASE_PASSWORD as gatehouse-server reads it: the variable, DATABASE_PASSWORD_FILE or the
// systemd credential.
QString environmentDatabasePassword()
{
    ConfigLoadOptions options;
    options.requireSecret = false;
    return loadServerConfig(QJsonObject(), QProcessEnvironment::systemEnvironment(), QDir::currentPath(), options)
        .server.adapterPassword;
}

QString seconds(int milliseconds)
{
    return milliseconds % 1000 == 0 ? QString::number(milliseconds / 1000) : QString::number(milliseconds / 1000.0, 'f', 1);
}

//! \a options (a driver's connect options, ';'-separated) with \a option added.
QString withOption(const QString &options, const QString &option)
{
    return options.isEmpty() ? option : options + u';' + option;
}

//! Whether \a target is a server's address (http or https) rather than a database or a file.
bool isServerUrl(const QString &target)
{
    return target.startsWith(QLatin1String("https://")) || target.startsWith(QLatin1String("http://"));
}

bool isLoopbackHost(const QString &host)
{
    return host == QLatin1String("127.0.0.1") || host == QLatin1String("::1") || host == QLatin1String("localhost");
}

} // namespace

class AdminConnectionPrivate
{
public:
    AdminConnection::Status status = AdminConnection::Status::Closed;
    AdminConnection::SchemaState schemaState = AdminConnection::SchemaState::Unknown;
    int schemaVersion = 0;
    QString errorString;
    QString target;
    QString displayUrl;
    QString configPath;
    qint64 sessionMaxAge = defaultMaxAge;
    QStringList secrets;  // the configuration file's; never shown, never logged
    RateLimitOptions rateLimit;
    int timeoutMs = 10000;
    double migrationProgress = 0;
    QStringList migrationLog;
    std::shared_ptr<SqlAdapter> adapter;
    quint64 generation = 0;      // open()/close() calls so far; late answers of older ones are dropped
    QThreadPool pool;            // where opening runs (it may block on a slow network)
    QTimer timeout;
    AdminConnection::Kind kind = AdminConnection::Kind::Database;
    QString serverUrl;
    QUrl signInUrl;
    QString caFile;
    bool keepSignIn = true;
    ServerLink *link = nullptr;  // the server's sign-in and API (kind Server)
};

AdminConnection::AdminConnection(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<AdminConnectionPrivate>())
{
    d->pool.setMaxThreadCount(2);
    d->timeout.setSingleShot(true);
    connect(&d->timeout, &QTimer::timeout, this, [this] {
        if (d->status == Status::Connecting)
            giveUp();
    });
}

// The one message for a database not reached within the limit, whether this connection's timer
// or the driver's connect time-out noticed it first: which one does is a matter of load.
void AdminConnection::giveUp()
{
    ++d->generation;
    d->timeout.stop();
    d->errorString = tr("could not reach the database %1 within %2 s").arg(d->displayUrl, seconds(d->timeoutMs));
    d->status = Status::Failed;
    Q_EMIT errorStringChanged();
    Q_EMIT statusChanged();
    Q_EMIT failed(d->errorString);
}

AdminConnection::~AdminConnection()
{
    if (d->link) {
        disconnect(d->link, nullptr, this, nullptr);
        delete std::exchange(d->link, nullptr);
    }
    // The pool waits for a connection attempt still running; the drivers' connect time-outs
    // (set in open(), a second past the limit) bound that wait.
    d->pool.waitForDone();
}

AdminConnection::Status AdminConnection::status() const { return d->status; }
bool AdminConnection::isReady() const { return d->status == Status::Ready; }
AdminConnection::SchemaState AdminConnection::schemaState() const { return d->schemaState; }
int AdminConnection::schemaVersion() const { return d->schemaVersion; }
int AdminConnection::latestSchemaVersion() { return SqlAdapter::latestSchemaVersion(); }
QString AdminConnection::errorString() const { return d->errorString; }
QString AdminConnection::target() const { return d->target; }
QString AdminConnection::displayUrl() const { return d->displayUrl; }
QString AdminConnection::configPath() const { return d->configPath; }
qint64 AdminConnection::sessionMaxAge() const { return d->sessionMaxAge; }
QStringList AdminConnection::secrets() const { return d->secrets; }

LockoutLimits AdminConnection::lockoutLimits() const
{
    LockoutLimits limits;
    const TwoFactorOptions twoFactor; // fixed: the configuration does not set them
    limits.twoFactorMaxFailures = twoFactor.maxFailures;
    limits.twoFactorWindowSeconds = twoFactor.failureWindowSeconds;
    limits.rateLimit = d->rateLimit;
    return limits;
}
int AdminConnection::timeoutMs() const { return d->timeoutMs; }
double AdminConnection::migrationProgress() const { return d->migrationProgress; }
QStringList AdminConnection::migrationLog() const { return d->migrationLog; }
std::shared_ptr<SqlAdapter> AdminConnection::adapter() const { return isReady() ? d->adapter : nullptr; }
ApiClient *AdminConnection::api() const { return isReady() && d->link ? d->link->api() : nullptr; }
QString AdminConnection::accessToken() const { return d->link ? d->link->accessToken() : QString(); }
AdminConnection::Kind AdminConnection::kind() const { return d->kind; }
QString AdminConnection::serverUrl() const { return d->serverUrl; }
QString AdminConnection::actingAs() const { return d->link ? d->link->email() : QString(); }
QUrl AdminConnection::signInUrl() const { return d->signInUrl; }
QString AdminConnection::caFile() const { return d->caFile; }
bool AdminConnection::keepSignIn() const { return d->keepSignIn; }

void AdminConnection::setCaFile(const QString &path)
{
    const QString file = path.startsWith(QLatin1String("file:")) ? QUrl(path).toLocalFile() : path.trimmed();
    if (file == d->caFile)
        return;
    d->caFile = file;
    Q_EMIT caFileChanged();
}

void AdminConnection::setKeepSignIn(bool keep)
{
    if (keep == d->keepSignIn)
        return;
    d->keepSignIn = keep;
    Q_EMIT keepSignInChanged();
}

void AdminConnection::setFailed(const QString &message)
{
    d->errorString = message;
    d->status = Status::Failed;
    Q_EMIT errorStringChanged();
    Q_EMIT statusChanged();
    Q_EMIT failed(message);
}

void AdminConnection::remember(const QString &target)
{
    QSettings settings;
    QStringList recent = settings.value(recentKey).toStringList();
    recent.removeAll(target);
    recent.prepend(target);
    settings.setValue(recentKey, recent.mid(0, maxRecent));
    Q_EMIT recentConnectionsChanged();
}

void AdminConnection::retireServer()
{
    if (!d->link)
        return;
    ServerLink *link = std::exchange(d->link, nullptr);
    disconnect(link, nullptr, this, nullptr);
    link->cancel();
    link->deleteLater(); // never from within its own futures' continuations
    d->signInUrl.clear();
    Q_EMIT signInUrlChanged();
    Q_EMIT actingAsChanged();
}

void AdminConnection::connectToServer(const QString &givenUrl)
{
    ++d->generation;
    d->timeout.stop();
    retireAdapter();
    retireServer();
    d->kind = Kind::Server;
    d->schemaState = SchemaState::Unknown;
    d->schemaVersion = 0;
    d->configPath.clear();
    d->sessionMaxAge = defaultMaxAge;
    d->secrets.clear();
    d->rateLimit = RateLimitOptions();
    d->errorString.clear();
    Q_EMIT schemaChanged();
    Q_EMIT errorStringChanged();

    QString text = givenUrl.trimmed();
    if (!text.isEmpty() && !text.contains(QLatin1String("://")))
        text.prepend(QLatin1String("https://"));
    while (text.endsWith(u'/'))
        text.chop(1);
    const QUrl url(text, QUrl::StrictMode);
    d->serverUrl = text;
    d->target = text;
    d->displayUrl = text;
    Q_EMIT targetChanged();
    if (text.isEmpty())
        return setFailed(tr("no server address was given"));
    if (!url.isValid() || url.host().isEmpty() || url.hasQuery() || url.hasFragment()
        || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
        return setFailed(tr("%1 is not a server address; write it as https://host/basepath").arg(text));
    if (url.scheme() == QLatin1String("http") && !isLoopbackHost(url.host()))
        return setFailed(tr("%1 is plain http: use https (plain http only on this computer's loopback address)").arg(text));
    if (!d->caFile.isEmpty()) {
        const QList<QSslCertificate> certificates = QSslCertificate::fromPath(d->caFile, QSsl::Pem);
        if (certificates.isEmpty())
            return setFailed(tr("the CA file %1 holds no PEM certificate").arg(d->caFile));
        // Trusted besides the system's for every request of the app: the sign-in's and the API's.
        QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
        configuration.addCaCertificates(certificates);
        QSslConfiguration::setDefaultConfiguration(configuration);
    }

    d->link = new ServerLink(url, d->keepSignIn, this);
    connect(d->link, &ServerLink::browserOpened, this, [this](const QUrl &at) {
        d->signInUrl = at;
        Q_EMIT signInUrlChanged();
    });
    connect(d->link, &ServerLink::signedIn, this, [this] {
        d->errorString.clear();
        Q_EMIT errorStringChanged();
        Q_EMIT actingAsChanged();
        d->signInUrl.clear();
        Q_EMIT signInUrlChanged();
        remember(d->serverUrl);
        d->status = Status::Ready;
        qCInfo(lcAdmin).noquote() << "signed in at" << d->serverUrl << "as" << d->link->email();
        Q_EMIT statusChanged();
        Q_EMIT opened();
    });
    connect(d->link, &ServerLink::signInFailed, this, [this](const QString &message) { setFailed(message); });
    connect(d->link, &ServerLink::signInRequired, this, [this](const QString &message) {
        d->errorString = message;
        d->status = Status::SignInRequired;
        Q_EMIT errorStringChanged();
        Q_EMIT statusChanged();
    });
    d->status = Status::SigningIn;
    Q_EMIT statusChanged();
    d->link->start();
}

void AdminConnection::signIn()
{
    if (!d->link || d->kind != Kind::Server || d->status == Status::SigningIn)
        return;
    d->errorString.clear();
    d->status = Status::SigningIn;
    Q_EMIT errorStringChanged();
    Q_EMIT statusChanged();
    d->link->signInInBrowser();
}

void AdminConnection::cancelSignIn()
{
    if (d->status != Status::SigningIn)
        return;
    d->link->cancel();
    d->status = Status::Closed;
    Q_EMIT statusChanged();
}

void AdminConnection::setTimeoutMs(int milliseconds)
{
    milliseconds = qMax(100, milliseconds);
    if (milliseconds == d->timeoutMs)
        return;
    d->timeoutMs = milliseconds;
    Q_EMIT timeoutMsChanged();
}

QStringList AdminConnection::recentConnections() const
{
    return QSettings().value(recentKey).toStringList();
}

void AdminConnection::forgetRecentConnection(const QString &target)
{
    QSettings settings;
    QStringList recent = settings.value(recentKey).toStringList();
    if (recent.removeAll(target) == 0)
        return;
    settings.setValue(recentKey, recent);
    Q_EMIT recentConnectionsChanged();
}

void AdminConnection::clearRecentConnections()
{
    QSettings().remove(recentKey);
    Q_EMIT recentConnectionsChanged();
}

void AdminConnection::retireAdapter()
{
    // Closing waits for the adapter's running queries (a search may scan a big table): do
    // that on the worker pool, not in the GUI thread.
    if (auto adapter = std::move(d->adapter))
        d->pool.start([adapter = std::move(adapter)]() mutable { adapter.reset(); });
}

void AdminConnection::open(const QString &givenTarget)
{
    if (isServerUrl(givenTarget.trimmed())) {
        connectToServer(givenTarget); // a server from the recent list
        return;
    }
    const quint64 generation = ++d->generation;
    const bool wasReady = isReady();
    retireAdapter();
    retireServer();
    if (d->kind != Kind::Database) {
        d->kind = Kind::Database;
        d->serverUrl.clear();
    }
    d->schemaState = SchemaState::Unknown;
    d->schemaVersion = 0;
    d->errorString.clear();
    d->configPath.clear();
    d->sessionMaxAge = defaultMaxAge;
    d->secrets.clear();
    d->rateLimit = RateLimitOptions();
    d->migrationLog.clear();
    d->migrationProgress = 0;
    Q_EMIT schemaChanged();
    Q_EMIT errorStringChanged();
    Q_EMIT migrationProgressChanged();

    const auto fail = [this](const QString &message) {
        d->errorString = message;
        d->status = Status::Failed;
        Q_EMIT errorStringChanged();
        Q_EMIT statusChanged();
        Q_EMIT failed(message);
    };

    QString target = givenTarget.trimmed();
    if (target.startsWith(QLatin1String("file:")))
        target = QUrl(target).toLocalFile();
    QString url = target;
    QString password = isDatabaseUrl(target) ? environmentDatabasePassword() : QString();
    d->target = target;
    if (target.isEmpty()) {
        d->displayUrl.clear();
        Q_EMIT targetChanged();
        fail(tr("no configuration file or database URL was given"));
        return;
    }
    if (!isDatabaseUrl(target)) {
        d->configPath = QFileInfo(target).absoluteFilePath();
        d->target = d->configPath;
        if (!QFileInfo(target).isFile()) {
            d->displayUrl.clear();
            Q_EMIT targetChanged();
            fail(tr("the configuration file %1 does not exist").arg(d->configPath));
            return;
        }
        ConfigLoadOptions options;
        options.requireSecret = false;
        const ServerConfigResult config = loadServerConfigFile(d->configPath, QProcessEnvironment::systemEnvironment(), options);
        const QList<ConfigProblem> errors = config.errors();
        // Only an unreadable file stops us: other problems are the config editor's business.
        if (!errors.isEmpty() && errors.first().path.isEmpty() && config.server.adapterUrl.isEmpty()) {
            d->displayUrl.clear();
            Q_EMIT targetChanged();
            fail(tr("cannot read the configuration: %1").arg(errors.first().translatedString()));
            return;
        }
        url = config.server.adapterUrl;
        password = config.server.adapterPassword;
        d->sessionMaxAge = config.config.session.maxAge;
        d->secrets = config.config.secret;
        // A rateLimit the server would refuse is not guessed at: the defaults stay.
        if (std::none_of(errors.begin(), errors.end(),
                         [](const ConfigProblem &problem) { return problem.path.startsWith(QLatin1String("rateLimit")); }))
            d->rateLimit = config.config.rateLimit;
        if (url.isEmpty()) {
            d->displayUrl.clear();
            Q_EMIT targetChanged();
            fail(tr("the configuration %1 names no database: set adapter.url or DATABASE_URL").arg(d->configPath));
            return;
        }
    }

    QString urlError;
    std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, &urlError);
    // The password the server would use when the URL has none: adapter.passwordFile, or
    // DATABASE_PASSWORD from the environment, its file or its systemd credential.
    if (options && options->password.isEmpty())
        options->password = password;
    if (!options) {
        d->displayUrl.clear();
        Q_EMIT targetChanged();
        fail(tr("invalid database URL: %1").arg(urlError));
        return;
    }
    d->displayUrl = options->displayUrl();
    if (d->configPath.isEmpty())
        d->target = d->displayUrl;
    Q_EMIT targetChanged();
    if (options->backend == SqlAdapterOptions::Backend::SQLite && options->databaseName != QLatin1String(":memory:")
        && !QFileInfo(options->databaseName).isFile()) {
        fail(tr("the SQLite database file %1 does not exist").arg(QFileInfo(options->databaseName).absoluteFilePath()));
        return;
    }
    // Let the driver give up by itself too, so no thread waits on a dead host for long, but
    // never before the limit: libpq counts whole seconds of the wall clock, so its N seconds
    // may end after N - 1; hence the limit rounded up, plus one.
    const QString timeoutSeconds = QString::number((d->timeoutMs + 999) / 1000 + 1);
    if (options->backend == SqlAdapterOptions::Backend::PostgreSQL && !options->connectOptions.contains(QLatin1String("connect_timeout")))
        options->connectOptions = withOption(options->connectOptions, QStringLiteral("connect_timeout=") + timeoutSeconds);
    if (options->backend == SqlAdapterOptions::Backend::MySQL && !options->connectOptions.contains(QLatin1String("CONNECT_TIMEOUT")))
        options->connectOptions = withOption(options->connectOptions, QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=") + timeoutSeconds);

    d->status = Status::Connecting;
    Q_EMIT statusChanged();
    if (wasReady)
        qCInfo(lcAdmin).noquote() << "switching to" << d->displayUrl;
    d->timeout.start(d->timeoutMs);
    const QDeadlineTimer limit(d->timeoutMs, Qt::PreciseTimer);
    const SqlAdapterOptions chosen = *options;
    runInBackground(
        &d->pool, this,
        [chosen, limit] {
            Opening result;
            try {
                result.adapter = std::make_shared<SqlAdapter>(chosen);
                result.version = result.adapter->schemaVersion().result();
            } catch (...) {
                // Judged here, when it failed, not when the GUI thread gets to the answer.
                if (!limit.hasExpired())
                    throw;
                result = Opening();
                result.pastLimit = true;
            }
            return result;
        },
        [this, generation, fail](const Outcome<Opening> &outcome) {
            if (generation != d->generation)
                return; // timed out, closed, or opened again meanwhile
            d->timeout.stop();
            if (outcome.ok() && outcome.value->pastLimit) {
                giveUp(); // the driver's time-out came first: the person sees the limit's message
                return;
            }
            if (!outcome.ok()) {
                fail(tr("could not open the database %1: %2").arg(d->displayUrl, outcome.error));
                return;
            }
            d->schemaVersion = outcome.value->version;
            const int latest = latestSchemaVersion();
            if (d->schemaVersion > latest) {
                d->schemaState = SchemaState::Newer;
                Q_EMIT schemaChanged();
                fail(tr("the database schema is version %1, newer than this build's %2; use a newer gatehouse-admin")
                         .arg(d->schemaVersion)
                         .arg(latest));
                return;
            }
            d->adapter = outcome.value->adapter;
            remember(d->target);
            d->schemaState = d->schemaVersion < latest ? SchemaState::Older : SchemaState::Current;
            Q_EMIT schemaChanged();
            d->status = d->schemaState == SchemaState::Current ? Status::Ready : Status::NeedsMigration;
            Q_EMIT statusChanged();
            if (d->status == Status::Ready)
                Q_EMIT opened();
        });
}

void AdminConnection::migrate()
{
    if (d->status != Status::NeedsMigration || !d->adapter)
        return;
    const quint64 generation = d->generation;
    d->status = Status::Migrating;
    d->errorString.clear();
    d->migrationLog.clear();
    d->migrationProgress = 0;
    Q_EMIT errorStringChanged();
    Q_EMIT statusChanged();
    Q_EMIT migrationProgressChanged();
    const int latest = latestSchemaVersion();
    QPointer<AdminConnection> self(this);
    // Progress lines arrive on a storage thread; queue them to this object's thread.
    auto progress = [self, generation, latest](const QString &line) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, latest, line] {
                if (!self || generation != self->d->generation)
                    return;
                self->d->migrationLog.append(line);
                self->d->migrationProgress = qMin(1.0, double(self->d->migrationLog.size()) / latest);
                Q_EMIT self->migrationProgressChanged();
            },
            Qt::QueuedConnection);
    };
    whenFinished(d->adapter->migrate(progress), this, [this, generation](const Outcome<int> &outcome) {
        if (generation != d->generation)
            return;
        if (!outcome.ok()) {
            migrationFailed(generation, outcome.error);
            return;
        }
        d->schemaVersion = *outcome.value;
        d->schemaState = SchemaState::Current;
        d->migrationProgress = 1;
        Q_EMIT schemaChanged();
        Q_EMIT migrationProgressChanged();
        d->status = Status::Ready;
        Q_EMIT statusChanged();
        Q_EMIT opened();
    });
}

void AdminConnection::migrationFailed(quint64 generation, const QString &error)
{
    // The storage says which step failed, in the database's words, and what it kept
    // ("migrate: step 6/9 (disabled users): ...; the migration was rolled back, ...").
    QString message = error;
    if (message.startsWith(QLatin1String("migrate: ")))
        message.remove(0, 9);
    // The version as it is now (MariaDB keeps the steps before a failed one), for the offer.
    whenFinished(d->adapter->schemaVersion(), this, [this, generation, message](const Outcome<int> &version) {
        if (generation != d->generation)
            return;
        if (version.ok() && *version.value != d->schemaVersion) {
            d->schemaVersion = *version.value;
            Q_EMIT schemaChanged();
        }
        d->errorString = message;
        d->status = Status::NeedsMigration;
        Q_EMIT errorStringChanged();
        Q_EMIT statusChanged();
    });
}

void AdminConnection::close()
{
    ++d->generation;
    d->timeout.stop();
    retireAdapter();
    if (d->link)
        d->link->signOut(); // the grant ends at the server, the kept token goes
    retireServer();
    if (d->status == Status::Closed)
        return;
    d->status = Status::Closed;
    d->schemaState = SchemaState::Unknown;
    Q_EMIT schemaChanged();
    Q_EMIT statusChanged();
}

} // namespace Gatehouse::Admin
