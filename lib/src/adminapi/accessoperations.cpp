#include "adminapi/accessoperations.h"

#include "adminapi/apiinput.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QUrl>

namespace Gatehouse::AdminApiDetail {

namespace {

constexpr int kMaxUrlLength = 8192;
constexpr int kMaxGroups = 100;

QJsonObject policyJson(const AccessPolicy &policy)
{
    static const char *const kinds[] = {"deny", "bypass", "signed-in", "subjects"};
    return {{QStringLiteral("kind"), QString::fromLatin1(kinds[int(policy.kind)])},
            {QStringLiteral("users"), QJsonArray::fromStringList(policy.users)},
            {QStringLiteral("groups"), QJsonArray::fromStringList(policy.groups)}};
}

} // namespace

AuthResponse serveAccessTest(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                             const AccessOptions &access)
{
    if (path.size() != 1)
        throw ApiError::notFound({}, QStringLiteral("no such operation"));
    if (request.method != "GET")
        throw ApiError::methodNotAllowed(QStringLiteral("GET"));
    requireScope(stores, caller, kUsersRead, QStringLiteral("testAccess"));
    const QMap<QString, QString> query =
        readQuery(request, {QStringLiteral("url"), QStringLiteral("method"), QStringLiteral("user"), QStringLiteral("groups")});

    const QString urlText = query.value(QStringLiteral("url")).trimmed();
    const QUrl url(urlText, QUrl::StrictMode);
    if (urlText.size() > kMaxUrlLength || !url.isValid() || url.host().isEmpty()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        throw ApiError::badRequest(QStringLiteral("url"), QStringLiteral("url must be a whole http(s) URL, such as https://app.example.test/path"));
    }
    AccessRequest asked;
    asked.host = url.host();
    asked.path = url.path(QUrl::FullyEncoded);
    if (asked.path.isEmpty())
        asked.path = QStringLiteral("/");
    if (url.hasQuery())
        asked.path += QLatin1Char('?') + url.query(QUrl::FullyEncoded);
    const QString method = query.value(QStringLiteral("method"), QStringLiteral("GET")).trimmed().toUpper();
    if (method.isEmpty() || method.size() > 20 || !std::all_of(method.cbegin(), method.cend(), [](QChar c) { return c >= u'A' && c <= u'Z'; }))
        throw ApiError::badRequest(QStringLiteral("method"), QStringLiteral("method must be an HTTP method, such as GET"));
    asked.method = method;

    // Someone signed in: a stored user with the groups the store has, unless groups says which to try.
    std::optional<AccessSubject> subject;
    const QString user = query.value(QStringLiteral("user")).trimmed();
    QJsonValue storedUser = QJsonValue::Null;
    if (!user.isEmpty()) {
        subject = AccessSubject{user, user, {}};
        std::optional<AdapterUser> found = stores.adapter->getUserByEmail(user).result();
        if (!found)
            found = stores.adapter->getUser(user).result();
        if (found) {
            subject = AccessSubject{found->id, found->email, {}};
            storedUser = found->id;
        }
        if (query.contains(QStringLiteral("groups"))) {
            for (const QString &group : query.value(QStringLiteral("groups")).split(u',', Qt::SkipEmptyParts)) {
                if (!group.trimmed().isEmpty())
                    subject->groups.append(group.trimmed());
            }
            if (subject->groups.size() > kMaxGroups)
                throw ApiError::badRequest(QStringLiteral("groups"), QStringLiteral("at most %1 groups").arg(kMaxGroups));
        } else if (found && stores.groups) {
            subject->groups = stores.groups->userGroups(found->id).result();
        }
    } else if (query.contains(QStringLiteral("groups"))) {
        throw ApiError::badRequest(QStringLiteral("groups"), QStringLiteral("groups need a user"));
    }

    const AccessDecision decision = decideAccess(access, asked, subject);
    static const char *const outcomes[] = {"allowed", "signInRequired", "denied"};
    QJsonObject answer{{QStringLiteral("outcome"), QString::fromLatin1(outcomes[int(decision.outcome)])},
                       {QStringLiteral("storedUser"), storedUser},
                       {QStringLiteral("groups"), QJsonArray::fromStringList(subject ? subject->groups : QStringList())}};
    if (decision.rule == AccessDecision::AmbiguousPath) {
        answer.insert(QStringLiteral("decidedBy"), QStringLiteral("ambiguousPath"));
    } else if (decision.rule < 0) {
        answer.insert(QStringLiteral("decidedBy"), QStringLiteral("default"));
        answer.insert(QStringLiteral("policy"), policyJson(access.defaultPolicy));
    } else {
        const AccessRule &rule = access.rules.at(decision.rule);
        answer.insert(QStringLiteral("decidedBy"), QStringLiteral("rule"));
        answer.insert(QStringLiteral("rule"), decision.rule);
        answer.insert(QStringLiteral("hosts"), QJsonArray::fromStringList(rule.hosts));
        answer.insert(QStringLiteral("paths"), QJsonArray::fromStringList(rule.paths));
        answer.insert(QStringLiteral("methods"), QJsonArray::fromStringList(rule.methods));
        answer.insert(QStringLiteral("policy"), policyJson(rule.policy));
    }
    return jsonResponse(answer);
}

} // namespace Gatehouse::AdminApiDetail
