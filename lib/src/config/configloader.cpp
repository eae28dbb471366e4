#include <gatehouse/configloader.h>
#include <gatehouse/serversettings.h>

#include "config/adminclient.h"
#include "config/configcheck.h"

#include "config/jsonreader.h"
#include "config/messages.h"
#include "config/providerreader.h"
#include "config/secretsources.h"
#include "config/accessreader.h"
#include "config/oidcproviderreader.h"
#include "config/sections.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>

namespace Gatehouse {

using namespace ConfigDetail;

bool ConfigResult::isValid() const
{
    return errors().isEmpty();
}

QList<ConfigProblem> ConfigResult::errors() const
{
    QList<ConfigProblem> result;
    std::copy_if(problems.cbegin(), problems.cend(), std::back_inserter(result),
                 [](const ConfigProblem &p) { return p.severity == ConfigProblem::Severity::Error; });
    return result;
}

QList<ConfigProblem> ConfigResult::warnings() const
{
    QList<ConfigProblem> result;
    std::copy_if(problems.cbegin(), problems.cend(), std::back_inserter(result),
                 [](const ConfigProblem &p) { return p.severity == ConfigProblem::Severity::Warning; });
    return result;
}

QString providerEnvironmentName(const QString &providerId)
{
    QString name = providerId.toUpper();
    name.replace(u'-', u'_');
    return name;
}

bool parseListenAddress(const QString &text, QHostAddress *address, quint16 *port)
{
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon <= 0)
        return false;
    QString host = text.left(colon);
    const bool bracketed = host.startsWith(u'[') && host.endsWith(u']');
    if (bracketed)
        host = host.mid(1, host.size() - 2);
    QHostAddress parsed;
    if (host == QLatin1String("localhost"))
        parsed = QHostAddress(QHostAddress::LocalHost);
    else if (!parsed.setAddress(host) || (parsed.protocol() == QAbstractSocket::IPv6Protocol) != bracketed)
        return false;
    bool ok = false;
    const uint number = text.mid(colon + 1).toUInt(&ok);
    if (!ok || number > 65535)  // 0: a free port the system picks (the log names it)
        return false;
    if (address)
        *address = parsed;
    if (port)
        *port = quint16(number);
    return true;
}

namespace {

constexpr qsizetype recommendedSecretLength = 32;

// The first non-empty variable of \a names, or an empty string.
QString firstSet(const QProcessEnvironment &env, const QStringList &names)
{
    for (const QString &name : names) {
        if (!env.value(name).isEmpty())
            return name;
    }
    return {};
}

// secretFile: a file name or a list of them, each file holding one secret (newest first).
void readSecretFiles(ObjectReader &root, const QString &baseDir, QList<std::pair<QString, QString>> &found)
{
    const QString key = QStringLiteral("secretFile");
    const QJsonValue v = root.value(key);
    if (v.isUndefined())
        return;
    if (root.has(QStringLiteral("secret"))) {
        root.error(key, Messages::ValueOrFile, {QStringLiteral("secret"), key});
        return;
    }
    QList<std::pair<QString, QJsonValue>> names;   // (where, file name)
    if (v.isArray() && !v.toArray().isEmpty()) {
        const QJsonArray list = v.toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            names.append({QStringLiteral("secretFile[%1]").arg(i), list.at(i)});
    } else {
        names.append({key, v});
    }
    for (const auto &[where, name] : std::as_const(names)) {
        if (!name.isString() || name.toString().isEmpty()) {
            root.problems().error(where, Messages::FileOrFiles);
            continue;
        }
        if (const std::optional<QString> value = readSecretFile(name.toString(), baseDir, where, root.problems()))
            found.append({where, *value});
    }
}

void readSecret(ObjectReader &root, const QProcessEnvironment &env, const QString &baseDir,
                const ConfigLoadOptions &options, QStringList &secret)
{
    QList<std::pair<QString, QString>> found;   // (where, value)
    readSecretFiles(root, baseDir, found);
    const bool inFile = root.has(QStringLiteral("secret")) || root.has(QStringLiteral("secretFile"));
    const QJsonValue v = root.value(QStringLiteral("secret"));
    if (v.isString() && !v.toString().isEmpty()) {
        found.append({QStringLiteral("secret"), v.toString()});
    } else if (v.isString()) {
        root.error(QStringLiteral("secret"), Messages::MustNotBeEmpty);
    } else if (v.isArray()) {
        const QJsonArray list = v.toArray();
        if (list.isEmpty())
            root.error(QStringLiteral("secret"), Messages::NotAnEmptyList);
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString where = QStringLiteral("secret[%1]").arg(i);
            if (list.at(i).isString() && !list.at(i).toString().isEmpty())
                found.append({where, list.at(i).toString()});
            else
                root.problems().error(where, Messages::NonEmptyString);
        }
    } else if (!v.isUndefined()) {
        root.error(QStringLiteral("secret"), Messages::StringOrStrings);
    }

    const QStringList variables = {QStringLiteral("AUTH_SECRET"), QStringLiteral("NEXTAUTH_SECRET"),
                                   QStringLiteral("AUTH_SECRET_1"), QStringLiteral("AUTH_SECRET_2"),
                                   QStringLiteral("AUTH_SECRET_3")};
    if (!inFile) {
        const QString primary = firstSet(env, variables.mid(0, 2));
        if (!primary.isEmpty())
            found.append({primary, env.value(primary)});
        for (const QString &name : variables.mid(2)) {
            if (!env.value(name).isEmpty())
                found.append({name, env.value(name)});
        }
    } else {
        for (const QString &name : variables) {
            if (!env.value(name).isEmpty())
                root.problems().warning(name, Messages::SecretInFileWins);
        }
    }

    for (const auto &[where, value] : std::as_const(found)) {
        if (value.size() < recommendedSecretLength)
            root.problems().warning(where, Messages::SecretTooShort, {QString::number(recommendedSecretLength)});
        secret.append(value);
    }
    if (!inFile && found.isEmpty() && options.requireSecret)
        root.error(QStringLiteral("secret"), Messages::SecretMissing);
}

void readUrlAndBasePath(ObjectReader &root, const QProcessEnvironment &env, Config &config)
{
    QString urlSource = QStringLiteral("url");
    if (const auto url = root.httpUrl(QStringLiteral("url"))) {
        config.url = QUrl(*url);
    } else if (!root.has(QStringLiteral("url"))) {
        urlSource = firstSet(env, {QStringLiteral("AUTH_URL"), QStringLiteral("NEXTAUTH_URL")});
        if (!urlSource.isEmpty() && isHttpUrl(env.value(urlSource)))
            config.url = QUrl(env.value(urlSource));
        else if (!urlSource.isEmpty())
            root.problems().error(urlSource, Messages::NotHttpUrl);
    }
    QString urlPath = config.url.path();
    while (urlPath.endsWith(u'/'))
        urlPath.chop(1);

    if (const auto basePath = root.string(QStringLiteral("basePath"))) {
        config.basePath = *basePath;  // checkConfig() says what may be wrong with it
        if (!basePathProblem(*basePath) && !urlPath.isEmpty() && urlPath != *basePath)
            root.problems().warning(urlSource, Messages::UrlPathDiffers, {urlPath, *basePath});
    } else if (!root.has(QStringLiteral("basePath")) && !urlPath.isEmpty()) {
        const char *problem = basePathProblem(urlPath, true);
        if (!problem)
            config.basePath = urlPath;
        else
            root.problems().error(urlSource, problem);
    }
}

void readFlags(ObjectReader &root, const QProcessEnvironment &env, Config &config)
{
    config.debug = root.boolean(QStringLiteral("debug")).value_or(config.debug);
    config.skipCSRFCheck = root.boolean(QStringLiteral("skipCSRFCheck")).value_or(config.skipCSRFCheck);
    config.useSecureCookies = root.boolean(QStringLiteral("useSecureCookies"));

    if (const auto trustHost = root.boolean(QStringLiteral("trustHost"))) {
        config.trustHost = *trustHost;
    } else if (!root.has(QStringLiteral("trustHost"))) {
        const QString text = env.value(QStringLiteral("AUTH_TRUST_HOST")).toLower();
        if (text == QLatin1String("true") || text == QLatin1String("1") || text == QLatin1String("yes"))
            config.trustHost = true;
        else if (text.isEmpty())  // as next-auth: a deployment that sets AUTH_URL trusts its host
            config.trustHost = !firstSet(env, {QStringLiteral("AUTH_URL"), QStringLiteral("NEXTAUTH_URL")}).isEmpty();
        else if (text != QLatin1String("false") && text != QLatin1String("0")
                 && text != QLatin1String("no"))
            root.problems().error(QStringLiteral("AUTH_TRUST_HOST"), Messages::TrustHostValues);
    }

    if (const auto proxy = root.httpUrl(QStringLiteral("redirectProxyUrl"))) {
        config.redirectProxyUrl = *proxy;
    } else if (!root.has(QStringLiteral("redirectProxyUrl"))) {
        const QString proxyEnv = env.value(QStringLiteral("AUTH_REDIRECT_PROXY_URL"));
        if (isHttpUrl(proxyEnv))
            config.redirectProxyUrl = proxyEnv;
        else if (!proxyEnv.isEmpty())
            root.problems().error(QStringLiteral("AUTH_REDIRECT_PROXY_URL"), Messages::NotHttpUrl);
    }
}

// 1-based line and column of a QJsonParseError::offset in \a data (columns count characters).
// Qt reports the offset just after the character that failed to parse; point at that character.
std::pair<int, int> position(const QByteArray &data, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset - 1, 0, data.size());
    const QByteArray before = data.left(offset);
    const qsizetype lineStart = before.lastIndexOf('\n') + 1;
    const int line = int(before.count('\n')) + 1;
    const int column = int(QString::fromUtf8(before.mid(lineStart)).size()) + 1;
    return {line, column};
}

} // namespace

ServerConfigResult loadServerConfig(const QJsonObject &json, const QProcessEnvironment &environment,
                                    const QString &baseDir, const ConfigLoadOptions &options)
{
    ServerConfigResult result;
    ProblemList problems;
    const QProcessEnvironment env = withSecretFiles(environment, problems);
    ObjectReader root(json, QString(), problems);
    Config &config = result.config;

    readSecret(root, env, baseDir, options, config.secret);
    readUrlAndBasePath(root, env, config);
    readFlags(root, env, config);
    readAdapter(root, env, baseDir, result.server);
    readScript(root, baseDir, result.server);
    readExperimental(root, config.experimental);

    ProviderContext context;
    context.hasScript = root.has(QStringLiteral("callbacksScript"));
    context.baseDir = baseDir;
    config.providers = readProviders(root.value(QStringLiteral("providers")), env, context, problems);

    readSession(root, config.session);
    readJwt(root, config.jwt);
    const bool secureDefault = config.useSecureCookies.value_or(config.url.scheme() == QLatin1String("https"));
    readCookies(root, config.cookies, secureDefault);
    readPages(root, config.pages);
    readAccount(root, config.account);
    readTwoFactor(root, config.twoFactor);
    readTheme(root, config.theme);
    readRateLimit(root, config.rateLimit);
    readTrustedProxies(root, config.trustedProxies);
    readRedirectDomains(root, config.redirectDomains);
    readAccess(root, config.access);
    readOidcProvider(root, baseDir, config.oidcProvider);
    readServer(root, result.server);
    readAdmin(root, result.server);
    addAdminClient(root, result.server.admin, config.oidcProvider);
    if (!result.server.adminListen.isEmpty() && !result.server.admin.enabled)
        problems.error(QStringLiteral("server.adminListen"), Messages::AdminListenNeedsAdmin);
    // Every forward-auth check comes from the proxy's address, which the per-address connection
    // limit would otherwise treat as one busy client.
    if (root.has(QStringLiteral("access")) && config.trustedProxies.isEmpty()
        && result.server.limits.maxConnectionsPerAddress > 0) {
        problems.warning(QStringLiteral("trustedProxies"), Messages::ForwardAuthProxyNotTrusted,
                         {QString::number(result.server.limits.maxConnectionsPerAddress)});
    }
    root.rejectFunctions({QStringLiteral("logger")});
    root.finish();

    // Then what the values mean together. The adapter is opened later (from adapter.url) and
    // the functions come from the callbacks script; a key whose value was refused already is
    // not reported twice.
    ConfigCheckOptions check;
    check.adapterExpected = !result.server.adapterUrl.isEmpty() || root.has(QStringLiteral("adapter"));
    check.functionsBoundLater = true;
    QList<ConfigProblem> semantic = checkConfig(config, check);
    semantic.removeIf([&problems](const ConfigProblem &problem) { return problems.hasErrorAtOrAbove(problem.path); });
    for (const ConfigProblem &problem : std::as_const(semantic))
        problems.append(problem);
    result.problems = problems.take();
    return result;
}

ConfigResult loadConfig(const QJsonObject &json, const QProcessEnvironment &env, const QString &baseDir,
                        const ConfigLoadOptions &options)
{
    return loadServerConfig(json, env, baseDir, options);
}

ServerConfigResult loadServerConfigFile(const QString &path, const QProcessEnvironment &env,
                                        const ConfigLoadOptions &options)
{
    const auto failure = [](const char *text, const QStringList &arguments) {
        ProblemList problems;
        problems.error(QString(), text, arguments);
        ServerConfigResult result;
        result.problems = problems.take();
        return result;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failure(Messages::CannotRead, {path, file.errorString()});
    const QByteArray data = file.readAll();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(data, &error);
    if (error.error != QJsonParseError::NoError) {
        const auto [line, column] = position(data, error.offset);
        return failure(Messages::JsonSyntaxError,
                       {path, QString::number(line), QString::number(column), error.errorString()});
    }
    if (!document.isObject())
        return failure(Messages::NotAJsonObject, {path});
    return loadServerConfig(document.object(), env, QFileInfo(path).absolutePath(), options);
}

ConfigResult loadConfigFile(const QString &path, const QProcessEnvironment &env, const ConfigLoadOptions &options)
{
    return loadServerConfigFile(path, env, options);
}

} // namespace Gatehouse
