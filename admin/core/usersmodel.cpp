#include "usersmodel.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"
#include "logging.h"
#include "operatinguser.h"
#include "records.h"
#include "userwindow.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/userstate.h>

#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QUrl>

namespace Gatehouse::Admin {

namespace {

constexpr int maxInFlight = 3;    // page queries running at once
constexpr int maxQueued = 8;      // newest page requests kept; older ones are out of view by now

QString normalisedEmail(const QString &email)
{
    return email.trimmed().toLower();
}

QString imageProblem(const QString &image)
{
    if (image.trimmed().isEmpty())
        return {};
    const QUrl url(image.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http"))
        || url.host().isEmpty())
        return UsersModel::tr("the image \"%1\" is not an http(s) URL").arg(image.trimmed());
    return {};
}

QString randomPassword()
{
    static const QString alphabet = QStringLiteral("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789");
    QString password;
    for (int i = 0; i < 16; ++i)
        password.append(alphabet.at(QRandomGenerator::system()->bounded(int(alphabet.size()))));
    return password;
}

std::optional<QString> nullIfBlank(const QString &text)
{
    return text.trimmed().isEmpty() ? std::nullopt : std::optional(text.trimmed());
}

} // namespace

namespace {

//! The search field's text: \c group:NAME (or \c group:"NAME WITH SPACES") picks a group's
//! members, the rest is searched in email, name and id.
struct SearchText
{
    QString search;
    QString group;
};

SearchText splitSearch(const QString &text)
{
    static const QRegularExpression groupToken(QStringLiteral(R"re((?:^|\s)group:(?:"([^"]*)"|(\S+)))re"));
    SearchText result;
    const QRegularExpressionMatch match = groupToken.match(text);
    if (!match.hasMatch()) {
        result.search = text.trimmed();
        return result;
    }
    result.group = match.hasCaptured(1) ? match.captured(1) : match.captured(2);
    result.search = (text.left(match.capturedStart()) + QLatin1Char(' ') + text.mid(match.capturedEnd())).trimmed();
    return result;
}

QString sortName(UsersModel::SortColumn column)
{
    switch (column) {
    case UsersModel::SortColumn::Id: return QStringLiteral("id");
    case UsersModel::SortColumn::Name: return QStringLiteral("name");
    case UsersModel::SortColumn::Email: return QStringLiteral("email");
    case UsersModel::SortColumn::EmailVerified: return QStringLiteral("emailVerified");
    }
    return QStringLiteral("email");
}

//! The largest page size the admin API takes (at most 100) that divides \a rows, so that the
//! model's pages are whole pages of the API.
int apiPageSize(int rows)
{
    for (int size = qMin(rows, 100); size > 1; --size) {
        if (rows % size == 0)
            return size;
    }
    return 1;
}

//! \c users/ID (+ \a rest) in the admin API, the id percent-encoded.
QString userPath(const QString &userId, const QString &rest = {})
{
    return QStringLiteral("users/") + QString::fromLatin1(QUrl::toPercentEncoding(userId)) + rest;
}

} // namespace

class UsersModelPrivate
{
public:
    explicit UsersModelPrivate(UsersModel *q)
        : q(q)
    {
        pool.setMaxThreadCount(1); // edits run one after the other, in the order asked
    }

    UserPageRequest base() const
    {
        UserPageRequest request;
        const SearchText text = splitSearch(search);
        request.search = text.search;
        request.group = text.group;
        request.sort = UserSortColumn(int(sortColumn));
        request.ascending = ascending;
        return request;
    }

    std::shared_ptr<SqlAdapter> adapter() const { return connection ? connection->adapter() : nullptr; }
    ApiClient *api() const { return connection ? connection->api() : nullptr; }

    //! The admin API's \c {GET users} query for the current search and sort.
    QUrlQuery apiQuery(qint64 apiPage, int size) const
    {
        const SearchText text = splitSearch(search);
        QUrlQuery query;
        if (!text.search.isEmpty())
            query.addQueryItem(QStringLiteral("search"), text.search);
        if (!text.group.isEmpty())
            query.addQueryItem(QStringLiteral("group"), text.group);
        query.addQueryItem(QStringLiteral("sort"), sortName(sortColumn));
        query.addQueryItem(QStringLiteral("order"), ascending ? QStringLiteral("asc") : QStringLiteral("desc"));
        query.addQueryItem(QStringLiteral("page"), QString::number(apiPage));
        query.addQueryItem(QStringLiteral("pageSize"), QString::number(size));
        return query;
    }

    //! Before a reload: \a keepRows keeps the rows (same rows, maybe in another order: each reads
    //! as "loading" until its page is fetched again, and the view keeps its position), else none.
    void prepareRows(bool keepRows)
    {
        if (!keepRows) {
            q->beginResetModel();
            window.reset(0);
            total = -1;
            q->endResetModel();
            Q_EMIT q->totalCountChanged();
        } else if (total > 0) {
            window.reset(total);
            Q_EMIT q->dataChanged(q->index(0), q->index(int(total - 1)));
        }
    }

    //! reload() over the admin API: the count (with the first rows), then pages as shown.
    void reloadOverApi(ApiClient *client, bool keepRows, quint64 generation)
    {
        prepareRows(keepRows);
        activity.begin();
        const int size = apiPageSize(window.pageSize());
        client->get(QStringLiteral("users"), apiQuery(1, size), q, [this, generation, keepRows, size](const ApiReply &reply) {
            activity.end();
            if (generation != this->generation)
                return;
            if (!reply.ok()) {
                activity.setError(UsersModel::tr("could not count the users: %1").arg(reply.errorText()));
                return;
            }
            activity.setError({});
            const qint64 count = reply.json.value(QLatin1String("total")).toInteger();
            const bool exact = reply.json.value(QLatin1String("totalExact")).toBool(true);
            if (keepRows && count == total && exact == totalExact)
                return;
            q->beginResetModel();
            total = count;
            totalExact = exact;
            window.reset(total);
            if (size == window.pageSize()) {
                QList<UserListEntry> rows;
                for (const QJsonValue &user : reply.json.value(QLatin1String("users")).toArray())
                    rows.append(Records::userFromApi(user.toObject()));
                window.store(0, rows);
            }
            q->endResetModel();
            Q_EMIT q->totalCountChanged();
        });
    }

    //! Loads \a page over the API: the API's pages that make it up, one after the other.
    void fetchOverApi(ApiClient *client, int page, quint64 generation, QList<UserListEntry> rows = {})
    {
        const int size = apiPageSize(window.pageSize());
        const qint64 first = window.firstRowOf(page) + rows.size();
        const qint64 apiPage = first / size + 1;
        client->get(QStringLiteral("users"), apiQuery(apiPage, size), q,
                    [this, client, page, generation, rows = std::move(rows)](const ApiReply &reply) mutable {
                        if (generation != this->generation) {
                            --inFlight;
                            activity.end();
                            pump();
                            return;
                        }
                        if (!reply.ok()) {
                            --inFlight;
                            activity.end();
                            window.setPending(page, false);
                            loadFailed = true;
                            activity.setError(UsersModel::tr("could not load users: %1").arg(reply.errorText()));
                            pump();
                            return;
                        }
                        const QJsonArray users = reply.json.value(QLatin1String("users")).toArray();
                        for (const QJsonValue &user : users)
                            rows.append(Records::userFromApi(user.toObject()));
                        if (!users.isEmpty() && rows.size() < window.rowsIn(page)) {
                            fetchOverApi(client, page, generation, std::move(rows));
                            return;
                        }
                        --inFlight;
                        activity.end();
                        storePage(page, rows);
                        pump();
                    });
    }

    /*!
     * A change over the admin API: \a method on \a path with \a body; \a said(answer) is the
     * sentence and result reported with operationFinished. The list reloads after a success.
     */
    void apiEdit(const QString &operation, const QByteArray &method, const QString &path, const QJsonObject &body,
                 std::function<std::pair<QString, QVariantMap>(const QJsonObject &)> said, bool countChanges = false)
    {
        ApiClient *client = api();
        if (!client)
            return fail(operation, UsersModel::tr("not connected to a server"));
        activity.begin();
        client->send(method, path, body, q, [this, operation, said = std::move(said), countChanges](const ApiReply &reply) {
            activity.end();
            if (!reply.ok()) {
                Q_EMIT q->operationFinished(operation, false, reply.errorText(), {});
                return;
            }
            const auto [message, result] = said(reply.json);
            reload(!countChanges);
            Q_EMIT q->operationFinished(operation, true, message, result);
        });
    }

    //! Counts again; \a keepRows: when the count is unchanged, only reload the rows (a view
    //! keeps its position), else reset the model.
    void reload(bool keepRows)
    {
        const quint64 generation = ++this->generation;
        queue.clear();
        loadFailed = false;
        if (ApiClient *client = api()) {
            reloadOverApi(client, keepRows, generation);
            return;
        }
        const auto store = adapter();
        if (!store) {
            prepareRows(false);
            return;
        }
        prepareRows(keepRows);
        activity.begin();
        prefetch.reset();
        prefetching = !keepRows;
        if (prefetching) {
            // The first page, while counting: a search scans the table twice at the same time
            // instead of one scan after the other.
            UserPageRequest first = base();
            first.limit = window.pageSize();
            activity.begin();
            whenFinished(store->listUsersPage(first), q, [this, generation](const Outcome<QList<UserListEntry>> &rows) {
                activity.end();
                if (generation != this->generation)
                    return;
                prefetching = false;
                if (total < 0) { // the count is still running
                    if (rows.ok())
                        prefetch = *rows.value;
                    return;
                }
                window.setPending(0, false);
                if (rows.ok())
                    storePage(0, *rows.value);
                else
                    schedule(0);
            });
        }
        whenFinished(store->countUsers(base().search, base().group), q, [this, generation, keepRows](const Outcome<qint64> &count) {
            activity.end();
            if (generation != this->generation)
                return;
            if (!count.ok()) {
                activity.setError(UsersModel::tr("could not count the users: %1").arg(count.error));
                return;
            }
            activity.setError({});
            if (keepRows && *count.value == total)
                return; // the rows were dropped above and load again as they are shown
            q->beginResetModel();
            total = *count.value;
            totalExact = true;
            window.reset(total);
            if (prefetch)
                window.store(0, *prefetch);
            else if (prefetching)
                window.setPending(0, true); // arriving; data() need not ask again
            prefetch.reset();
            q->endResetModel();
            Q_EMIT q->totalCountChanged();
        });
    }

    void storePage(int page, const QList<UserListEntry> &rows)
    {
        window.store(page, rows);
        const qint64 first = window.firstRowOf(page);
        const int count = window.rowsIn(page);
        if (count > 0)
            Q_EMIT q->dataChanged(q->index(int(first)), q->index(int(first + count - 1)));
    }

    /*!
     * Queues \a page. The queries start from the event loop, not inside data(): a view
     * asking for many rows in one go makes one request per page, and no signal is emitted
     * while the view is reading.
     */
    void schedule(int page)
    {
        if (loadFailed || window.isLoaded(page) || window.isPending(page))
            return;
        queue.removeAll(page);
        queue.append(page);
        while (queue.size() > maxQueued)
            queue.removeFirst();
        if (pumpQueued)
            return;
        pumpQueued = true;
        QMetaObject::invokeMethod(
            q,
            [this] {
                pumpQueued = false;
                pump();
            },
            Qt::QueuedConnection);
    }

    void pump()
    {
        const auto store = adapter();
        ApiClient *client = store ? nullptr : api();
        while ((store || client) && inFlight < maxInFlight && !queue.isEmpty()) {
            const int page = queue.takeLast();
            if (window.isLoaded(page) || window.isPending(page) || window.rowsIn(page) == 0)
                continue;
            if (client) {
                window.setPending(page, true);
                ++inFlight;
                activity.begin();
                fetchOverApi(client, page, generation);
                continue;
            }
            const UserPageRequest request = window.requestFor(page, base());
            window.setPending(page, true);
            ++inFlight;
            activity.begin();
            const quint64 generation = this->generation;
            whenFinished(store->listUsersPage(request), q, [this, generation, page](const Outcome<QList<UserListEntry>> &rows) {
                --inFlight;
                activity.end();
                if (generation == this->generation) {
                    if (!rows.ok()) {
                        window.setPending(page, false);
                        loadFailed = true; // no retry storm from data(); refresh() tries again
                        activity.setError(UsersModel::tr("could not load users: %1").arg(rows.error));
                    } else {
                        storePage(page, *rows.value);
                    }
                }
                pump();
            });
        }
    }

    //! Runs an edit on the pool; reports it with operationFinished and reloads on success.
    template<typename Work>
    void edit(const QString &operation, Work work, bool countChanges = false)
    {
        if (connection && connection->isServer()) {
            Q_EMIT q->operationFinished(operation, false, UsersModel::tr("this change needs a database connection for now"), {});
            return;
        }
        const auto store = adapter();
        if (!store) {
            Q_EMIT q->operationFinished(operation, false, UsersModel::tr("not connected to a database"), {});
            return;
        }
        activity.begin();
        runInBackground(&pool, q, [store, work = std::move(work)] { return work(store); },
                        [this, operation, countChanges](const Outcome<std::pair<QString, QVariantMap>> &outcome) {
                            activity.end();
                            if (!outcome.ok()) {
                                Q_EMIT q->operationFinished(operation, false, outcome.error, {});
                                return;
                            }
                            reload(!countChanges);
                            Q_EMIT q->operationFinished(operation, true, outcome.value->first, outcome.value->second);
                        });
    }

    void fail(const QString &operation, const QString &message)
    {
        Q_EMIT q->operationFinished(operation, false, message, {});
    }

    UsersModel *q;
    QPointer<AdminConnection> connection;
    QString search;
    UsersModel::SortColumn sortColumn = UsersModel::SortColumn::Id;
    bool ascending = true;
    qint64 total = -1;
    bool totalExact = true;   //!< see UsersModel::totalExact
    UserWindow window;
    QList<int> queue;
    int inFlight = 0;
    bool loadFailed = false;
    std::optional<QList<UserListEntry>> prefetch; // the first page, when it came before the count
    bool prefetching = false;
    bool pumpQueued = false;
    quint64 generation = 0;
    Activity<UsersModel> activity{q};
    QThreadPool pool;
};

UsersModel::UsersModel(QObject *parent)
    : QAbstractListModel(parent)
    , d(std::make_unique<UsersModelPrivate>(this))
{
}

UsersModel::~UsersModel()
{
    ++d->generation;
    d->pool.waitForDone();
}

AdminConnection *UsersModel::connection() const { return d->connection; }

void UsersModel::setConnection(AdminConnection *connection)
{
    if (connection == d->connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection) {
        connect(connection, &AdminConnection::opened, this, [this] { d->reload(false); });
        connect(connection, &AdminConnection::statusChanged, this, [this] {
            if (!d->connection->isReady() && d->total != -1)
                d->reload(false);
        });
    }
    Q_EMIT connectionChanged();
    d->reload(false);
}

QString UsersModel::search() const { return d->search; }
QString UsersModel::group() const { return splitSearch(d->search).group; }

QString UsersModel::groupSearch(const QString &group) const
{
    static const QRegularExpression space(QStringLiteral("\\s"));
    return group.contains(space) ? QStringLiteral("group:\"%1\"").arg(group) : QStringLiteral("group:") + group;
}

void UsersModel::setSearch(const QString &search)
{
    if (search == d->search)
        return;
    d->search = search;
    Q_EMIT searchChanged();
    d->reload(false);
}

UsersModel::SortColumn UsersModel::sortColumn() const { return d->sortColumn; }

void UsersModel::setSortColumn(SortColumn column)
{
    if (column == d->sortColumn)
        return;
    d->sortColumn = column;
    Q_EMIT sortChanged();
    d->reload(true);
}

bool UsersModel::ascending() const { return d->ascending; }

void UsersModel::setAscending(bool ascending)
{
    if (ascending == d->ascending)
        return;
    d->ascending = ascending;
    Q_EMIT sortChanged();
    d->reload(true);
}

qint64 UsersModel::totalCount() const { return d->total; }
bool UsersModel::totalExact() const { return d->totalExact; }
int UsersModel::pageSize() const { return d->window.pageSize(); }

void UsersModel::setPageSize(int rows)
{
    rows = qBound(10, rows, 1000);
    if (rows == d->window.pageSize())
        return;
    d->window.setPageSize(rows);
    Q_EMIT pageSizeChanged();
    d->reload(true);
}

bool UsersModel::isBusy() const { return d->activity.isBusy(); }
QString UsersModel::errorString() const { return d->activity.errorString(); }

int UsersModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || d->total <= 0)
        return 0;
    return int(qMin<qint64>(d->total, std::numeric_limits<int>::max()));
}

QVariant UsersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const UserListEntry *entry = d->window.row(index.row());
    if (!entry) {
        d->schedule(d->window.pageOf(index.row()));
        switch (role) {
        case LoadedRole:
        case HasPasswordRole:
        case PasswordDisabledRole:
        case DisabledRole:
            return false;
        case EmailVerifiedRole:
            return QDateTime();
        default:
            return QString();
        }
    }
    switch (role) {
    case Qt::DisplayRole:
    case EmailRole:
        return entry->user.email;
    case UserIdRole:
        return entry->user.id;
    case NameRole:
        return entry->user.name.value_or(QString());
    case EmailVerifiedRole:
        return entry->user.emailVerified.value_or(QDateTime());
    case ImageRole:
        return entry->user.image.value_or(QString());
    case HasPasswordRole:
        return entry->hasPassword;
    case PasswordDisabledRole:
        return entry->passwordDisabled;
    case DisabledRole:
        return entry->disabled;
    case LoadedRole:
        return true;
    }
    return {};
}

QHash<int, QByteArray> UsersModel::roleNames() const
{
    return {{UserIdRole, "userId"},
            {NameRole, "name"},
            {EmailRole, "email"},
            {EmailVerifiedRole, "emailVerified"},
            {ImageRole, "image"},
            {HasPasswordRole, "hasPassword"},
            {PasswordDisabledRole, "passwordDisabled"},
            {LoadedRole, "loaded"},
            {DisabledRole, "disabled"}};
}

void UsersModel::refresh()
{
    d->reload(false);
}

QVariantMap UsersModel::get(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const UserListEntry *entry = d->window.row(row);
    if (!entry) {
        d->schedule(d->window.pageOf(row));
        return {{QStringLiteral("loaded"), false}};
    }
    QVariantMap map = Records::user(*entry);
    map.insert(QStringLiteral("loaded"), true);
    return map;
}

bool UsersModel::ensureLoaded(int first, int last)
{
    first = qMax(0, first);
    last = qMin(last, rowCount() - 1);
    bool loaded = true;
    for (int page = d->window.pageOf(first); first <= last && page <= d->window.pageOf(last); ++page) {
        if (!d->window.isLoaded(page)) {
            loaded = false;
            d->schedule(page);
        }
    }
    return loaded;
}

QString UsersModel::validateEmail(const QString &email) const
{
    const QString address = email.trimmed();
    if (address.isEmpty())
        return tr("an email address is required");
    static const QRegularExpression shape(QStringLiteral("^[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+$"));
    if (address.size() > 254 || !shape.match(address).hasMatch())
        return tr("\"%1\" is not a valid email address").arg(address);
    return {};
}

void UsersModel::createUser(const QString &email, const QString &name, const QString &image)
{
    const QString operation = QStringLiteral("createUser");
    if (const QString problem = validateEmail(email); !problem.isEmpty())
        return d->fail(operation, problem);
    if (const QString problem = imageProblem(image); !problem.isEmpty())
        return d->fail(operation, problem);
    AdapterUser user;
    user.email = normalisedEmail(email);
    user.name = nullIfBlank(name);
    user.image = nullIfBlank(image);
    if (d->connection && d->connection->isServer()) {
        QJsonObject body{{QStringLiteral("email"), user.email}};
        if (user.name)
            body.insert(QStringLiteral("name"), *user.name);
        if (user.image)
            body.insert(QStringLiteral("image"), *user.image);
        return d->apiEdit(
            operation, "POST", QStringLiteral("users"), body,
            [](const QJsonObject &created) {
                return std::pair(tr("created the user %1").arg(created.value(QLatin1String("email")).toString()),
                                 QVariantMap{{QStringLiteral("userId"), created.value(QLatin1String("id")).toString()}});
            },
            true);
    }
    d->edit(
        operation,
        [user](const std::shared_ptr<SqlAdapter> &store) {
            if (store->getUserByEmail(user.email).result())
                throw AdminError(tr("a user with the email %1 exists already").arg(user.email));
            const AdapterUser created = store->createUser(user).result();
            recordAdminChange(*store, QStringLiteral("userCreate"), created.id, {{QStringLiteral("email"), created.email}});
            return std::pair(tr("created the user %1").arg(created.email), QVariantMap{{QStringLiteral("userId"), created.id}});
        },
        true);
}

void UsersModel::updateUser(const QString &userId, const QString &name, const QString &email, const QString &image)
{
    const QString operation = QStringLiteral("updateUser");
    if (const QString problem = validateEmail(email); !problem.isEmpty())
        return d->fail(operation, problem);
    if (const QString problem = imageProblem(image); !problem.isEmpty())
        return d->fail(operation, problem);
    if (d->connection && d->connection->isServer()) {
        const std::optional<QString> newName = nullIfBlank(name);
        const std::optional<QString> newImage = nullIfBlank(image);
        const QJsonObject body{{QStringLiteral("name"), newName ? QJsonValue(*newName) : QJsonValue(QJsonValue::Null)},
                               {QStringLiteral("email"), normalisedEmail(email)},
                               {QStringLiteral("image"), newImage ? QJsonValue(*newImage) : QJsonValue(QJsonValue::Null)}};
        return d->apiEdit(operation, "PATCH", userPath(userId), body, [userId](const QJsonObject &saved) {
            return std::pair(tr("saved the user %1").arg(saved.value(QLatin1String("email")).toString()),
                             QVariantMap{{QStringLiteral("userId"), userId}});
        });
    }
    AdapterUserUpdate update(userId);
    update.setName(nullIfBlank(name)).setEmail(normalisedEmail(email)).setImage(nullIfBlank(image));
    d->edit(operation, [update, userId](const std::shared_ptr<SqlAdapter> &store) {
        if (const auto other = store->getUserByEmail(update.email()).result(); other && other->id != userId)
            throw AdminError(tr("a user with the email %1 exists already").arg(update.email()));
        try {
            store->updateUser(update).result();
        } catch (const AdapterError &error) {
            if (error.reason() == AdapterError::Reason::NotFound)
                throw AdminError(tr("there is no user with id %1").arg(userId));
            throw;
        }
        // The fields the form saves, as the API names those of its PATCH.
        recordAdminChange(*store, QStringLiteral("userUpdate"), userId,
                          {{QStringLiteral("fields"), QJsonArray{QStringLiteral("name"), QStringLiteral("email"), QStringLiteral("image")}}});
        return std::pair(tr("saved the user %1").arg(update.email()), QVariantMap{{QStringLiteral("userId"), userId}});
    });
}

void UsersModel::setEmailVerified(const QString &userId, bool verified)
{
    if (d->connection && d->connection->isServer()) {
        return d->apiEdit(QStringLiteral("setEmailVerified"), "PATCH", userPath(userId),
                          QJsonObject{{QStringLiteral("emailVerified"), verified}}, [userId, verified](const QJsonObject &user) {
                              const QString email = user.value(QLatin1String("email")).toString();
                              return std::pair(verified ? tr("marked %1 as verified").arg(email) : tr("marked %1 as not verified").arg(email),
                                               QVariantMap{{QStringLiteral("userId"), userId}});
                          });
    }
    AdapterUserUpdate update(userId);
    update.setEmailVerified(verified ? std::optional(QDateTime::currentDateTimeUtc()) : std::nullopt);
    d->edit(QStringLiteral("setEmailVerified"), [update, verified, userId](const std::shared_ptr<SqlAdapter> &store) {
        try {
            const AdapterUser user = store->updateUser(update).result();
            recordAdminChange(*store, QStringLiteral("userUpdate"), userId,
                              {{QStringLiteral("fields"), QJsonArray{QStringLiteral("emailVerified")}}});
            return std::pair(verified ? tr("marked %1 as verified").arg(user.email) : tr("marked %1 as not verified").arg(user.email),
                             QVariantMap{{QStringLiteral("userId"), userId}});
        } catch (const AdapterError &error) {
            if (error.reason() == AdapterError::Reason::NotFound)
                throw AdminError(tr("there is no user with id %1").arg(userId));
            throw;
        }
    });
}

void UsersModel::setPassword(const QString &userId, const QString &password)
{
    const QString operation = QStringLiteral("setPassword");
    // The library's one rule for new passwords (also the account page's and the server's).
    const auto problem = [](NewPasswordProblem found) {
        switch (found) {
        case NewPasswordProblem::None:
            return QString();
        case NewPasswordProblem::Empty:
        case NewPasswordProblem::TooShort:
            return tr("the password must have at least %1 characters").arg(kMinimumPasswordLength);
        case NewPasswordProblem::TooLong:
            return tr("the password must have at most %1 characters").arg(kMaximumPasswordLength);
        case NewPasswordProblem::IsEmailAddress:
            return tr("the password must not be the user's email address");
        }
        return QString();
    };
    if (const QString why = problem(newPasswordProblem(password, QString())); !why.isEmpty())
        return d->fail(operation, why);
    if (d->connection && d->connection->isServer()) {
        // The server applies the same rule (also "not the email address") and names the field.
        return d->apiEdit(operation, "POST", userPath(userId, QStringLiteral("/password")),
                          QJsonObject{{QStringLiteral("password"), password}}, [userId](const QJsonObject &) {
                              return std::pair(tr("set a new password"), QVariantMap{{QStringLiteral("userId"), userId}});
                          });
    }
    d->edit(operation, [userId, password, problem](const std::shared_ptr<SqlAdapter> &store) {
        const std::optional<AdapterUser> user = store->getUser(userId).result();
        if (!user)
            throw AdminError(tr("there is no user with id %1").arg(userId));
        if (const QString why = problem(newPasswordProblem(password, user->email)); !why.isEmpty())
            throw AdminError(why);
        setUserPassword(store, userId, password).waitForFinished();
        // Never the password; as the API's, also what mails the person a notice from a server.
        recordAdminChange(*store, QStringLiteral("passwordChange"), userId);
        return std::pair(tr("set a new password"), QVariantMap{{QStringLiteral("userId"), userId}});
    });
}

void UsersModel::resetPassword(const QString &userId)
{
    if (d->connection && d->connection->isServer()) {
        const QString password = randomPassword();
        return d->apiEdit(QStringLiteral("resetPassword"), "POST", userPath(userId, QStringLiteral("/password")),
                          QJsonObject{{QStringLiteral("password"), password}}, [userId, password](const QJsonObject &) {
                              return std::pair(tr("set a new random password; show it to the user once"),
                                               QVariantMap{{QStringLiteral("userId"), userId}, {QStringLiteral("password"), password}});
                          });
    }
    d->edit(QStringLiteral("resetPassword"), [userId](const std::shared_ptr<SqlAdapter> &store) {
        if (!store->getUser(userId).result())
            throw AdminError(tr("there is no user with id %1").arg(userId));
        const QString password = randomPassword();
        setUserPassword(store, userId, password).waitForFinished();
        recordAdminChange(*store, QStringLiteral("passwordChange"), userId);
        return std::pair(tr("set a new random password; show it to the user once"),
                         QVariantMap{{QStringLiteral("userId"), userId}, {QStringLiteral("password"), password}});
    });
}

void UsersModel::setDisabled(const QString &userId, bool disabled)
{
    if (d->connection && d->connection->isServer()) {
        const QString path = userPath(userId, disabled ? QStringLiteral("/disable") : QStringLiteral("/enable"));
        return d->apiEdit(QStringLiteral("setDisabled"), "POST", path, {}, [userId, disabled](const QJsonObject &answer) {
            if (!disabled)
                return std::pair(tr("enabled the user: signing in works again"), QVariantMap{{QStringLiteral("userId"), userId}});
            const qint64 revoked = answer.value(QLatin1String("sessionsEnded")).toInteger();
            return std::pair(tr("disabled the user and revoked %n session(s)", nullptr, int(revoked)),
                             QVariantMap{{QStringLiteral("userId"), userId}, {QStringLiteral("revokedSessions"), revoked}});
        });
    }
    d->edit(QStringLiteral("setDisabled"), [userId, disabled](const std::shared_ptr<SqlAdapter> &store) {
        qint64 revoked = 0;
        try {
            revoked = setUserDisabled(store, userId, disabled).result();
        } catch (const AdapterError &error) {
            if (error.reason() == AdapterError::Reason::NotFound)
                throw AdminError(tr("there is no user with id %1").arg(userId));
            throw;
        }
        recordAdminChange(*store, disabled ? QStringLiteral("userDisable") : QStringLiteral("userEnable"), userId,
                          disabled ? QJsonObject{{QStringLiteral("sessionsEnded"), revoked}} : QJsonObject{});
        if (!disabled)
            return std::pair(tr("enabled the user: signing in works again"), QVariantMap{{QStringLiteral("userId"), userId}});
        return std::pair(tr("disabled the user and revoked %n session(s)", nullptr, int(revoked)),
                         QVariantMap{{QStringLiteral("userId"), userId}, {QStringLiteral("revokedSessions"), revoked}});
    });
}

void UsersModel::remove(const QString &userId)
{
    if (d->connection && d->connection->isServer()) {
        return d->apiEdit(
            QStringLiteral("remove"), "DELETE", userPath(userId), {},
            [userId](const QJsonObject &) {
                return std::pair(tr("deleted the user with its accounts, sessions and authenticators"),
                                 QVariantMap{{QStringLiteral("userId"), userId}});
            },
            true);
    }
    d->edit(
        QStringLiteral("remove"),
        [userId](const std::shared_ptr<SqlAdapter> &store) {
            // The OpenID Provider's clients of the person's sessions are told by a running server.
            queueBackchannelLogoutsOfUser(store, userId).waitForFinished();
            const std::optional<AdapterUser> deleted = store->deleteUser(userId).result();
            if (!deleted)
                throw AdminError(tr("there is no user with id %1").arg(userId));
            recordAdminChange(*store, QStringLiteral("userDelete"), userId, {{QStringLiteral("email"), deleted->email}});
            return std::pair(tr("deleted the user %1 with its accounts, sessions and authenticators").arg(deleted->email),
                             QVariantMap{{QStringLiteral("userId"), userId}});
        },
        true);
}

} // namespace Gatehouse::Admin
