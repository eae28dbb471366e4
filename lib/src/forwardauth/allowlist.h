#pragma once
/*
 * oauth2-proxy's per-request narrowing of its /oauth2/auth check: the query parameters
 * allowed_groups and allowed_emails (comma separated) that a proxy snippet puts on the
 * sub-request URL. Each given list must be met (a group in common, the email among them), on
 * top of the access rules.
 */
#include <gatehouse/access.h>

#include <QUrl>

namespace Gatehouse::ForwardAuth {

struct AllowList
{
    QStringList groups;  //!< allowed_groups: exact names; empty: not narrowed by group
    QStringList emails;  //!< allowed_emails: lower-case; empty: not narrowed by email

    //! The lists of \a url's query; a parameter given several times counts with all its values.
    static AllowList fromQuery(const QUrl &url);
    //! Whether a list narrows the decision (then only a signed-in user can pass).
    bool narrows() const { return !groups.isEmpty() || !emails.isEmpty(); }
    //! Whether \a subject meets every given list.
    bool allows(const AccessSubject &subject) const;
};

} // namespace Gatehouse::ForwardAuth
