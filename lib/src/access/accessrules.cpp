#include <gatehouse/access.h>

#include "access/patterns.h"

#include <algorithm>

namespace Gatehouse {

namespace {

template<typename Pred>
bool anyOrEmpty(const QStringList &patterns, Pred matches)
{
    return patterns.isEmpty() || std::any_of(patterns.begin(), patterns.end(), matches);
}

bool namedIn(const AccessPolicy &policy, const AccessSubject &subject)
{
    for (const QString &user : policy.users) {
        if ((!subject.email.isEmpty() && user.compare(subject.email, Qt::CaseInsensitive) == 0)
            || (!subject.userId.isEmpty() && user == subject.userId))
            return true;
    }
    return std::any_of(policy.groups.begin(), policy.groups.end(),
                       [&subject](const QString &group) { return subject.groups.contains(group); });
}

} // namespace

const AccessPolicy &accessPolicy(const AccessOptions &options, const AccessRequest &request, int *rule)
{
    const QString host = Access::normalizedHost(request.host);
    const QString method = request.method.toUpper();
    QString path;  // normalised only when a rule asks
    for (qsizetype i = 0; i < options.rules.size(); ++i) {
        const AccessRule &r = options.rules.at(i);
        if (!anyOrEmpty(r.hosts, [&host](const QString &p) { return Access::hostMatches(p, host); }))
            continue;
        if (!anyOrEmpty(r.methods, [&method](const QString &m) { return m == method; }))
            continue;
        if (!r.paths.isEmpty() && path.isNull())
            path = Access::normalizedPath(request.path);
        if (!anyOrEmpty(r.paths, [&path](const QString &p) { return Access::pathMatches(p, path); }))
            continue;
        if (rule)
            *rule = int(i);
        return r.policy;
    }
    if (rule)
        *rule = -1;
    return options.defaultPolicy;
}

AccessDecision decideAccess(const AccessOptions &options, const AccessRequest &request,
                            const std::optional<AccessSubject> &subject)
{
    AccessDecision decision;
    const AccessPolicy &policy = accessPolicy(options, request, &decision.rule);
    using Kind = AccessPolicy::Kind;
    using Outcome = AccessDecision::Outcome;
    switch (policy.kind) {
    case Kind::Bypass:
        decision.outcome = Outcome::Allowed;
        break;
    case Kind::Deny:
        decision.outcome = Outcome::Denied;
        break;
    case Kind::SignedIn:
        decision.outcome = subject ? Outcome::Allowed : Outcome::SignInRequired;
        break;
    case Kind::Subjects:
        decision.outcome = !subject ? Outcome::SignInRequired
            : namedIn(policy, *subject) ? Outcome::Allowed
                                        : Outcome::Denied;
        break;
    }
    return decision;
}

} // namespace Gatehouse
