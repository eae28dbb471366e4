#include "adminapi/auditoperations.h"

#include "adminapi/apiinput.h"
#include "storage/auditeventjson.h"

#include <QRegularExpression>

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
        readQuery(request, {QStringLiteral("after"), QStringLiteral("limit"), QStringLiteral("type"), QStringLiteral("user"),
                            QStringLiteral("since"), QStringLiteral("until")});
    const qint64 after = queryInteger(query, QStringLiteral("after"), 0, 0, 999999999999);
    const qint64 limit = queryInteger(query, QStringLiteral("limit"), kDefaultLimit, 1, kMaxLimit);
    const QStringList types = typesParameter(query);
    const QString user = query.value(QStringLiteral("user"));
    if (user.size() > kMaxUserLength)
        throw ApiError::badRequest(QStringLiteral("user"), QStringLiteral("user has more than %1 characters").arg(kMaxUserLength));
    const QDateTime since = timeParameter(query, QStringLiteral("since"));
    const QDateTime until = timeParameter(query, QStringLiteral("until"));
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
