#include "adminapi/auditoperations.h"

#include "adminapi/apiinput.h"
#include "storage/auditeventjson.h"

#include <QRegularExpression>

#include <optional>

namespace Gatehouse::AdminApiDetail {

namespace {

constexpr int kDefaultLimit = 100;
constexpr int kMaxLimit = 1000;
// One request reads at most this many events, matching or not: a filter that matches little
// answers with the cursor moved on rather than scanning the whole log.
constexpr int kBatch = 1000;
constexpr int kMaxScanned = 20 * kBatch;
/*
 * Events are answered once they are this old. A write that took a lower id but committed after
 * a higher one would otherwise be behind a cursor already handed out, and never be read.
 */
constexpr qint64 kSettleMs = 2000;
constexpr int kMaxTypes = 32;
constexpr int kMaxUserLength = 255;

QDateTime timeParameter(const QMap<QString, QString> &query, const QString &key)
{
    const auto it = query.constFind(key);
    if (it == query.cend())
        return {};
    const QDateTime time = QDateTime::fromString(*it, Qt::ISODateWithMs);
    // With an offset or Z: a time without one would be read in the server's zone.
    if (!time.isValid() || time.timeSpec() == Qt::LocalTime)
        throw ApiError::badRequest(key, QStringLiteral("%1 is a time in ISO 8601 with Z or an offset, e.g. "
                                                       "2026-11-29T08:00:00Z").arg(key));
    return time.toUTC();
}

QStringList typesParameter(const QMap<QString, QString> &query)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z][A-Za-z0-9]{0,63}$"));
    const QString text = query.value(QStringLiteral("type"));
    if (text.isEmpty())
        return {};
    const QStringList types = text.split(u',');
    if (types.size() > kMaxTypes)
        throw ApiError::badRequest(QStringLiteral("type"), QStringLiteral("type names at most %1 event types").arg(kMaxTypes));
    for (const QString &type : types) {
        if (!name.match(type).hasMatch())
            throw ApiError::badRequest(QStringLiteral("type"),
                                       QStringLiteral("type is a comma-separated list of event types (letters and digits)"));
    }
    return types;
}

//! Where a newest-first read stands: the oldest event read so far. Events come in the order
//! AuditStore::auditEvents() lists them (by time, then by id, newest first).
struct Position
{
    QDateTime time;
    qint64 id = 0;
};

bool olderThan(const AuditEvent &event, const Position &position)
{
    return event.time < position.time || (event.time == position.time && event.id < position.id);
}

struct Filters
{
    QStringList types;
    QString user;
    QDateTime since;
    QDateTime until;

    bool matches(const AuditEvent &event) const
    {
        return (types.isEmpty() || types.contains(event.type)) && (user.isEmpty() || event.userId == user)
            && (!since.isValid() || event.time >= since) && (!until.isValid() || event.time < until);
    }
};

/*
 * GET audit?before=CURSOR: the log read backwards, newest first, for a reader that shows the
 * latest events and pages back (the admin app's Activity view). The cursor is an event id; one
 * above every id starts at the newest event. The user, time and a single type are asked of the
 * store; several types are picked from what it lists, within the same bound of events read as
 * the forward pull.
 */
AuthResponse readBackwards(const Stores &stores, qint64 before, qint64 limit, const Filters &filters, const QDateTime &now)
{
    if (!stores.audit || !stores.auditFeed)
        throw ApiError{501, QStringLiteral("not_implemented"), QStringLiteral("the database adapter keeps no audit log to read"),
                       {}, {}};
    // Only settled events, as forward: a reader that goes on with after= misses none.
    QDateTime upper = now.addMSecs(-kSettleMs + 1);
    if (filters.until.isValid() && filters.until < upper)
        upper = filters.until;
    std::optional<Position> position;
    const QList<AuditEvent> at = stores.auditFeed->auditEventsAfter(before - 1, 1).result();
    if (!at.isEmpty())
        position = Position{at.constFirst().time, before};

    QByteArray body;
    qint64 cursor = before;
    int answered = 0;
    int scanned = 0;
    int skip = 0;
    bool more = false;
    bool done = false;
    while (!done) {
        AuditFilter filter;
        filter.userId = filters.user;
        filter.from = filters.since;
        if (filters.types.size() == 1)
            filter.type = filters.types.constFirst();
        filter.to = position && position->time.addMSecs(1) < upper ? position->time.addMSecs(1) : upper;
        const QList<AuditEvent> events = stores.audit->auditEvents(filter, kBatch, skip).result();
        bool moved = false;
        for (const AuditEvent &event : events) {
            if (position && !olderThan(event, *position))
                continue;  // read already (the same millisecond as the position, or newer)
            if (answered == limit || scanned == kMaxScanned) {
                more = true;
                done = true;
                break;
            }
            ++scanned;
            moved = true;
            position = Position{event.time, event.id};
            cursor = event.id;
            if (filters.matches(event)) {
                body += auditEventJson(event);
                body += '\n';
                ++answered;
            }
        }
        if (events.size() < kBatch)
            done = true;
        // A whole batch of one millisecond, all read already: the next batch after it.
        skip = moved ? 0 : skip + kBatch;
    }
    AuthResponse response = apiResponse(body, QByteArrayLiteral("application/x-ndjson; charset=utf-8"));
    response.setHeader(QByteArrayLiteral("Gatehouse-Audit-Cursor"), QByteArray::number(cursor));
    response.setHeader(QByteArrayLiteral("Gatehouse-Audit-More"), more ? QByteArrayLiteral("true") : QByteArrayLiteral("false"));
    if (at.isEmpty()) {
        // Read from the newest: where a forward pull (after=) goes on to follow what comes next.
        AuditFilter newest;
        newest.to = now.addMSecs(-kSettleMs + 1);
        const QList<AuditEvent> latest = stores.audit->auditEvents(newest, 1).result();
        response.setHeader(QByteArrayLiteral("Gatehouse-Audit-Newest"),
                           QByteArray::number(latest.isEmpty() ? 0 : latest.constFirst().id));
    }
    return response;
}

} // namespace

AuthResponse serveAudit(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                        const QDateTime &now)
{
    if (path.size() != 1)
        throw ApiError::notFound({}, QStringLiteral("no such operation"));
    if (request.method != "GET")
        throw ApiError{405, QStringLiteral("method_not_allowed"), QStringLiteral("allowed here: GET"), {}, {}};
    requireScope(stores, caller, QStringLiteral("audit:read"), QStringLiteral("pullAudit"));
    const QMap<QString, QString> query =
        readQuery(request, {QStringLiteral("after"), QStringLiteral("before"), QStringLiteral("limit"), QStringLiteral("type"),
                            QStringLiteral("user"), QStringLiteral("since"), QStringLiteral("until")});
    if (query.contains(QStringLiteral("after")) && query.contains(QStringLiteral("before")))
        throw ApiError::badRequest(QStringLiteral("before"), QStringLiteral("before and after cannot be given together"));
    const qint64 before = queryInteger(query, QStringLiteral("before"), 0, 1, 999999999999);
    const qint64 after = queryInteger(query, QStringLiteral("after"), 0, 0, 999999999999);
    const qint64 limit = queryInteger(query, QStringLiteral("limit"), kDefaultLimit, 1, kMaxLimit);
    const QStringList types = typesParameter(query);
    const QString user = query.value(QStringLiteral("user"));
    if (user.size() > kMaxUserLength)
        throw ApiError::badRequest(QStringLiteral("user"), QStringLiteral("user has more than %1 characters").arg(kMaxUserLength));
    const QDateTime since = timeParameter(query, QStringLiteral("since"));
    const QDateTime until = timeParameter(query, QStringLiteral("until"));
    if (before > 0)
        return readBackwards(stores, before, limit, Filters{types, user, since, until}, now);
    if (!stores.auditFeed)
        throw ApiError{501, QStringLiteral("not_implemented"), QStringLiteral("the database adapter keeps no audit log to read"),
                       {}, {}};

    QByteArray body;
    body.reserve(int(limit) * 224);   // a sign-in's line is about 200 bytes: one allocation
    qint64 cursor = after;
    int answered = 0;
    int scanned = 0;
    bool more = false;
    const QDateTime settledBefore = now.addMSecs(-kSettleMs);
    bool done = false;
    while (!done) {
        // One event past what this request may take tells whether there is more: an unfiltered
        // page is one query. A filter reads whole batches, it may match few of them.
        const bool filtered = !types.isEmpty() || !user.isEmpty() || since.isValid() || until.isValid();
        const int wanted = qMin(filtered ? kBatch : int(limit) - answered, kMaxScanned - scanned) + 1;
        const QList<AuditEvent> events = stores.auditFeed->auditEventsAfter(cursor, wanted).result();
        for (const AuditEvent &event : events) {
            if (event.time > settledBefore) {
                done = true;  // too young to hand out a cursor past it; the next pull gets it
                break;
            }
            if (answered == limit || scanned == kMaxScanned) {
                more = true;
                done = true;
                break;
            }
            ++scanned;
            cursor = event.id;
            const bool matches = (types.isEmpty() || types.contains(event.type)) && (user.isEmpty() || event.userId == user)
                && (!since.isValid() || event.time >= since) && (!until.isValid() || event.time < until);
            if (matches) {
                body += auditEventJson(event);
                body += '\n';
                ++answered;
            }
        }
        if (events.size() < wanted)
            done = true;
    }
    AuthResponse response = apiResponse(body, QByteArrayLiteral("application/x-ndjson; charset=utf-8"));
    // Where the next pull starts, matching or not; "more" says to pull again at once.
    response.setHeader(QByteArrayLiteral("Gatehouse-Audit-Cursor"), QByteArray::number(cursor));
    response.setHeader(QByteArrayLiteral("Gatehouse-Audit-More"), more ? QByteArrayLiteral("true") : QByteArrayLiteral("false"));
    return response;
}

} // namespace Gatehouse::AdminApiDetail
