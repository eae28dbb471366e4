#include "oidcclientsmodel.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"

#include <gatehouse/configloader.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::Admin {

namespace {

//! What a load found: the provider section, or none.
struct ClientsSnapshot
{
    std::optional<OidcProviderOptions> provider;
};

//! The provider section of the configuration file at \a path; AdminError when it cannot be read.
ClientsSnapshot readProviderFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw AdminError(OidcClientsModel::tr("could not read %1: %2").arg(path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        throw AdminError(OidcClientsModel::tr("%1 is not a JSON configuration: %2").arg(path, parseError.errorString()));
    return {OidcClientsModel::providerOf(document.object(), QFileInfo(path).absolutePath())};
}

} // namespace

class OidcClientsModelPrivate
{
public:
    explicit OidcClientsModelPrivate(OidcClientsModel *q) : q(q) { pool.setMaxThreadCount(1); }

    void show(const std::optional<OidcProviderOptions> &provider, const QString &from)
    {
        configured = provider.has_value();
        source = from;
        q->setRecords(OidcClientsModel::clientRecords(provider));
        Q_EMIT q->loadedChanged();
    }

    void reload()
    {
        const quint64 generation = ++this->generation;
        if (!connection || !connection->isReady()) {
            show(std::nullopt, {});
            return;
        }
        if (ApiClient *client = connection->api()) {
            activity.begin();
            client->get(QStringLiteral("config"), {}, q, [this, generation](const ApiReply &reply) {
                activity.end();
                if (generation != this->generation)
                    return;
                if (!reply.ok()) {
                    activity.setError(OidcClientsModel::tr("could not read the server's configuration: %1").arg(reply.errorText()));
                    show(std::nullopt, {});
                    return;
                }
                activity.setError({});
                show(OidcClientsModel::providerOf(reply.json.value(QLatin1String("config")).toObject(), QString()),
                     OidcClientsModel::tr("the server's configuration"));
            });
            return;
        }
        const QString path = connection->configPath();
        if (path.isEmpty()) {
            // A database opened by its URL: no configuration to read the clients from.
            activity.setError({});
            show(std::nullopt, {});
            return;
        }
        activity.begin();
        runInBackground(&pool, q, [path] { return readProviderFile(path); },
                        [this, generation, path](const Outcome<ClientsSnapshot> &outcome) {
                            activity.end();
                            if (generation != this->generation)
                                return;
                            activity.setError(outcome.ok() ? QString() : outcome.error);
                            show(outcome.ok() ? outcome.value->provider : std::nullopt, path);
                        });
    }

    OidcClientsModel *q;
    QPointer<AdminConnection> connection;
    bool configured = false;
    QString source;
    quint64 generation = 0;
    Activity<OidcClientsModel> activity{q};
    QThreadPool pool;
};

OidcClientsModel::OidcClientsModel(QObject *parent)
    : RecordsModel({QStringLiteral("clientId"), QStringLiteral("name"), QStringLiteral("isPublic"), QStringLiteral("kind"),
                    QStringLiteral("consent"), QStringLiteral("consentText"), QStringLiteral("redirectUris"),
                    QStringLiteral("postLogoutRedirectUris"), QStringLiteral("scopes"), QStringLiteral("access"),
                    QStringLiteral("backchannelLogoutUri"), QStringLiteral("idTokenSignedResponseAlg")},
                   parent)
    , d(std::make_unique<OidcClientsModelPrivate>(this))
{
}

OidcClientsModel::~OidcClientsModel()
{
    ++d->generation;
    d->pool.waitForDone();
}

AdminConnection *OidcClientsModel::connection() const { return d->connection; }

void OidcClientsModel::setConnection(AdminConnection *connection)
{
    if (connection == d->connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection) {
        connect(connection, &AdminConnection::opened, this, [this] { d->reload(); });
        connect(connection, &AdminConnection::statusChanged, this, [this] {
            if (!d->connection->isReady() && (d->configured || rowCount() > 0))
                d->show(std::nullopt, {});
        });
    }
    Q_EMIT connectionChanged();
    d->reload();
}

bool OidcClientsModel::isConfigured() const { return d->configured; }
QString OidcClientsModel::source() const { return d->source; }
bool OidcClientsModel::isBusy() const { return d->activity.isBusy(); }
QString OidcClientsModel::errorString() const { return d->activity.errorString(); }

void OidcClientsModel::reload()
{
    d->reload();
}

std::optional<OidcProviderOptions> OidcClientsModel::providerOf(const QJsonObject &json, const QString &baseDir)
{
    const QJsonValue section = json.value(QLatin1String("oidcProvider"));
    if (!section.isObject())
        return std::nullopt;
    // Only the clients are shown: they are read by the library's reader, alone, so that what
    // the rest of the file lacks here (its secrets, masked or in the server's environment)
    // does not matter. A secret file is on the server, not here: a placeholder stands for it.
    QJsonObject provider;
    QJsonArray clients;
    for (const QJsonValue &value : section.toObject().value(QLatin1String("clients")).toArray()) {
        QJsonObject client = value.toObject();
        if (client.contains(QLatin1String("clientSecretFile"))) {
            client.remove(QLatin1String("clientSecretFile"));
            client.insert(QStringLiteral("clientSecret"), QStringLiteral("secret kept in a file on the server"));
        }
        clients.append(client);
    }
    provider.insert(QStringLiteral("clients"), clients);
    ConfigLoadOptions options;
    options.requireSecret = false;
    const ConfigResult loaded = loadConfig(QJsonObject{{QStringLiteral("oidcProvider"), provider}}, QProcessEnvironment(), baseDir, options);
    return loaded.config.oidcProvider ? loaded.config.oidcProvider : std::optional<OidcProviderOptions>(OidcProviderOptions{});
}

QString OidcClientsModel::policyText(const AccessPolicy &policy)
{
    switch (policy.kind) {
    case AccessPolicy::Kind::Deny:
        return tr("nobody");
    case AccessPolicy::Kind::Bypass:
        return tr("anyone, without signing in");
    case AccessPolicy::Kind::SignedIn:
        return tr("anyone signed in");
    case AccessPolicy::Kind::Subjects:
        break;
    }
    QStringList parts;
    if (!policy.users.isEmpty())
        parts.append(tr("users: %1").arg(policy.users.join(QStringLiteral(", "))));
    if (!policy.groups.isEmpty())
        parts.append(tr("groups: %1").arg(policy.groups.join(QStringLiteral(", "))));
    return parts.join(QStringLiteral("; "));
}

QList<QVariantMap> OidcClientsModel::clientRecords(const std::optional<OidcProviderOptions> &provider)
{
    QList<QVariantMap> rows;
    if (!provider)
        return rows;
    for (const OidcClient &client : provider->clients) {
        rows.append({
            {QStringLiteral("clientId"), client.clientId},
            {QStringLiteral("name"), client.displayName()},
            {QStringLiteral("isPublic"), client.isPublic},
            {QStringLiteral("kind"), client.isPublic ? tr("public (PKCE, no secret)") : tr("confidential (client secret)")},
            {QStringLiteral("consent"), client.consent},
            {QStringLiteral("consentText"), client.consent ? tr("asks each person first") : tr("first-party: never asks")},
            {QStringLiteral("redirectUris"), client.redirectUris},
            {QStringLiteral("postLogoutRedirectUris"), client.postLogoutRedirectUris},
            {QStringLiteral("scopes"), client.scopes},
            {QStringLiteral("access"), policyText(client.access)},
            {QStringLiteral("backchannelLogoutUri"), client.backchannelLogoutUri},
            {QStringLiteral("idTokenSignedResponseAlg"), client.idTokenSignedResponseAlg},
        });
    }
    return rows;
}

} // namespace Gatehouse::Admin
