#include "adminapi/dashboardoperations.h"

#include "adminapi/apiinput.h"
#include "adminapi/logging.h"
#include "adminapi/useroperations.h"

#include <gatehouse/adaptererror.h>

#include <QJsonArray>
#include <QMap>

namespace Gatehouse::AdminApiDetail {

namespace {

constexpr int kTopProviders = 5;
// One statement deletes at most a batch, so no statement holds the table for long; the count
// of batches bounds one request (a million sessions), and a second request goes on from there.
constexpr int kCleanupBatch = 1000;
constexpr int kCleanupBatches = 1000;

constexpr int kDefaultSessionPage = 50;
constexpr int kMaxSessionPage = 200;
constexpr int kMaxSessionSearch = 255;

const QString kSignIn = QStringLiteral("signIn");
const QString kSignInFailed = QStringLiteral("signInFailed");

} // namespace

AuthResponse serveDashboard(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                            const QDateTime &now)
{
    if (path.size() != 1)
        throw ApiError::notFound({}, QStringLiteral("no such operation"));
    if (request.method != "GET")
        throw ApiError::methodNotAllowed(QStringLiteral("GET"));
    requireScope(stores, caller, kUsersRead, QStringLiteral("dashboard"));
    const QMap<QString, QString> query = readQuery(request, {QStringLiteral("days")});
    const int days = int(queryInteger(query, QStringLiteral("days"), 30, 1, 366));
    const QDate today = now.toUTC().date();
    const QDateTime from(today.addDays(-(days - 1)), QTime(0, 0), Qt::UTC);
    const QDateTime to(today.addDays(1), QTime(0, 0), Qt::UTC);

    const qint64 users = stores.admin->countUsers({}).result();
    const qint64 active = stores.admin->countSessionEntries(SessionFilter{}).result();
    const qint64 expired = stores.admin->countExpiredSessions().result();
    // Every day of the range, also those without an event, oldest first.
    QMap<QDate, std::pair<qint64, qint64>> perDay;
    for (int i = 0; i < days; ++i)
        perDay.insert(from.date().addDays(i), {0, 0});
    for (const AuditDayCount &count : stores.admin->auditDailyCounts({kSignIn, kSignInFailed}, from, to).result()) {
        if (!perDay.contains(count.day))
            continue;
        (count.type == kSignIn ? perDay[count.day].first : perDay[count.day].second) += count.count;
    }
    QJsonArray dayList;
    for (auto it = perDay.cbegin(); it != perDay.cend(); ++it) {
        dayList.append(QJsonObject{{QStringLiteral("day"), it.key().toString(Qt::ISODate)},
                                   {kSignIn, it.value().first},
                                   {kSignInFailed, it.value().second}});
    }
    QJsonArray providers;
    for (const AuditProviderCount &count : stores.admin->auditTopProviders(kSignIn, from, to, kTopProviders).result())
        providers.append(QJsonObject{{QStringLiteral("provider"), count.provider}, {QStringLiteral("signIns"), count.count}});
    return jsonResponse({{QStringLiteral("users"), users},
                         {QStringLiteral("activeSessions"), active},
                         {QStringLiteral("expiredSessions"), expired},
                         {QStringLiteral("days"), dayList},
                         {QStringLiteral("providers"), providers}});
}

namespace {

//! \c GET sessions: every user's database sessions, latest expiry first, a page at a time.
AuthResponse listAllSessions(const Stores &stores, const Caller &caller, const AuthRequest &request)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listSessions"));
    const QMap<QString, QString> query = readQuery(
        request, {QStringLiteral("search"), QStringLiteral("provider"), QStringLiteral("expired"), QStringLiteral("page"),
                  QStringLiteral("pageSize")});
    SessionFilter filter;
    filter.userSearch = query.value(QStringLiteral("search")).trimmed();
    if (filter.userSearch.size() > kMaxSessionSearch)
        throw ApiError::badRequest(QStringLiteral("search"), QStringLiteral("search has more than %1 characters").arg(kMaxSessionSearch));
    filter.provider = query.value(QStringLiteral("provider")).trimmed();
    if (filter.provider.size() > kMaxSessionSearch)
        throw ApiError::badRequest(QStringLiteral("provider"), QStringLiteral("provider has more than %1 characters").arg(kMaxSessionSearch));
    filter.activeOnly = !queryFlag(query, QStringLiteral("expired"));
    const qint64 page = queryInteger(query, QStringLiteral("page"), 1, 1, 1000000000);
    const qint64 pageSize = queryInteger(query, QStringLiteral("pageSize"), kDefaultSessionPage, 1, kMaxSessionPage);
    const qint64 total = stores.admin->countSessionEntries(filter).result();
    const qint64 expiredTotal = stores.admin->countExpiredSessions().result();
    QJsonArray sessions;
    const qint64 offset = (page - 1) * pageSize;
    if (offset < total) {
        for (const SessionListEntry &entry : stores.admin->listSessionEntries(filter, offset, int(pageSize)).result()) {
            // Never the token: its hash names the session for DELETE users/{userId}/sessions/{id}.
            QJsonObject session = sessionJson(entry.session, caller);
            session.insert(QStringLiteral("userId"), entry.session.userId);
            session.insert(QStringLiteral("userEmail"), entry.userEmail);
            session.insert(QStringLiteral("userName"), entry.userName ? QJsonValue(*entry.userName) : QJsonValue(QJsonValue::Null));
            sessions.append(session);
        }
    }
    return jsonResponse({{QStringLiteral("sessions"), sessions},
                         {QStringLiteral("page"), page},
                         {QStringLiteral("pageSize"), pageSize},
                         {QStringLiteral("total"), total},
                         {QStringLiteral("expiredTotal"), expiredTotal}});
}

} // namespace

AuthResponse serveSessions(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path)
{
    if (path.size() == 1) {
        if (request.method != "GET")
            throw ApiError::methodNotAllowed(QStringLiteral("GET"));
        return listAllSessions(stores, caller, request);
    }
    if (path.size() != 2 || path.at(1) != QLatin1String("cleanup"))
        throw ApiError::notFound({}, QStringLiteral("no such operation"));
    if (request.method != "POST")
        throw ApiError::methodNotAllowed(QStringLiteral("POST"));
    requireScope(stores, caller, kUsersWrite, QStringLiteral("cleanUpSessions"));
    readQuery(request, {});
    requireNoBody(request);
    qint64 deleted = 0;
    bool more = true;
    for (int batch = 0; batch < kCleanupBatches && more; ++batch) {
        const qint64 removed = stores.admin->deleteExpiredSessionsBatch(kCleanupBatch).result();
        deleted += removed;
        more = removed > 0;
    }
    if (stores.audit && deleted > 0) {
        AuditEvent event;
        event.time = QDateTime::currentDateTimeUtc();
        event.type = QStringLiteral("sessionsCleanUp");
        event.clientAddress = caller.clientAddress;
        event.detail = {{QStringLiteral("by"), caller.by()}, {QStringLiteral("deleted"), deleted}};
        try {
            stores.audit->appendAudit(event).waitForFinished();
        } catch (const AdapterError &error) {
            qCWarning(lcAdminApi).noquote() << "cannot record a clean-up of" << deleted << "sessions:" << error.message();
        }
    }
    return jsonResponse({{QStringLiteral("deleted"), deleted}, {QStringLiteral("more"), more}});
}

} // namespace Gatehouse::AdminApiDetail
