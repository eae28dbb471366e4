#pragma once
/*!
 * \file consent.h  Consent (README.md, "Consent"): whether an authorization request must ask the
 * person, and the ticket that binds the consent page's form to the one request it was shown for.
 * Pure.
 */
#include "oidcprovider/authorizationrequest.h"

#include <QDateTime>
#include <QStringList>

#include <optional>

namespace Gatehouse::OidcProvider {

//! Seconds a consent page's form may be sent after the page was shown.
inline constexpr qint64 consentTicketLifetimeSeconds = 600;

//! What the consent step does with an authorization request.
enum class ConsentStep {
    NotNeeded,  //!< a first-party client, or every scope allowed before: on to the code
    Ask,        //!< the consent page
    Required,   //!< prompt=none where the page would be shown: consent_required
};

//! The scopes of \a requested that \a granted (what the person allowed the client before) lacks.
QStringList ungrantedScopes(const QStringList &requested, const QStringList &granted);

/*!
 * The step for \a request, given what the person allowed its client before (\a granted; nullopt:
 * nothing). A client with \c consent false never asks; prompt=consent always asks (and with
 * prompt=none, which cannot be combined with it, cannot happen).
 */
ConsentStep consentStep(const AuthorizationRequest &request, const std::optional<QStringList> &granted);

/*!
 * What a consent form is bound to: the person and session that saw the page, the browser's CSRF
 * token, the authorization request exactly as it was sent (its query), and the person's consent
 * for the client as it stood (its updatedAt; invalid: none). A form is good for that request, in
 * that browser and session, until the consent changes (so a form sent once cannot be sent
 * again to grant anew) or it expires.
 */
struct ConsentBinding
{
    QString userId;
    QString sessionId;         //!< the session's \c sid (oidcprovider/sessionid.h); may be empty
    QString csrfToken;
    QString clientId;
    QByteArray query;          //!< the authorization request's query, as the form carries it
    QDateTime consentUpdatedAt;
};

//! The ticket of a form for \a binding, good until \a expiresAt: "<expiry seconds>.<MAC>".
QString consentTicket(const QStringList &secrets, const ConsentBinding &binding, const QDateTime &expiresAt);

/*!
 * Whether \a ticket was made by consentTicket() for exactly \a binding with one of \a secrets
 * and has not expired at \a now (MACs compared in constant time).
 */
bool verifyConsentTicket(const QStringList &secrets, const ConsentBinding &binding, const QString &ticket,
                         const QDateTime &now);

} // namespace Gatehouse::OidcProvider
