#include "actions/actions.h"

#include "request/audit.h"
#include "request/hooks.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "core/futures.h"
#include "session/databasesession.h"
#include "session/jwtsession.h"
#include "session/signintime.h"
#include "oidclogout/sessionend.h"
#include "oidcprovider/sessionid.h"
#include "twofactor/pendingstep.h"

#include <gatehouse/errors.h>
#include <gatehouse/tokens.h>

namespace Gatehouse::Actions {

namespace {

//! The oidc providers that ask for RP-initiated logout (\c endSession), in configuration order.
QList<const Provider *> endSessionProviders(const Config &config)
{
    QList<const Provider *> found;
    for (const Provider &p : config.providers) {
        if (p.isOidc() && p.option(QStringLiteral("endSession")).toBool())
            found.append(&p);
    }
    return found;
}

/*!
 * OpenID Connect RP-Initiated Logout: once signed out here, the user goes on to the
 * end_session_endpoint of the first provider in \a candidates that opted in (\c endSession),
 * advertises one, and with which stored user \a userId has an account; its id_token is the
 * \c id_token_hint, the callback URL the \c post_logout_redirect_uri. Otherwise (or when
 * anything fails, which is logged) \a local stands.
 */
QFuture<AuthResponse> endProviderSession(const State &state, const AuthResponse &local, const QString &userId,
                                         QList<const Provider *> candidates, QObject *context)
{
    AccountTokenStore *store = state->stores().accountTokens.get();
    if (!store || userId.isEmpty() || candidates.isEmpty())
        return QtFuture::makeReadyFuture(local);
    const Provider *provider = candidates.takeFirst();
    QFuture<AuthResponse> next = store->getAccountByUser(userId, provider->id)
        .then(context, [state, local, userId, candidates, context, provider](const std::optional<AdapterAccount> &account) {
            if (!account)
                return endProviderSession(state, local, userId, candidates, context);
            const RequestState &s = *state;
            const auto settings = OAuth::ProviderSettings::fromProvider(*provider, s.config.redirectProxyUrl);
            return s.engine.oauth().endSessionUrl(settings, account->idToken.value_or(QString()), s.callbackUrl)
                .then(context, [state, local, userId, candidates, context](const QUrl &url) {
                    if (url.isEmpty())
                        return endProviderSession(state, local, userId, candidates, context);
                    AuthResponse atProvider = state->redirect(url.toString(QUrl::FullyEncoded));
                    atProvider.cookies = local.cookies;
                    return QtFuture::makeReadyFuture(atProvider);
                })
                .unwrap();
        })
        .unwrap();
    return recover(next, [state, local](std::exception_ptr error) {
        logFailure(state->config, error);
        return local;
    });
}

//! endProviderSession() for stored user \a userId, when a provider asks for it.
QFuture<AuthResponse> afterSignOut(const State &state, const AuthResponse &local, const QString &userId, QObject *context)
{
    const QList<const Provider *> candidates = endSessionProviders(state->config);
    if (!context || candidates.isEmpty() || userId.isEmpty())
        return QtFuture::makeReadyFuture(local);
    return endProviderSession(state, local, userId, candidates, context);
}

/*!
 * An object of the serving thread for the continuations of RP-initiated logout (storage may
 * answer on its own threads; the discovery request must start from this one), deleted when
 * \a done finishes; null when no provider asks for it.
 */
QObject *servingContext(const RequestState &s)
{
    return endSessionProviders(s.config).isEmpty() || !s.config.adapter ? nullptr : new QObject;
}

QFuture<AuthResponse> releasing(QObject *context, QFuture<AuthResponse> done)
{
    if (!context)
        return done;
    // Chained, not a second continuation of done (a QFuture keeps only one).
    return done.then(QtFuture::Launch::Sync, [context](QFuture<AuthResponse> finished) {
        context->deleteLater();
        return finished.result();
    });
}

//! Where a sign-out goes, and whether the upstream provider's session ends too (afterSignOut()).
struct SignOutTarget
{
    QString location;
    bool upstream = true;
};

QFuture<AuthResponse> endSession(const State &state, const SignOutTarget &target);

/*!
 * Sign-out of a browser with a pending second step (the code page's cancel button, or a
 * sign-out in between): the step is spent, so that a copy of its cookie cannot complete it
 * afterwards, and the cookie is deleted along with whatever the sign-out does.
 */
QFuture<AuthResponse> endPendingStep(const State &state, const SignOutTarget &target)
{
    const RequestState &s = *state;
    const std::optional<PendingStep> step = PendingStep::fromCookie(s);
    QFuture<bool> spent = step ? step->spend(s) : QtFuture::makeReadyFuture(true);
    QFuture<AuthResponse> done = spent.then(QtFuture::Launch::Sync, [state, target](QFuture<bool> finished) {
        try {
            finished.waitForFinished();
        } catch (...) {  // the cookie goes anyway; the step still expires
            logFailure(state->config, std::current_exception());
        }
        return endSession(state, target);
    }).unwrap();
    return continueWith(done, [state](AuthResponse response) {
        response.cookies.append(PendingStep::remove(*state));
        return response;
    });
}

} // namespace

QFuture<AuthResponse> signOut(const State &state)
{
    const RequestState &s = *state;
    if (!s.isPost()) {
        if (!s.config.pages.signOut.isEmpty())
            return QtFuture::makeReadyFuture(PageResponses::toCustomPage(s, RequestState::Page::SignOut));
        return QtFuture::makeReadyFuture(PageResponses::signOut(s));
    }
    if (!s.csrfVerified)
        return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
    const SignOutTarget target{s.callbackUrl, true};
    if (PendingStep::present(s))
        return endPendingStep(state, target);
    return endSession(state, target);
}

QFuture<AuthResponse> signOutTo(const State &state, const QString &location)
{
    // The upstream provider's logout could not come back to the app's location.
    const SignOutTarget target{location, false};
    if (PendingStep::present(*state))
        return endPendingStep(state, target);
    return endSession(state, target);
}

namespace {

QFuture<AuthResponse> endSession(const State &state, const SignOutTarget &target)
{
    const RequestState &s = *state;
    // As Auth.js: without a session cookie (chunks included) there is nothing to end. The
    // redirect alone: no deletion of a cookie the browser does not have, no signOut event.
    if (Cookies::read(s.cookies.sessionToken.name, s.requestCookies).isEmpty())
        return QtFuture::makeReadyFuture(s.withCookies(s.redirect(target.location)));

    AuthResponse response = s.redirect(target.location);
    response.cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
    response = s.withCookies(response);
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database) {
        const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
        const QString token = db.token(s.requestCookies);
        if (token.isEmpty()) {
            Hooks::emitEvent(s.config.events.signOut, "signOut", QJsonObject{{QStringLiteral("session"), QJsonValue::Null}});
            return QtFuture::makeReadyFuture(response);
        }
        // The OpenID Provider's clients of this session are told off the request path.
        if (OidcLogout::backchannelLogoutConfigured(s.config))
            OidcLogout::sessionEnded(s, OidcProvider::databaseSessionId(s.config.secret, token));
        QObject *context = target.upstream ? servingContext(s) : nullptr;
        QFuture<AuthResponse> done = s.config.adapter->deleteSession(token).then(QtFuture::Launch::Sync,
            [state, response, context](const std::optional<AdapterSession> &deleted) {
                QJsonValue session = QJsonValue::Null;
                if (deleted)
                    session = QJsonObject{{QStringLiteral("sessionToken"), deleted->sessionToken},
                                          {QStringLiteral("userId"), deleted->userId},
                                          {QStringLiteral("expires"), deleted->expires.toString(Qt::ISODateWithMs)}};
                Hooks::emitEvent(state->config.events.signOut, "signOut", QJsonObject{{QStringLiteral("session"), session}});
                if (deleted)
                    Audit::record(*state, QStringLiteral("signOut"), deleted->userId, QString());
                return afterSignOut(state, response, deleted ? deleted->userId : QString(), context);
            }).unwrap();
        // The cookie goes whatever storage says (the person asked to leave); a storage failure
        // is logged. While the store cannot be reached, the session stays in it until it
        // expires (README "When the database is down"); the store logs the outage, not each
        // sign-out.
        return releasing(context, recover(done, [state, response](std::exception_ptr error) {
            logFailure(state->config, error);
            return response;
        }));
    }
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> token = jwt.read(s.requestCookies);
    Hooks::emitEvent(s.config.events.signOut, "signOut",
                     QJsonObject{{QStringLiteral("token"), token ? QJsonValue(*token) : QJsonValue(QJsonValue::Null)}});
    if (token && OidcLogout::backchannelLogoutConfigured(s.config)) {
        OidcLogout::sessionEnded(s, OidcProvider::jwtSessionId(s.config.secret, token->value(QStringLiteral("sub")).toString(),
                                                             SignInTime::of(*token)));
    }
    // With storage, the JWT's subject is the stored user.
    const QString userId = s.config.adapter && token ? token->value(QStringLiteral("sub")).toString() : QString();
    QObject *context = userId.isEmpty() || !target.upstream ? nullptr : servingContext(s);
    return releasing(context, recover(afterSignOut(state, response, userId, context), [state, response](std::exception_ptr error) {
        logFailure(state->config, error);
        return response;
    }));
}

} // namespace

} // namespace Gatehouse::Actions
