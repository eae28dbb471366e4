#include "config/providerreader.h"

#include "config/messages.h"
#include "config/secretsources.h"

#include <gatehouse/configloader.h>
#include <gatehouse/providers.h>

#include "mail/message.h"
#include "mail/smtpsettings.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSslCertificate>

namespace Gatehouse::ConfigDetail {

namespace {

// A URL given as a string, or an object {url, params} (authorization, token, userinfo).
void readEndpoint(ObjectReader &provider, const QString &key)
{
    const QJsonValue v = provider.value(key);
    if (v.isUndefined())
        return;
    if (v.isString()) {
        provider.httpUrl(key);
        return;
    }
    if (!v.isObject()) {
        provider.error(key, Messages::EndpointShape);
        return;
    }
    ObjectReader endpoint(v.toObject(), provider.pathOf(key), provider.problems());
    endpoint.httpUrl(QStringLiteral("url"));
    if (const auto params = endpoint.object(QStringLiteral("params"))) {
        for (auto it = params->constBegin(); it != params->constEnd(); ++it) {
            if (!it->isString() && !it->isDouble() && !it->isBool())
                endpoint.problems().error(endpoint.pathOf(QStringLiteral("params.") + it.key()), Messages::ParamValue);
        }
    }
    endpoint.rejectFunctions({QStringLiteral("request"), QStringLiteral("conform")});
    endpoint.finish();
}

// The styling of a provider's sign-in button.
void readStyle(ObjectReader &provider)
{
    const auto style = provider.object(QStringLiteral("style"));
    if (!style)
        return;
    ObjectReader r(*style, provider.pathOf(QStringLiteral("style")), provider.problems());
    if (const auto logo = r.string(QStringLiteral("logo"));
        logo && !logo->startsWith(u'/') && !isHttpUrl(*logo))
        r.error(QStringLiteral("logo"), Messages::HttpUrlOrPath);
    for (const QString &key : {QStringLiteral("brandColor"), QStringLiteral("bg"), QStringLiteral("text")}) {
        const auto colour = r.string(key);
        if (colour && !isCssColour(*colour))
            r.error(key, Messages::NotCssColour);
        else if (colour && key != QLatin1String("brandColor"))
            r.warning(key, Messages::UseBrandColor);
    }
    r.finish();
}

// Input fields of a credentials or WebAuthn form: {name: {label, type, placeholder, ...}}.
void readFormFields(ObjectReader &provider, const QString &key)
{
    const auto fields = provider.object(key);
    if (!fields)
        return;
    for (auto it = fields->constBegin(); it != fields->constEnd(); ++it) {
        const QString path = provider.pathOf(key) + u'.' + it.key();
        if (!it->isObject()) {
            provider.problems().error(path, Messages::FormFieldShape);
            continue;
        }
        ObjectReader field(it->toObject(), path, provider.problems());
        field.string(QStringLiteral("label"));
        field.string(QStringLiteral("type"));
        field.string(QStringLiteral("placeholder"));
        field.string(QStringLiteral("autocomplete"));
        field.boolean(QStringLiteral("required"));
        field.finish();
    }
}

// Sets \a key from environment variable \a variable when the JSON has no value for it.
void inferFromEnvironment(QJsonObject &options, const QString &key, const QString &variable,
                          const QProcessEnvironment &env, ProblemList &problems,
                          bool mustBeUrl = false)
{
    if (options.contains(key) || env.value(variable).isEmpty())
        return;
    const QString value = env.value(variable);
    if (mustBeUrl && !isHttpUrl(value)) {
        problems.error(variable, Messages::NotHttpUrl);
        return;
    }
    options.insert(key, value);
}

// client: {token_endpoint_auth_method, id_token_signed_response_alg}.
void readClient(ObjectReader &provider)
{
    const auto client = provider.object(QStringLiteral("client"));
    if (!client)
        return;
    ObjectReader r(*client, provider.pathOf(QStringLiteral("client")), provider.problems());
    r.choice(QStringLiteral("token_endpoint_auth_method"),
             {QStringLiteral("client_secret_basic"), QStringLiteral("client_secret_post"), QStringLiteral("none")});
    r.choice(QStringLiteral("id_token_signed_response_alg"),
             {QStringLiteral("RS256"), QStringLiteral("RS384"), QStringLiteral("RS512"), QStringLiteral("PS256"),
              QStringLiteral("PS384"), QStringLiteral("PS512"), QStringLiteral("ES256"), QStringLiteral("ES384"),
              QStringLiteral("ES512"), QStringLiteral("EdDSA"), QStringLiteral("HS256"), QStringLiteral("HS384"),
              QStringLiteral("HS512")});
    r.finish();
}

// profileMapping: {id|name|email|image: "path" | ["path", ...] | "template {path}" | null}.
void readProfileMapping(ObjectReader &provider)
{
    const auto mapping = provider.object(QStringLiteral("profileMapping"));
    if (!mapping)
        return;
    ObjectReader r(*mapping, provider.pathOf(QStringLiteral("profileMapping")), provider.problems());
    for (const QString &field : {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("email"), QStringLiteral("image")}) {
        const QJsonValue rule = r.value(field);
        bool valid = rule.isUndefined() || rule.isNull() || (rule.isString() && !rule.toString().isEmpty());
        if (rule.isArray()) {
            valid = !rule.toArray().isEmpty();
            for (const QJsonValue &path : rule.toArray())
                valid = valid && path.isString() && !path.toString().isEmpty();
        }
        if (!valid)
            r.error(field, Messages::ClaimPath);
    }
    r.finish();
}

// groups: {claim: "claim path", mode: "replace" | "merge"} (oauth/providersettings.h).
void readGroupsClaim(ObjectReader &provider)
{
    const auto groups = provider.object(QStringLiteral("groups"));
    if (!groups)
        return;
    ObjectReader r(*groups, provider.pathOf(QStringLiteral("groups")), provider.problems());
    r.string(QStringLiteral("claim"));  // default "groups"
    // No default: replacing would silently drop the groups an administrator set.
    if (!r.has(QStringLiteral("mode")))
        r.error(QStringLiteral("mode"), Messages::OneOf, {QStringLiteral("replace, merge")});
    r.choice(QStringLiteral("mode"), {QStringLiteral("replace"), QStringLiteral("merge")});
    r.finish();
}

// A key naming a function of the callbacks script (profile, account, normalizeIdentifier, ...).
void readFunctionName(ObjectReader &r, const QString &key, const ProviderContext &context)
{
    const QJsonValue name = r.value(key);
    if (name.isUndefined())
        return;
    if (!isFunctionName(name.toString()))
        r.error(key, Messages::FunctionName);
    else if (!context.hasScript)
        r.error(key, Messages::NeedsScript);
}

void readOAuth(ObjectReader &r, bool oidc, QJsonObject &options,
               const QProcessEnvironment &env, const QString &envName, const ProviderContext &context)
{
    const QString prefix = QStringLiteral("AUTH_") + envName;
    readSecretFileKey(r, options, QStringLiteral("clientSecretFile"), QStringLiteral("clientSecret"), context.baseDir);
    inferFromEnvironment(options, QStringLiteral("clientId"), prefix + QStringLiteral("_ID"), env, r.problems());
    inferFromEnvironment(options, QStringLiteral("clientSecret"), prefix + QStringLiteral("_SECRET"), env, r.problems());
    inferFromEnvironment(options, QStringLiteral("issuer"), prefix + QStringLiteral("_ISSUER"), env, r.problems(), true);

    r.string(QStringLiteral("clientId"));
    if (!options.contains(QStringLiteral("clientId")))
        r.error(QStringLiteral("clientId"), Messages::ClientIdMissing, {prefix});
    r.string(QStringLiteral("clientSecret"));
    const bool discovery = options.contains(QStringLiteral("issuer"))
        || options.contains(QStringLiteral("wellKnown"));
    r.httpUrl(QStringLiteral("issuer"));
    r.httpUrl(QStringLiteral("wellKnown"));
    r.httpUrl(QStringLiteral("jwks_endpoint"));
    r.httpUrl(QStringLiteral("redirectProxyUrl"));
    for (const QString &endpoint : {QStringLiteral("authorization"), QStringLiteral("token"),
                                    QStringLiteral("userinfo")})
        readEndpoint(r, endpoint);
    if (!discovery && oidc) {
        r.error(QStringLiteral("issuer"), Messages::IssuerMissing, {prefix});
    } else if (!discovery) {
        for (const QString &endpoint : {QStringLiteral("authorization"), QStringLiteral("token")}) {
            if (!r.has(endpoint))
                r.error(endpoint, Messages::EndpointMissing);
        }
    }
    readClient(r);
    r.boolean(QStringLiteral("allowDangerousEmailAccountLinking"));
    r.boolean(QStringLiteral("idToken"));
    r.boolean(QStringLiteral("endSession"));
    r.boolean(QStringLiteral("accessTokenEndpoint"));
    r.string(QStringLiteral("profileFromToken"));
    readProfileMapping(r);
    readGroupsClaim(r);
    if (const auto http = r.object(QStringLiteral("httpOptions"))) {
        ObjectReader o(*http, r.pathOf(QStringLiteral("httpOptions")), r.problems());
        o.integer(QStringLiteral("timeout"), 1, 600000);
        o.finish();
    }
    const QJsonValue checks = r.value(QStringLiteral("checks"));
    QStringList allowedChecks = {QStringLiteral("none"), QStringLiteral("state"), QStringLiteral("pkce")};
    if (oidc)
        allowedChecks.insert(2, QStringLiteral("nonce"));
    if (checks.isArray()) {
        const QJsonArray list = checks.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString check = list.at(i).toString();
            if (allowedChecks.contains(check))
                continue;
            const QString path = r.pathOf(QStringLiteral("checks[%1]").arg(i));
            if (const std::optional<QString> match = closestMatch(check, allowedChecks))
                r.problems().error(path, Messages::OneOfDidYouMean, {allowedChecks.join(QStringLiteral(", ")), *match});
            else
                r.problems().error(path, Messages::OneOf, {allowedChecks.join(QStringLiteral(", "))});
        }
    } else if (!checks.isUndefined()) {
        r.error(QStringLiteral("checks"), Messages::MustBeList);
    }
    readStyle(r);
    for (const QString &key : {QStringLiteral("profile"), QStringLiteral("account")})
        readFunctionName(r, key, context);
}

// server.tls.ca of an email provider: PEM text, or a PEM file (relative to the configuration's
// folder) read now, so that the provider's options carry the certificates themselves.
std::optional<QString> readCertificates(ObjectReader &tls, const QString &baseDir)
{
    const std::optional<QString> ca = tls.string(QStringLiteral("ca"));
    if (!ca)
        return std::nullopt;
    const QByteArray pemStart = "-----BEGIN CERTIFICATE-----";
    QByteArray pem = ca->toUtf8();
    QString source;   // the file, or empty for PEM text
    if (!ca->trimmed().startsWith(QLatin1String(pemStart))) {
        constexpr qint64 MaxSize = 1024 * 1024;
        source = QDir::cleanPath(QDir(baseDir).absoluteFilePath(*ca));
        QFile file(source);
        if (!file.open(QIODevice::ReadOnly)) {
            tls.error(QStringLiteral("ca"), Messages::CannotRead, {source, file.errorString()});
            return std::nullopt;
        }
        pem = file.read(MaxSize + 1);
        if (pem.size() > MaxSize) {
            tls.error(QStringLiteral("ca"), Messages::CaTooLarge, {source});
            return std::nullopt;
        }
    }
    if (QSslCertificate::fromData(pem, QSsl::Pem).isEmpty()) {
        if (source.isEmpty())
            tls.error(QStringLiteral("ca"), Messages::CaTextNotPem, {QLatin1String(pemStart)});
        else
            tls.error(QStringLiteral("ca"), Messages::CaFileNotPem, {source, QLatin1String(pemStart)});
        return std::nullopt;
    }
    return QString::fromLatin1(pem);
}

// The structure of an email provider's \c server object (see mail/smtpsettings.h).
void readSmtpServer(ObjectReader &r, QJsonObject &options, const ProviderContext &context)
{
    QJsonObject server = r.value(QStringLiteral("server")).toObject();
    ObjectReader s(server, r.pathOf(QStringLiteral("server")), r.problems());
    s.string(QStringLiteral("host"));
    s.integer(QStringLiteral("port"), 1, 65535);
    s.boolean(QStringLiteral("secure"));
    s.boolean(QStringLiteral("ignoreTLS"));
    s.boolean(QStringLiteral("requireTLS"));
    // Milliseconds, as Nodemailer's options.
    s.integer(QStringLiteral("connectionTimeout"), 1, 600000);
    s.integer(QStringLiteral("sendTimeout"), 1, 600000);
    if (const auto auth = s.object(QStringLiteral("auth"))) {
        ObjectReader a(*auth, s.pathOf(QStringLiteral("auth")), r.problems());
        a.string(QStringLiteral("user"));
        a.string(QStringLiteral("pass"));
        a.finish();
    }
    if (const auto tls = s.object(QStringLiteral("tls"))) {
        QJsonObject resolved = *tls;
        ObjectReader t(*tls, s.pathOf(QStringLiteral("tls")), r.problems());
        t.boolean(QStringLiteral("rejectUnauthorized"));
        if (const std::optional<QString> pem = readCertificates(t, context.baseDir)) {
            resolved.insert(QStringLiteral("ca"), *pem);
            server.insert(QStringLiteral("tls"), resolved);
            options.insert(QStringLiteral("server"), server);
        }
        t.finish();
    }
    s.finish();
}

// rateLimit: false, or {perAddress, perClient, windowSeconds} (signin/emailsettings.h).
void readEmailRateLimit(ObjectReader &r)
{
    const QJsonValue limit = r.value(QStringLiteral("rateLimit"));
    if (limit.isObject()) {
        ObjectReader l(limit.toObject(), r.pathOf(QStringLiteral("rateLimit")), r.problems());
        l.integer(QStringLiteral("perAddress"), 1, 1000000);
        l.integer(QStringLiteral("perClient"), 1, 1000000);
        l.integer(QStringLiteral("windowSeconds"), 1, 7 * 86400);
        l.finish();
    } else if (limit == QJsonValue(false)) {
        r.warning(QStringLiteral("rateLimit"), Messages::EmailRateLimitOff);
    } else if (!limit.isUndefined() && !limit.isBool()) {
        r.error(QStringLiteral("rateLimit"), Messages::EmailRateLimitShape);
    }
}

void readEmail(ObjectReader &r, QJsonObject &options, const QProcessEnvironment &env,
               const QString &envName, const ProviderContext &context)
{
    readSecretFileKey(r, options, QStringLiteral("apiKeyFile"), QStringLiteral("apiKey"), context.baseDir);
    inferFromEnvironment(options, QStringLiteral("apiKey"),
                         QStringLiteral("AUTH_%1_KEY").arg(envName), env, r.problems());
    r.string(QStringLiteral("apiKey"));
    r.integer(QStringLiteral("maxAge"), 1);
    QString problem;
    if (const auto from = r.string(QStringLiteral("from")); from && !Mail::Mailbox::parse(*from, &problem))
        r.problems().untranslatedError(r.pathOf(QStringLiteral("from")), problem);
    else if (!r.has(QStringLiteral("from")))
        r.error(QStringLiteral("from"), Messages::FromMissing);
    const QJsonValue server = r.value(QStringLiteral("server"));
    if (server.isObject())
        readSmtpServer(r, options, context);
    else if (!server.isUndefined() && !server.isString())
        r.error(QStringLiteral("server"), Messages::SmtpServerShape);
    // What the structure allows must also make sense together (a host, TLS flags that agree):
    // the same reading the provider gets when it sends. A JavaScript sendVerificationRequest
    // sends by itself and needs no server.
    const bool ownSender = r.has(QStringLiteral("sendVerificationRequest"));
    const QString serverPath = r.pathOf(QStringLiteral("server"));
    if (!r.problems().hasErrorUnder(serverPath) && !(ownSender && server.isUndefined())
        && !Mail::SmtpSettings::fromJson(options.value(QStringLiteral("server")),
                                         options.value(QStringLiteral("apiKey")).toString(), &problem)) {
        const qsizetype colon = problem.indexOf(QLatin1String(": "));
        r.problems().untranslatedError(r.pathOf(problem.left(colon)), problem.mid(colon + 2));
    }
    readEmailRateLimit(r);
    for (const QString &key : {QStringLiteral("normalizeIdentifier"), QStringLiteral("sendVerificationRequest")})
        readFunctionName(r, key, context);
    r.rejectFunctions({QStringLiteral("generateVerificationToken")});
}

// The built-in password table signs in with these two form fields.
void readBuiltinCredentials(ObjectReader &r)
{
    // readFormFields() has reported a "credentials" that is not an object.
    if (const QJsonValue fields = r.value(QStringLiteral("credentials")); fields.isObject()) {
        for (const QString &name : {QStringLiteral("email"), QStringLiteral("password")}) {
            if (!fields.toObject().contains(name))
                r.error(QStringLiteral("credentials"), Messages::BuiltinNeedsField, {name});
        }
    }
}

void readCredentials(ObjectReader &r, const ProviderContext &context)
{
    readFormFields(r, QStringLiteral("credentials"));
    const QJsonValue authorize = r.value(QStringLiteral("authorize"));
    if (authorize.isUndefined())
        r.error(QStringLiteral("authorize"), Messages::AuthorizeMissing);
    else if (authorize.toString() == QLatin1String("builtin"))
        readBuiltinCredentials(r);
    else if (!isFunctionName(authorize.toString()))
        r.error(QStringLiteral("authorize"), Messages::FunctionName);
    else if (!context.hasScript)
        r.error(QStringLiteral("authorize"), Messages::NeedsScript);
}

void readWebAuthn(ObjectReader &r)
{
    if (const auto rp = r.object(QStringLiteral("relayingParty"))) {
        ObjectReader p(*rp, r.pathOf(QStringLiteral("relayingParty")), r.problems());
        p.string(QStringLiteral("id"));
        p.string(QStringLiteral("name"));
        p.httpUrl(QStringLiteral("origin"));
        p.finish();
    }
    r.boolean(QStringLiteral("enableConditionalUI"));
    readFormFields(r, QStringLiteral("formFields"));
    if (const auto options = r.object(QStringLiteral("registrationOptions"))) {
        const QString path = r.pathOf(QStringLiteral("registrationOptions"));
        ObjectReader o(*options, path, r.problems());
        const QJsonValue algorithms = o.value(QStringLiteral("supportedAlgorithmIDs"));
        if (!algorithms.isUndefined()) {
            // COSE algorithm identifiers: -8 EdDSA, -7 ES256, -257 RS256.
            static const QList<int> known = {-8, -7, -257};
            bool valid = algorithms.isArray() && !algorithms.toArray().isEmpty();
            for (const QJsonValue &id : algorithms.toArray())
                valid = valid && id.isDouble() && known.contains(id.toInt());
            if (!valid)
                o.error(QStringLiteral("supportedAlgorithmIDs"), Messages::AlgorithmIds);
        }
        o.finish();
    }
}

/*
 * \a entry, or when it has an id but no type, the built-in provider of that id with \a entry
 * as its overrides (clientId, issuer, authorization.params, ...). Nullopt for an unknown id.
 */
std::optional<QJsonObject> resolveBuiltin(const QJsonObject &entry, const QString &path, ProblemList &problems)
{
    const QJsonValue id = entry.value(QStringLiteral("id"));
    if (entry.contains(QStringLiteral("type")) || !id.isString() || id.toString().isEmpty())
        return entry;
    if (!isBuiltinProvider(id.toString())) {
        if (const std::optional<QString> match = closestMatch(id.toString(), builtinProviderIds()))
            problems.error(path + QStringLiteral(".id"), Messages::NotBuiltinDidYouMean, {id.toString(), *match});
        else
            problems.error(path + QStringLiteral(".id"), Messages::NotBuiltin, {id.toString()});
        return std::nullopt;
    }
    const Provider builtin = builtinProvider(id.toString(), entry);
    QJsonObject resolved = builtin.options;
    resolved.insert(QStringLiteral("id"), builtin.id);
    resolved.insert(QStringLiteral("name"), builtin.name);
    resolved.insert(QStringLiteral("type"), builtin.type);
    return resolved;
}

} // namespace

bool isFunctionName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*$"));
    return pattern.match(name).hasMatch();
}

QList<Provider> readProviders(const QJsonValue &value, const QProcessEnvironment &env,
                              const ProviderContext &context, ProblemList &problems)
{
    QList<Provider> result;
    if (value.isUndefined()) {
        problems.warning(QStringLiteral("providers"), Messages::NoProviders);
        return result;
    }
    if (!value.isArray()) {
        problems.error(QStringLiteral("providers"), Messages::MustBeList);
        return result;
    }
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = QStringLiteral("providers[%1]").arg(i);
        if (!list.at(i).isObject()) {
            problems.error(path, Messages::ProviderShape);
            continue;
        }
        std::optional<QJsonObject> entry = resolveBuiltin(list.at(i).toObject(), path, problems);
        if (!entry)
            continue;
        ObjectReader r(*entry, path, problems);
        Provider provider;
        provider.id = r.string(QStringLiteral("id")).value_or(QString());
        if (!r.has(QStringLiteral("id")))
            r.error(QStringLiteral("id"), Messages::Missing);
        provider.name = r.string(QStringLiteral("name")).value_or(QString());
        if (!r.has(QStringLiteral("name")))
            r.error(QStringLiteral("name"), Messages::Missing);
        if (!r.has(QStringLiteral("type"))) {
            r.value(QStringLiteral("type"));
            r.error(QStringLiteral("type"), Messages::ProviderTypeMissing, {Provider::types().join(QStringLiteral(", "))});
            continue;
        }
        const std::optional<QString> type = r.choice(QStringLiteral("type"), Provider::types());
        if (!type)
            continue;
        provider.type = *type;
        provider.options = *entry;
        for (const QString &key : {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("type")})
            provider.options.remove(key);

        const QString envName = providerEnvironmentName(provider.id);
        if (provider.isOAuth())
            readOAuth(r, provider.isOidc(), provider.options, env, envName, context);
        else if (provider.isEmail())
            readEmail(r, provider.options, env, envName, context);
        else if (provider.isCredentials())
            readCredentials(r, context);
        else
            readWebAuthn(r);
        r.finish();
        result.append(provider);
    }
    return result;
}

} // namespace Gatehouse::ConfigDetail
