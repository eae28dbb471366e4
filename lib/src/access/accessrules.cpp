#include <gatehouse/access.h>

#include "access/patterns.h"

#include <algorithm>
#include <optional>

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
    // An ambiguous path meets no rule that names paths, and closes the way to the rules after
    // it: skipped, a path rule that guards "/admin" would hand its paths to a wider rule below.
    static const AccessPolicy refused;  // Deny
    const QString host = Access::normalizedHost(request.host);
    const QString method = request.method.toUpper();
    bool pathRead = false;  // only when a rule names paths
    std::optional<QStringList> readings;  // nullopt once read: ambiguous
    const auto decided = [rule](int index, const AccessPolicy &policy) -> const AccessPolicy & {
        if (rule)
            *rule = index;
        return policy;
    };
    for (qsizetype i = 0; i < options.rules.size(); ++i) {
        const AccessRule &r = options.rules.at(i);
        if (!anyOrEmpty(r.hosts, [&host](const QString &p) { return Access::hostMatches(p, host); }))
            continue;
        if (!anyOrEmpty(r.methods, [&method](const QString &m) { return m == method; }))
            continue;
        if (r.paths.isEmpty())
            return decided(int(i), r.policy);
        if (!pathRead) {
            readings = Access::pathReadings(request.path);
            pathRead = true;
        }
        if (!readings)
            return decided(AccessDecision::AmbiguousPath, refused);
        const auto matches = [&r](const QString &path) {
            return std::any_of(r.paths.begin(), r.paths.end(), [&path](const QString &p) { return Access::pathMatches(p, path); });
        };
        const qsizetype matching = std::count_if(readings->begin(), readings->end(), matches);
        if (matching == 0)
            continue;
        // Every reading of the path must fall under the same rule, or the app may serve a path
        // the rule was not written for ("/public/..;/private": "/private" to Tomcat).
        if (matching != readings->size())
            return decided(AccessDecision::AmbiguousPath, refused);
        return decided(int(i), r.policy);
    }
    return decided(-1, options.defaultPolicy);
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
