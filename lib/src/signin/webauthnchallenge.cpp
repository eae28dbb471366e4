#include "signin/webauthnchallenge.h"

#include "crypto/base64url.h"
#include "crypto/random.h"

#include <gatehouse/autherror.h>
#include <gatehouse/errors.h>

#include <QDateTime>
#include <QJsonDocument>

namespace Gatehouse {

namespace {

InvalidCheck invalidCheck(const QString &message)
{
    return InvalidCheck(QStringLiteral("WebAuthn challenge: ") + message);
}

} // namespace

WebAuthnChallenge WebAuthnChallenge::create(const QString &action, const QString &provider, const QJsonObject &user)
{
    return WebAuthnChallenge{Crypto::randomBytes(32), action, provider, user};
}

SetCookie WebAuthnChallenge::toCookie(const RequestState &state) const
{
    const QJsonObject payload{
        {QStringLiteral("challenge"), QString::fromLatin1(Crypto::base64UrlEncode(challenge))},
        {QStringLiteral("action"), action},
        {QStringLiteral("provider"), provider},
        {QStringLiteral("user"), user},
        {QStringLiteral("exp"), QDateTime::currentSecsSinceEpoch() + Lifetime},
    };
    const CookieOption &cookie = state.cookies.webauthnChallenge;
    const auto codec = state.engine.jwe(state.config.secret);
    SetCookie setCookie{cookie.name, codec->encryptRaw(QJsonDocument(payload).toJson(QJsonDocument::Compact), cookie.name),
                        cookie.options};
    setCookie.options.maxAge = Lifetime;
    return setCookie;
}

WebAuthnChallenge WebAuthnChallenge::fromCookie(const RequestState &state, const QString &action)
{
    const CookieOption &cookie = state.cookies.webauthnChallenge;
    const QString value = state.requestCookies.value(cookie.name);
    if (value.isEmpty())
        throw invalidCheck(QStringLiteral("the %1 cookie is missing (options not fetched, or expired)").arg(cookie.name));
    const auto codec = state.engine.jwe(state.config.secret);
    const std::optional<QByteArray> payload = codec->decryptRaw(value, cookie.name);
    if (!payload)
        throw invalidCheck(QStringLiteral("the %1 cookie cannot be decrypted").arg(cookie.name));
    const QJsonObject object = QJsonDocument::fromJson(*payload).object();
    if (object.value(QStringLiteral("exp")).toInteger() < QDateTime::currentSecsSinceEpoch())
        throw invalidCheck(QStringLiteral("the challenge has expired"));
    WebAuthnChallenge result;
    result.challenge = Crypto::base64UrlDecode(QStringView(object.value(QStringLiteral("challenge")).toString())).value_or(QByteArray());
    result.action = object.value(QStringLiteral("action")).toString();
    result.provider = object.value(QStringLiteral("provider")).toString();
    result.user = object.value(QStringLiteral("user")).toObject();
    if (result.challenge.isEmpty())
        throw invalidCheck(QStringLiteral("the cookie holds no challenge"));
    if (result.provider != state.providerId)
        throw invalidCheck(QStringLiteral("issued for provider '%1', not '%2'").arg(result.provider, state.providerId));
    if (result.action != action)
        throw invalidCheck(QStringLiteral("issued to %1, not to %2").arg(result.action, action));
    return result;
}

QList<SetCookie> WebAuthnChallenge::remove(const RequestState &state)
{
    return Cookies::remove(state.cookies.webauthnChallenge, state.requestCookies);
}

} // namespace Gatehouse
