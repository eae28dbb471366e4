#include "config/accessreader.h"

#include "access/patterns.h"
#include "config/messages.h"

#include <gatehouse/groupstore.h>

#include <QJsonArray>

#include <algorithm>

namespace Gatehouse::ConfigDetail {

namespace {

//! The strings of list \a key (absent: nullopt, no problem); \a fold changes each (case).
template<typename Fold>
std::optional<QStringList> strings(ObjectReader &r, const QString &key, Fold fold)
{
    const QJsonValue value = r.value(key);
    if (value.isUndefined())
        return std::nullopt;
    const QJsonArray list = value.toArray();
    const bool allStrings = std::all_of(list.begin(), list.end(), [](const QJsonValue &v) { return v.isString(); });
    if (!value.isArray() || !allStrings) {
        r.error(key, Messages::StringList);
        return std::nullopt;
    }
    QStringList result;
    for (const QJsonValue &v : list)
        result.append(fold(v.toString().trimmed()));
    return result;
}

QString same(const QString &s) { return s; }
QString lower(const QString &s) { return s.toLower(); }
QString upper(const QString &s) { return s.toUpper(); }

QByteArrayList headerNames(ObjectReader &r, const QString &key, const QByteArrayList &fallback)
{
    const auto names = strings(r, key, same);
    if (!names)
        return fallback;
    QByteArrayList result;
    for (const QString &name : *names)
        result.append(name.toLatin1());
    return result;
}

bool isHeaderName(const QByteArray &name)
{
    static const QByteArray extra("!#$%&'*+-.^_`|~");
    return !name.isEmpty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || extra.contains(c);
    });
}

bool isRedirectDomain(const QString &domain)
{
    const QString name = domain.startsWith(u'.') ? domain.mid(1) : domain;
    return !name.startsWith(u'*') && Access::isHostPattern(name);
}

} // namespace

//! The problem text for a group name groupNameProblem() refuses.
std::pair<const char *, QStringList> groupNameMessage(GroupNameProblem problem)
{
    switch (problem) {
    case GroupNameProblem::Empty:
        return {Messages::GroupNameEmpty, {}};
    case GroupNameProblem::TooLong:
        return {Messages::GroupNameTooLong, {QString::number(kMaxGroupNameLength)}};
    case GroupNameProblem::Comma:
        return {Messages::GroupNameComma, {}};
    case GroupNameProblem::ControlCharacter:
        return {Messages::GroupNameControl, {}};
    case GroupNameProblem::OuterSpace:
        break;
    }
    return {Messages::GroupNameOuterSpace, {}};
}

std::optional<AccessPolicy> readAccessPolicy(ObjectReader &r, const QString &key)
{
    const QJsonValue value = r.value(key);
    AccessPolicy policy;
    if (value.isString()) {
        const std::pair<QLatin1String, AccessPolicy::Kind> names[] = {
            {QLatin1String("bypass"), AccessPolicy::Kind::Bypass},
            {QLatin1String("signed-in"), AccessPolicy::Kind::SignedIn},
            {QLatin1String("deny"), AccessPolicy::Kind::Deny},
        };
        for (const auto &[name, kind] : names) {
            if (value.toString() == name) {
                policy.kind = kind;
                return policy;
            }
        }
        r.error(key, Messages::AccessPolicyShape);
        return std::nullopt;
    }
    if (!value.isObject()) {
        r.error(key, value.isUndefined() ? Messages::Missing : Messages::AccessPolicyShape);
        return std::nullopt;
    }
    ObjectReader p(value.toObject(), r.pathOf(key), r.problems());
    policy.kind = AccessPolicy::Kind::Subjects;
    policy.users = strings(p, QStringLiteral("users"), same).value_or(QStringList());
    // Group names as written, not trimmed: names are exact, and checkAccess() names the problem.
    if (strings(p, QStringLiteral("groups"), same)) {
        for (const QJsonValue &group : p.value(QStringLiteral("groups")).toArray())
            policy.groups.append(group.toString());
    }
    p.finish();
    return policy;
}

void readAccess(ObjectReader &root, AccessOptions &access)
{
    const auto object = root.object(QStringLiteral("access"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("access")), root.problems());
    if (r.has(QStringLiteral("default"))) {
        const auto choice = r.choice(QStringLiteral("default"), {QStringLiteral("deny"), QStringLiteral("signed-in"), QStringLiteral("bypass")});
        if (choice == QLatin1String("signed-in"))
            access.defaultPolicy.kind = AccessPolicy::Kind::SignedIn;
        else if (choice == QLatin1String("bypass"))
            access.defaultPolicy.kind = AccessPolicy::Kind::Bypass;
    }
    const QJsonValue rules = r.value(QStringLiteral("rules"));
    if (!rules.isUndefined() && !rules.isArray())
        r.error(QStringLiteral("rules"), Messages::MustBeList);
    const QJsonArray list = rules.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(r.pathOf(QStringLiteral("rules"))).arg(i);
        if (!list.at(i).isObject()) {
            r.problems().error(where, Messages::MustBeObject);
            continue;
        }
        ObjectReader rule(list.at(i).toObject(), where, r.problems());
        AccessRule parsed;
        parsed.hosts = strings(rule, QStringLiteral("hosts"), lower).value_or(QStringList());
        parsed.paths = strings(rule, QStringLiteral("paths"), same).value_or(QStringList());
        parsed.methods = strings(rule, QStringLiteral("methods"), upper).value_or(QStringList());
        const auto policy = readAccessPolicy(rule, QStringLiteral("policy"));
        rule.finish();
        if (policy) {
            parsed.policy = *policy;
            access.rules.append(parsed);
        }
    }
    if (const auto headers = r.object(QStringLiteral("identityHeaders"))) {
        ObjectReader h(*headers, r.pathOf(QStringLiteral("identityHeaders")), r.problems());
        IdentityHeaders &names = access.identityHeaders;
        names.user = headerNames(h, QStringLiteral("user"), names.user);
        names.email = headerNames(h, QStringLiteral("email"), names.email);
        names.name = headerNames(h, QStringLiteral("name"), names.name);
        names.groups = headerNames(h, QStringLiteral("groups"), names.groups);
        h.finish();
    }
    if (const auto groups = r.object(QStringLiteral("groups"))) {
        ObjectReader g(*groups, r.pathOf(QStringLiteral("groups")), r.problems());
        access.groups.token = g.boolean(QStringLiteral("token"));
        access.groups.session = g.boolean(QStringLiteral("session")).value_or(false);
        g.finish();
    }
    r.finish();
}

void readRedirectDomains(ObjectReader &root, QStringList &domains)
{
    domains = strings(root, QStringLiteral("redirectDomains"), lower).value_or(domains);
}

void checkAccessPolicy(const AccessPolicy &policy, const QString &where, ProblemList &problems)
{
    if (policy.kind == AccessPolicy::Kind::Subjects && policy.users.isEmpty() && policy.groups.isEmpty())
        problems.error(where, Messages::AccessNobodyNamed);
    // The rule every GroupStore applies: a policy never names a group nobody can be put in.
    for (qsizetype j = 0; j < policy.groups.size(); ++j) {
        if (const std::optional<GroupNameProblem> problem = groupNameProblem(policy.groups.at(j))) {
            const auto [text, arguments] = groupNameMessage(*problem);
            problems.error(QStringLiteral("%1.groups[%2]").arg(where).arg(j), text, arguments);
        }
    }
}

void checkAccess(const AccessOptions &access, const QStringList &redirectDomains, ProblemList &problems)
{
    for (qsizetype i = 0; i < redirectDomains.size(); ++i) {
        if (!isRedirectDomain(redirectDomains.at(i)))
            problems.error(QStringLiteral("redirectDomains[%1]").arg(i), Messages::RedirectDomain);
    }
    for (qsizetype i = 0; i < access.rules.size(); ++i) {
        const AccessRule &rule = access.rules.at(i);
        const QString where = QStringLiteral("access.rules[%1]").arg(i);
        const auto each = [&problems, &where](const QStringList &values, const char *key, auto valid, const char *message) {
            for (qsizetype j = 0; j < values.size(); ++j) {
                if (!valid(values.at(j)))
                    problems.error(QStringLiteral("%1.%2[%3]").arg(where, QLatin1String(key)).arg(j), message);
            }
        };
        each(rule.hosts, "hosts", Access::isHostPattern, Messages::HostPattern);
        each(rule.paths, "paths", Access::isPathPattern, Messages::PathPattern);
        each(rule.methods, "methods", Access::isMethodName, Messages::MethodName);
        checkAccessPolicy(rule.policy, where + QStringLiteral(".policy"), problems);
    }
    const AccessPolicy::Kind fallback = access.defaultPolicy.kind;
    if (fallback == AccessPolicy::Kind::Subjects)
        problems.error(QStringLiteral("access.default"), Messages::OneOf, {QStringLiteral("deny, signed-in, bypass")});
    const std::pair<const char *, const QByteArrayList *> headers[] = {
        {"user", &access.identityHeaders.user}, {"email", &access.identityHeaders.email},
        {"name", &access.identityHeaders.name}, {"groups", &access.identityHeaders.groups}};
    for (const auto &[key, names] : headers) {
        if (!std::all_of(names->begin(), names->end(), isHeaderName))
            problems.error(QStringLiteral("access.identityHeaders.%1").arg(QLatin1String(key)), Messages::HeaderName);
    }
}

} // namespace Gatehouse::ConfigDetail
