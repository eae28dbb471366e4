#include "scriptbindings.h"

#include "logging.h"
#include "scripterror.h"

#include <gatehouse/errors.h>

#include <QJsonDocument>

namespace Gatehouse {

namespace {

QJsonObject requestJson(const AuthRequest &request)
{
    QJsonObject headers;
    for (const auto &[name, value] : request.headers) {
        const QString key = QString::fromLatin1(name).toLower();
        const QString text = QString::fromUtf8(value);
        headers.insert(key, headers.contains(key) ? headers.value(key).toString() + QStringLiteral(", ") + text : text);
    }
    return {{QStringLiteral("method"), QString::fromLatin1(request.method)},
            {QStringLiteral("url"), request.url.toString(QUrl::FullyEncoded)},
            {QStringLiteral("headers"), headers},
            {QStringLiteral("remoteAddress"), request.remoteAddress.toString()}};
}

// JavaScript truthiness of a JSON value.
bool isTruthy(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool: return value.toBool();
    case QJsonValue::Double: return value.toDouble() != 0;
    case QJsonValue::String: return !value.toString().isEmpty();
    case QJsonValue::Array:
    case QJsonValue::Object: return true;
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return false;
}

void insertIfSet(QJsonObject &object, const QString &key, const QJsonObject &value)
{
    if (!value.isEmpty())
        object.insert(key, value);
}

//! The future of calling \a function with the single argument \a argument, converted by \a
//! convert; a failure becomes the AuthError \a Error (the one Auth.js gives for that callback).
template <typename T, typename Error, typename Convert>
QFuture<T> callScript(const ScriptCallbacks &script, const QString &function, const QJsonValue &argument,
                      Convert convert)
{
    return script.call(function, {argument})
        .then([convert](const QJsonValue &result) -> T { return convert(result); })
        .onFailed([](const ScriptError &error) -> T { throw Error(error.message()); });
}

AuthorizeFunction authorizeFunction(const ScriptCallbacks &script, const QString &function)
{
    return [script, function](const QJsonObject &credentials, const AuthRequest &request) {
        return script.call(function, {credentials, requestJson(request)})
            .then([function](const QJsonValue &result) -> std::optional<QJsonObject> {
                if (result.isObject())
                    return result.toObject();
                if (!isTruthy(result))
                    return std::nullopt;
                throw ScriptError(QStringLiteral("%1 returned neither a user object nor null").arg(function));
            })
            .onFailed([](const ScriptError &error) -> std::optional<QJsonObject> {
                throw CredentialsSignin(error.code().isEmpty() ? QStringLiteral("credentials") : error.code(),
                                        error.message());
            });
    };
}

//! A provider's \c profile or \c account function: its result must be an object.
template<typename Function, typename... Args>
Function objectFunction(const ScriptCallbacks &script, const QString &function)
{
    return [script, function](const Args &...arguments) {
        return script.call(function, {arguments...})
            // A ScriptError: the flow names the provider and turns it into OAuthCallbackError
            // or OAuthCreateAccount.
            .then([function](const QJsonValue &result) {
                if (!result.isObject())
                    throw ScriptError(QStringLiteral("%1 must return an object").arg(function));
                return result.toObject();
            });
    };
}


QJsonObject themeJson(const Theme &theme)
{
    return {{QStringLiteral("colorScheme"), theme.colorScheme},
            {QStringLiteral("brandColor"), theme.brandColor},
            {QStringLiteral("logo"), theme.logo},
            {QStringLiteral("buttonText"), theme.buttonText}};
}

//! What JavaScript sees of an email provider: its options without the SMTP credentials.
QJsonObject emailProviderJson(const Provider &provider)
{
    QJsonObject json = provider.options;
    json.remove(QStringLiteral("apiKey"));
    json.remove(QStringLiteral("server"));
    json.insert(QStringLiteral("id"), provider.id);
    json.insert(QStringLiteral("name"), provider.name);
    json.insert(QStringLiteral("type"), provider.type);
    json.insert(QStringLiteral("maxAge"), provider.options.value(QStringLiteral("maxAge")).toInteger(86400));
    return json;
}

//! An email provider's \c normalizeIdentifier and \c sendVerificationRequest in JavaScript.
void bindEmailFunctions(const ScriptCallbacks &script, Provider &provider, const Theme &theme)
{
    if (const QString fn = provider.options.value(QStringLiteral("normalizeIdentifier")).toString(); !fn.isEmpty()) {
        provider.normalizeIdentifier = [script, fn](const QString &identifier) {
            return callScript<QString, EmailSignin>(script, fn, identifier, [fn](const QJsonValue &result) {
                if (!result.isString())
                    throw ScriptError(QStringLiteral("%1 must return the address as a string").arg(fn));
                return result.toString();
            });
        };
    }
    if (const QString fn = provider.options.value(QStringLiteral("sendVerificationRequest")).toString(); !fn.isEmpty()) {
        const QJsonObject providerJson = emailProviderJson(provider);
        const QJsonObject themeObject = themeJson(theme);
        provider.sendVerificationRequest = [script, fn, providerJson, themeObject](const VerificationRequest &r) {
            const QJsonObject params{{QStringLiteral("identifier"), r.identifier},
                                     {QStringLiteral("url"), r.url},
                                     {QStringLiteral("token"), r.token},
                                     {QStringLiteral("expires"), r.expires.toUTC().toString(Qt::ISODateWithMs)},
                                     {QStringLiteral("provider"), providerJson},
                                     {QStringLiteral("theme"), themeObject},
                                     {QStringLiteral("request"), requestJson(r.request)}};
            return callScript<QJsonValue, EmailSignin>(script, fn, params,
                                          [](const QJsonValue &result) { return result; })
                .then([](const QJsonValue &) {});
        };
    }
}

//! The \c twoFactor callback's words for a SecondStep.
QString secondStepName(SecondStep step)
{
    switch (step) {
    case SecondStep::None: return QStringLiteral("none");
    case SecondStep::Code: return QStringLiteral("code");
    case SecondStep::Enrolment: return QStringLiteral("enrolment");
    }
    Q_UNREACHABLE();
}

void bindCallbacks(const ScriptCallbacks &script, Callbacks &callbacks, const QMap<QString, QString> &functions)
{
    const auto named = [&functions](const char *name) { return functions.value(QLatin1String(name)); };

    if (const QString fn = named("signIn"); !fn.isEmpty()) {
        callbacks.signIn = [script, fn](const SignInParams &p) {
            QJsonObject argument{{QStringLiteral("user"), p.user},
                                 {QStringLiteral("account"), p.account.isEmpty() ? QJsonValue() : QJsonValue(p.account)}};
            insertIfSet(argument, QStringLiteral("profile"), p.profile);
            insertIfSet(argument, QStringLiteral("credentials"), p.credentials);
            if (p.verificationRequest)
                argument.insert(QStringLiteral("email"), QJsonObject{{QStringLiteral("verificationRequest"), true}});
            return callScript<SignInDecision, AccessDenied>(script, fn, argument,
                                              [](const QJsonValue &result) {
                                                  SignInDecision decision;
                                                  decision.allow = isTruthy(result);
                                                  if (result.isString())
                                                      decision.redirectTo = result.toString();
                                                  return decision;
                                              });
        };
    }
    if (const QString fn = named("redirect"); !fn.isEmpty()) {
        callbacks.redirect = [script, fn](const RedirectParams &p) {
            const QJsonObject argument{{QStringLiteral("url"), p.url}, {QStringLiteral("baseUrl"), p.baseUrl}};
            return callScript<QString, CallbackRouteError>(script, fn, argument,
                                       [fn](const QJsonValue &result) {
                                           if (!result.isString())
                                               throw ScriptError(QStringLiteral("%1 must return a URL string").arg(fn));
                                           return result.toString();
                                       });
        };
    }
    if (const QString fn = named("jwt"); !fn.isEmpty()) {
        callbacks.jwt = [script, fn](const JwtParams &p) {
            QJsonObject argument{{QStringLiteral("token"), p.token}};
            insertIfSet(argument, QStringLiteral("user"), p.user);
            insertIfSet(argument, QStringLiteral("account"), p.account);
            insertIfSet(argument, QStringLiteral("profile"), p.profile);
            if (!p.trigger.isEmpty())
                argument.insert(QStringLiteral("trigger"), p.trigger);
            if (p.isNewUser)
                argument.insert(QStringLiteral("isNewUser"), true);
            if (!p.session.isUndefined())
                argument.insert(QStringLiteral("session"), p.session);
            return callScript<std::optional<QJsonObject>, JWTSessionError>(
                script, fn, argument,
                [fn](const QJsonValue &result) -> std::optional<QJsonObject> {
                    if (result.isObject())
                        return result.toObject();
                    if (result.isNull())
                        return std::nullopt;
                    throw ScriptError(QStringLiteral("%1 must return the token object or null").arg(fn));
                });
        };
    }
    if (const QString fn = named("session"); !fn.isEmpty()) {
        callbacks.session = [script, fn](const SessionParams &p) {
            QJsonObject argument{{QStringLiteral("session"), p.session}};
            insertIfSet(argument, QStringLiteral("token"), p.token);
            insertIfSet(argument, QStringLiteral("user"), p.user);
            if (!p.newSession.isUndefined())
                argument.insert(QStringLiteral("newSession"), p.newSession);
            if (!p.trigger.isEmpty())
                argument.insert(QStringLiteral("trigger"), p.trigger);
            return callScript<QJsonObject, SessionTokenError>(script, fn, argument,
                                           [fn](const QJsonValue &result) {
                                               if (!result.isObject())
                                                   throw ScriptError(QStringLiteral("%1 must return the session object").arg(fn));
                                               return result.toObject();
                                           });
        };
    }
    if (const QString fn = named("twoFactor"); !fn.isEmpty()) {
        callbacks.twoFactor = [script, fn](const TwoFactorParams &p) {
            const QJsonObject argument{{QStringLiteral("user"), p.user},
                                       {QStringLiteral("account"), p.account},
                                       {QStringLiteral("enrolled"), p.enrolled},
                                       {QStringLiteral("proposed"), secondStepName(p.proposed)}};
            return callScript<SecondStep, AccessDenied>(script, fn, argument,
                                            [fn, proposed = p.proposed](const QJsonValue &result) {
                                                if (result.isNull() || result.isUndefined())
                                                    return proposed;
                                                for (SecondStep step : {SecondStep::None, SecondStep::Code, SecondStep::Enrolment}) {
                                                    if (result.toString() == secondStepName(step))
                                                        return step;
                                                }
                                                throw ScriptError(QStringLiteral("%1 must return \"none\", \"code\", \"enrolment\" or null").arg(fn));
                                            });
        };
    }
    if (const QString fn = named("authorized"); !fn.isEmpty()) {
        callbacks.authorized = [script, fn](const AuthorizedParams &p) {
            const QJsonObject argument{{QStringLiteral("auth"), p.auth ? QJsonValue(*p.auth) : QJsonValue()},
                                       {QStringLiteral("request"), requestJson(p.request)}};
            return callScript<AuthorizedDecision, CallbackRouteError>(script, fn, argument,
                                                  [](const QJsonValue &result) {
                AuthorizedDecision decision;
                const QJsonObject object = result.toObject();
                if (!object.value(QStringLiteral("status")).isDouble()) {
                    decision.allow = isTruthy(result);
                    return decision;
                }
                AuthResponse response;
                response.status = object.value(QStringLiteral("status")).toInt();
                const QJsonObject headers = object.value(QStringLiteral("headers")).toObject();
                for (auto it = headers.constBegin(); it != headers.constEnd(); ++it)
                    response.setHeader(it.key().toLatin1(), it->toString().toUtf8());
                const QJsonValue body = object.value(QStringLiteral("body"));
                if (body.isObject() || body.isArray()) {
                    response.body = body.isObject() ? QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact)
                                                    : QJsonDocument(body.toArray()).toJson(QJsonDocument::Compact);
                    if (response.header("Content-Type").isEmpty())
                        response.setHeader("Content-Type", "application/json");
                } else if (body.isString()) {
                    response.body = body.toString().toUtf8();
                    if (response.header("Content-Type").isEmpty())
                        response.setHeader("Content-Type", "text/plain; charset=utf-8");
                }
                decision.response = response;
                return decision;
            });
        };
    }
}

void bindEvents(const ScriptCallbacks &script, Events &events, const QMap<QString, QString> &functions)
{
    const std::pair<const char *, Events::Handler *> targets[] = {
        {"signIn", &events.signIn},         {"signOut", &events.signOut},
        {"createUser", &events.createUser}, {"updateUser", &events.updateUser},
        {"linkAccount", &events.linkAccount}, {"session", &events.session},
    };
    for (const auto &[name, handler] : targets) {
        const QString fn = functions.value(QLatin1String(name));
        if (fn.isEmpty())
            continue;
        *handler = [script, fn, event = QString::fromLatin1(name)](const QJsonObject &message) {
            script.call(fn, {message}).onFailed([event](const ScriptError &error) {
                qCWarning(lcScript).noquote() << "event" << event << "handler failed:" << error.message();
                return QJsonValue();
            });
        };
    }
}

} // namespace

QList<ScriptCallbacks::FunctionUse> scriptFunctionUses(const Config &config, const ServerSettings &settings)
{
    QList<ScriptCallbacks::FunctionUse> uses;
    for (qsizetype i = 0; i < config.providers.size(); ++i) {
        const Provider &provider = config.providers.at(i);
        const QString function = provider.options.value(QStringLiteral("authorize")).toString();
        if (provider.isCredentials() && !function.isEmpty()
            && function != QLatin1String("builtin"))
            uses.append({QStringLiteral("providers[%1].authorize").arg(i), function});
        for (const QString &key : {QStringLiteral("profile"), QStringLiteral("account")}) {
            const QString named = provider.options.value(key).toString();
            if (provider.isOAuth() && !named.isEmpty())
                uses.append({QStringLiteral("providers[%1].%2").arg(i).arg(key), named});
        }
    }
    for (qsizetype i = 0; i < config.providers.size(); ++i) {
        const Provider &provider = config.providers.at(i);
        if (!provider.isEmail())
            continue;
        for (const QString &key : {QStringLiteral("normalizeIdentifier"), QStringLiteral("sendVerificationRequest")}) {
            if (const QString function = provider.options.value(key).toString(); !function.isEmpty())
                uses.append({QStringLiteral("providers[%1].%2").arg(i).arg(key), function});
        }
    }
    for (auto it = settings.callbackFunctions.cbegin(); it != settings.callbackFunctions.cend(); ++it)
        uses.append({QStringLiteral("callbacks.") + it.key(), it.value()});
    for (auto it = settings.eventFunctions.cbegin(); it != settings.eventFunctions.cend(); ++it)
        uses.append({QStringLiteral("events.") + it.key(), it.value()});
    return uses;
}

void bindScript(const ScriptCallbacks &script, Config &config, const ServerSettings &settings)
{
    for (Provider &provider : config.providers) {
        const QString function = provider.options.value(QStringLiteral("authorize")).toString();
        if (provider.isCredentials() && !function.isEmpty()
            && function != QLatin1String("builtin"))
            provider.authorize = authorizeFunction(script, function);
        if (!provider.isOAuth())
            continue;
        if (const QString profile = provider.options.value(QStringLiteral("profile")).toString(); !profile.isEmpty())
            provider.profile = objectFunction<ProfileFunction, QJsonObject, QJsonObject>(script, profile);
        if (const QString account = provider.options.value(QStringLiteral("account")).toString(); !account.isEmpty())
            provider.account = objectFunction<AccountFunction, QJsonObject>(script, account);
    }
    for (Provider &provider : config.providers) {
        if (provider.isEmail())
            bindEmailFunctions(script, provider, config.theme);
    }
    bindCallbacks(script, config.callbacks, settings.callbackFunctions);
    bindEvents(script, config.events, settings.eventFunctions);
}

} // namespace Gatehouse
