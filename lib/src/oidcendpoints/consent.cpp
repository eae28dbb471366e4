// The consent step of the authorization flow (oidcprovider/README.md, "Consent"): the page that
// asks the person, and oidc/consent, which takes its form. The form carries the authorization
// request as it was sent and a ticket that binds it to that request, person, session, browser
// (its CSRF token) and the person's consent as it stood; nothing in it is believed otherwise.
#include "oidcendpoints/authorizationflow.h"
#include "oidcendpoints/oidcendpoints.h"

#include "core/csrf.h"
#include "core/futures.h"
#include "core/logging.h"
#include "oidcprovider/consent.h"
#include "oidcprovider/discovery.h"
#include "request/audit.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"

#include <gatehouse/errors.h>

namespace Gatehouse::OidcEndpoints {

using namespace OidcProvider;

namespace {

const QString allowDecision = QStringLiteral("allow");
const QString denyDecision = QStringLiteral("deny");

//! The person's consent for \a clientId as stored; nullopt when none (or no store: every time asked).
QFuture<std::optional<OidcConsent>> storedConsent(const RequestState &s, const QString &userId, const QString &clientId)
{
    if (!s.stores().oidcConsents)
        return QtFuture::makeReadyFuture(std::optional<OidcConsent>());
    return s.stores().oidcConsents->oidcConsent(userId, clientId);
}

ConsentBinding bindingOf(const RequestState &s, const AuthorizationRequest &request, const QByteArray &query,
                         const CurrentSession &found, const std::optional<OidcConsent> &consent)
{
    return {found.userId(), sessionIdOf(s, found), s.csrf.token, request.client->clientId, query,
            consent ? consent->updatedAt : QDateTime()};
}

void recordConsent(const RequestState &s, const AuthorizationRequest &request, const QString &userId, const QString &outcome)
{
    Audit::record(s, QStringLiteral("oidcConsent"), userId, QString(),
                  {{QStringLiteral("outcome"), outcome},
                   {QStringLiteral("clientId"), request.client->clientId},
                   {QStringLiteral("scope"), request.scopes.join(u' ')}});
}

//! The consent page for \a request; the CSRF cookie is set here (the authorize route has no initialize()).
AuthResponse consentPage(const State &state, const AuthorizationRequest &request, const QByteArray &query,
                         const CurrentSession &found, const std::optional<OidcConsent> &consent)
{
    RequestState &s = *state;
    s.csrf = Csrf::fromCookie(s.requestCookies.value(s.cookies.csrfToken.name), s.config.secret);
    if (s.csrf.isNew)
        s.setCookies.append({s.cookies.csrfToken.name, s.csrf.cookieValue, s.cookies.csrfToken.options});
    const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(consentTicketLifetimeSeconds);
    Pages::ConsentContent content;
    content.clientName = request.client->displayName();
    content.who = !found.email().isEmpty() ? found.email() : found.name();
    content.scopes = request.scopes;
    content.action = s.baseUrl + QLatin1Char('/') + Paths::consent;
    content.fields = {{QStringLiteral("request"), QString::fromUtf8(query)},
                      {QStringLiteral("ticket"), consentTicket(s.config.secret, bindingOf(s, request, query, found, consent), expires)}};
    AuthResponse response = PageResponses::consent(s, content);
    response.cookies.append(found.cookies());
    return response;
}

QFuture<AuthResponse> decideOnForm(const State &state, const AuthorizationRequest &request, const QByteArray &query,
                                   const QString &decision, const QString &ticket, const CurrentSession &found)
{
    const RequestState &s = *state;
    if (!found.signedIn())
        return QtFuture::makeReadyFuture(refusedPage(s, QStringLiteral("a consent form without a session")));
    // Every form is checked by its ticket, even a first-party client's (made so by a reload since):
    // nothing issues a code here that the page was not shown for. The sign-in's age (max_age) was
    // checked when the page was shown; the ticket binds this session to it.
    const QString userId = found.userId();
    return storedConsent(s, userId, request.client->clientId)
        .then(QtFuture::Launch::Sync,
              [state, request, query, decision, ticket, found, userId](const std::optional<OidcConsent> &consent) {
                  const RequestState &s = *state;
                  const ConsentBinding binding = bindingOf(s, request, query, found, consent);
                  if (!verifyConsentTicket(s.config.secret, binding, ticket, QDateTime::currentDateTimeUtc()))
                      return QtFuture::makeReadyFuture(refusedPage(s, QStringLiteral("a consent form that is not this request's")));
                  if (!allowed(*request.client, found)) {  // the policy may have changed since the page
                      return QtFuture::makeReadyFuture(refuse(
                          s, request, {ErrorCode::AccessDenied, QStringLiteral("the person may not sign in to this client")}));
                  }
                  if (decision == denyDecision) {
                      recordConsent(s, request, userId, QStringLiteral("denied"));
                      return QtFuture::makeReadyFuture(refuse(
                          s, request, {ErrorCode::AccessDenied, QStringLiteral("the person denied the request")}, found.cookies()));
                  }
                  const auto granted = [state, request, found, userId]() {
                      recordConsent(*state, request, userId, QStringLiteral("granted"));
                      return issueCode(state, request, found);
                  };
                  if (!s.stores().oidcConsents)
                      return granted();
                  return s.stores()
                      .oidcConsents
                      ->grantOidcConsent(userId, request.client->clientId, request.scopes, QDateTime::currentDateTimeUtc())
                      .then(QtFuture::Launch::Sync, [granted](const OidcConsent &) { return granted(); })
                      .unwrap();
              })
        .unwrap();
}

} // namespace

QFuture<AuthResponse> consentOrCode(const State &state, const AuthorizationRequest &request, const QByteArray &query,
                                    const CurrentSession &found)
{
    if (!request.client->consent)
        return issueCode(state, request, found);
    return storedConsent(*state, found.userId(), request.client->clientId)
        .then(QtFuture::Launch::Sync, [state, request, query, found](const std::optional<OidcConsent> &consent) {
            const std::optional<QStringList> granted = consent ? std::optional(consent->scopes) : std::nullopt;
            switch (consentStep(request, granted)) {
            case ConsentStep::NotNeeded:
                return issueCode(state, request, found);
            case ConsentStep::Required:
                Audit::record(*state, QStringLiteral("oidcAuthorizeRefused"), found.userId(), QString(),
                              {{QStringLiteral("clientId"), request.client->clientId},
                               {QStringLiteral("reason"), errorCodeName(ErrorCode::ConsentRequired)}});
                return QtFuture::makeReadyFuture(refuse(
                    *state, request, {ErrorCode::ConsentRequired, QStringLiteral("the person has not allowed this client")},
                    found.cookies()));
            case ConsentStep::Ask:
                break;
            }
            return QtFuture::makeReadyFuture(consentPage(state, request, query, found, consent));
        })
        .unwrap();
}

QFuture<AuthResponse> consent(const State &state)
{
    const RequestState &s = *state;
    // The CSRF token of the browser's own cookie: a form posted from elsewhere decides nothing.
    if (!s.csrfVerified)
        return QtFuture::makeReadyFuture(refusedPage(s, QStringLiteral("a consent form without its CSRF token")));
    const QString decision = s.body.value(QStringLiteral("decision")).toString();
    if (decision != allowDecision && decision != denyDecision)
        return QtFuture::makeReadyFuture(refusedPage(s, QStringLiteral("a consent form without a decision")));
    const QByteArray query = s.body.value(QStringLiteral("request")).toString().toUtf8();
    const QString ticket = s.body.value(QStringLiteral("ticket")).toString();
    // The request is checked again as a whole: the form's copy is believed only as far as the ticket binds it.
    const AuthorizationCheck check = checkAuthorizationRequest(parseParameters(query), s.config.oidcProvider->clients);
    if (check.pageError)
        return QtFuture::makeReadyFuture(refusedPage(s, *check.pageError));
    if (check.error)
        return QtFuture::makeReadyFuture(refuse(s, check.request, *check.error));
    if (!s.stores().oidcCodes) {
        return QtFuture::makeReadyFuture(
            refuse(s, check.request, {ErrorCode::ServerError, QStringLiteral("the provider has no store for codes")}));
    }
    SessionReadOptions options;
    options.signInDetails = true;  // auth_time and amr
    options.storedUser = true;     // email_verified, picture
    options.groups = true;
    const AuthorizationRequest request = check.request;
    QFuture<AuthResponse> response =
        readSession(state, options, [state, request, query, decision, ticket](const CurrentSession &found) {
            return decideOnForm(state, request, query, decision, ticket, found);
        });
    return refusedOnFailure(state, request, response);
}

} // namespace Gatehouse::OidcEndpoints
