#include "signin/oauthflow.h"

#include "signin/completesignin.h"
#include "request/errorresponse.h"
#include "signin/oauthchecks.h"
#include "core/futures.h"
#include "core/jsonnumber.h"
#include "signin/singleuse.h"
#include "crypto/random.h"
#include "oauth/oauthclient.h"
#include "oauth/profile.h"
#include "signin/claimedgroups.h"

#include <gatehouse/errors.h>

#include <QUrlQuery>

namespace Gatehouse::OAuthFlow {

using namespace OAuth;

namespace {

//! Parameters a client may not choose through authorizationParams or the query.
bool reserved(const QString &name)
{
    static const QStringList names = {QStringLiteral("response_type"), QStringLiteral("client_id"),
                                      QStringLiteral("redirect_uri"), QStringLiteral("state"),
                                      QStringLiteral("code_challenge"), QStringLiteral("code_challenge_method"),
                                      QStringLiteral("nonce")};
    return names.contains(name);
}

//! Sets \a name in \a params, in place when present (URLSearchParams.set).
void setParam(ParamList &params, const QString &name, const QString &value)
{
    for (auto &p : params) {
        if (p.first == name) {
            p.second = value;
            return;
        }
    }
    params.append({name, value});
}

QString originOf(const QString &url)
{
    const QUrl u(url);
    return u.port() < 0 ? u.scheme() + QStringLiteral("://") + u.host()
                        : u.scheme() + QStringLiteral("://") + u.host() + QLatin1Char(':') + QString::number(u.port());
}

bool onRedirectProxy(const RequestState &s, const ProviderSettings &settings)
{
    return !settings.redirectProxyUrl.isEmpty() && originOf(settings.redirectProxyUrl) == s.origin.origin;
}

QString ownCallbackUrl(const RequestState &s)
{
    return s.baseUrl + QStringLiteral("/callback/") + s.provider->id;
}

//! The redirect_uri: the redirect proxy's callback, unless this is the proxy.
QString redirectUri(const RequestState &s, const ProviderSettings &settings)
{
    if (!settings.redirectProxyUrl.isEmpty() && !onRedirectProxy(s, settings))
        return settings.redirectProxyUrl + QStringLiteral("/callback/") + s.provider->id;
    return ownCallbackUrl(s);
}

//! Extra authorization parameters of the request: its query and the programmatic signIn's.
ParamList requestedParams(const RequestState &s)
{
    ParamList extra;
    for (const auto &item : s.query.queryItems(QUrl::FullyDecoded))
        extra.append(item);
    const QJsonValue fromBody = s.body.value(QStringLiteral("authorizationParams"));
    if (fromBody.isObject()) {
        const QJsonObject o = fromBody.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            extra.append({it.key(), it->isDouble() ? QString::number(it->toDouble()) : it->toVariant().toString()});
    } else if (fromBody.isString()) {
        for (const auto &item : QUrlQuery(fromBody.toString()).queryItems(QUrl::FullyDecoded))
            extra.append(item);
    }
    extra.removeIf([](const QPair<QString, QString> &p) { return reserved(p.first); });
    return extra;
}

AuthResponse authorizationRedirect(const State &state, const ProviderSettings &settings, const Endpoints &endpoints)
{
    const RequestState &s = *state;
    QUrl url = endpoints.authorization.url;
    ParamList params = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    setParam(params, QStringLiteral("response_type"), QStringLiteral("code"));
    setParam(params, QStringLiteral("client_id"), settings.clientId);
    setParam(params, QStringLiteral("redirect_uri"), redirectUri(s, settings));
    for (const auto &p : endpoints.authorization.params)
        setParam(params, p.first, p.second);
    for (const auto &p : requestedParams(s))
        setParam(params, p.first, p.second);

    QList<SetCookie> cookies;
    if (settings.state) {
        QString value = OAuthChecks::randomValue();
        if (!settings.redirectProxyUrl.isEmpty() && !onRedirectProxy(s, settings)) {
            // The proxy reads the origin from the state to send the user back here.
            value = s.engine.jwe(s.config.secret)->encrypt(
                QJsonObject{{QStringLiteral("random"), value}, {QStringLiteral("origin"), ownCallbackUrl(s)}},
                s.cookies.state.name, 900);
        }
        cookies.append(OAuthChecks::issue(s, s.cookies.state, value));
        setParam(params, QStringLiteral("state"), value);
    }
    if (settings.pkce) {
        const QString verifier = OAuthChecks::randomValue();
        cookies.append(OAuthChecks::issue(s, s.cookies.pkceCodeVerifier, verifier));
        setParam(params, QStringLiteral("code_challenge"), OAuthChecks::pkceChallenge(verifier));
        setParam(params, QStringLiteral("code_challenge_method"), QStringLiteral("S256"));
    }
    if (settings.nonce) {
        const QString nonce = OAuthChecks::randomValue();
        cookies.append(OAuthChecks::issue(s, s.cookies.nonce, nonce));
        setParam(params, QStringLiteral("nonce"), nonce);
    }
    const bool hasScope = std::any_of(params.cbegin(), params.cend(), [](const auto &p) { return p.first == QLatin1String("scope"); });
    if (settings.isOidc() && !hasScope)
        params.append({QStringLiteral("scope"), QStringLiteral("openid profile email")});

    url.setQuery(QString::fromLatin1(formEncode(params)), QUrl::StrictMode);
    AuthResponse response = s.redirect(url.toString(QUrl::FullyEncoded));
    response.cookies = cookies;
    return s.withCookies(response);
}

//! Any failure of the sign-in step, reported as Auth.js does: OAuthSignin.
OAuthSignin signInError(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        return OAuthSignin(e.type() + QStringLiteral(": ") + e.message(), e.cause());
    } catch (const std::exception &e) {
        return OAuthSignin(QString::fromUtf8(e.what()));
    } catch (...) {
        return OAuthSignin(QStringLiteral("unknown failure"));
    }
}

ParamList callbackParams(const RequestState &s)
{
    if (!s.isPost())
        return s.query.queryItems(QUrl::FullyDecoded);
    ParamList params;
    for (auto it = s.body.constBegin(); it != s.body.constEnd(); ++it)
        params.append({it.key(), it->toString()});
    return params;
}

QString paramOf(const ParamList &params, const QString &name)
{
    for (const auto &p : params) {
        if (p.first == name)
            return p.second;
    }
    return {};
}

bool hasParam(const ParamList &params, const QString &name)
{
    return std::any_of(params.cbegin(), params.cend(), [&](const auto &p) { return p.first == name; });
}

//! On the redirect proxy: the forward to the deployment that started the flow, if another one.
std::optional<AuthResponse> proxyForward(const RequestState &s, const ProviderSettings &settings, const ParamList &params)
{
    const QString stateParam = paramOf(params, QStringLiteral("state"));
    if (!onRedirectProxy(s, settings) || stateParam.isEmpty())
        return std::nullopt;
    const std::optional<QJsonObject> decoded = s.engine.jwe(s.config.secret)->decrypt(stateParam, s.cookies.state.name);
    const QString origin = decoded ? decoded->value(QStringLiteral("origin")).toString() : QString();
    if (origin.isEmpty() || originOf(origin) == s.origin.origin)
        return std::nullopt;
    return s.redirect(origin + QLatin1Char('?') + QString::fromLatin1(formEncode(params)));
}

struct Verified
{
    QString codeVerifier;
    std::optional<QString> nonce;
};

//! The profile from the id_token, the token response or the userinfo endpoint.
QFuture<QJsonObject> profileOf(const State &state, const ProviderSettings &settings, const Endpoints &endpoints,
                               const QJsonObject &tokens, const std::optional<QString> &nonce)
{
    const OAuthClient &client = state->engine.oauth();
    if (settings.useIdToken) {
        const QString idToken = tokens.value(QStringLiteral("id_token")).toString();
        if (idToken.isEmpty())
            throw CallbackRouteError(QStringLiteral("the token response of oidc provider \"%1\" has no id_token").arg(settings.id));
        return client.verifyIdToken(settings, endpoints, idToken, nonce);
    }
    if (!settings.profileFromToken.isEmpty()) {
        const QJsonValue profile = valueAtPath(tokens, settings.profileFromToken);
        if (!profile.isObject())
            throw CallbackRouteError(QStringLiteral("the token response has no object at \"%1\"").arg(settings.profileFromToken));
        return QtFuture::makeReadyFuture(profile.toObject());
    }
    return client.userinfo(settings, endpoints, tokens.value(QStringLiteral("access_token")).toString());
}

/*!
 * \a call's object (a provider's profile or account callback); a throw or a failed future
 * becomes AuthError \a Error, named after \a what.
 */
template<typename Error>
QFuture<QJsonObject> providerCallback(const QString &what, const std::function<QFuture<QJsonObject>()> &call)
{
    QFuture<QJsonObject> future;
    try {
        future = call();
    } catch (...) {
        future = failedFuture<QJsonObject>(std::current_exception());
    }
    return future.then(QtFuture::Launch::Sync, [what](QFuture<QJsonObject> done) {
        try {
            return done.result();
        } catch (const AuthError &e) {
            throw Error(QStringLiteral("%1 failed: %2: %3").arg(what, e.type(), e.message()), e.cause());
        } catch (const std::exception &e) {
            throw Error(QStringLiteral("%1 failed: %2").arg(what, QString::fromUtf8(e.what())));
        } catch (...) {
            throw Error(QStringLiteral("%1 failed").arg(what));
        }
    });
}

//! The user \a profile describes: the provider's profile callback, or its profileMapping.
QFuture<QJsonObject> userOf(const Provider &provider, const ProviderSettings &settings, const QJsonObject &profile,
                            const QJsonObject &tokens)
{
    if (!provider.profile)
        return QtFuture::makeReadyFuture(userFromProfile(profile, settings.profileMapping));
    const QString what = QStringLiteral("the profile callback of provider \"%1\"").arg(provider.id);
    const ProfileFunction callback = provider.profile;
    return providerCallback<OAuthCallbackError>(what, [callback, profile, tokens] {
        return callback(profile, tokens).then(QtFuture::Launch::Sync, [](const QJsonObject &user) {
            // The callback's user, normalised as a mapped profile is (id as text, email lower-cased).
            static const QJsonObject identity{{QStringLiteral("id"), QStringLiteral("id")},
                                              {QStringLiteral("name"), QStringLiteral("name")},
                                              {QStringLiteral("email"), QStringLiteral("email")},
                                              {QStringLiteral("image"), QStringLiteral("image")}};
            return userFromProfile(user, identity);
        });
    });
}

//! The account to store: the provider's account callback's fields, or the default token set.
QFuture<QJsonObject> accountOf(const Provider &provider, const ProviderSettings &settings, const QJsonObject &tokens,
                               const QString &providerAccountId)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (!provider.account)
        return QtFuture::makeReadyFuture(accountFromTokens(tokens, settings.id, settings.type, providerAccountId, now));
    const AccountFunction callback = provider.account;
    return providerCallback<OAuthCreateAccount>(
        QStringLiteral("the account callback of provider \"%1\"").arg(provider.id),
        [callback, tokens, settings, providerAccountId, now] {
            return callback(tokens).then(QtFuture::Launch::Sync, [settings, providerAccountId, now](QJsonObject account) {
                if (account.value(QLatin1String("token_type")).isString())
                    account.insert(QStringLiteral("token_type"), account.value(QLatin1String("token_type")).toString().toLower());
                const QJsonValue expiresIn = account.value(QLatin1String("expires_in"));
                const std::optional<qint64> seconds = jsonSeconds(expiresIn);
                if (!account.contains(QLatin1String("expires_at")) && seconds)
                    account.insert(QStringLiteral("expires_at"), now + *seconds);
                account.insert(QStringLiteral("provider"), settings.id);
                account.insert(QStringLiteral("type"), settings.type);
                account.insert(QStringLiteral("providerAccountId"), providerAccountId);
                return account;
            });
        });
}

/*!
 * The value of the provider's groups claim (settings.groups): from the id_token's claims, else
 * from the userinfo endpoint when the issuer has one; Undefined when not configured or absent.
 */
QFuture<QJsonValue> groupsClaimOf(const State &state, const ProviderSettings &settings, const Endpoints &endpoints,
                                  const QJsonObject &tokens, const QJsonObject &profile)
{
    if (!settings.groups)
        return QtFuture::makeReadyFuture(QJsonValue(QJsonValue::Undefined));
    const QString claim = settings.groups->claim;
    const QJsonValue value = valueAtPath(profile, claim);
    if (!value.isUndefined() || !settings.useIdToken || !endpoints.userinfo.isSet())
        return QtFuture::makeReadyFuture(value);
    return state->engine.oauth().userinfo(settings, endpoints, tokens.value(QStringLiteral("access_token")).toString())
        .then(QtFuture::Launch::Sync, [claim](const QJsonObject &userinfo) { return valueAtPath(userinfo, claim); });
}

QFuture<AuthResponse> signInWith(const State &state, const ProviderSettings &settings, const QJsonObject &tokens,
                                 const QJsonObject &profile, const QJsonValue &groups)
{
    const Provider &provider = *state->provider;
    return userOf(provider, settings, profile, tokens)
        .then(QtFuture::Launch::Sync, [state, settings, tokens, profile, groups](const QJsonObject &user) {
            const QString providerAccountId = user.value(QStringLiteral("id")).toString();
            return accountOf(*state->provider, settings, tokens, providerAccountId)
                .then(QtFuture::Launch::Sync, [state, settings, profile, user, groups](const QJsonObject &account) {
                    RequestState &s = *state;
                    SignInResult result;
                    result.profile = profile;
                    result.user = user;
                    // As Auth.js: the user id of a session without storage is random; the account keeps the provider's.
                    result.user.insert(QStringLiteral("id"), Crypto::randomUuid());
                    result.account = account;
                    // The claimed groups are the stored user's: written once the sign-in is allowed.
                    if (settings.groups && s.config.adapter) {
                        result.whenAllowed = [state, settings, groups](const SignInResult &resolved) {
                            const QString userId = resolved.user.value(QStringLiteral("id")).toString();
                            return ClaimedGroups::apply(state, settings.id, *settings.groups, userId, groups)
                                .then(QtFuture::Launch::Sync, [resolved] { return resolved; });
                        };
                    }
                    // The checks are used up: their cookies go (Auth.js leaves them on failures).
                    if (settings.state)
                        s.setCookies += Cookies::remove(s.cookies.state, s.requestCookies);
                    if (settings.pkce)
                        s.setCookies += Cookies::remove(s.cookies.pkceCodeVerifier, s.requestCookies);
                    if (settings.nonce)
                        s.setCookies += Cookies::remove(s.cookies.nonce, s.requestCookies);
                    return completeSignIn(state, result);
                })
                .unwrap();
        })
        .unwrap();
}

//! How long an authorization code is remembered as used (RFC 6749 §4.1.2: it lives 10 minutes at most).
constexpr qint64 kCodeLifetime = 10 * 60;

QFuture<AuthResponse> exchange(const State &state, const ProviderSettings &settings, const ParamList &params,
                               const Endpoints &endpoints)
{
    const RequestState &s = *state;
    // RFC 9207: the authorization response names its issuer when the issuer says it will.
    const QString iss = paramOf(params, QStringLiteral("iss"));
    if (hasParam(params, QStringLiteral("iss")) && !endpoints.issuer.isEmpty() && iss != endpoints.issuer)
        throw CallbackRouteError(QStringLiteral("the authorization response comes from issuer \"%1\", not \"%2\"").arg(iss, endpoints.issuer));
    if (!hasParam(params, QStringLiteral("iss")) && endpoints.issParameterSupported)
        throw CallbackRouteError(QStringLiteral("the authorization response has no \"iss\" although the issuer sends it"));
    if (hasParam(params, QStringLiteral("error"))) {
        throw OAuthCallbackError(QStringLiteral("provider \"%1\" answered error=%2").arg(settings.id, paramOf(params, QStringLiteral("error"))),
                                 paramOf(params, QStringLiteral("error_description")));
    }
    const QString code = paramOf(params, QStringLiteral("code"));
    if (code.isEmpty())
        throw CallbackRouteError(QStringLiteral("the authorization response has no code"));
    Verified checks;
    if (settings.pkce)
        checks.codeVerifier = OAuthChecks::use(s, s.cookies.pkceCodeVerifier, QStringLiteral("PKCE code_verifier"));
    if (settings.nonce)
        checks.nonce = OAuthChecks::use(s, s.cookies.nonce, QStringLiteral("nonce"));

    ParamList grant = {{QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                       {QStringLiteral("code"), code},
                       {QStringLiteral("redirect_uri"), redirectUri(s, settings)}};
    if (settings.pkce)
        grant.append({QStringLiteral("code_verifier"), checks.codeVerifier});
    // A code works once at the provider, and once here: a callback replayed, even at the same
    // moment on several servers, signs in once also with a provider that takes a code again.
    // The store may answer on its own threads; the token request must leave from this one.
    auto *context = new QObject;
    return SingleUse::claim(s, QStringLiteral("oauth-code:") + settings.id, code.toUtf8(), kCodeLifetime)
        .then(context, [state, settings, endpoints, grant, checks, context](bool first) {
            context->deleteLater();
            if (!first)
                throw InvalidCheck(QStringLiteral("the authorization code was used already"));
            return state->engine.oauth().requestTokens(settings, endpoints, grant)
                .then(QtFuture::Launch::Sync, [state, settings, endpoints, checks](const QJsonObject &tokens) {
                    return profileOf(state, settings, endpoints, tokens, checks.nonce)
                        .then(QtFuture::Launch::Sync, [state, settings, endpoints, tokens](const QJsonObject &profile) {
                            return groupsClaimOf(state, settings, endpoints, tokens, profile)
                                .then(QtFuture::Launch::Sync, [state, settings, tokens, profile](const QJsonValue &groups) {
                                    return signInWith(state, settings, tokens, profile, groups);
                                })
                                .unwrap();
                        })
                        .unwrap();
                })
                .unwrap();
        })
        .unwrap();
}

} // namespace

QFuture<AuthResponse> signIn(const State &state)
{
    QFuture<AuthResponse> response;
    try {
        const RequestState &s = *state;
        const ProviderSettings settings = ProviderSettings::fromProvider(*s.provider, s.config.redirectProxyUrl);
        response = s.engine.oauth().endpoints(settings, Need::Authorization)
            .then(QtFuture::Launch::Sync, [state, settings](const Endpoints &endpoints) {
                return authorizationRedirect(state, settings, endpoints);
            });
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, signInError(error)); });
}

QFuture<AuthResponse> callback(const State &state)
{
    QFuture<AuthResponse> response;
    try {
        const RequestState &s = *state;
        const ProviderSettings settings = ProviderSettings::fromProvider(*s.provider, s.config.redirectProxyUrl);
        const ParamList params = callbackParams(s);
        if (const std::optional<AuthResponse> forward = proxyForward(s, settings, params))
            return QtFuture::makeReadyFuture(*forward);
        if (settings.state) {
            const QString expected = OAuthChecks::use(s, s.cookies.state, QStringLiteral("state"));
            if (paramOf(params, QStringLiteral("state")) != expected)
                throw InvalidCheck(QStringLiteral("the state parameter does not match the state cookie"));
        }
        Needs needs = Need::Token;
        if (settings.useIdToken)
            needs |= Need::Jwks;
        else if (settings.profileFromToken.isEmpty())
            needs |= Need::Userinfo;
        response = s.engine.oauth().endpoints(settings, needs)
            .then(QtFuture::Launch::Sync, [state, settings, params](const Endpoints &endpoints) {
                return exchange(state, settings, params, endpoints);
            })
            .unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::OAuthFlow
