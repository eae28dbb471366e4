#include "consentsmodel.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"
#include "oidcclientsmodel.h"
#include "operatinguser.h"

#include <gatehouse/sqladapter.h>

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

#include <algorithm>

namespace Gatehouse::Admin {

namespace {

//! Client id -> the name people see, from the provider section (empty when none is known).
QHash<QString, QString> clientNames(const std::optional<OidcProviderOptions> &provider)
{
    QHash<QString, QString> names;
    if (provider) {
        for (const OidcClient &client : provider->clients)
            names.insert(client.clientId, client.displayName());
    }
    return names;
}

//! The client names of the configuration file at \a path; none when it cannot be read (ids are shown).
QHash<QString, QString> namesInFile(const QString &path)
{
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll());
    return clientNames(OidcClientsModel::providerOf(document.object(), QFileInfo(path).absolutePath()));
}

QVariantMap consentRecord(const QString &clientId, const QStringList &scopes, const QDateTime &grantedAt,
                          const QDateTime &updatedAt, const QHash<QString, QString> &names)
{
    return {{QStringLiteral("clientId"), clientId},
            {QStringLiteral("name"), names.value(clientId, clientId)},
            {QStringLiteral("scopes"), scopes},
            {QStringLiteral("scopesText"), ConsentsModel::scopesText(scopes)},
            {QStringLiteral("grantedAt"), grantedAt.toUTC()},
            {QStringLiteral("updatedAt"), updatedAt.toUTC()}};
}

QDateTime consentTime(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs).toUTC();
}

} // namespace

class ConsentsModelPrivate
{
public:
    explicit ConsentsModelPrivate(ConsentsModel *q) : q(q) { pool.setMaxThreadCount(1); }

    void show(bool isAvailable, const QList<QVariantMap> &rows)
    {
        available = isAvailable;
        q->setRecords(rows);
        Q_EMIT q->loadedChanged();
    }

    QString usersPath(const QString &rest = {}) const
    {
        return QStringLiteral("users/") + QString::fromLatin1(QUrl::toPercentEncoding(userId)) + rest;
    }

    //! Over the admin API: the consents and (when the token may read it) the configuration's names.
    void reloadOverApi(ApiClient *client, quint64 generation)
    {
        struct Answers
        {
            int waiting = 2;
            ApiReply consents, config;
        };
        auto answers = std::make_shared<Answers>();
        const auto finish = [this, generation, answers] {
            if (--answers->waiting > 0)
                return;
            activity.end();
            if (generation != this->generation)
                return;
            const ApiReply &reply = answers->consents;
            if (reply.problem && reply.problem->status == 501) {
                activity.setError({});
                show(false, {});
                return;
            }
            if (!reply.ok()) {
                activity.setError(ConsentsModel::tr("could not load the apps with access: %1").arg(reply.errorText()));
                show(available, {});
                return;
            }
            activity.setError({});
            const QHash<QString, QString> names = answers->config.ok()
                ? clientNames(OidcClientsModel::providerOf(answers->config.json.value(QLatin1String("config")).toObject(), QString()))
                : QHash<QString, QString>();
            QList<QVariantMap> rows;
            for (const QJsonValue &value : reply.json.value(QLatin1String("consents")).toArray()) {
                const QJsonObject consent = value.toObject();
                rows.append(consentRecord(consent.value(QLatin1String("clientId")).toString(),
                                          consent.value(QLatin1String("scopes")).toVariant().toStringList(),
                                          consentTime(consent.value(QLatin1String("grantedAt"))),
                                          consentTime(consent.value(QLatin1String("updatedAt"))), names));
            }
            show(true, rows);
        };
        activity.begin();
        client->get(usersPath(QStringLiteral("/consents")), {}, q, [answers, finish](const ApiReply &reply) {
            answers->consents = reply;
            finish();
        });
        client->get(QStringLiteral("config"), {}, q, [answers, finish](const ApiReply &reply) {
            answers->config = reply;
            finish();
        });
    }

    void reload()
    {
        const quint64 generation = ++this->generation;
        if (!connection || !connection->isReady() || userId.isEmpty()) {
            show(false, {});
            return;
        }
        if (ApiClient *client = connection->api())
            return reloadOverApi(client, generation);
        const std::shared_ptr<SqlAdapter> store = connection->adapter();
        if (!store) {
            show(false, {});
            return;
        }
        const QString id = userId;
        const QString configPath = connection->configPath();
        activity.begin();
        runInBackground(&pool, q,
                        [store, id, configPath] {
                            const QHash<QString, QString> names = namesInFile(configPath);
                            QList<QVariantMap> rows;
                            for (const OidcConsent &consent : store->oidcConsentsOfUser(id).result())
                                rows.append(consentRecord(consent.clientId, consent.scopes, consent.grantedAt, consent.updatedAt, names));
                            return rows;
                        },
                        [this, generation](const Outcome<QList<QVariantMap>> &outcome) {
                            activity.end();
                            if (generation != this->generation)
                                return;
                            activity.setError(outcome.ok() ? QString()
                                                           : ConsentsModel::tr("could not load the apps with access: %1").arg(outcome.error));
                            show(true, outcome.ok() ? *outcome.value : QList<QVariantMap>());
                        });
    }

    //! The name the list shows for \a clientId (its id when it is not listed).
    QString nameOf(const QString &clientId) const
    {
        for (const QVariantMap &row : q->records()) {
            if (row.value(QStringLiteral("clientId")).toString() == clientId)
                return row.value(QStringLiteral("name")).toString();
        }
        return clientId;
    }

    ConsentsModel *q;
    QPointer<AdminConnection> connection;
    QString userId;
    bool available = false;
    quint64 generation = 0;
    Activity<ConsentsModel> activity{q};
    QThreadPool pool;
};

ConsentsModel::ConsentsModel(QObject *parent)
    : RecordsModel({QStringLiteral("clientId"), QStringLiteral("name"), QStringLiteral("scopes"), QStringLiteral("scopesText"),
                    QStringLiteral("grantedAt"), QStringLiteral("updatedAt")},
                   parent)
    , d(std::make_unique<ConsentsModelPrivate>(this))
{
}

ConsentsModel::~ConsentsModel()
{
    ++d->generation;
    d->pool.waitForDone();
}

AdminConnection *ConsentsModel::connection() const { return d->connection; }

void ConsentsModel::setConnection(AdminConnection *connection)
{
    if (connection == d->connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection)
        connect(connection, &AdminConnection::opened, this, [this] { d->reload(); });
    Q_EMIT connectionChanged();
    d->reload();
}

QString ConsentsModel::userId() const { return d->userId; }

void ConsentsModel::setUserId(const QString &userId)
{
    if (userId == d->userId)
        return;
    d->userId = userId;
    Q_EMIT userIdChanged();
    d->show(d->available, {});
    d->reload();
}

bool ConsentsModel::isAvailable() const { return d->available; }
bool ConsentsModel::isBusy() const { return d->activity.isBusy(); }
QString ConsentsModel::errorString() const { return d->activity.errorString(); }

void ConsentsModel::reload()
{
    d->reload();
}

QString ConsentsModel::scopesText(const QStringList &scopes)
{
    // In the consent page's order (the store keeps them sorted by name); unknown ones last.
    const QStringList known{QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"),
                            QStringLiteral("groups"), QStringLiteral("offline_access")};
    QStringList ordered = scopes;
    std::stable_sort(ordered.begin(), ordered.end(), [&known](const QString &a, const QString &b) {
        const auto rank = [&known](const QString &scope) {
            const qsizetype at = known.indexOf(scope);
            return at < 0 ? known.size() : at;
        };
        return rank(a) < rank(b);
    });
    QStringList words;
    for (const QString &scope : std::as_const(ordered)) {
        if (scope == QLatin1String("openid"))
            words.append(tr("sign-in and identity"));
        else if (scope == QLatin1String("profile"))
            words.append(tr("name and picture"));
        else if (scope == QLatin1String("email"))
            words.append(tr("email address"));
        else if (scope == QLatin1String("groups"))
            words.append(tr("groups"));
        else if (scope == QLatin1String("offline_access"))
            words.append(tr("staying signed in"));
        else
            words.append(scope);
    }
    return words.join(QStringLiteral(", "));
}

void ConsentsModel::revoke(const QString &clientId)
{
    const QString operation = QStringLiteral("revokeConsent");
    const QString name = d->nameOf(clientId);
    if (!d->connection || !d->connection->isReady() || d->userId.isEmpty()) {
        Q_EMIT operationFinished(operation, false, tr("not connected"));
        return;
    }
    const QString done = tr("%1 has no access any more: it asks again at the next sign-in").arg(name);
    const QString gone = tr("%1 had no access any more").arg(name);
    if (ApiClient *client = d->connection->api()) {
        d->activity.begin();
        client->send("DELETE", d->usersPath(QStringLiteral("/consents/") + QString::fromLatin1(QUrl::toPercentEncoding(clientId))), {}, this,
                     [this, operation, done, gone](const ApiReply &reply) {
                         d->activity.end();
                         d->reload();
                         if (reply.problem && reply.problem->kind == ApiProblem::Kind::NotFound)
                             Q_EMIT operationFinished(operation, false, gone);
                         else
                             Q_EMIT operationFinished(operation, reply.ok(), reply.ok() ? done : reply.errorText());
                     });
        return;
    }
    const std::shared_ptr<SqlAdapter> store = d->connection->adapter();
    const QString userId = d->userId;
    d->activity.begin();
    runInBackground(&d->pool, this,
                    [store, userId, clientId, done, gone] {
                        // The store's one step (consent, grants, their tokens), then its audit
                        // event as the admin API records it, naming who ran the app.
                        if (!store->revokeOidcConsent(userId, clientId).result())
                            throw AdminError(gone);
                        recordAdminChange(*store, QStringLiteral("oidcConsentRevoked"), userId, {{QStringLiteral("clientId"), clientId}});
                        return done;
                    },
                    [this, operation](const Outcome<QString> &outcome) {
                        d->activity.end();
                        d->reload();
                        Q_EMIT operationFinished(operation, outcome.ok(), outcome.ok() ? *outcome.value : outcome.error);
                    });
}

} // namespace Gatehouse::Admin
