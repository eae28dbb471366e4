#include "request/hooks.h"

#include "core/logging.h"
#include "core/redirect.h"

#include <gatehouse/autherror.h>
#include <gatehouse/errors.h>

namespace Gatehouse::Hooks {

QFuture<QString> redirect(const RequestState &state, const QString &url)
{
    if (!state.config.callbacks.redirect)
        return QtFuture::makeReadyFuture(Redirect::allowed(url, state.origin.origin, state.config.redirectDomains));
    return state.config.callbacks.redirect({url, state.origin.origin});
}

namespace {

//! \a call's future, with whatever it throws (now or later) as AccessDenied: a decision that
//! could not be made refuses the sign-in.
template<typename T, typename Call>
QFuture<T> orAccessDenied(const char *name, Call call)
{
    const auto accessDenied = [](const QString &message) {
        return AccessDenied(message);
    };
    QFuture<T> decision;
    try {
        decision = call();
    } catch (const std::exception &e) {
        throw accessDenied(QString::fromUtf8(e.what()));
    }
    return decision.then(QtFuture::Launch::Sync, [accessDenied, name](QFuture<T> finished) {
        try {
            return finished.result();
        } catch (const std::exception &e) {
            throw accessDenied(QString::fromUtf8(e.what()));
        } catch (...) {
            throw accessDenied(QStringLiteral("%1 callback failed").arg(QLatin1String(name)));
        }
    });
}

} // namespace

QFuture<SignInDecision> signIn(const RequestState &state, const SignInParams &params)
{
    if (!state.config.callbacks.signIn)
        return QtFuture::makeReadyFuture(SignInDecision{});
    return orAccessDenied<SignInDecision>("signIn", [&] { return state.config.callbacks.signIn(params); });
}

QFuture<SecondStep> twoFactor(const RequestState &state, const TwoFactorParams &params)
{
    if (!state.config.callbacks.twoFactor)
        return QtFuture::makeReadyFuture(params.proposed);
    return orAccessDenied<SecondStep>("twoFactor", [&] { return state.config.callbacks.twoFactor(params); });
}

QFuture<std::optional<QJsonObject>> jwt(const RequestState &state, const JwtParams &params)
{
    if (!state.config.callbacks.jwt)
        return QtFuture::makeReadyFuture(std::optional<QJsonObject>(params.token));
    return state.config.callbacks.jwt(params);
}

QFuture<QJsonObject> session(const RequestState &state, const SessionParams &params)
{
    if (!state.config.callbacks.session)
        return QtFuture::makeReadyFuture(params.session);
    return state.config.callbacks.session(params);
}

void emitEvent(const Events::Handler &handler, const char *name, const QJsonObject &message)
{
    if (!handler)
        return;
    try {
        handler(message);
    } catch (const std::exception &e) {
        qCWarning(lcCore) << "event" << name << "handler failed:" << e.what();
    }
}

} // namespace Gatehouse::Hooks
