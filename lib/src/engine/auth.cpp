#include "engine/authprivate.h"

#include "engine/configcheck.h"
#include "engine/dispatcher.h"

#include <QJsonDocument>

namespace Gatehouse {

namespace {

void throwIfInvalid(const Config &config)
{
    if (config.secret.isEmpty() || config.secret.first().isEmpty())
        throw AuthError(QStringLiteral("MissingSecret"),
                        QStringLiteral("Please define a `secret` (or set AUTH_SECRET)."));
    const QStringList problems = checkConfig(config);
    if (!problems.isEmpty())
        throw AuthError(QStringLiteral("InvalidConfiguration"), problems.join(QLatin1Char('\n')));
}

} // namespace

AuthPrivate::AuthPrivate(std::shared_ptr<const Config> config, ConfigFactory factory)
    : config(std::move(config))
    , factory(std::move(factory))
    , engine(std::make_shared<EngineData>(this->config->secret))
{
}

std::shared_ptr<const Config> AuthPrivate::configFor(const AuthRequest &request, QString *problem) const
{
    if (!factory)
        return config;
    auto computed = std::make_shared<const Config>(factory(&request));
    try {
        throwIfInvalid(*computed);
    } catch (const AuthError &e) {
        *problem = e.message();
    }
    return computed;
}

QFuture<AuthResponse> AuthPrivate::handle(const AuthRequest &request) const
{
    QString problem;
    std::shared_ptr<const Config> effective = configFor(request, &problem);
    return dispatch(engine, std::move(effective), request, problem);
}

QFuture<std::optional<QJsonObject>> AuthPrivate::session(const AuthRequest &request) const
{
    QString problem;
    std::shared_ptr<const Config> effective = configFor(request, &problem);
    AuthRequest sessionRequest;
    sessionRequest.method = "GET";
    sessionRequest.url = request.url;
    sessionRequest.url.setPath(effective->basePath + QStringLiteral("/session"));
    sessionRequest.url.setQuery(QString());
    sessionRequest.headers = request.headers;
    sessionRequest.remoteAddress = request.remoteAddress;
    return dispatch(engine, effective, sessionRequest, problem)
        .then(QtFuture::Launch::Sync, [](const AuthResponse &response) -> std::optional<QJsonObject> {
            if (response.status != 200)
                return std::nullopt;
            const QJsonDocument doc = QJsonDocument::fromJson(response.body);
            if (!doc.isObject())
                return std::nullopt;
            return doc.object();
        });
}

Auth::Auth(const Config &config)
{
    throwIfInvalid(config);
    d = std::make_shared<const AuthPrivate>(std::make_shared<const Config>(config), ConfigFactory());
}

Auth::Auth(ConfigFactory factory)
{
    // The request-less configuration seeds the shared key cache and is what config() returns.
    auto initial = std::make_shared<const Config>(factory(nullptr));
    d = std::make_shared<const AuthPrivate>(std::move(initial), std::move(factory));
}

Auth::~Auth() = default;
Auth::Auth(const Auth &) = default;
Auth &Auth::operator=(const Auth &) = default;

QFuture<AuthResponse> Auth::handle(const AuthRequest &request) const
{
    return d->handle(request);
}

QFuture<std::optional<QJsonObject>> Auth::session(const AuthRequest &request) const
{
    return d->session(request);
}

const Config &Auth::config() const
{
    return *d->config;
}

} // namespace Gatehouse
