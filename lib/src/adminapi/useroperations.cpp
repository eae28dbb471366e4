#include "adminapi/useroperations.h"

#include "adminapi/apiinput.h"
#include "adminapi/useraccessoperations.h"
#include "adminapi/logging.h"
#include "crypto/hash.h"

#include "storage/auditeventjson.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/lockouts.h>
#include <gatehouse/twofactor.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/userstate.h>

#include <QJsonDocument>

#include <QJsonArray>
#include <QUrl>

namespace Gatehouse::AdminApiDetail {

namespace {

constexpr int kMaxPageSize = 100;
constexpr int kDefaultPageSize = 20;
constexpr int kMaxNameLength = 255;
constexpr int kMaxSearchLength = 255;
constexpr int kMaxSessionsListed = 1000;
constexpr int kMaxImageLength = 2048;
constexpr int kDefaultEventsListed = 50;
constexpr int kMaxEventsListed = 500;
constexpr qint64 kMaxSearchTotal = 10000;


QJsonValue timeOrNull(const std::optional<QDateTime> &time)
{
    return time ? QJsonValue(time->toUTC().toString(Qt::ISODateWithMs)) : QJsonValue(QJsonValue::Null);
}

QJsonObject userJson(const AdapterUser &user, bool disabled)
{
    return {{QStringLiteral("id"), user.id},
            {QStringLiteral("email"), user.email},
            {QStringLiteral("name"), user.name ? QJsonValue(*user.name) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("emailVerified"), timeOrNull(user.emailVerified)},
            {QStringLiteral("image"), user.image ? QJsonValue(*user.image) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("disabled"), disabled}};
}

/*!
 * The \c image of \a body: absent -> nullopt; null or blank -> no image; otherwise an absolute
 * http(s) URL (a 400 naming \c image when not).
 */
std::optional<std::optional<QString>> imageField(const QJsonObject &body)
{
    using Image = std::optional<std::optional<QString>>;
    const auto image = nullableStringField(body, QStringLiteral("image"), kMaxImageLength);
    if (!image)
        return Image();
    if (!*image || (**image).trimmed().isEmpty())
        return Image(std::optional<QString>());
    const QString text = (**image).trimmed();
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty()
        || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
        throw ApiError::badRequest(QStringLiteral("image"), QStringLiteral("image must be an http(s) URL"));
    return Image(std::optional<QString>(text));
}

ApiError emailTaken(const QString &email)
{
    return {409, QStringLiteral("conflict"), QStringLiteral("a user with the email %1 exists already").arg(email),
            QStringLiteral("email"), {}};
}

AuthResponse listUsers(const Stores &stores, const Caller &caller, const AuthRequest &request)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listUsers"));
    const QMap<QString, QString> query =
        readQuery(request, {QStringLiteral("search"), QStringLiteral("group"), QStringLiteral("sort"), QStringLiteral("order"),
                            QStringLiteral("page"), QStringLiteral("pageSize")});
    const QString search = query.value(QStringLiteral("search")).trimmed();
    if (search.size() > kMaxSearchLength)
        throw ApiError::badRequest(QStringLiteral("search"), QStringLiteral("search has more than %1 characters").arg(kMaxSearchLength));
    // The admin app's list: a group's members only, sorted by any of its columns.
    const QString group = query.value(QStringLiteral("group"));
    if (group.size() > kMaxSearchLength)
        throw ApiError::badRequest(QStringLiteral("group"), QStringLiteral("group has more than %1 characters").arg(kMaxSearchLength));
    static const QMap<QString, UserSortColumn> sorts{{QStringLiteral("email"), UserSortColumn::Email},
                                                     {QStringLiteral("id"), UserSortColumn::Id},
                                                     {QStringLiteral("name"), UserSortColumn::Name},
                                                     {QStringLiteral("emailVerified"), UserSortColumn::EmailVerified}};
    const QString sort = query.value(QStringLiteral("sort"), QStringLiteral("email"));
    if (!sorts.contains(sort))
        throw ApiError::badRequest(QStringLiteral("sort"), QStringLiteral("sort must be one of email, id, name, emailVerified"));
    const QString order = query.value(QStringLiteral("order"), QStringLiteral("asc"));
    if (order != QLatin1String("asc") && order != QLatin1String("desc"))
        throw ApiError::badRequest(QStringLiteral("order"), QStringLiteral("order must be asc or desc"));
    const qint64 page = queryInteger(query, QStringLiteral("page"), 1, 1, 1000000000);
    const qint64 pageSize = queryInteger(query, QStringLiteral("pageSize"), kDefaultPageSize, 1, kMaxPageSize);
    UserPageRequest pageRequest;
    pageRequest.search = search;
    pageRequest.group = group;
    pageRequest.sort = sorts.value(sort);
    pageRequest.ascending = order == QLatin1String("asc");
    pageRequest.offset = (page - 1) * pageSize;
    pageRequest.limit = int(pageSize);
    // A search's total and that of every user are counted up to kMaxSearchTotal (the rows stop
    // there: a broad search costs no more, and a million users are not read for a page), and
    // say whether they are exact; a group's members (the group's key), exactly.
    const bool capped = !search.isEmpty() || group.isEmpty();
    const qint64 counted = capped ? stores.admin->countUsersUpTo(search, group, kMaxSearchTotal + 1).result()
                                  : stores.admin->countUsers(search, group).result();
    const bool exact = !capped || counted <= kMaxSearchTotal;
    const qint64 total = qMin(counted, capped ? kMaxSearchTotal : counted);
    QJsonArray users;
    if (!exact || pageRequest.offset < total) {
        for (const UserListEntry &entry : stores.admin->listUsersPage(pageRequest).result()) {
            QJsonObject user = userJson(entry.user, entry.disabled);
            user.insert(QStringLiteral("hasPassword"), entry.hasPassword);
            user.insert(QStringLiteral("passwordDisabled"), entry.passwordDisabled);
            users.append(user);
        }
    }
    return jsonResponse({{QStringLiteral("users"), users},
                         {QStringLiteral("page"), page},
                         {QStringLiteral("pageSize"), pageSize},
                         {QStringLiteral("total"), total},
                         {QStringLiteral("totalExact"), exact}});
}

AuthResponse getUser(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("getUser"));
    readQuery(request, {});
    const AdapterUser user = existingUser(stores, id);
    QJsonObject answer = userJson(user, stores.userState->isUserDisabled(user.id).result());
    // What the admin app's user page shows besides: the password, the second factor, the limits.
    bool hasPassword = false;
    bool passwordDisabled = false;
    if (const auto credential = stores.userState->passwordHash(user.email).result(); credential && credential->userId == user.id) {
        hasPassword = true;
        passwordDisabled = credential->disabled;
    }
    answer.insert(QStringLiteral("hasPassword"), hasPassword);
    answer.insert(QStringLiteral("passwordDisabled"), passwordDisabled);
    if (stores.twoFactor) {
        // The status opens no sealed secret: the key derived from this placeholder is never used.
        const TwoFactor twoFactor(stores.adapter, {QStringLiteral("admin API: no sealed secret is opened")});
        const TwoFactorStatus status = twoFactor.status(user.id).result();
        answer.insert(QStringLiteral("twoFactor"), QJsonObject{{QStringLiteral("enrolled"), status.enrolled},
                                                               {QStringLiteral("pending"), status.pending},
                                                               {QStringLiteral("enrolledAt"), timeOrNull(status.enrolledAt)},
                                                               {QStringLiteral("recoveryCodesLeft"), status.recoveryCodesLeft}});
    } else {
        answer.insert(QStringLiteral("twoFactor"), QJsonValue::Null);
    }
    QJsonArray lockouts;
    if (stores.rateLimits) {
        for (const Lockout &lockout : currentLockouts(stores.adapter, caller.lockoutLimits).result()) {
            if (lockout.user.id == user.id) {
                lockouts.append(QJsonObject{{QStringLiteral("kind"), lockoutKindName(lockout.kind)},
                                            {QStringLiteral("until"), lockout.until.toUTC().toString(Qt::ISODateWithMs)}});
            }
        }
    }
    answer.insert(QStringLiteral("lockouts"), lockouts);
    return jsonResponse(answer);
}

//! The user's latest audit events, newest first (the admin app's user page; the pull reads forward).
AuthResponse listUserEvents(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, QStringLiteral("audit:read"), QStringLiteral("listUserEvents"));
    const QMap<QString, QString> query = readQuery(request, {QStringLiteral("limit")});
    const int limit = int(queryInteger(query, QStringLiteral("limit"), kDefaultEventsListed, 1, kMaxEventsListed));
    existingUser(stores, id);
    QJsonArray events;
    if (stores.audit) {
        AuditFilter filter;
        filter.userId = id;
        for (const AuditEvent &event : stores.audit->auditEvents(filter, limit).result())
            events.append(QJsonDocument::fromJson(auditEventJson(event)).object());
    }
    return jsonResponse({{QStringLiteral("events"), events}});
}

AuthResponse createUser(const Stores &stores, const Caller &caller, const AuthRequest &request)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("createUser"));
    readQuery(request, {});
    const QJsonObject body =
        readObject(request, {QStringLiteral("email"), QStringLiteral("name"), QStringLiteral("emailVerified"), QStringLiteral("image")});
    const std::optional<QString> email = stringField(body, QStringLiteral("email"), 320);
    if (!email)
        throw ApiError::badRequest(QStringLiteral("email"), QStringLiteral("email is missing"));
    AdapterUser user;
    user.email = normalisedEmail(*email, QStringLiteral("email"));
    if (const auto name = nullableStringField(body, QStringLiteral("name"), kMaxNameLength); name && *name && !(*name)->trimmed().isEmpty())
        user.name = (*name)->trimmed();
    if (booleanField(body, QStringLiteral("emailVerified")).value_or(false))
        user.emailVerified = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC);
    if (const auto image = imageField(body))
        user.image = *image;
    if (stores.adapter->getUserByEmail(user.email).result())
        throw emailTaken(user.email);
    AdapterUser created;
    try {
        created = stores.adapter->createUser(user).result();
    } catch (const AdapterError &error) {
        if (error.reason() == AdapterError::Reason::Conflict)   // created meanwhile by another
            throw emailTaken(user.email);
        throw;
    }
    auditChange(stores, caller, QStringLiteral("userCreate"), created.id, {{QStringLiteral("email"), created.email}});
    AuthResponse response = jsonResponse(userJson(created, false), 201);
    return response;
}

AuthResponse updateUser(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("updateUser"));
    readQuery(request, {});
    const QJsonObject body =
        readObject(request, {QStringLiteral("name"), QStringLiteral("email"), QStringLiteral("emailVerified"), QStringLiteral("image")});
    if (body.isEmpty())
        throw ApiError::badRequest({}, QStringLiteral("name one or more of name, email, emailVerified, image"));
    // Every field is read and checked before the one update that changes them together.
    AdapterUserUpdate update(id);
    QJsonArray changed;
    if (const auto name = nullableStringField(body, QStringLiteral("name"), kMaxNameLength)) {
        const bool blank = !*name || (*name)->trimmed().isEmpty();
        update.setName(blank ? std::nullopt : std::optional((*name)->trimmed()));
        changed.append(QStringLiteral("name"));
    }
    std::optional<QString> email;
    if (const auto text = stringField(body, QStringLiteral("email"), 320)) {
        email = normalisedEmail(*text, QStringLiteral("email"));
        update.setEmail(*email);
        changed.append(QStringLiteral("email"));
    }
    if (const auto image = imageField(body)) {
        update.setImage(*image);
        changed.append(QStringLiteral("image"));
    }
    const std::optional<bool> verified = booleanField(body, QStringLiteral("emailVerified"));
    const AdapterUser before = existingUser(stores, id);
    if (verified) {
        // A verified address keeps the time it was verified at.
        if (!*verified)
            update.setEmailVerified(std::nullopt);
        else if (!before.emailVerified)
            update.setEmailVerified(QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC));
        changed.append(QStringLiteral("emailVerified"));
    }
    if (email && *email != before.email) {
        if (const auto other = stores.adapter->getUserByEmail(*email).result(); other && other->id != id)
            throw emailTaken(*email);
    }
    AdapterUser after = before;
    if (!update.isEmpty()) {
        try {
            after = stores.adapter->updateUser(update).result();
        } catch (const AdapterError &error) {
            if (error.reason() == AdapterError::Reason::NotFound)
                throw ApiError::notFound(QStringLiteral("id"), QStringLiteral("there is no user with id %1").arg(id));
            if (error.reason() == AdapterError::Reason::Conflict)
                throw emailTaken(update.email());
            throw;
        }
    }
    auditChange(stores, caller, QStringLiteral("userUpdate"), id, {{QStringLiteral("fields"), changed}});
    return jsonResponse(userJson(after, stores.userState->isUserDisabled(id).result()));
}

AuthResponse setDisabled(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id,
                         bool disabled)
{
    requireScope(stores, caller, kUsersWrite, disabled ? QStringLiteral("disableUser") : QStringLiteral("enableUser"));
    readQuery(request, {});
    requireNoBody(request);
    const AdapterUser user = existingUser(stores, id);
    qint64 ended = 0;
    try {
        ended = setUserDisabled(stores.adapter, id, disabled).result();
    } catch (const AdapterError &error) {
        if (error.reason() == AdapterError::Reason::NotFound)   // deleted meanwhile
            throw ApiError::notFound(QStringLiteral("id"), QStringLiteral("there is no user with id %1").arg(id));
        throw;
    }
    QJsonObject detail;
    if (disabled)
        detail.insert(QStringLiteral("sessionsEnded"), ended);
    auditChange(stores, caller, disabled ? QStringLiteral("userDisable") : QStringLiteral("userEnable"), id, detail);
    QJsonObject answer = userJson(user, disabled);
    if (disabled)
        answer.insert(QStringLiteral("sessionsEnded"), ended);
    return jsonResponse(answer);
}

AuthResponse deleteUser(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("deleteUser"));
    readQuery(request, {});
    requireNoBody(request);
    // The OpenID Provider's clients of the person's sessions are told (never fails).
    queueBackchannelLogoutsOfUser(stores.adapter, id).result();
    const std::optional<AdapterUser> deleted = stores.adapter->deleteUser(id).result();
    if (!deleted)
        throw ApiError::notFound(QStringLiteral("id"), QStringLiteral("there is no user with id %1").arg(id));
    auditChange(stores, caller, QStringLiteral("userDelete"), id, {{QStringLiteral("email"), deleted->email}});
    return jsonResponse({{QStringLiteral("deleted"), id}});
}

AuthResponse listSessions(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listUserSessions"));
    const QMap<QString, QString> query = readQuery(request, {QStringLiteral("expired")});
    SessionFilter filter;
    filter.userId = id;
    // Active ones only unless asked (what scripts written before expired= rely on); the admin
    // app asks for the expired ones too, as its user page lists them on a database.
    filter.activeOnly = !queryFlag(query, QStringLiteral("expired"));
    existingUser(stores, id);
    // Sessions do not record where they were used from: the address of the user's latest
    // sign-in at or before the session was last extended stands for it (as the admin app's own
    // user page on a database shows it), or null when the audit log has none.
    QList<AuditEvent> signIns;   // newest first
    if (stores.audit) {
        AuditFilter signInFilter;
        signInFilter.userId = id;
        signInFilter.type = QStringLiteral("signIn");
        signIns = stores.audit->auditEvents(signInFilter, kDefaultEventsListed).result();
    }
    QJsonArray sessions;
    for (const SessionListEntry &entry : stores.admin->listSessionEntries(filter, 0, kMaxSessionsListed).result()) {
        // Never the session token itself: whoever reads it could use the session. Its hash
        // names it for a later "revoke this one".
        QJsonObject session = sessionJson(entry.session, caller);
        const QDateTime lastSeen = entry.session.expires.addSecs(-caller.sessionMaxAge);
        QJsonValue address = QJsonValue::Null;
        for (const AuditEvent &signIn : std::as_const(signIns)) {
            if (signIn.time <= lastSeen.addSecs(60)) {
                if (!signIn.clientAddress.isEmpty())
                    address = signIn.clientAddress;
                break;
            }
        }
        session.insert(QStringLiteral("clientAddress"), address);
        sessions.append(session);
    }
    return jsonResponse({{QStringLiteral("sessions"), sessions}});
}

AuthResponse revokeSessions(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("revokeUserSessions"));
    readQuery(request, {});
    requireNoBody(request);
    existingUser(stores, id);
    // The OpenID Provider's clients of the sessions are told (never fails).
    queueBackchannelLogoutsOfUser(stores.adapter, id).result();
    const qint64 ended = stores.userState->deleteUserSessions(id).result();
    auditChange(stores, caller, QStringLiteral("sessionsEndAll"), id, {{QStringLiteral("sessionsEnded"), ended}});
    return jsonResponse({{QStringLiteral("sessionsEnded"), ended}});
}

} // namespace

void auditChange(const Stores &stores, const Caller &caller, const QString &type, const QString &userId, QJsonObject detail)
{
    if (!stores.audit)
        return;
    AuditEvent event;
    event.time = QDateTime::currentDateTimeUtc();
    event.type = type;
    event.userId = userId;
    event.clientAddress = caller.clientAddress;
    detail.insert(QStringLiteral("by"), caller.by());
    event.detail = detail;
    try {
        stores.audit->appendAudit(event).waitForFinished();
    } catch (const AdapterError &error) {
        // The change is made; failing the answer now would invite a retry of what succeeded.
        qCWarning(lcAdminApi).noquote() << "cannot record" << type << "of user" << userId << "by" << caller.by() << ':'
                                        << error.message();
    }
}

AdapterUser existingUser(const Stores &stores, const QString &id)
{
    const std::optional<AdapterUser> user = stores.adapter->getUser(id).result();
    if (!user)
        throw ApiError::notFound(QStringLiteral("id"), QStringLiteral("there is no user with id %1").arg(id));
    return *user;
}

QString sessionIdOf(const QString &sessionToken)
{
    return QString::fromLatin1(Crypto::sha256(sessionToken.toUtf8()).toHex());
}

QJsonObject sessionJson(const AdapterSession &session, const Caller &caller)
{
    return {{QStringLiteral("id"), sessionIdOf(session.sessionToken)},
            {QStringLiteral("expires"), session.expires.toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("lastSeen"), session.expires.addSecs(-caller.sessionMaxAge).toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("expired"), session.expires <= QDateTime::currentDateTimeUtc()}};
}

AuthResponse serveUsers(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path)
{
    const QByteArray &method = request.method;
    if (path.size() == 1) {
        if (method == "GET")
            return listUsers(stores, caller, request);
        if (method == "POST")
            return createUser(stores, caller, request);
        throw ApiError::methodNotAllowed(QStringLiteral("GET, POST"));
    }
    const QString &id = path.at(1);
    if (path.size() == 2) {
        if (method == "GET")
            return getUser(stores, caller, request, id);
        if (method == "PATCH")
            return updateUser(stores, caller, request, id);
        if (method == "DELETE")
            return deleteUser(stores, caller, request, id);
        throw ApiError::methodNotAllowed(QStringLiteral("GET, PATCH, DELETE"));
    }
    if (path.size() == 3) {
        const QString &what = path.at(2);
        if (what == QLatin1String("disable") || what == QLatin1String("enable")) {
            if (method != "POST")
                throw ApiError::methodNotAllowed(QStringLiteral("POST"));
            return setDisabled(stores, caller, request, id, what == QLatin1String("disable"));
        }
        if (what == QLatin1String("events")) {
            if (method == "GET")
                return listUserEvents(stores, caller, request, id);
            throw ApiError::methodNotAllowed(QStringLiteral("GET"));
        }
        if (what == QLatin1String("sessions")) {
            if (method == "GET")
                return listSessions(stores, caller, request, id);
            if (method == "DELETE")
                return revokeSessions(stores, caller, request, id);
            throw ApiError::methodNotAllowed(QStringLiteral("GET, DELETE"));
        }
    }
    if (servesUserAccess(path))
        return serveUserAccess(stores, caller, request, path);
    throw ApiError::notFound({}, QStringLiteral("no such operation"));
}

} // namespace Gatehouse::AdminApiDetail
