#include "actions/completesignin.h"

#include "actions/callbacks.h"
#include "actions/sessionclaims.h"
#include "session/jwtsession.h"

namespace Gatehouse {

QFuture<AuthResponse> completeSignIn(const State &state, const SignInResult &result)
{
    const RequestState &s = *state;
    SignInParams signInParams;
    signInParams.user = result.user;
    signInParams.account = result.account;
    signInParams.profile = result.profile;
    signInParams.credentials = result.credentials;
    return Hooks::signIn(s, signInParams)
        .then(QtFuture::Launch::Sync, [state, result](const SignInDecision &decision) -> QFuture<AuthResponse> {
            const RequestState &s = *state;
            if (!decision.redirectTo.isEmpty())
                return QtFuture::makeReadyFuture(s.redirect(decision.redirectTo));
            if (!decision.allow)
                throw AuthError(QStringLiteral("AccessDenied"), QStringLiteral("the signIn callback refused the user"));
            JwtParams params;
            params.token = SessionClaims::tokenFromUser(result.user);
            params.user = result.user;
            params.account = result.account;
            params.profile = result.profile;
            params.isNewUser = result.isNewUser;
            params.trigger = result.isNewUser ? QStringLiteral("signUp") : QStringLiteral("signIn");
            return Hooks::jwt(s, params).then(QtFuture::Launch::Sync,
                [state, result](const std::optional<QJsonObject> &token) {
                    const RequestState &s = *state;
                    if (!token)
                        throw AuthError(QStringLiteral("AccessDenied"), QStringLiteral("the jwt callback returned null"));
                    const auto codec = s.engine.jwe(s.config.secret);
                    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
                    const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(s.config.session.maxAge);
                    QString target = s.callbackUrl;
                    if (result.isNewUser && !s.config.pages.newUser.isEmpty())
                        target = s.config.pages.newUser.startsWith(QLatin1Char('/'))
                            ? s.origin.origin + s.config.pages.newUser : s.config.pages.newUser;
                    AuthResponse response = s.redirect(target);
                    response.cookies = jwt.write(jwt.encode(*token, s.config.session.maxAge), expires, s.requestCookies);
                    QJsonObject message{{QStringLiteral("user"), result.user},
                                        {QStringLiteral("account"), result.account},
                                        {QStringLiteral("isNewUser"), result.isNewUser}};
                    if (!result.profile.isEmpty())
                        message.insert(QStringLiteral("profile"), result.profile);
                    Hooks::emitEvent(s.config.events.signIn, "signIn", message);
                    return s.withCookies(response);
                });
        })
        .unwrap();
}

} // namespace Gatehouse
