#pragma once
/*!
 * \file access.h  Access rules for forward authentication: which requests to the apps behind
 * the reverse proxy need a session, and whose. The configuration's \c access; the decision is
 * decideAccess(). The design: lib/src/forwardauth/README.md.
 */
#include <gatehouse/global.h>

#include <QByteArrayList>
#include <QList>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <optional>

namespace Gatehouse {

//! What a rule (or the default) lets through.
struct GATEHOUSE_EXPORT AccessPolicy
{
    enum class Kind {
        Deny,      //!< nobody ("deny")
        Bypass,    //!< anyone, no session read ("bypass")
        SignedIn,  //!< any signed-in user ("signed-in")
        Subjects,  //!< a signed-in user named in \c users or with one of \c groups
    };
    Kind kind = Kind::Deny;
    QStringList users;   //!< Subjects: emails (compared case-insensitively) or user ids
    QStringList groups;  //!< Subjects: group names (exact)
};

/*!
 * One rule: it applies to a request whose host, path and method match (an empty list matches
 * all). Hosts: exact, or \c "*.example.test" for any name below example.test. Paths: without
 * \c '*' the path and everything below it; with \c '*' a glob whose \c '*' matches any run of
 * characters, slashes included. Methods: upper-case names.
 */
struct GATEHOUSE_EXPORT AccessRule
{
    QStringList hosts;
    QStringList paths;
    QStringList methods;
    AccessPolicy policy;
};

//! The header names the identity is sent in on an allowed request (each value to every name).
struct GATEHOUSE_EXPORT IdentityHeaders
{
    QByteArrayList user = {"Remote-User", "X-Auth-Request-User"};
    QByteArrayList email = {"Remote-Email", "X-Auth-Request-Email"};
    QByteArrayList name = {"Remote-Name"};
    QByteArrayList groups = {"Remote-Groups", "X-Auth-Request-Groups"};
};

/*!
 * \c access.groups: where the groups stored per user (GroupStore, \c gatehouse-server user
 * groups) go, with an adapter that stores them. By default only where access rules need them.
 */
struct GATEHOUSE_EXPORT GroupsOptions
{
    /*!
     * The JWT's \c groups claim at sign-in (and the \c user and \c token the callbacks get),
     * refreshed once per \c session.updateAge. Unset: when a rule or the default names groups,
     * or \c session is set. Database sessions read them only where a rule that names groups decides.
     */
    std::optional<bool> token;
    //! \c user.groups in the session JSON (\c GET session). Off: Auth.js clients expect its default shape.
    bool session = false;
};

//! \c access: ordered rules, first match wins; the default for requests no rule matches.
struct GATEHOUSE_EXPORT AccessOptions
{
    AccessPolicy defaultPolicy;    //!< Deny unless configured (JSON: "deny", "signed-in", "bypass")
    QList<AccessRule> rules;
    IdentityHeaders identityHeaders;
    GroupsOptions groups;

    //! Whether sessions carry the stored groups (GroupsOptions::token, resolved).
    bool groupsInToken() const
    {
        if (groups.token)
            return *groups.token;
        if (groups.session || !defaultPolicy.groups.isEmpty())
            return true;
        return std::any_of(rules.cbegin(), rules.cend(), [](const AccessRule &rule) { return !rule.policy.groups.isEmpty(); });
    }
};

//! The request a proxy asks about: host (any case, port allowed), raw path (query allowed), method.
struct GATEHOUSE_EXPORT AccessRequest
{
    QString host;
    QString path;
    QString method;
};

//! Who is asking, when signed in.
struct GATEHOUSE_EXPORT AccessSubject
{
    QString userId;
    QString email;
    QStringList groups;
};

//! The answer to a request, and which rule gave it.
struct GATEHOUSE_EXPORT AccessDecision
{
    enum class Outcome { Allowed, SignInRequired, Denied };
    /*!
     * \c rule of a path that servers may read in more than one way (\c "/public/..;/private",
     * double encoding, an encoded slash, invalid UTF-8: lib/src/access/README.md), met by a
     * rule that names paths: denied, to everyone.
     */
    static constexpr int AmbiguousPath = -2;
    Outcome outcome = Outcome::Denied;
    int rule = -1;  //!< index in AccessOptions::rules; -1: the default decided; AmbiguousPath
};

/*!
 * The policy that applies to \a request: the first matching rule's, or the default; a
 * reference into \a options (or a static Deny), valid as long as they are. \a rule receives the
 * rule's index (-1 for the default, AccessDecision::AmbiguousPath for an ambiguous path, which
 * gets Deny). Needs no session: a Bypass or Deny policy is decided without reading one.
 */
GATEHOUSE_EXPORT const AccessPolicy &accessPolicy(const AccessOptions &options, const AccessRequest &request,
                                                  int *rule = nullptr);

//! The decision on \a request for \a subject (nullopt: not signed in).
GATEHOUSE_EXPORT AccessDecision decideAccess(const AccessOptions &options, const AccessRequest &request,
                                             const std::optional<AccessSubject> &subject);

} // namespace Gatehouse
