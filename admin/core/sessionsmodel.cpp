#include "sessionsmodel.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"
#include "operatinguser.h"
#include "records.h"

#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/sqladapter.h>

#include <QJsonArray>
#include <QUrl>
#include <QUrlQuery>

namespace Gatehouse::Admin {

namespace {

constexpr int pageRows = 200;
constexpr int cleanupBatch = 1000;

const QStringList roleKeys{QStringLiteral("sessionToken"), QStringLiteral("tokenHint"), QStringLiteral("userId"),
                           QStringLiteral("userEmail"),    QStringLiteral("userName"),  QStringLiteral("expires"),
                           QStringLiteral("expired"),      QStringLiteral("lastSeen"),  QStringLiteral("clientAddress")};

} // namespace

class SessionsModelPrivate
{
public:
    explicit SessionsModelPrivate(SessionsModel *q)
        : q(q)
    {
    }

    std::shared_ptr<SqlAdapter> adapter() const { return connection ? connection->adapter() : nullptr; }
    ApiClient *api() const { return connection ? connection->api() : nullptr; }

    //! The admin API's \c {GET sessions} query for the filters and \a page.
    QUrlQuery apiQuery(qint64 page) const
    {
        QUrlQuery query;
        if (!userFilter.trimmed().isEmpty())
            query.addQueryItem(QStringLiteral("search"), userFilter.trimmed());
        if (!providerFilter.trimmed().isEmpty())
            query.addQueryItem(QStringLiteral("provider"), providerFilter.trimmed());
        query.addQueryItem(QStringLiteral("expired"), includeExpired ? QStringLiteral("true") : QStringLiteral("false"));
        query.addQueryItem(QStringLiteral("page"), QString::number(page));
        query.addQueryItem(QStringLiteral("pageSize"), QString::number(pageRows));
        return query;
    }

    //! A page of \c {GET sessions} (the first one on a reload, \a first true): the counts and its rows.
    void fetchOverApi(ApiClient *client, bool first)
    {
        const quint64 generation = this->generation;
        const qint64 page = rows.size() / pageRows + 1;
        const qint64 maxAge = connection->sessionMaxAge();
        fetching = true;
        activity.begin();
        client->get(QStringLiteral("sessions"), apiQuery(page), q, [this, generation, first, maxAge](const ApiReply &reply) {
            activity.end();
            if (generation != this->generation)
                return;
            fetching = false;
            if (!reply.ok()) {
                activity.setError(first ? SessionsModel::tr("could not count the sessions: %1").arg(reply.errorText())
                                        : SessionsModel::tr("could not load sessions: %1").arg(reply.errorText()));
                return;
            }
            activity.setError({});
            const QJsonArray sessions = reply.json.value(QLatin1String("sessions")).toArray();
            total = reply.json.value(QLatin1String("total")).toInteger();
            expired = reply.json.value(QLatin1String("expiredTotal")).toInteger();
            if (sessions.isEmpty())
                total = rows.size(); // fewer than counted: some ended meanwhile
            Q_EMIT q->totalCountChanged();
            if (sessions.isEmpty())
                return;
            q->beginInsertRows({}, int(rows.size()), int(rows.size() + sessions.size() - 1));
            for (const QJsonValue &session : sessions)
                rows.append(Records::sessionFromApi(session.toObject(), maxAge));
            q->endInsertRows();
        });
    }

    SessionFilter filter() const
    {
        SessionFilter f;
        f.userSearch = userFilter.trimmed();
        f.provider = providerFilter.trimmed();
        f.activeOnly = !includeExpired;
        return f;
    }



    void reload()
    {
        const quint64 generation = ++this->generation;
        q->beginResetModel();
        rows.clear();
        total = 0;
        fetching = false;
        q->endResetModel();
        if (ApiClient *client = api()) {
            fetchOverApi(client, true);
            return;
        }
        const auto store = adapter();
        if (!store) {
            expired = 0;
            Q_EMIT q->totalCountChanged();
            return;
        }
        activity.begin();
        const SessionFilter f = filter();
        whenFinished(store->countSessionEntries(f), q, [this, generation, store](const Outcome<qint64> &matching) {
            if (generation != this->generation || !matching.ok()) {
                activity.end();
                if (generation == this->generation)
                    activity.setError(SessionsModel::tr("could not count the sessions: %1").arg(matching.error));
                return;
            }
            whenFinished(store->countExpiredSessions(), q, [this, generation, matching](const Outcome<qint64> &old) {
                activity.end();
                if (generation != this->generation)
                    return;
                if (!old.ok()) {
                    activity.setError(SessionsModel::tr("could not count the sessions: %1").arg(old.error));
                    return;
                }
                activity.setError({});
                total = *matching.value;
                expired = *old.value;
                Q_EMIT q->totalCountChanged();
                fetch();
            });
        });
    }

    void fetch()
    {
        if (ApiClient *client = api()) {
            if (!fetching && rows.size() < total)
                fetchOverApi(client, false);
            return;
        }
        const auto store = adapter();
        if (!store || fetching || rows.size() >= total)
            return;
        fetching = true;
        activity.begin();
        const quint64 generation = this->generation;
        const qint64 maxAge = connection->sessionMaxAge();
        whenFinished(store->listSessionEntries(filter(), rows.size(), pageRows), q,
                     [this, generation, maxAge](const Outcome<QList<SessionListEntry>> &page) {
                         activity.end();
                         if (generation != this->generation)
                             return;
                         fetching = false;
                         if (!page.ok()) {
                             activity.setError(SessionsModel::tr("could not load sessions: %1").arg(page.error));
                             return;
                         }
                         if (page.value->isEmpty()) {
                             total = rows.size(); // fewer than counted: some ended meanwhile
                             Q_EMIT q->totalCountChanged();
                             return;
                         }
                         q->beginInsertRows({}, int(rows.size()), int(rows.size() + page.value->size() - 1));
                         for (const SessionListEntry &entry : *page.value)
                             rows.append(Records::session(entry, maxAge));
                         q->endInsertRows();
                     });
    }

    SessionsModel *q;
    QPointer<AdminConnection> connection;
    QString userFilter;
    QString providerFilter;
    bool includeExpired = false;
    QList<QVariantMap> rows;
    qint64 total = 0;
    qint64 expired = 0;
    bool fetching = false;
    bool cleaning = false;
    double cleanupProgress = 0;
    quint64 generation = 0;
    Activity<SessionsModel> activity{q};
};

SessionsModel::SessionsModel(QObject *parent)
    : QAbstractListModel(parent)
    , d(std::make_unique<SessionsModelPrivate>(this))
{
}

SessionsModel::~SessionsModel() = default;

AdminConnection *SessionsModel::connection() const { return d->connection; }

void SessionsModel::setConnection(AdminConnection *connection)
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

QString SessionsModel::userFilter() const { return d->userFilter; }

void SessionsModel::setUserFilter(const QString &text)
{
    if (text == d->userFilter)
        return;
    d->userFilter = text;
    Q_EMIT filterChanged();
    d->reload();
}

QString SessionsModel::providerFilter() const { return d->providerFilter; }

void SessionsModel::setProviderFilter(const QString &provider)
{
    if (provider == d->providerFilter)
        return;
    d->providerFilter = provider;
    Q_EMIT filterChanged();
    d->reload();
}

bool SessionsModel::includeExpired() const { return d->includeExpired; }

void SessionsModel::setIncludeExpired(bool include)
{
    if (include == d->includeExpired)
        return;
    d->includeExpired = include;
    Q_EMIT filterChanged();
    d->reload();
}

qint64 SessionsModel::totalCount() const { return d->total; }
qint64 SessionsModel::expiredCount() const { return d->expired; }
bool SessionsModel::isBusy() const { return d->activity.isBusy(); }
bool SessionsModel::isCleanupRunning() const { return d->cleaning; }
double SessionsModel::cleanupProgress() const { return d->cleanupProgress; }
QString SessionsModel::errorString() const { return d->activity.errorString(); }

int SessionsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(d->rows.size());
}

QVariant SessionsModel::data(const QModelIndex &index, int role) const
{
    const int key = role - SessionTokenRole;
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || key < 0 || key >= roleKeys.size())
        return role == Qt::DisplayRole && index.isValid() ? d->rows.at(index.row()).value(QStringLiteral("userEmail")) : QVariant();
    return d->rows.at(index.row()).value(roleKeys.at(key));
}

QHash<int, QByteArray> SessionsModel::roleNames() const
{
    QHash<int, QByteArray> names;
    for (int i = 0; i < roleKeys.size(); ++i)
        names.insert(SessionTokenRole + i, roleKeys.at(i).toUtf8());
    return names;
}

bool SessionsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !d->fetching && d->rows.size() < d->total;
}

void SessionsModel::fetchMore(const QModelIndex &parent)
{
    if (!parent.isValid())
        d->fetch();
}

void SessionsModel::refresh()
{
    d->reload();
}

QVariantMap SessionsModel::get(int row) const
{
    return row >= 0 && row < d->rows.size() ? d->rows.at(row) : QVariantMap();
}

void SessionsModel::revoke(const QString &sessionToken)
{
    const QString operation = QStringLiteral("revoke");
    if (ApiClient *client = d->api()) {
        // The API ends a session through its user, by the id the list gave (sessionToken here).
        QString userId;
        for (const QVariantMap &row : std::as_const(d->rows)) {
            if (row.value(QStringLiteral("sessionToken")) == sessionToken)
                userId = row.value(QStringLiteral("userId")).toString();
        }
        if (userId.isEmpty()) {
            Q_EMIT operationFinished(operation, false, tr("the session %1 does not exist any more").arg(Records::tokenHint(sessionToken)));
            return;
        }
        d->activity.begin();
        const QString path = QStringLiteral("users/%1/sessions/%2")
                                 .arg(QString::fromLatin1(QUrl::toPercentEncoding(userId)),
                                      QString::fromLatin1(QUrl::toPercentEncoding(sessionToken)));
        client->send("DELETE", path, {}, this, [this, operation, sessionToken](const ApiReply &reply) {
            d->activity.end();
            d->reload();
            if (reply.problem && reply.problem->kind == ApiProblem::Kind::NotFound)
                Q_EMIT operationFinished(operation, false, tr("the session %1 does not exist any more").arg(Records::tokenHint(sessionToken)));
            else if (!reply.ok())
                Q_EMIT operationFinished(operation, false, reply.errorText());
            else
                Q_EMIT operationFinished(operation, true, tr("revoked the session %1").arg(Records::tokenHint(sessionToken)));
        });
        return;
    }
    const auto store = d->adapter();
    if (!store) {
        Q_EMIT operationFinished(operation, false, tr("not connected to a database"));
        return;
    }
    d->activity.begin();
    const QStringList secrets = d->connection ? d->connection->secrets() : QStringList();
    whenFinished(store->deleteSession(sessionToken), this,
                 [this, operation, sessionToken, store, secrets](const Outcome<std::optional<AdapterSession>> &outcome) {
                     d->activity.end();
                     if (!outcome.ok()) {
                         Q_EMIT operationFinished(operation, false, outcome.error);
                         return;
                     }
                     if (!*outcome.value) {
                         d->reload();
                         Q_EMIT operationFinished(operation, false,
                                                  tr("the session %1 does not exist any more").arg(Records::sessionHint(sessionToken)));
                         return;
                     }
                     // Its OpenID Provider clients are told by a running server (a configuration
                     // file names the secret). The store is let go here, in this thread, once
                     // they are queued: never in a storage thread.
                     whenFinished(queueBackchannelLogoutsOfSession(store, secrets, sessionToken), this,
                                  [store](const Outcome<int> &) {});
                     // Audited as the API's sessionEnd: the session named by its token's hash.
                     // Reported done once recorded, so the user's audit list shows it.
                     const AuditEvent event = adminChangeEvent(QStringLiteral("sessionEnd"), (*outcome.value)->userId,
                                                               {{QStringLiteral("session"), sessionId(sessionToken)}});
                     d->activity.begin();
                     whenFinished(store->appendAudit(event), this, [this, operation, sessionToken, store, event](const Outcome<qint64> &recorded) {
                         d->activity.end();
                         if (!recorded.ok())
                             warnUnrecorded(event, recorded.error);
                         d->reload();
                         Q_EMIT operationFinished(operation, true, tr("revoked the session %1").arg(Records::sessionHint(sessionToken)));
                     });
                 });
}

void SessionsModel::cleanupExpired()
{
    const QString operation = QStringLiteral("cleanupExpired");
    if (ApiClient *client = d->api()) {
        if (d->cleaning) {
            Q_EMIT operationFinished(operation, false, tr("a clean-up is running already"));
            return;
        }
        d->cleaning = true;
        d->cleanupProgress = 0;
        Q_EMIT cleanupChanged();
        // The server deletes in batches itself; a request that says "more" is followed by another.
        const qint64 expected = qMax<qint64>(1, d->expired);
        auto deleted = std::make_shared<qint64>(0);
        auto step = std::make_shared<std::function<void()>>();
        *step = [this, client = QPointer<ApiClient>(client), operation, expected, deleted, step] {
            if (!client) { // the connection was closed meanwhile
                d->cleaning = false;
                Q_EMIT cleanupChanged();
                Q_EMIT operationFinished(operation, false, tr("not connected to a database"));
                *step = nullptr;
                return;
            }
            client->send("POST", QStringLiteral("sessions/cleanup"), {}, this,
                         [this, operation, expected, deleted, step](const ApiReply &reply) {
                             if (reply.ok())
                                 *deleted += reply.json.value(QLatin1String("deleted")).toInteger();
                             if (!reply.ok() || !reply.json.value(QLatin1String("more")).toBool()) {
                                 d->cleaning = false;
                                 d->cleanupProgress = reply.ok() ? 1 : d->cleanupProgress;
                                 Q_EMIT cleanupChanged();
                                 d->reload();
                                 Q_EMIT operationFinished(operation, reply.ok(),
                                                          reply.ok() ? tr("deleted %n expired session(s)", nullptr, int(*deleted))
                                                                     : reply.errorText());
                                 *step = nullptr; // breaks the cycle step -> lambda -> step
                                 return;
                             }
                             d->cleanupProgress = qMin(1.0, double(*deleted) / double(expected));
                             Q_EMIT cleanupChanged();
                             (*step)();
                         });
        };
        (*step)();
        return;
    }
    const auto store = d->adapter();
    if (!store || d->cleaning) {
        Q_EMIT operationFinished(operation, false,
                                 store ? tr("a clean-up is running already") : tr("not connected to a database"));
        return;
    }
    d->cleaning = true;
    d->cleanupProgress = 0;
    Q_EMIT cleanupChanged();
    // Count first, then delete batch by batch, so the progress bar moves and no statement
    // holds the table for long.
    whenFinished(store->countExpiredSessions(), this, [this, operation, store](const Outcome<qint64> &count) {
        if (!count.ok()) {
            d->cleaning = false;
            Q_EMIT cleanupChanged();
            Q_EMIT operationFinished(operation, false, count.error);
            return;
        }
        const qint64 expected = qMax<qint64>(1, *count.value);
        auto deleted = std::make_shared<qint64>(0);
        auto step = std::make_shared<std::function<void()>>();
        *step = [this, operation, store, expected, deleted, step] {
            whenFinished(store->deleteExpiredSessionsBatch(cleanupBatch), this,
                         [this, operation, store, expected, deleted, step](const Outcome<qint64> &batch) {
                             if (!batch.ok() || *batch.value == 0) {
                                 *step = nullptr; // breaks the cycle step -> lambda -> step
                                 const auto finish = [this, operation, deleted, ok = batch.ok(), error = batch.error] {
                                     d->cleaning = false;
                                     d->cleanupProgress = ok ? 1 : d->cleanupProgress;
                                     Q_EMIT cleanupChanged();
                                     d->reload();
                                     Q_EMIT operationFinished(operation, ok,
                                                              ok ? tr("deleted %n expired session(s)", nullptr, int(*deleted)) : error);
                                 };
                                 if (!batch.ok() || *deleted == 0)
                                     return finish();
                                 // Audited as the API's sessionsCleanUp: once, when any went.
                                 const AuditEvent event =
                                     adminChangeEvent(QStringLiteral("sessionsCleanUp"), QString(), {{QStringLiteral("deleted"), *deleted}});
                                 whenFinished(store->appendAudit(event), this, [store, event, finish](const Outcome<qint64> &recorded) {
                                     if (!recorded.ok())
                                         warnUnrecorded(event, recorded.error);
                                     finish();
                                 });
                                 return;
                             }
                             *deleted += *batch.value;
                             d->cleanupProgress = qMin(1.0, double(*deleted) / double(expected));
                             Q_EMIT cleanupChanged();
                             (*step)();
                         });
        };
        (*step)();
    });
}

} // namespace Gatehouse::Admin
