#include "oidcendpoints/oidcendpoints.h"

#include "core/futures.h"
#include "core/logging.h"
#include "core/urls.h"
#include "oidcendpoints/authorizationflow.h"
#include "oidcprovider/authorizationrequest.h"
#include "oidcprovider/discovery.h"
#include "request/audit.h"
#include "request/errorresponse.h"

#include <gatehouse/errors.h>

#include <QUrl>

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

QFuture<AuthResponse> decide(const State &state, const AuthorizationRequest &request, const QByteArray &query,
                             const CurrentSession &found)
{
    const RequestState &s = *state;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const bool needsSignIn = !found.signedIn() || (request.promptLogin && !request.loginAfter)
        || !signInRecentEnough(request, found.signInTime(), now);
    if (needsSignIn) {
        if (request.promptNone) {
            return QtFuture::makeReadyFuture(
                refuse(s, request, {ErrorCode::LoginRequired, QStringLiteral("the person is not signed in")}, found.cookies()));
        }
        // Gatehouse's own sign-in page, coming back to this request (same origin: the redirect rules keep it).
        const QString back = s.baseUrl + QLatin1Char('/') + Paths::authorize + QLatin1Char('?')
            + QString::fromUtf8(returnQuery(query, request, now));
        return QtFuture::makeReadyFuture(
            redirectTo(Urls::signInThenBackTo(s.pageUrl(RequestState::Page::SignIn), back).toUtf8(), found.cookies()));
    }
    if (!allowed(*request.client, found)) {
        Audit::record(s, QStringLiteral("oidcAuthorizeRefused"), found.userId(), QString(),
                      {{QStringLiteral("clientId"), request.client->clientId},
                       {QStringLiteral("reason"), errorCodeName(ErrorCode::AccessDenied)}});
        return QtFuture::makeReadyFuture(refuse(
            s, request, {ErrorCode::AccessDenied, QStringLiteral("the person may not sign in to this client")}, found.cookies()));
    }
    return consentOrCode(state, request, query, found);
}

} // namespace

QFuture<AuthResponse> authorize(const State &state)
{
    RequestState &s = *state;
    s.requestCookies = s.request.cookies();
    s.cookies = CookieSet::resolve(s.origin.secure, s.config.cookies);
    // GET (the query) or POST (a form body), OpenID Connect Core §3.1.2.1; read as sent, so that
    // a repeated parameter is seen.
    QByteArray query;
    if (s.isPost()) {
        if (!s.request.header("content-type").startsWith("application/x-www-form-urlencoded"))
            return QtFuture::makeReadyFuture(refusedPage(s, QStringLiteral("a POST that is not a form")));
        query = s.request.body;
    } else {
        query = s.request.url.query(QUrl::FullyEncoded).toUtf8();
    }
    const AuthorizationCheck check = checkAuthorizationRequest(parseParameters(query), s.config.oidcProvider->clients);
    if (check.pageError)
        return QtFuture::makeReadyFuture(refusedPage(s, *check.pageError));
    if (check.error)
        return QtFuture::makeReadyFuture(refuse(s, check.request, *check.error));
    if (!s.stores().oidcCodes) {
        return QtFuture::makeReadyFuture(refuse(
            s, check.request, {ErrorCode::ServerError, QStringLiteral("the provider has no store for codes")}));
    }

    SessionReadOptions options;
    options.signInDetails = true;  // auth_time and amr
    options.storedUser = true;     // email_verified, picture
    options.groups = true;
    const AuthorizationRequest request = check.request;
    QFuture<AuthResponse> response = readSession(state, options, [state, request, query](const CurrentSession &found) {
        return decide(state, request, query, found);
    });
    return refusedOnFailure(state, request, response);
}

} // namespace Gatehouse::OidcEndpoints
