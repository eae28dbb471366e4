#include "activitymodel.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"

#include <gatehouse/sqladapter.h>

#include <QCoreApplication>
#include <QEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <optional>

namespace Gatehouse::Admin {

namespace {

// Events are shown once they are this old, as the admin API hands them out: a write that took a
// lower id but committed after a higher one is then never behind the forward cursor.
constexpr qint64 settleMs = 2000;
constexpr int batchSize = 1000;
constexpr int maxScanned = 20 * batchSize;     // events one read looks at, matching or not
constexpr qint64 fromTheNewest = 999999999999; // a cursor above every event id
constexpr int maxEmailLookups = 100;           // users looked up a page

//! Where a backward read stands: the oldest event read so far (in AuditStore's listing order).
struct Position
{
    QDateTime time;  // unused over the API: the server finds the event's time from its id
    qint64 id = 0;
};

bool olderThan(const AuditEvent &event, const Position &position)
{
    return event.time < position.time || (event.time == position.time && event.id < position.id);
}

//! The filters, the user resolved to an id.
struct Filters
{
    QStringList types;
    QString userId;
    QDateTime since;
    QDateTime until;

    bool matches(const AuditEvent &event) const
    {
        return (types.isEmpty() || types.contains(event.type)) && (userId.isEmpty() || event.userId == userId)
            && (!since.isValid() || event.time >= since) && (!until.isValid() || event.time < until);
    }
};

struct BackPage
{
    QList<AuditEvent> events;           // newest first
    std::optional<Position> position;   // the oldest event read, matching or not
    bool more = false;
    std::optional<qint64> newest;       // read from the newest: where reading forward starts
    QHash<QString, QString> emails;     // user id -> email, for users not known before
    QString userId;                     // the filter's user, resolved
};

struct ForwardPage
{
    QList<AuditEvent> events;           // oldest first
    qint64 cursor = 0;
    bool more = false;
    QHash<QString, QString> emails;
};

//! The users' emails of \a events that \a known lacks, read from \a store.
QHash<QString, QString> lookUpEmails(SqlAdapter &store, const QList<AuditEvent> &events, const QSet<QString> &known)
{
    QHash<QString, QString> emails;
    for (const AuditEvent &event : events) {
        if (event.userId.isEmpty() || known.contains(event.userId) || emails.contains(event.userId))
            continue;
        if (emails.size() == maxEmailLookups)
            break;
        const std::optional<AdapterUser> user = store.getUser(event.userId).result();
        emails.insert(event.userId, user ? user->email : QString());
    }
    return emails;
}

//! The user filter as an id: an email is looked up.
QString resolveUser(SqlAdapter &store, const QString &user)
{
    if (!user.contains(u'@'))
        return user;
    const std::optional<AdapterUser> found = store.getUserByEmail(user.toLower()).result();
    if (!found)
        throw AdminError(ActivityModel::tr("no user has the email %1").arg(user));
    return found->id;
}

/*
 * The events older than \a from (from the newest settled one without it), newest first, at most
 * \a limit matching ones and at most maxScanned read: the store lists them by time with the
 * user, the time window and a single type; several types are picked here.
 */
BackPage readBack(SqlAdapter &store, const Filters &filters, std::optional<Position> from, int limit, const QDateTime &now)
{
    BackPage page;
    QDateTime upper = now.addMSecs(-settleMs + 1);
    if (filters.until.isValid() && filters.until < upper)
        upper = filters.until;
    page.position = from;
    int scanned = 0;
    int skip = 0;
    bool done = false;
    while (!done) {
        AuditFilter filter;
        filter.userId = filters.userId;
        filter.from = filters.since;
        if (filters.types.size() == 1)
            filter.type = filters.types.constFirst();
        filter.to = page.position && page.position->time.addMSecs(1) < upper ? page.position->time.addMSecs(1) : upper;
        const QList<AuditEvent> events = store.auditEvents(filter, batchSize, skip).result();
        bool moved = false;
        for (const AuditEvent &event : events) {
            if (page.position && !olderThan(event, *page.position))
                continue; // read already: the same millisecond as the position
            if (page.events.size() == limit || scanned == maxScanned) {
                page.more = true;
                done = true;
                break;
            }
            ++scanned;
            moved = true;
            page.position = Position{event.time, event.id};
            if (filters.matches(event))
                page.events.append(event);
        }
        if (events.size() < batchSize)
            done = true;
        skip = moved ? 0 : skip + batchSize; // a whole batch of one millisecond read already
    }
    if (!from) {
        AuditFilter newest;
        newest.to = now.addMSecs(-settleMs + 1);
        const QList<AuditEvent> latest = store.auditEvents(newest, 1).result();
        page.newest = latest.isEmpty() ? 0 : latest.constFirst().id;
    }
    return page;
}

//! The settled events after \a after, oldest first, the matching ones.
ForwardPage readForward(SqlAdapter &store, const Filters &filters, qint64 after, const QDateTime &now)
{
    ForwardPage page;
    page.cursor = after;
    const QDateTime settled = now.addMSecs(-settleMs);
    int scanned = 0;
    while (true) {
        const QList<AuditEvent> events = store.auditEventsAfter(page.cursor, batchSize).result();
        for (const AuditEvent &event : events) {
            if (event.time > settled)
                return page;
            if (scanned++ == maxScanned) {
                page.more = true;
                return page;
            }
            page.cursor = event.id;
            if (filters.matches(event))
                page.events.append(event);
        }
        if (events.size() < batchSize)
            return page;
    }
}

//! A line of the admin API's audit pull.
AuditEvent eventFromJson(const QJsonObject &json)
{
    AuditEvent event;
    event.id = json.value(QLatin1String("id")).toInteger();
    event.time = QDateTime::fromString(json.value(QLatin1String("time")).toString(), Qt::ISODateWithMs).toUTC();
    event.type = json.value(QLatin1String("type")).toString();
    event.userId = json.value(QLatin1String("userId")).toString();
    event.provider = json.value(QLatin1String("provider")).toString();
    event.clientAddress = json.value(QLatin1String("clientAddress")).toString();
    event.detail = json.value(QLatin1String("detail")).toObject();
    return event;
}

//! A local date ("2026-11-29") or date and time ("2026-11-29 08:00", "2026-11-29T08:00:30") in UTC.
std::optional<QDateTime> parseLocalTime(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return QDateTime();
    QString isoText = trimmed;
    isoText.replace(u' ', u'T');
    QDateTime time = QDateTime::fromString(isoText, Qt::ISODate);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(trimmed, Qt::ISODate);
        if (!date.isValid())
            return std::nullopt;
        time = date.startOfDay();
    }
    return time.toUTC();
}

QString detailText(const QJsonObject &detail)
{
    QStringList lines;
    for (auto it = detail.constBegin(); it != detail.constEnd(); ++it) {
        QString value;
        if (it->isString())
            value = it->toString();
        else if (it->isBool())
            value = it->toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (it->isDouble())
            value = QString::number(it->toDouble(), 'g', 15);
        else if (it->isArray())
            value = QString::fromUtf8(QJsonDocument(it->toArray()).toJson(QJsonDocument::Compact));
        else if (it->isObject())
            value = QString::fromUtf8(QJsonDocument(it->toObject()).toJson(QJsonDocument::Compact));
        else
            value = QStringLiteral("null");
        lines.append(it.key() + QStringLiteral(": ") + value);
    }
    return lines.join(u'\n');
}

} // namespace

class ActivityModelPrivate
{
public:
    explicit ActivityModelPrivate(ActivityModel *q) : q(q), activity(q)
    {
        pool.setMaxThreadCount(1);
        timer.setInterval(3000);
    }

    std::shared_ptr<SqlAdapter> adapter() const { return connection ? connection->adapter() : nullptr; }
    ApiClient *api() const { return connection ? connection->api() : nullptr; }

    //! The filters as read (the user not yet resolved); nullopt (and filterProblem) when unusable.
    std::optional<Filters> filters() const
    {
        const auto from = parseLocalTime(since);
        const auto to = parseLocalTime(until);
        if (!from || !to)
            return std::nullopt;
        return Filters{types, user.trimmed(), *from, *to};
    }

    QUrlQuery apiQuery(const Filters &filters) const
    {
        QUrlQuery query;
        if (!filters.types.isEmpty())
            query.addQueryItem(QStringLiteral("type"), filters.types.join(u','));
        if (!filters.userId.isEmpty())
            query.addQueryItem(QStringLiteral("user"), filters.userId);
        if (filters.since.isValid())
            query.addQueryItem(QStringLiteral("since"), filters.since.toString(Qt::ISODateWithMs));
        if (filters.until.isValid())
            query.addQueryItem(QStringLiteral("until"), filters.until.toString(Qt::ISODateWithMs));
        return query;
    }

    void setError(const QString &message, bool refused = false)
    {
        if (forbidden != refused) {
            forbidden = refused;
            if (message == activity.errorString())
                Q_EMIT q->errorStringChanged();
        }
        activity.setError(message);
    }

    //! The API's refusal in words; a refusal to read the audit log says so.
    void apiFailed(const ApiReply &reply, const QString &what)
    {
        if (reply.problem && reply.problem->kind == ApiProblem::Kind::Forbidden) {
            timer.stop();
            setError(ActivityModel::tr("You may not read the audit log on this server (it takes the scope audit:read): %1")
                         .arg(reply.problem->message),
                     true);
            return;
        }
        setError(what.arg(reply.errorText()));
    }

    void reload();
    void readOlder();
    void readNewer();
    void showBack(const BackPage &page, bool first);
    void showNewer(const ForwardPage &page);
    int mergeIn(const QList<AuditEvent> &events);
    void dropOldestBeyondWindow();
    void lookUpEmailsOverApi(const QList<AuditEvent> &events);
    void learnEmails(const QHash<QString, QString> &found);
    QSet<QString> knownUsers() const
    {
        QSet<QString> known;
        for (auto it = emails.cbegin(); it != emails.cend(); ++it)
            known.insert(it.key());
        return known;
    }
    void setPending(int count)
    {
        if (count == pendingCount)
            return;
        pendingCount = count;
        Q_EMIT q->pendingCountChanged();
    }

    ActivityModel *q;
    QPointer<AdminConnection> connection;
    QStringList types;
    QString user;
    QString since;
    QString until;
    bool active = true;
    bool followNewest = true;
    int pageSize = 100;
    int maxRows = 1000;

    QList<AuditEvent> rows;                 // newest first
    QSet<qint64> ids;                       // the rows' event ids
    QHash<QString, QString> emails;         // user id -> email ("" when there is no such user)
    QSet<QString> askedEmails;              // over the API: asked already
    Filters applied;                        // the filters of the rows shown, the user resolved
    std::optional<Position> older;          // where loadOlder() goes on
    bool hasOlder = false;
    bool atNewest = true;
    bool loaded = false;
    std::optional<qint64> liveCursor;       // where reading forward goes on
    QList<AuditEvent> pending;              // newest first, held while the reader is scrolled away
    int pendingCount = 0;
    bool pendingDropped = false;            // more came than are held: showing them reloads
    bool loadingOlder = false;
    bool polling = false;
    bool forbidden = false;
    quint64 generation = 0;
    Activity<ActivityModel> activity;
    QThreadPool pool;
    QTimer timer;
};

void ActivityModelPrivate::reload()
{
    const quint64 current = ++generation;
    // Everything goes before the rows do: a view that sees the reset may call back at once
    // (scrolled to the top, it asks for the held events).
    older.reset();
    hasOlder = false;
    atNewest = true;
    loaded = false;
    liveCursor.reset();
    pending.clear();
    pendingDropped = false;
    loadingOlder = false;
    polling = false;
    timer.stop();
    q->beginResetModel();
    rows.clear();
    ids.clear();
    q->endResetModel();
    setPending(0);
    Q_EMIT q->windowChanged();

    const std::optional<Filters> wanted = filters();
    if (!wanted) {
        setError({});
        return;
    }
    const int limit = pageSize;
    if (ApiClient *client = api()) {
        const auto readFirst = [this, client, current, limit](Filters resolved) {
            QUrlQuery query = apiQuery(resolved);
            query.addQueryItem(QStringLiteral("before"), QString::number(fromTheNewest));
            query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
            activity.begin();
            client->get(QStringLiteral("audit"), query, q, [this, current, resolved](const ApiReply &reply) {
                activity.end();
                if (current != generation)
                    return;
                if (!reply.ok())
                    return apiFailed(reply, ActivityModel::tr("could not read the activity: %1"));
                BackPage page;
                for (const QJsonObject &line : reply.lines)
                    page.events.append(eventFromJson(line));
                page.position = Position{QDateTime(), reply.header("Gatehouse-Audit-Cursor").toLongLong()};
                page.more = reply.header("Gatehouse-Audit-More") == "true";
                page.newest = reply.header("Gatehouse-Audit-Newest").toLongLong();
                page.userId = resolved.userId;
                applied = resolved;
                showBack(page, true);
            });
        };
        if (!wanted->userId.contains(u'@'))
            return readFirst(*wanted);
        // An email: the user's id, from the users list.
        QUrlQuery search{{QStringLiteral("search"), wanted->userId}, {QStringLiteral("pageSize"), QStringLiteral("100")}};
        activity.begin();
        client->get(QStringLiteral("users"), search, q, [this, current, wanted, readFirst](const ApiReply &reply) {
            activity.end();
            if (current != generation)
                return;
            if (!reply.ok())
                return apiFailed(reply, ActivityModel::tr("could not look the user up: %1"));
            for (const QJsonValue &value : reply.json.value(QLatin1String("users")).toArray()) {
                const QJsonObject found = value.toObject();
                if (found.value(QLatin1String("email")).toString().compare(wanted->userId, Qt::CaseInsensitive) == 0) {
                    Filters resolved = *wanted;
                    resolved.userId = found.value(QLatin1String("id")).toString();
                    emails.insert(resolved.userId, found.value(QLatin1String("email")).toString());
                    return readFirst(resolved);
                }
            }
            setError(ActivityModel::tr("could not read the activity: %1")
                         .arg(ActivityModel::tr("no user has the email %1").arg(wanted->userId)));
        });
        return;
    }
    const auto store = adapter();
    if (!store)
        return;
    activity.begin();
    runInBackground(
        &pool, q,
        [store, filters = *wanted, limit, known = knownUsers()]() mutable {
            filters.userId = resolveUser(*store, filters.userId);
            BackPage page = readBack(*store, filters, std::nullopt, limit, QDateTime::currentDateTimeUtc());
            page.emails = lookUpEmails(*store, page.events, known);
            page.userId = filters.userId;
            return page;
        },
        [this, current, wanted](const Outcome<BackPage> &outcome) {
            activity.end();
            if (current != generation)
                return;
            if (!outcome.ok())
                return setError(ActivityModel::tr("could not read the activity: %1").arg(outcome.error));
            applied = *wanted;
            applied.userId = outcome.value->userId;
            showBack(*outcome.value, true);
        });
}

void ActivityModelPrivate::showBack(const BackPage &page, bool first)
{
    setError({});
    learnEmails(page.emails);
    QList<AuditEvent> fresh;
    for (const AuditEvent &event : page.events) {
        if (!ids.contains(event.id))
            fresh.append(event);
    }
    if (!fresh.isEmpty()) {
        const int at = int(rows.size());
        q->beginInsertRows({}, at, at + int(fresh.size()) - 1);
        rows.append(fresh);
        for (const AuditEvent &event : fresh)
            ids.insert(event.id);
        q->endInsertRows();
    }
    older = page.position;
    hasOlder = page.more;
    if (first) {
        liveCursor = page.newest.value_or(0);
        loaded = true;
        if (active)
            timer.start();
    }
    // Bounded: paging far back drops the newest rows; the newest are then a reload away.
    const int excess = int(rows.size()) - maxRows;
    if (excess > 0) {
        q->beginRemoveRows({}, 0, excess - 1);
        for (int i = 0; i < excess; ++i)
            ids.remove(rows.at(i).id);
        rows.remove(0, excess);
        q->endRemoveRows();
        atNewest = false;
        pendingDropped = pendingDropped || !pending.isEmpty();
        pending.clear();
    }
    Q_EMIT q->windowChanged();
    if (api())
        lookUpEmailsOverApi(page.events);
}

void ActivityModelPrivate::readOlder()
{
    if (!loaded || !hasOlder || loadingOlder || !older)
        return;
    const quint64 current = generation;
    loadingOlder = true;
    const int limit = pageSize;
    if (ApiClient *client = api()) {
        QUrlQuery query = apiQuery(applied);
        query.addQueryItem(QStringLiteral("before"), QString::number(older->id));
        query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
        activity.begin();
        client->get(QStringLiteral("audit"), query, q, [this, current](const ApiReply &reply) {
            activity.end();
            if (current != generation)
                return;
            loadingOlder = false;
            if (!reply.ok())
                return apiFailed(reply, ActivityModel::tr("could not read older activity: %1"));
            BackPage page;
            for (const QJsonObject &line : reply.lines)
                page.events.append(eventFromJson(line));
            page.position = Position{QDateTime(), reply.header("Gatehouse-Audit-Cursor").toLongLong()};
            page.more = reply.header("Gatehouse-Audit-More") == "true";
            showBack(page, false);
        });
        return;
    }
    const auto store = adapter();
    if (!store) {
        loadingOlder = false;
        return;
    }
    activity.begin();
    runInBackground(
        &pool, q,
        [store, filters = applied, from = older, limit, known = knownUsers()] {
            BackPage page = readBack(*store, filters, from, limit, QDateTime::currentDateTimeUtc());
            page.emails = lookUpEmails(*store, page.events, known);
            return page;
        },
        [this, current](const Outcome<BackPage> &outcome) {
            activity.end();
            if (current != generation)
                return;
            loadingOlder = false;
            if (!outcome.ok())
                return setError(ActivityModel::tr("could not read older activity: %1").arg(outcome.error));
            showBack(*outcome.value, false);
        });
}

void ActivityModelPrivate::readNewer()
{
    if (!loaded || !liveCursor || polling || forbidden)
        return;
    const quint64 current = generation;
    polling = true;
    if (ApiClient *client = api()) {
        QUrlQuery query = apiQuery(applied);
        query.addQueryItem(QStringLiteral("after"), QString::number(*liveCursor));
        query.addQueryItem(QStringLiteral("limit"), QString::number(batchSize));
        client->get(QStringLiteral("audit"), query, q, [this, current](const ApiReply &reply) {
            if (current != generation)
                return;
            polling = false;
            if (!reply.ok())
                return apiFailed(reply, ActivityModel::tr("could not follow the activity: %1"));
            ForwardPage page;
            for (const QJsonObject &line : reply.lines)
                page.events.append(eventFromJson(line));
            page.cursor = reply.header("Gatehouse-Audit-Cursor").toLongLong();
            page.more = reply.header("Gatehouse-Audit-More") == "true";
            showNewer(page);
        });
        return;
    }
    const auto store = adapter();
    if (!store) {
        polling = false;
        return;
    }
    runInBackground(
        &pool, q,
        [store, filters = applied, after = *liveCursor, known = knownUsers()] {
            ForwardPage page = readForward(*store, filters, after, QDateTime::currentDateTimeUtc());
            page.emails = lookUpEmails(*store, page.events, known);
            return page;
        },
        [this, current](const Outcome<ForwardPage> &outcome) {
            if (current != generation)
                return;
            polling = false;
            if (!outcome.ok())
                return setError(ActivityModel::tr("could not follow the activity: %1").arg(outcome.error));
            showNewer(*outcome.value);
        });
}

void ActivityModelPrivate::showNewer(const ForwardPage &page)
{
    if (!forbidden)
        setError({});
    liveCursor = qMax(*liveCursor, page.cursor);
    learnEmails(page.emails);
    if (api())
        lookUpEmailsOverApi(page.events);
    // Read forward by id, shown by time: an event can be new to the log and yet older than rows
    // shown (a late write, an import with its own times); it goes where its time puts it.
    QList<AuditEvent> newestFirst;
    for (auto it = page.events.crbegin(); it != page.events.crend(); ++it) {
        if (!ids.contains(it->id))
            newestFirst.append(*it);
    }
    if (!newestFirst.isEmpty()) {
        if (atNewest && followNewest && pending.isEmpty() && !pendingDropped) {
            mergeIn(newestFirst);
        } else {
            // Held: the reader is elsewhere in the list and stays where they are.
            if (atNewest) {
                pending = newestFirst + pending;
                if (pending.size() > maxRows) {
                    pending.clear();
                    pendingDropped = true;
                }
            }
            setPending(pendingCount + int(newestFirst.size()));
        }
    }
    if (page.more)
        QMetaObject::invokeMethod(q, [this] { readNewer(); }, Qt::QueuedConnection);
}

int ActivityModelPrivate::mergeIn(const QList<AuditEvent> &events)
{
    int inserted = 0;
    for (const AuditEvent &event : events) {
        if (ids.contains(event.id))
            continue;
        const Position at{event.time, event.id};
        const auto place = std::partition_point(rows.cbegin(), rows.cend(),
                                                [&at](const AuditEvent &row) { return !olderThan(row, at); });
        const int index = int(place - rows.cbegin());
        if (index == rows.size() && hasOlder)
            continue; // below the window: paging back reads it
        q->beginInsertRows({}, index, index);
        rows.insert(index, event);
        ids.insert(event.id);
        q->endInsertRows();
        ++inserted;
    }
    dropOldestBeyondWindow();
    if (inserted > 0)
        Q_EMIT q->newestAdded(inserted);
    return inserted;
}

void ActivityModelPrivate::dropOldestBeyondWindow()
{
    const int excess = int(rows.size()) - maxRows;
    if (excess <= 0)
        return;
    q->beginRemoveRows({}, int(rows.size()) - excess, int(rows.size()) - 1);
    for (qsizetype i = rows.size() - excess; i < rows.size(); ++i)
        ids.remove(rows.at(i).id);
    rows.remove(rows.size() - excess, excess);
    q->endRemoveRows();
    // They are read again from the oldest row kept, when the reader pages back.
    older = Position{rows.constLast().time, rows.constLast().id};
    hasOlder = true;
    Q_EMIT q->windowChanged();
}

void ActivityModelPrivate::learnEmails(const QHash<QString, QString> &found)
{
    if (found.isEmpty())
        return;
    for (auto it = found.cbegin(); it != found.cend(); ++it)
        emails.insert(it.key(), it.value());
    if (!rows.isEmpty())
        Q_EMIT q->dataChanged(q->index(0), q->index(int(rows.size()) - 1), {ActivityModel::UserEmailRole});
}

void ActivityModelPrivate::lookUpEmailsOverApi(const QList<AuditEvent> &events)
{
    ApiClient *client = api();
    if (!client)
        return;
    int asked = 0;
    for (const AuditEvent &event : events) {
        if (event.userId.isEmpty() || emails.contains(event.userId) || askedEmails.contains(event.userId))
            continue;
        if (asked++ == maxEmailLookups)
            break;
        askedEmails.insert(event.userId);
        const QString userId = event.userId;
        client->get(QStringLiteral("users/") + QString::fromLatin1(QUrl::toPercentEncoding(userId)), {}, q,
                    [this, userId](const ApiReply &reply) {
                        if (reply.ok())
                            learnEmails({{userId, reply.json.value(QLatin1String("email")).toString()}});
                        else if (reply.problem && reply.problem->kind == ApiProblem::Kind::NotFound)
                            learnEmails({{userId, QString()}});
                        else
                            askedEmails.remove(userId); // asked again with the next events
                    });
    }
}

ActivityModel::ActivityModel(QObject *parent)
    : QAbstractListModel(parent)
    , d(std::make_unique<ActivityModelPrivate>(this))
{
    connect(&d->timer, &QTimer::timeout, this, &ActivityModel::poll);
    if (QCoreApplication *application = QCoreApplication::instance())
        application->installEventFilter(this);
}

bool ActivityModel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && watched == QCoreApplication::instance()) {
        Q_EMIT eventTypesChanged();
        if (!d->rows.isEmpty())
            Q_EMIT dataChanged(index(0), index(int(d->rows.size()) - 1), {TimeTextRole, TypeTextRole, Qt::DisplayRole});
    }
    return QAbstractListModel::eventFilter(watched, event);
}

ActivityModel::~ActivityModel()
{
    ++d->generation;
    d->pool.waitForDone();
}

AdminConnection *ActivityModel::connection() const { return d->connection; }

void ActivityModel::setConnection(AdminConnection *connection)
{
    if (connection == d->connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection) {
        connect(connection, &AdminConnection::opened, this, &ActivityModel::refresh);
        connect(connection, &AdminConnection::statusChanged, this, [this] {
            if (!d->connection || !d->connection->isReady())
                d->timer.stop();
        });
    }
    d->emails.clear();
    d->askedEmails.clear();
    Q_EMIT connectionChanged();
    refresh();
}

QStringList ActivityModel::types() const { return d->types; }
QString ActivityModel::user() const { return d->user; }
QString ActivityModel::since() const { return d->since; }
QString ActivityModel::until() const { return d->until; }

void ActivityModel::setTypes(const QStringList &types)
{
    QStringList sorted = types;
    sorted.removeAll(QString());
    sorted.sort();
    sorted.removeDuplicates();
    if (sorted == d->types)
        return;
    d->types = sorted;
    Q_EMIT filterChanged();
    refresh();
}

void ActivityModel::setUser(const QString &user)
{
    if (user == d->user)
        return;
    d->user = user;
    Q_EMIT filterChanged();
    refresh();
}

void ActivityModel::setSince(const QString &since)
{
    if (since == d->since)
        return;
    d->since = since;
    Q_EMIT filterChanged();
    refresh();
}

void ActivityModel::setUntil(const QString &until)
{
    if (until == d->until)
        return;
    d->until = until;
    Q_EMIT filterChanged();
    refresh();
}

QString ActivityModel::filterProblem() const
{
    if (!parseLocalTime(d->since))
        return tr("\"%1\" is not a date (write it as 2026-11-29 or 2026-11-29 08:00)").arg(d->since.trimmed());
    if (!parseLocalTime(d->until))
        return tr("\"%1\" is not a date (write it as 2026-11-29 or 2026-11-29 08:00)").arg(d->until.trimmed());
    return {};
}

bool ActivityModel::isActive() const { return d->active; }

void ActivityModel::setActive(bool active)
{
    if (active == d->active)
        return;
    d->active = active;
    if (active && d->loaded && !d->forbidden) {
        d->timer.start();
        poll();
    } else if (!active) {
        d->timer.stop();
    }
    Q_EMIT activeChanged();
}

bool ActivityModel::followNewest() const { return d->followNewest; }

void ActivityModel::setFollowNewest(bool follow)
{
    if (follow == d->followNewest)
        return;
    d->followNewest = follow;
    Q_EMIT followNewestChanged();
    // Back at the top: what came meanwhile goes in.
    if (follow && d->atNewest && !d->pendingDropped && !d->pending.isEmpty())
        showPending();
}

int ActivityModel::pendingCount() const { return d->pendingCount; }
bool ActivityModel::atNewest() const { return d->atNewest; }
bool ActivityModel::hasOlder() const { return d->hasOlder; }
bool ActivityModel::isLoaded() const { return d->loaded; }
bool ActivityModel::isBusy() const { return d->activity.isBusy(); }
QString ActivityModel::errorString() const { return d->activity.errorString(); }
bool ActivityModel::isForbidden() const { return d->forbidden; }
int ActivityModel::pageSize() const { return d->pageSize; }

void ActivityModel::setPageSize(int events)
{
    events = qBound(1, events, 1000);
    if (events == d->pageSize)
        return;
    d->pageSize = events;
    d->maxRows = qMax(d->maxRows, 2 * events);
    Q_EMIT windowChanged();
}

int ActivityModel::maxRows() const { return d->maxRows; }

void ActivityModel::setMaxRows(int rows)
{
    rows = qMax(rows, 2 * d->pageSize);
    if (rows == d->maxRows)
        return;
    d->maxRows = rows;
    Q_EMIT windowChanged();
}

int ActivityModel::pollIntervalMs() const { return d->timer.interval(); }

void ActivityModel::setPollIntervalMs(int milliseconds)
{
    milliseconds = qMax(100, milliseconds);
    if (milliseconds == d->timer.interval())
        return;
    d->timer.setInterval(milliseconds);
    Q_EMIT activeChanged();
}

QVariantList ActivityModel::eventTypes() const
{
    static const QStringList known{
        QStringLiteral("signIn"), QStringLiteral("signInFailed"), QStringLiteral("signOut"), QStringLiteral("createUser"),
        QStringLiteral("linkAccount"), QStringLiteral("unlinkAccount"), QStringLiteral("accountUpdate"),
        QStringLiteral("passwordChange"), QStringLiteral("passwordChangeFailed"), QStringLiteral("passwordReset"),
        QStringLiteral("passwordResetRequest"), QStringLiteral("passwordResetFailed"), QStringLiteral("passwordRehash"),
        QStringLiteral("passkeyAdd"), QStringLiteral("passkeyRemove"), QStringLiteral("passkeyRename"),
        QStringLiteral("twoFactorEnrol"), QStringLiteral("twoFactorEnrolBegin"), QStringLiteral("twoFactorEnrolFailure"),
        QStringLiteral("twoFactorVerify"), QStringLiteral("twoFactorFailure"),
        QStringLiteral("twoFactorRemove"), QStringLiteral("twoFactorRecoveryCodes"), QStringLiteral("sessionEnd"),
        QStringLiteral("sessionsEndAll"), QStringLiteral("sessionsEndOthers"), QStringLiteral("sessionsCleanUp"),
        QStringLiteral("lockoutLift"), QStringLiteral("userCreate"), QStringLiteral("userUpdate"), QStringLiteral("userDisable"),
        QStringLiteral("userEnable"), QStringLiteral("userDelete"), QStringLiteral("userImport"), QStringLiteral("groupAdd"),
        QStringLiteral("groupRemove"), QStringLiteral("adminApiDenied"), QStringLiteral("adminTokenCreate"),
        QStringLiteral("adminTokenRevoke"), QStringLiteral("configSave"), QStringLiteral("noticeChoice"),
        QStringLiteral("oidcBackchannelLogout"), QStringLiteral("oidcAuthorize"), QStringLiteral("oidcAuthorizeRefused"),
        QStringLiteral("oidcToken"), QStringLiteral("oidcTokenRefused")};
    QList<std::pair<QString, QString>> entries;
    for (const QString &type : known)
        entries.append({typeText(type), type});
    std::sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) {
        return QString::localeAwareCompare(a.first, b.first) < 0;
    });
    QVariantList list;
    for (const auto &[text, type] : entries)
        list.append(QVariantMap{{QStringLiteral("type"), type}, {QStringLiteral("text"), text}});
    return list;
}

QString ActivityModel::typeText(const QString &type)
{
    static const QHash<QString, const char *> words{
        {QStringLiteral("signIn"), QT_TR_NOOP("Signed in")},
        {QStringLiteral("signInFailed"), QT_TR_NOOP("Sign-in failed")},
        {QStringLiteral("signOut"), QT_TR_NOOP("Signed out")},
        {QStringLiteral("createUser"), QT_TR_NOOP("Signed up")},
        {QStringLiteral("linkAccount"), QT_TR_NOOP("Account linked")},
        {QStringLiteral("unlinkAccount"), QT_TR_NOOP("Account unlinked")},
        {QStringLiteral("accountUpdate"), QT_TR_NOOP("Account changed")},
        {QStringLiteral("passwordChange"), QT_TR_NOOP("Password changed")},
        {QStringLiteral("passwordChangeFailed"), QT_TR_NOOP("Password change failed")},
        {QStringLiteral("passwordReset"), QT_TR_NOOP("Password reset")},
        {QStringLiteral("passwordResetRequest"), QT_TR_NOOP("Password reset asked for")},
        {QStringLiteral("passwordResetFailed"), QT_TR_NOOP("Password reset failed")},
        {QStringLiteral("passwordRehash"), QT_TR_NOOP("Password hash renewed")},
        {QStringLiteral("passkeyAdd"), QT_TR_NOOP("Passkey added")},
        {QStringLiteral("passkeyRemove"), QT_TR_NOOP("Passkey removed")},
        {QStringLiteral("passkeyRename"), QT_TR_NOOP("Passkey renamed")},
        {QStringLiteral("twoFactorEnrol"), QT_TR_NOOP("Two-factor sign-in set up")},
        {QStringLiteral("twoFactorEnrolBegin"), QT_TR_NOOP("Two-factor set-up begun")},
        {QStringLiteral("twoFactorEnrolFailure"), QT_TR_NOOP("Two-factor set-up failed")},
        {QStringLiteral("twoFactorVerify"), QT_TR_NOOP("Second factor confirmed")},
        {QStringLiteral("twoFactorFailure"), QT_TR_NOOP("Second factor failed")},
        {QStringLiteral("twoFactorRemove"), QT_TR_NOOP("Two-factor sign-in removed")},
        {QStringLiteral("twoFactorRecoveryCodes"), QT_TR_NOOP("Recovery codes renewed")},
        {QStringLiteral("sessionEnd"), QT_TR_NOOP("Session ended")},
        {QStringLiteral("sessionsEndAll"), QT_TR_NOOP("All sessions ended")},
        {QStringLiteral("sessionsEndOthers"), QT_TR_NOOP("Other sessions ended")},
        {QStringLiteral("sessionsCleanUp"), QT_TR_NOOP("Expired sessions cleaned up")},
        {QStringLiteral("lockoutLift"), QT_TR_NOOP("Lockout lifted")},
        {QStringLiteral("userCreate"), QT_TR_NOOP("User created")},
        {QStringLiteral("userUpdate"), QT_TR_NOOP("User changed")},
        {QStringLiteral("userDisable"), QT_TR_NOOP("User disabled")},
        {QStringLiteral("userEnable"), QT_TR_NOOP("User enabled")},
        {QStringLiteral("userDelete"), QT_TR_NOOP("User deleted")},
        {QStringLiteral("userImport"), QT_TR_NOOP("User imported")},
        {QStringLiteral("groupAdd"), QT_TR_NOOP("Added to a group")},
        {QStringLiteral("groupRemove"), QT_TR_NOOP("Removed from a group")},
        {QStringLiteral("adminApiDenied"), QT_TR_NOOP("Admin API refused")},
        {QStringLiteral("adminTokenCreate"), QT_TR_NOOP("Admin token created")},
        {QStringLiteral("adminTokenRevoke"), QT_TR_NOOP("Admin token revoked")},
        {QStringLiteral("configSave"), QT_TR_NOOP("Configuration saved")},
        {QStringLiteral("noticeChoice"), QT_TR_NOOP("Notice settings changed")},
        {QStringLiteral("oidcBackchannelLogout"), QT_TR_NOOP("Signed out by the provider")},
        {QStringLiteral("oidcAuthorize"), QT_TR_NOOP("Signed in to an app")},
        {QStringLiteral("oidcAuthorizeRefused"), QT_TR_NOOP("Sign-in to an app refused")},
        {QStringLiteral("oidcToken"), QT_TR_NOOP("App tokens issued")},
        {QStringLiteral("oidcTokenRefused"), QT_TR_NOOP("App tokens refused")},
    };
    const auto it = words.constFind(type);
    return it == words.cend() ? type : tr(*it);
}

int ActivityModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(d->rows.size());
}

QVariant ActivityModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= d->rows.size())
        return {};
    const AuditEvent &event = d->rows.at(index.row());
    switch (role) {
    case EventIdRole: return event.id;
    case TimeRole: return event.time;
    case TimeTextRole: {
        const QDateTime local = event.time.toLocalTime();
        const QLocale locale;
        return locale.toString(local.date(), QLocale::ShortFormat) + u' ' + local.time().toString(QStringLiteral("HH:mm:ss"));
    }
    case Qt::DisplayRole:
    case TypeTextRole: return typeText(event.type);
    case TypeRole: return event.type;
    case UserIdRole: return event.userId;
    case UserEmailRole: return d->emails.value(event.userId);
    case ProviderRole: return event.provider;
    case ClientAddressRole: return event.clientAddress;
    case DetailsRole: return detailText(event.detail);
    default: return {};
    }
}

QHash<int, QByteArray> ActivityModel::roleNames() const
{
    return {{EventIdRole, "eventId"},       {TimeRole, "time"},         {TimeTextRole, "timeText"},
            {TypeRole, "type"},             {TypeTextRole, "typeText"}, {UserIdRole, "userId"},
            {UserEmailRole, "userEmail"},   {ProviderRole, "provider"}, {ClientAddressRole, "clientAddress"},
            {DetailsRole, "details"}};
}

QVariantMap ActivityModel::get(int row) const
{
    QVariantMap values;
    if (row < 0 || row >= d->rows.size())
        return values;
    const QHash<int, QByteArray> names = roleNames();
    for (auto it = names.cbegin(); it != names.cend(); ++it)
        values.insert(QString::fromLatin1(it.value()), data(index(row), it.key()));
    return values;
}

void ActivityModel::refresh()
{
    d->reload();
}

void ActivityModel::loadOlder()
{
    d->readOlder();
}

void ActivityModel::poll()
{
    d->readNewer();
}

void ActivityModel::showPending()
{
    if (!d->loaded)
        return;
    if (!d->atNewest || d->pendingDropped) {
        refresh();
        return;
    }
    QList<AuditEvent> held = std::exchange(d->pending, {});
    d->setPending(0);
    d->mergeIn(held);
}

} // namespace Gatehouse::Admin
