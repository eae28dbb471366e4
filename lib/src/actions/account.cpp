#include "actions/actions.h"

#include "core/futures.h"
#include "core/urls.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "session/databasesession.h"
#include "session/jwtsession.h"
#include "signin/currentuser.h"

#include <gatehouse/account.h>
#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

namespace {

//! The account page's URL: the built-in one, or the application's own (pages.account).
QString accountUrl(const RequestState &s)
{
    return s.pageUrl(RequestState::Page::Account);
}

//! Not signed in: to the sign-in page, which comes back here afterwards.
AuthResponse toSignIn(const RequestState &s)
{
    const QString query = QStringLiteral("callbackUrl=") + QString::fromLatin1(QUrl::toPercentEncoding(accountUrl(s)));
    AuthResponse response = s.redirect(Urls::withQuery(s.pageUrl(RequestState::Page::SignIn), query));
    response.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
    return s.withCookies(response);
}

//! Back to the page after a change (POST-redirect-GET), with the notice to show.
AuthResponse backToPage(const RequestState &s, const QString &notice, QList<SetCookie> cookies = {})
{
    AuthResponse response = s.redirect(Urls::withQuery(accountUrl(s), QUrlQuery{{QStringLiteral("notice"), notice}}));
    response.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
    response.cookies = std::move(cookies);
    return s.withCookies(response);
}

//! The token of the request's database session, empty with JWT sessions.
QString databaseToken(const RequestState &s)
{
    if (s.config.sessionStrategy() != SessionOptions::Strategy::Database)
        return {};
    return DatabaseSession(s.stores(), s.config.session, s.cookies.sessionToken).token(s.requestCookies);
}

/*!
 * Why a POST to the page must not be obeyed though its CSRF token is right: the browser says it
 * comes from another site (Sec-Fetch-Site, or else Origin). Empty when it may.
 * Sec-Fetch-Site decides when it is there: the pages send `Referrer-Policy: no-referrer`, under
 * which a browser's own same-origin form posts carry `Origin: null`.
 */
QString crossSiteReason(const RequestState &s)
{
    const QByteArray site = s.request.header("sec-fetch-site");
    if (!site.isEmpty())
        return site == "same-origin" ? QString() : QStringLiteral("Sec-Fetch-Site is \"%1\"").arg(QString::fromLatin1(site));
    const QByteArray origin = s.request.header("origin");
    if (!origin.isEmpty() && QString::fromLatin1(origin) != s.origin.origin)
        return QStringLiteral("Origin %1 is not %2").arg(QString::fromLatin1(origin), s.origin.origin);
    return {};
}

AccountChange changeOf(const RequestState &s)
{
    return {s.clientAddress.isNull() ? QString() : s.clientAddress.toString(),
            QString::fromUtf8(s.request.header("user-agent"))};
}

QFuture<AuthResponse> showPage(const State &state, const AdapterUser &user)
{
    const RequestState &s = *state;
    const Account account(s.config.adapter, s.config.session);
    Pages::AccountContent content;
    content.name = user.name.value_or(QString());
    content.email = user.email;
    content.emailVerified = user.emailVerified.has_value();
    content.image = user.image.value_or(QString());
    content.notice = s.query.queryItemValue(QStringLiteral("notice"));
    const bool database = s.config.sessionStrategy() == SessionOptions::Strategy::Database;
    content.sessionKind = database ? Pages::AccountContent::SessionKind::Database
        : account.canRevokeJwtSessions() ? Pages::AccountContent::SessionKind::JwtRevocable
                                         : Pages::AccountContent::SessionKind::JwtOnly;
    const QFuture<QList<AccountSession>> sessions = database ? account.sessions(user.id, databaseToken(s))
                                                             : QtFuture::makeReadyFuture(QList<AccountSession>());
    return continueWith(sessions, [state, account, content, userId = user.id](const QList<AccountSession> &list) mutable {
        for (const AccountSession &session : list) {
            content.sessions.append({session.id, session.current, session.createdAt, session.lastActive,
                                     session.clientAddress, session.browser, session.operatingSystem});
        }
        return continueWith(account.recentActivity(userId, 20), [state, content](const QList<AuditEvent> &events) mutable {
            for (const AuditEvent &event : events)
                content.activity.append({event.time, event.type, event.provider, event.clientAddress});
            return PageResponses::account(*state, content);
        });
    });
}

/*!
 * With JWT sessions, "sign out all others" has set the user's "not before" to now: this
 * browser's token is issued anew (a fresh iat), so that it alone stays signed in.
 */
QList<SetCookie> renewedJwt(const RequestState &s)
{
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database)
        return {};
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> claims = jwt.read(s.requestCookies);
    if (!claims)
        return {};
    const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(s.config.session.maxAge);
    return jwt.write(jwt.encode(*claims, s.config.session.maxAge), expires, s.requestCookies);
}

QFuture<AuthResponse> change(const State &state, const AdapterUser &user)
{
    const RequestState &s = *state;
    const Account account(s.config.adapter, s.config.session);
    const QString what = s.param(QStringLiteral("action"));
    if (what == u"setName") {
        return recover(account.setName(user.id, s.param(QStringLiteral("name")), changeOf(s))
                           .then(QtFuture::Launch::Sync, [state](const AccountProfile &) {
                               return backToPage(*state, QStringLiteral("nameSaved"));
                           }),
                       [state](std::exception_ptr error) {
                           try {
                               std::rethrow_exception(error);
                           } catch (const InvalidAccountInput &) {
                               return backToPage(*state, QStringLiteral("invalidName"));
                           } catch (...) {
                               return errorResponse(*state, std::current_exception());
                           }
                       });
    }
    if (what == u"endSession") {
        return recover(account.endSession(user.id, s.param(QStringLiteral("sessionId")), changeOf(s))
                           .then(QtFuture::Launch::Sync, [state] { return backToPage(*state, QStringLiteral("sessionEnded")); }),
                       [state](std::exception_ptr error) {
                           try {
                               std::rethrow_exception(error);
                           } catch (const AccountRecordNotFound &) {
                               return backToPage(*state, QStringLiteral("sessionNotFound"));
                           } catch (...) {
                               return errorResponse(*state, std::current_exception());
                           }
                       });
    }
    if (what == u"endOthers") {
        return account.endOtherSessions(user.id, databaseToken(s), changeOf(s)).then(QtFuture::Launch::Sync, [state](qint64) {
            return backToPage(*state, QStringLiteral("othersEnded"), renewedJwt(*state));
        });
    }
    if (what == u"endAll") {
        return account.endAllSessions(user.id, changeOf(s)).then(QtFuture::Launch::Sync, [state](qint64) {
            // This browser's session has ended too: its cookie goes, and the sign-in page
            // comes back here.
            const RequestState &s = *state;
            AuthResponse response = toSignIn(s);
            response.cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
            return response;
        });
    }
    AuthResponse refused = AuthResponse::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("UnknownAction")}}, 400);
    return QtFuture::makeReadyFuture(s.withCookies(refused));
}

} // namespace

QFuture<AuthResponse> account(const State &state)
{
    const RequestState &s = *state;
    if (!s.config.pages.accountPage)  // turned off: as if there were no such action
        return QtFuture::makeReadyFuture(s.withCookies(AuthResponse::json(QStringLiteral("Bad request."), 400)));
    if (!s.isPost() && !s.config.pages.account.isEmpty())
        return QtFuture::makeReadyFuture(PageResponses::toCustomPage(s, RequestState::Page::Account, s.query));
    if (!s.config.adapter)
        return QtFuture::makeReadyFuture(errorResponse(s, MissingAdapter(QStringLiteral("the account page needs an adapter"))));
    if (s.isPost()) {
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        if (const QString reason = crossSiteReason(s); !reason.isEmpty()) {
            AuthResponse refused = AuthResponse::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("AccessDenied")}}, 403);
            refused.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
            return QtFuture::makeReadyFuture(s.withCookies(refused));
        }
    }
    QFuture<AuthResponse> response = continueWith(currentUser(s),
        [state](const std::optional<AdapterUser> &user) -> QFuture<AuthResponse> {
            if (!user)
                return QtFuture::makeReadyFuture(toSignIn(*state));
            return state->isPost() ? change(state, *user) : showPage(state, *user);
        });
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::Actions
