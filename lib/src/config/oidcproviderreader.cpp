#include "config/oidcproviderreader.h"

#include "config/accessreader.h"
#include "config/messages.h"
#include "config/secretsources.h"
#include "oidcprovider/redirecturi.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace Gatehouse::ConfigDetail {

namespace {

// As for AUTH_SECRET: shorter secrets are a warning, not an error.
constexpr qsizetype recommendedSecretLength = 32;

std::optional<QStringList> stringList(ObjectReader &r, const QString &key)
{
    const QJsonValue value = r.value(key);
    if (value.isUndefined())
        return std::nullopt;
    const QJsonArray list = value.toArray();
    if (!value.isArray() || !std::all_of(list.begin(), list.end(), [](const QJsonValue &v) { return v.isString(); })) {
        r.error(key, Messages::StringList);
        return std::nullopt;
    }
    QStringList result;
    for (const QJsonValue &v : list)
        result.append(v.toString());  // as written: URIs are compared exactly
    return result;
}

OidcClient readClient(ObjectReader &r, const QString &baseDir)
{
    OidcClient client;
    client.clientId = r.string(QStringLiteral("clientId")).value_or(QString());
    client.name = r.string(QStringLiteral("name")).value_or(QString());
    QJsonObject secret;
    if (r.has(QStringLiteral("clientSecret"))) {
        if (const auto value = r.string(QStringLiteral("clientSecret")))
            secret.insert(QStringLiteral("clientSecret"), *value);
    }
    readSecretFileKey(r, secret, QStringLiteral("clientSecretFile"), QStringLiteral("clientSecret"), baseDir);
    client.clientSecret = secret.value(QStringLiteral("clientSecret")).toString();
    client.isPublic = r.boolean(QStringLiteral("public")).value_or(false);
    client.redirectUris = stringList(r, QStringLiteral("redirectUris")).value_or(QStringList());
    client.postLogoutRedirectUris = stringList(r, QStringLiteral("postLogoutRedirectUris")).value_or(QStringList());
    client.scopes = stringList(r, QStringLiteral("scopes")).value_or(client.scopes);
    if (r.has(QStringLiteral("access"))) {
        if (const auto policy = readAccessPolicy(r, QStringLiteral("access")))
            client.access = *policy;
    }
    client.consent = r.boolean(QStringLiteral("consent")).value_or(client.consent);
    client.backchannelLogoutUri = r.httpUrl(QStringLiteral("backchannelLogoutUri")).value_or(QString());
    client.backchannelLogoutSessionRequired =
        r.boolean(QStringLiteral("backchannelLogoutSessionRequired")).value_or(client.backchannelLogoutSessionRequired);
    client.idTokenSignedResponseAlg =
        r.string(QStringLiteral("idTokenSignedResponseAlg")).value_or(client.idTokenSignedResponseAlg);
    client.grantTypes = stringList(r, QStringLiteral("grantTypes")).value_or(client.grantTypes);
    return client;
}

std::pair<const char *, QStringList> redirectUriMessage(OidcProvider::RedirectUriProblem problem)
{
    using P = OidcProvider::RedirectUriProblem;
    switch (problem) {
    case P::NotAbsolute:
        return {Messages::RedirectUriNotAbsolute, {}};
    case P::Fragment:
        return {Messages::RedirectUriFragment, {}};
    case P::UserInfo:
        return {Messages::RedirectUriUserInfo, {}};
    case P::Wildcard:
        return {Messages::RedirectUriWildcard, {}};
    case P::SchemeNotAllowed:
        return {Messages::RedirectUriScheme, {}};
    case P::HttpNotLoopback:
        return {Messages::RedirectUriHttp, {}};
    case P::NoHost:
        return {Messages::RedirectUriNoHost, {}};
    case P::TooLong:
        break;
    }
    return {Messages::RedirectUriTooLong, {QString::number(OidcProvider::maxRedirectUriLength)}};
}

void checkUris(const QStringList &uris, const QString &where, ProblemList &problems)
{
    for (qsizetype j = 0; j < uris.size(); ++j) {
        if (const auto problem = OidcProvider::redirectUriProblem(uris.at(j))) {
            const auto [text, arguments] = redirectUriMessage(*problem);
            problems.error(QStringLiteral("%1[%2]").arg(where).arg(j), text, arguments);
        }
    }
}

void checkClient(const OidcClient &client, const QString &at, QHash<QString, qsizetype> &seen, qsizetype index,
                 ProblemList &problems)
{
    // Client ids travel in URLs and in Basic authentication, where ':' and '%' would need escaping.
    static const QRegularExpression idPattern(QStringLiteral("^[A-Za-z0-9._~-]{1,128}$"));
    const QString idPath = at + QStringLiteral(".clientId");
    if (client.clientId.isEmpty())
        problems.error(idPath, Messages::Missing);
    else if (!idPattern.match(client.clientId).hasMatch())
        problems.error(idPath, Messages::ClientIdCharacters);
    else if (seen.contains(client.clientId))
        problems.error(idPath, Messages::DuplicateClientId, {client.clientId, QString::number(seen.value(client.clientId))});
    else
        seen.insert(client.clientId, index);

    // Shown on the consent and account pages (escaped there): a line of text a person can read.
    const bool control = std::any_of(client.name.cbegin(), client.name.cend(), [](QChar c) { return c.category() == QChar::Other_Control; });
    if (client.name.size() > 100 || control || (!client.name.isEmpty() && client.name.trimmed().isEmpty()))
        problems.error(at + QStringLiteral(".name"), Messages::ClientName);

    const QString secretPath = at + QStringLiteral(".clientSecret");
    if (client.isPublic && !client.clientSecret.isEmpty())
        problems.error(secretPath, Messages::PublicClientSecret);
    else if (!client.isPublic && client.clientSecret.isEmpty())
        problems.error(secretPath, Messages::ClientSecretMissing);
    else if (!client.isPublic && client.clientSecret.size() < recommendedSecretLength)
        problems.warning(secretPath, Messages::SecretTooShort, {QString::number(recommendedSecretLength)});

    // A confidential client without redirect URIs can still use client_credentials; a public one cannot.
    if (client.isPublic && client.redirectUris.isEmpty())
        problems.error(at + QStringLiteral(".redirectUris"), Messages::PublicClientNoRedirectUri);
    checkUris(client.redirectUris, at + QStringLiteral(".redirectUris"), problems);
    checkUris(client.postLogoutRedirectUris, at + QStringLiteral(".postLogoutRedirectUris"), problems);

    const QStringList known = OidcProviderOptions::knownScopes();
    for (qsizetype j = 0; j < client.scopes.size(); ++j) {
        if (!known.contains(client.scopes.at(j)))
            problems.error(QStringLiteral("%1.scopes[%2]").arg(at).arg(j), Messages::OneOf, {known.join(QStringLiteral(", "))});
    }

    const QString accessPath = at + QStringLiteral(".access");
    if (client.access.kind == AccessPolicy::Kind::Bypass)
        problems.error(accessPath, Messages::OidcAccessShape);
    checkAccessPolicy(client.access, accessPath, problems);

    if (!client.backchannelLogoutUri.isEmpty()) {
        const QString path = at + QStringLiteral(".backchannelLogoutUri");
        if (!isHttpUrl(client.backchannelLogoutUri))
            problems.error(path, Messages::MustBeHttpUrl);
        else if (const auto problem = OidcProvider::redirectUriProblem(client.backchannelLogoutUri)) {
            // The rules of a redirect URI (no fragment: Back-Channel Logout 1.0 §2.2); plain
            // http only where no one on the way can read the token naming the person.
            if (*problem == OidcProvider::RedirectUriProblem::HttpNotLoopback) {
                problems.error(path, Messages::BackchannelLogoutUriHttp);
            } else {
                const auto [text, arguments] = redirectUriMessage(*problem);
                problems.error(path, text, arguments);
            }
        }
    }

    const QString grantsPath = at + QStringLiteral(".grantTypes");
    const QStringList grantTypes = OidcProviderOptions::grantTypeNames();
    for (qsizetype j = 0; j < client.grantTypes.size(); ++j) {
        if (!grantTypes.contains(client.grantTypes.at(j)))
            problems.error(QStringLiteral("%1[%2]").arg(grantsPath).arg(j), Messages::OneOf, {grantTypes.join(QStringLiteral(", "))});
    }
    const bool code = client.grantTypes.contains(QStringLiteral("authorization_code"));
    const bool machine = client.grantTypes.contains(QStringLiteral("client_credentials"));
    if (!code && !machine)
        problems.error(grantsPath, Messages::GrantTypesNeedCode);
    else if (code && client.scopes.contains(QStringLiteral("offline_access")) && !client.grantTypes.contains(QStringLiteral("refresh_token")))
        problems.warning(at + QStringLiteral(".scopes"), Messages::OfflineAccessNeedsRefresh);
    // Its only proof of who asks is the secret.
    if (machine && client.isPublic)
        problems.error(grantsPath, Messages::ClientCredentialsNeedSecret);

    const QStringList algorithms = OidcProviderOptions::signingAlgorithms();
    if (!algorithms.contains(client.idTokenSignedResponseAlg))
        problems.error(at + QStringLiteral(".idTokenSignedResponseAlg"), Messages::OneOf,
                       {algorithms.join(QStringLiteral(", "))});
}

} // namespace

void readOidcProvider(ObjectReader &root, const QString &baseDir, std::optional<OidcProviderOptions> &provider)
{
    const auto object = root.object(QStringLiteral("oidcProvider"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("oidcProvider")), root.problems());
    OidcProviderOptions options;
    // Range-checked by checkOidcProvider(), which a library user's Config meets too.
    options.refreshTokenLifetime = r.integer(QStringLiteral("refreshTokenLifetime"), 1).value_or(options.refreshTokenLifetime);
    options.refreshTokenIdleLifetime =
        r.integer(QStringLiteral("refreshTokenIdleLifetime"), 1).value_or(options.refreshTokenIdleLifetime);
    const QJsonValue clients = r.value(QStringLiteral("clients"));
    if (!clients.isUndefined() && !clients.isArray())
        r.error(QStringLiteral("clients"), Messages::MustBeList);
    const QJsonArray list = clients.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(r.pathOf(QStringLiteral("clients"))).arg(i);
        if (!list.at(i).isObject()) {
            r.problems().error(where, Messages::MustBeObject);
            options.clients.append(OidcClient());  // keeps the indices of the clients after it
            continue;
        }
        ObjectReader client(list.at(i).toObject(), where, r.problems());
        options.clients.append(readClient(client, baseDir));
        client.finish();
    }
    r.finish();
    provider = std::move(options);
}

void checkOidcProvider(const std::optional<OidcProviderOptions> &provider, ProblemList &problems)
{
    if (!provider)
        return;
    constexpr qint64 shortestLifetime = 300;
    constexpr qint64 longestLifetime = 366LL * 24 * 3600;
    constexpr qint64 shortestIdle = 60;
    if (provider->refreshTokenLifetime < shortestLifetime || provider->refreshTokenLifetime > longestLifetime) {
        problems.error(QStringLiteral("oidcProvider.refreshTokenLifetime"), Messages::IntegerFromTo,
                       {QString::number(shortestLifetime), QString::number(longestLifetime)});
    } else if (provider->refreshTokenIdleLifetime > provider->refreshTokenLifetime) {
        problems.error(QStringLiteral("oidcProvider.refreshTokenIdleLifetime"), Messages::IdleLongerThanLifetime,
                       {QString::number(provider->refreshTokenLifetime)});
    }
    if (provider->refreshTokenIdleLifetime < shortestIdle) {
        problems.error(QStringLiteral("oidcProvider.refreshTokenIdleLifetime"), Messages::IntegerFromTo,
                       {QString::number(shortestIdle), QStringLiteral("refreshTokenLifetime")});
    }
    QHash<QString, qsizetype> seen;
    for (qsizetype i = 0; i < provider->clients.size(); ++i)
        checkClient(provider->clients.at(i), QStringLiteral("oidcProvider.clients[%1]").arg(i), seen, i, problems);
}

} // namespace Gatehouse::ConfigDetail
