#include <gatehouse/adminapi.h>

#include "adminapi/accessoperations.h"
#include "adminapi/apierror.h"
#include "adminapi/auditoperations.h"
#include "adminapi/bearer.h"
#include "adminapi/configoperations.h"
#include "adminapi/dashboardoperations.h"
#include "adminapi/importoperations.h"
#include "adminapi/logging.h"
#include "adminapi/useroperations.h"
#include "core/clientaddress.h"
#include "core/origin.h"
#include "core/urls.h"
#include "oidcprovider/keybox.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/errors.h>
#include <gatehouse/twofactor.h>

#include <QMutex>
#include <QPromise>
#include <QThreadPool>

namespace Gatehouse {

using namespace AdminApiDetail;

namespace {

QString apiPrefix(const QString &basePath)
{
    QString prefix = basePath;
    while (prefix.endsWith(u'/'))
        prefix.chop(1);
    return prefix + QStringLiteral("/admin/api");
}

//! What handle() takes from the configuration, copied: the work runs after handle() returned.
struct RequestContext
{
    QString prefix;
    QString origin;
    CallerCheck caller;
    AccessOptions access;   // the running configuration's, for the tester
    std::shared_ptr<ConfigAccess> config;   // null: no configuration file
    LockoutLimits lockoutLimits;
    qint64 sessionMaxAge = 0;
    std::shared_ptr<ImportGate> importGate;  // one import at a time on this server
};

AuthResponse serve(const Stores &stores, const AuthRequest &request, const RequestContext &context)
{
    // A browser's request from another site: no CORS answer, and no work either.
    const QByteArray origin = request.header("origin");
    if (!origin.isEmpty() && QString::fromLatin1(origin) != context.origin) {
        throw ApiError{403, QStringLiteral("cross_origin"), QStringLiteral("the admin API answers no cross-origin request"),
                       QStringLiteral("Origin"), {}};
    }
    Caller caller = authenticate(stores, request, context.caller);
    caller.lockoutLimits = context.lockoutLimits;
    caller.sessionMaxAge = context.sessionMaxAge;
    const QString path = request.url.path(QUrl::FullyDecoded).mid(context.prefix.size());
    QStringList segments = path.split(u'/');
    if (!segments.isEmpty() && segments.constFirst().isEmpty())
        segments.removeFirst();
    if (!segments.isEmpty() && segments.constLast().isEmpty())
        segments.removeLast();
    const bool wellFormed = !segments.isEmpty() && !segments.contains(QString());
    if (wellFormed && servesImport(segments))
        return serveImport(stores, caller, request, *context.importGate);
    if (wellFormed && segments.constFirst() == QLatin1String("users") && segments.size() <= 4)
        return serveUsers(stores, caller, request, segments);
    if (wellFormed && segments.constFirst() == QLatin1String("audit"))
        return serveAudit(stores, caller, request, segments, QDateTime::currentDateTimeUtc());
    if (wellFormed && segments.constFirst() == QLatin1String("dashboard"))
        return serveDashboard(stores, caller, request, segments, QDateTime::currentDateTimeUtc());
    if (wellFormed && segments.constFirst() == QLatin1String("sessions"))
        return serveSessions(stores, caller, request, segments);
    if (wellFormed && segments.constFirst() == QLatin1String("access"))
        return serveAccessTest(stores, caller, request, segments, context.access);
    if (wellFormed && segments.constFirst() == QLatin1String("config"))
        return serveConfig(stores, caller, request, segments, context.config);
    throw ApiError::notFound({}, QStringLiteral("no such operation"));
}

AuthResponse answer(const Stores &stores, const AuthRequest &request, const RequestContext &context)
{
    try {
        return serve(stores, request, context);
    } catch (const ApiError &error) {
        return error.response();
    } catch (const AdapterError &error) {
        if (error.reason() == AdapterError::Reason::Unavailable) {
            return ApiError{503, QStringLiteral("unavailable"), QStringLiteral("the database cannot be reached; try again"), {}, {}}
                .response();
        }
        qCWarning(lcAdminApi).noquote() << request.method << request.url.path() << "failed:" << error.message() << error.cause();
    } catch (const AuthError &error) {
        qCWarning(lcAdminApi).noquote() << request.method << request.url.path() << "failed:" << error.message();
    } catch (const std::exception &error) {
        qCWarning(lcAdminApi).noquote() << request.method << request.url.path() << "failed:" << error.what();
    }
    return ApiError{500, QStringLiteral("internal"), QStringLiteral("the operation failed; the server's log says why"), {}, {}}
        .response();
}

} // namespace

class AdminApiPrivate
{
public:
    //! The OpenID Provider's keys under \a secrets: one cache, made again when a reload changes them.
    std::shared_ptr<const OidcProvider::SigningKeyCache> keys(const QStringList &secrets)
    {
        if (secrets.isEmpty() || secrets.contains(QString()) || !stores.oidcKeys)
            return {};
        QMutexLocker lock(&mutex);
        if (!keyCache || keySecrets != secrets) {
            keyCache = std::make_shared<const OidcProvider::SigningKeyCache>(stores.oidcKeys,
                                                                             std::make_shared<const OidcProvider::KeyBox>(secrets));
            keySecrets = secrets;
        }
        return keyCache;
    }

    Stores stores;
    AdminSettings settings;
    QMutex mutex;
    QStringList keySecrets;
    std::shared_ptr<const OidcProvider::SigningKeyCache> keyCache;
    std::shared_ptr<ConfigAccess> config;
    std::shared_ptr<ImportGate> importGate = std::make_shared<ImportGate>();
    // The operations wait for the store; they do it here, never on a serving thread.
    QThreadPool pool;
};

AdminApi::AdminApi(std::shared_ptr<Adapter> adapter, const AdminSettings &settings)
    : d(std::make_unique<AdminApiPrivate>())
{
    d->stores = Stores::of(std::move(adapter));
    d->settings = settings;
    if (!d->stores.adminTokens || !d->stores.admin || !d->stores.userState)
        throw InvalidConfiguration(QStringLiteral("the admin API needs an adapter that implements AdminTokenStore, "
                                                  "AdminStore and UserStateStore"));
    d->pool.setMaxThreadCount(4);
    d->pool.setObjectName(QStringLiteral("gatehouse-adminapi"));
}

AdminApi::~AdminApi()
{
    d->pool.waitForDone();
}

void AdminApi::setConfigFile(const AdminConfigFile &file)
{
    auto access = std::make_shared<ConfigAccess>();
    access->file = file;
    d->config = access;
}

bool AdminApi::owns(const QString &path, const QString &basePath)
{
    const QString prefix = apiPrefix(basePath);
    return path == prefix || path.startsWith(prefix + u'/');
}

QString AdminApi::importPath(const QString &basePath)
{
    return apiPrefix(basePath) + QStringLiteral("/users/import");
}

QFuture<AuthResponse> AdminApi::handle(const AuthRequest &request, const Config &config) const
{
    RequestContext context;
    context.prefix = apiPrefix(config.basePath);
    context.origin = resolveOrigin(request, config).origin;
    context.caller.clientAddress = clientAddress(request, config.trustedProxies).toString();
    context.caller.limits = config.rateLimit;
    context.caller.issuer = context.origin + Urls::basePathPrefix(config.basePath);
    context.caller.adminGroups = d->settings.groups;
    context.caller.keys = d->keys(config.secret);
    context.caller.secrets = config.secret;
    context.access = config.access;
    context.config = d->config;
    context.importGate = d->importGate;
    const TwoFactorOptions twoFactor; // fixed: the configuration does not set them
    context.lockoutLimits.rateLimit = config.rateLimit;
    context.sessionMaxAge = config.session.maxAge;
    context.lockoutLimits.twoFactorMaxFailures = twoFactor.maxFailures;
    context.lockoutLimits.twoFactorWindowSeconds = twoFactor.failureWindowSeconds;
    auto promise = std::make_shared<QPromise<AuthResponse>>();
    promise->start();
    QFuture<AuthResponse> future = promise->future();
    const Stores stores = d->stores;
    d->pool.start([promise, stores, request, context] {
        promise->addResult(answer(stores, request, context));
        promise->finish();
    });
    return future;
}

} // namespace Gatehouse
