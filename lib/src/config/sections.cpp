#include "config/sections.h"

#include <gatehouse/groupstore.h>
#include <gatehouse/sqladapter.h>

#include "config/accessreader.h"
#include "config/messages.h"
#include "config/providerreader.h"
#include "config/secretsources.h"

#include <QDir>
#include <QJsonArray>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>

namespace Gatehouse::ConfigDetail {

namespace {

// A page or logo location: a path on this site or an absolute http(s) URL.
bool isPathOrHttpUrl(const QString &text)
{
    return (text.startsWith(u'/') && !text.startsWith(QLatin1String("//"))) || isHttpUrl(text);
}

void readCookieOptions(ObjectReader &cookie, CookieOptions &options, bool secureDefault)
{
    options.secure = secureDefault;
    const auto object = cookie.object(QStringLiteral("options"));
    if (!object)
        return;
    ObjectReader r(*object, cookie.pathOf(QStringLiteral("options")), cookie.problems());
    if (const auto path = r.string(QStringLiteral("path"))) {
        if (path->startsWith(u'/'))
            options.path = *path;
        else
            r.error(QStringLiteral("path"), Messages::PathStartsWithSlash);
    }
    if (const auto domain = r.string(QStringLiteral("domain")))
        options.domain = *domain;
    options.httpOnly = r.boolean(QStringLiteral("httpOnly")).value_or(options.httpOnly);
    options.secure = r.boolean(QStringLiteral("secure")).value_or(options.secure);
    if (const auto sameSite = r.string(QStringLiteral("sameSite"))) {
        const QString lower = sameSite->toLower();
        if (lower == QLatin1String("lax") || lower == QLatin1String("strict") || lower == QLatin1String("none"))
            options.sameSite = lower.left(1).toUpper() + lower.mid(1);
        else
            r.error(QStringLiteral("sameSite"), Messages::SameSiteValues);
    }
    if (options.sameSite == QLatin1String("None") && !options.secure)
        r.warning(QStringLiteral("sameSite"), Messages::SameSiteNoneInsecure);
    if (const auto maxAge = r.integer(QStringLiteral("maxAge"), 0))
        options.maxAge = *maxAge;
    r.finish();
}

} // namespace

void readSession(ObjectReader &root, SessionOptions &session)
{
    const auto object = root.object(QStringLiteral("session"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("session")), root.problems());
    if (const auto strategy = r.choice(QStringLiteral("strategy"), {QStringLiteral("jwt"), QStringLiteral("database")}))
        session.strategy = *strategy == QLatin1String("jwt") ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
    session.maxAge = r.integer(QStringLiteral("maxAge"), 1).value_or(session.maxAge);
    session.updateAge = r.integer(QStringLiteral("updateAge"), 0).value_or(session.updateAge);
    r.rejectFunctions({QStringLiteral("generateSessionToken")});
    r.finish();
}

void readJwt(ObjectReader &root, JwtOptions &jwt)
{
    const auto object = root.object(QStringLiteral("jwt"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("jwt")), root.problems());
    jwt.maxAge = r.integer(QStringLiteral("maxAge"), 1).value_or(jwt.maxAge);
    r.rejectFunctions({QStringLiteral("encode"), QStringLiteral("decode")});
    r.finish();
}

void readCookies(ObjectReader &root, CookiesOptions &cookies, bool secureDefault)
{
    const auto object = root.object(QStringLiteral("cookies"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("cookies")), root.problems());
    const std::pair<QString, std::optional<CookieOption> *> targets[] = {
        {QStringLiteral("sessionToken"), &cookies.sessionToken},
        {QStringLiteral("callbackUrl"), &cookies.callbackUrl},
        {QStringLiteral("csrfToken"), &cookies.csrfToken},
        {QStringLiteral("pkceCodeVerifier"), &cookies.pkceCodeVerifier},
        {QStringLiteral("state"), &cookies.state},
        {QStringLiteral("nonce"), &cookies.nonce},
        {QStringLiteral("webauthnChallenge"), &cookies.webauthnChallenge},
    };
    for (const auto &[key, slot] : targets) {
        const auto cookie = r.object(key);
        if (!cookie)
            continue;
        ObjectReader c(*cookie, r.pathOf(key), r.problems());
        CookieOption option;
        const auto name = c.string(QStringLiteral("name"));
        if (!c.has(QStringLiteral("name")))
            c.error(QStringLiteral("name"), Messages::Missing);
        else if (name && !isCookieName(*name))
            c.error(QStringLiteral("name"), Messages::NotCookieName);
        option.name = name.value_or(QString());
        readCookieOptions(c, option.options, secureDefault);
        c.finish();
        *slot = option;
    }
    r.finish();
}

void readPages(ObjectReader &root, PagesOptions &pages)
{
    const auto object = root.object(QStringLiteral("pages"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("pages")), root.problems());
    const std::pair<QString, QString *> targets[] = {
        {QStringLiteral("signIn"), &pages.signIn},
        {QStringLiteral("signOut"), &pages.signOut},
        {QStringLiteral("error"), &pages.error},
        {QStringLiteral("verifyRequest"), &pages.verifyRequest},
        {QStringLiteral("newUser"), &pages.newUser},
        {QStringLiteral("twoFactor"), &pages.twoFactor},
    };
    // account: a page of the application's, or false for none.
    if (object->value(QStringLiteral("account")).isBool()) {
        if (r.boolean(QStringLiteral("account")).value_or(true))
            r.error(QStringLiteral("account"), Messages::AccountPage);
        else
            pages.accountPage = false;
    } else if (const auto account = r.string(QStringLiteral("account"))) {
        if (isPathOrHttpUrl(*account))
            pages.account = *account;
        else
            r.error(QStringLiteral("account"), Messages::AccountPage);
    }
    for (const auto &[key, slot] : targets) {
        const auto page = r.string(key);
        if (page && isPathOrHttpUrl(*page))
            *slot = *page;
        else if (page)
            r.error(key, Messages::PathOrHttpUrl);
    }
    r.finish();
}

void readTheme(ObjectReader &root, Theme &theme)
{
    const auto object = root.object(QStringLiteral("theme"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("theme")), root.problems());
    theme.colorScheme = r.choice(QStringLiteral("colorScheme"),
                                 {QStringLiteral("auto"), QStringLiteral("dark"), QStringLiteral("light")})
                            .value_or(theme.colorScheme);
    for (const auto &[key, slot] : {std::pair{QStringLiteral("brandColor"), &theme.brandColor},
                                    std::pair{QStringLiteral("buttonText"), &theme.buttonText}}) {
        const auto colour = r.string(key);
        if (colour && isCssColour(*colour))
            *slot = *colour;
        else if (colour)
            r.error(key, Messages::NotCssColour);
    }
    if (const auto logo = r.string(QStringLiteral("logo"))) {
        if (isPathOrHttpUrl(*logo))
            theme.logo = *logo;
        else
            r.error(QStringLiteral("logo"), Messages::HttpUrlOrPath);
    }
    r.finish();
}

void readExperimental(ObjectReader &root, ExperimentalOptions &experimental)
{
    const auto object = root.object(QStringLiteral("experimental"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("experimental")), root.problems());
    experimental.enableWebAuthn = r.boolean(QStringLiteral("enableWebAuthn")).value_or(false);
    r.finish();
}

void readAccount(ObjectReader &root, AccountOptions &account)
{
    const auto object = root.object(QStringLiteral("account"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("account")), root.problems());
    account.reauthenticateAfter =
        r.integer(QStringLiteral("reauthenticateAfter"), 0, 366LL * 24 * 3600).value_or(account.reauthenticateAfter);
    // passwordReset: true, false, or {enabled, lifetime}.
    const QString resetKey = QStringLiteral("passwordReset");
    const QJsonValue reset = r.value(resetKey);
    if (reset.isBool()) {
        account.passwordReset.enabled = reset.toBool();
    } else if (reset.isObject()) {
        ObjectReader p(reset.toObject(), r.pathOf(resetKey), r.problems());
        account.passwordReset.enabled = p.boolean(QStringLiteral("enabled")).value_or(account.passwordReset.enabled);
        account.passwordReset.lifetime =
            p.integer(QStringLiteral("lifetime"), 60, 24 * 3600).value_or(account.passwordReset.lifetime);
        p.finish();
    } else if (!reset.isUndefined()) {
        r.error(resetKey, Messages::PasswordResetShape);
    }
    // notices: true, false, or one switch per notice.
    const QString noticesKey = QStringLiteral("notices");
    const QJsonValue notices = r.value(noticesKey);
    NoticeOptions &n = account.notices;
    if (notices.isBool()) {
        const bool on = notices.toBool();
        n = {on, on, on, on, on, on, on};
    } else if (notices.isObject()) {
        ObjectReader o(notices.toObject(), r.pathOf(noticesKey), r.problems());
        const std::pair<const char *, bool NoticeOptions::*> switches[] = {
            {"newDevice", &NoticeOptions::newDevice},         {"passwordChange", &NoticeOptions::passwordChange},
            {"passwordReset", &NoticeOptions::passwordReset}, {"twoFactor", &NoticeOptions::twoFactor},
            {"recoveryCode", &NoticeOptions::recoveryCode},   {"linkedAccounts", &NoticeOptions::linkedAccounts},
            {"passkeys", &NoticeOptions::passkeys}};
        for (const auto &[key, member] : switches)
            n.*member = o.boolean(QLatin1String(key)).value_or(n.*member);
        o.finish();
    } else if (!notices.isUndefined()) {
        r.error(noticesKey, Messages::NoticesShape);
    }
    r.finish();
}

namespace {

//! \c twoFactor.requiredGroups: a non-empty list of group names as GroupStore accepts them.
void readRequiredGroups(ObjectReader &r, TwoFactorSignInOptions &twoFactor)
{
    const QString key = QStringLiteral("requiredGroups");
    const QJsonValue value = r.value(key);
    if (value.isUndefined())
        return;
    const QJsonArray list = value.toArray();
    if (!value.isArray() || !std::all_of(list.begin(), list.end(), [](const QJsonValue &v) { return v.isString(); })) {
        r.error(key, Messages::StringList);
        return;
    }
    if (list.isEmpty()) {
        r.error(key, Messages::TwoFactorGroupsEmpty);
        return;
    }
    QStringList groups;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString name = list.at(i).toString();
        if (groupNameProblem(name)) {  // not trimmed: a name with outer spaces is refused, as GroupStore does
            r.error(QStringLiteral("%1[%2]").arg(key).arg(i), Messages::TwoFactorGroupName);
            return;
        }
        if (!groups.contains(name))
            groups.append(name);
    }
    if (twoFactor.required != TwoFactorSignInOptions::Required::Optional)
        r.warning(key, Messages::TwoFactorGroupsUnused);
    twoFactor.requiredGroups = groups;
}

} // namespace

void readTwoFactor(ObjectReader &root, TwoFactorSignInOptions &twoFactor)
{
    const auto object = root.object(QStringLiteral("twoFactor"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("twoFactor")), root.problems());
    if (const auto required = r.choice(QStringLiteral("required"),
                                       {QStringLiteral("never"), QStringLiteral("optional"), QStringLiteral("always")})) {
        if (*required == QLatin1String("never"))
            twoFactor.required = TwoFactorSignInOptions::Required::Never;
        else if (*required == QLatin1String("optional"))
            twoFactor.required = TwoFactorSignInOptions::Required::Optional;
        else
            twoFactor.required = TwoFactorSignInOptions::Required::Always;
    }
    twoFactor.maxAge = r.integer(QStringLiteral("maxAge"), 1, 3600).value_or(twoFactor.maxAge);
    readRequiredGroups(r, twoFactor);
    r.finish();
}

void readRateLimit(ObjectReader &root, RateLimitOptions &rateLimit)
{
    const auto object = root.object(QStringLiteral("rateLimit"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("rateLimit")), root.problems());
    rateLimit.enabled = r.boolean(QStringLiteral("enabled")).value_or(rateLimit.enabled);
    rateLimit.maxFailuresPerIdentifier = int(
        r.integer(QStringLiteral("maxFailuresPerIdentifier"), 1, 1000000).value_or(rateLimit.maxFailuresPerIdentifier));
    rateLimit.maxFailuresPerAddress = int(
        r.integer(QStringLiteral("maxFailuresPerAddress"), 1, 1000000).value_or(rateLimit.maxFailuresPerAddress));
    rateLimit.windowSeconds = r.integer(QStringLiteral("windowSeconds"), 1).value_or(rateLimit.windowSeconds);
    rateLimit.identifierField = r.string(QStringLiteral("identifierField")).value_or(rateLimit.identifierField);
    r.finish();
}

void readTrustedProxies(ObjectReader &root, QList<QPair<QHostAddress, int>> &trustedProxies)
{
    const QString key = QStringLiteral("trustedProxies");
    const QJsonValue value = root.value(key);
    if (value.isUndefined())
        return;
    if (!value.isArray()) {
        root.error(key, Messages::ProxyList);
        return;
    }
    const QJsonArray list = value.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(root.pathOf(key)).arg(i);
        const QString text = list.at(i).toString().trimmed();
        const QPair<QHostAddress, int> subnet = QHostAddress::parseSubnet(text);
        if (!list.at(i).isString() || subnet.first.isNull() || subnet.second < 0)
            root.problems().error(where, Messages::NotProxyAddress);
        else
            trustedProxies.append(subnet);
    }
}

// Whether two HOST:PORT listen addresses would serve the same port (a wildcard takes every address).
static bool sharesListenAddress(const QString &a, const QString &b)
{
    QHostAddress addressA, addressB;
    quint16 portA = 0, portB = 0;
    if (!parseListenAddress(a, &addressA, &portA) || !parseListenAddress(b, &addressB, &portB) || portA != portB)
        return false;
    const auto wildcard = [](const QHostAddress &x) {
        return x == QHostAddress::AnyIPv4 || x == QHostAddress::AnyIPv6 || x == QHostAddress::Any;
    };
    return portA != 0 && (addressA.isEqual(addressB) || wildcard(addressA) || wildcard(addressB));
}

void readServer(ObjectReader &root, ServerSettings &server)
{
    const auto object = root.object(QStringLiteral("server"));
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(QStringLiteral("server")), root.problems());
    if (const auto listen = r.string(QStringLiteral("listen"))) {
        if (parseListenAddress(*listen))
            server.listen = *listen;
        else
            r.error(QStringLiteral("listen"), Messages::ListenAddress);
    }
    if (const auto metricsListen = r.string(QStringLiteral("metricsListen"))) {
        if (!parseListenAddress(*metricsListen))
            r.error(QStringLiteral("metricsListen"), Messages::MetricsListenAddress);
        else if (sharesListenAddress(*metricsListen, server.listen))
            r.error(QStringLiteral("metricsListen"), Messages::MetricsListenIsPublic);
        else
            server.metricsListen = *metricsListen;
    }
    if (const auto adminListen = r.string(QStringLiteral("adminListen"))) {
        if (!parseListenAddress(*adminListen))
            r.error(QStringLiteral("adminListen"), Messages::AdminListenAddress);
        else if (sharesListenAddress(*adminListen, server.listen)
                 || (!server.metricsListen.isEmpty() && sharesListenAddress(*adminListen, server.metricsListen)))
            r.error(QStringLiteral("adminListen"), Messages::AdminListenShared);
        else
            server.adminListen = *adminListen;
    }
    if (const auto home = r.string(QStringLiteral("home"))) {
        if (!isPathOrHttpUrl(*home))
            r.error(QStringLiteral("home"), Messages::PathOrHttpUrl);
        else if (home->startsWith(u'/') && QUrl(*home).path() == QLatin1String("/"))
            r.error(QStringLiteral("home"), Messages::HomeIsRoot);
        else
            server.home = *home;
    }
    server.threads = int(r.integer(QStringLiteral("threads"), 0, 1024).value_or(server.threads));
    ServerLimits &limits = server.limits;
    limits.maxBodySize = r.integer(QStringLiteral("maxBodySize"), 1).value_or(limits.maxBodySize);
    // At most what QHttpServer 6.4 reads whole (ServerLimits::maxHeaderSize).
    limits.maxHeaderSize = r.integer(QStringLiteral("maxHeaderSize"), 1024, 100 * 1024).value_or(limits.maxHeaderSize);
    const auto duration = [&r](const QString &key, std::chrono::milliseconds &slot) {
        if (const auto ms = r.integer(key, 1, 3600 * 1000))
            slot = std::chrono::milliseconds(*ms);
    };
    duration(QStringLiteral("headerTimeoutMs"), limits.headerTimeout);
    duration(QStringLiteral("bodyTimeoutMs"), limits.bodyTimeout);
    duration(QStringLiteral("idleTimeoutMs"), limits.idleTimeout);
    limits.maxConnections = int(r.integer(QStringLiteral("maxConnections"), 1, 1000000).value_or(limits.maxConnections));
    limits.maxConnectionsPerAddress = int(
        r.integer(QStringLiteral("maxConnectionsPerAddress"), 0, 1000000).value_or(limits.maxConnectionsPerAddress));
    server.scriptTimeoutMs = int(r.integer(QStringLiteral("scriptTimeoutMs"), 1, 600000).value_or(server.scriptTimeoutMs));
    server.startupNotice = r.string(QStringLiteral("startupNotice")).value_or(QString());
    server.reloadOnChange = r.boolean(QStringLiteral("reloadOnChange")).value_or(server.reloadOnChange);
    server.logFormat = r.choice(QStringLiteral("logFormat"), {QStringLiteral("text"), QStringLiteral("json")})
                           .value_or(server.logFormat);
    r.finish();
}

void readAdmin(ObjectReader &root, ServerSettings &server)
{
    const QString key = QStringLiteral("admin");
    if (!root.has(key))
        return;
    const auto object = root.object(key);
    if (!object)
        return;
    ObjectReader r(*object, root.pathOf(key), root.problems());
    server.admin.enabled = true;
    const QString groupsKey = QStringLiteral("groups");
    const QJsonValue groups = r.value(groupsKey);
    if (!groups.isUndefined()) {
        if (!groups.isArray()) {
            r.error(groupsKey, Messages::AdminGroupList);
        } else {
            const QJsonArray list = groups.toArray();
            for (qsizetype i = 0; i < list.size(); ++i) {
                const QString where = QStringLiteral("%1[%2]").arg(r.pathOf(groupsKey)).arg(i);
                if (!list.at(i).isString()) {
                    r.problems().error(where, Messages::MustBeString);
                    continue;
                }
                // Names as written, not trimmed: a group is named exactly.
                const QString name = list.at(i).toString();
                if (const std::optional<GroupNameProblem> problem = groupNameProblem(name)) {
                    const auto [text, arguments] = groupNameMessage(*problem);
                    r.problems().error(where, text, arguments);
                } else if (!server.admin.groups.contains(name)) {
                    server.admin.groups.append(name);
                }
            }
        }
    }
    r.finish();
    if (server.adapterUrl.isEmpty())
        root.error(key, Messages::AdminNeedsDatabase);
}

void readAdapter(ObjectReader &root, const QProcessEnvironment &env, const QString &baseDir, ServerSettings &server)
{
    server.adapterPassword = env.value(QStringLiteral("DATABASE_PASSWORD"));
    const QStringList schemes = {QStringLiteral("sqlite"), QStringLiteral("postgresql"),
                                 QStringLiteral("postgres"), QStringLiteral("mysql"),
                                 QStringLiteral("mariadb")};
    const auto checkUrl = [&](const QString &url, const QString &path) {
        const QString scheme = QUrl(url).scheme();
        if (scheme.isEmpty()) {
            root.problems().error(path, Messages::NotDatabaseUrl);
            return false;
        }
        if (!schemes.contains(scheme)) {
            if (const std::optional<QString> match = closestMatch(scheme, schemes))
                root.problems().error(path, Messages::UnsupportedDatabaseDidYouMean,
                                      {scheme, schemes.join(QStringLiteral(", ")), *match});
            else
                root.problems().error(path, Messages::UnsupportedDatabase, {scheme, schemes.join(QStringLiteral(", "))});
            return false;
        }
        // The rest of the URL (its form, port, options) as the adapter will read it.
        QString refusal;
        if (!SqlAdapterOptions::fromUrl(url, &refusal)) {
            root.problems().error(path, Messages::DatabaseUrlRefused, {refusal});
            return false;
        }
        return true;
    };
    const QString databaseUrl = env.value(QStringLiteral("DATABASE_URL"));
    const auto object = root.object(QStringLiteral("adapter"));
    if (!object) {
        if (!root.has(QStringLiteral("adapter")) && !databaseUrl.isEmpty()
            && checkUrl(databaseUrl, QStringLiteral("DATABASE_URL"))) {
            server.adapterUrl = databaseUrl;
            server.adapterOptions = {{QStringLiteral("url"), databaseUrl}};
        }
        return;
    }
    ObjectReader r(*object, root.pathOf(QStringLiteral("adapter")), root.problems());
    server.adapterOptions = *object;
    if (const auto passwordFile = r.string(QStringLiteral("passwordFile"))) {
        server.adapterOptions.remove(QStringLiteral("passwordFile"));
        if (const auto password = readSecretFile(*passwordFile, baseDir, r.pathOf(QStringLiteral("passwordFile")),
                                                 r.problems()))
            server.adapterPassword = *password;
    }
    if (const auto url = r.string(QStringLiteral("url"))) {
        if (checkUrl(*url, r.pathOf(QStringLiteral("url"))))
            server.adapterUrl = *url;
    } else if (!r.has(QStringLiteral("url"))) {
        if (databaseUrl.isEmpty())
            r.error(QStringLiteral("url"), Messages::AdapterUrlMissing);
        else if (checkUrl(databaseUrl, QStringLiteral("DATABASE_URL"))) {
            server.adapterUrl = databaseUrl;
            server.adapterOptions.insert(QStringLiteral("url"), databaseUrl);
        }
    }
    r.finish();
}

namespace {

//! Letters and digits, 1 to 64: what an audit event's type is.
bool isEventType(const QString &name)
{
    return !name.isEmpty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](QChar ch) {
        return (ch >= u'a' && ch <= u'z') || (ch >= u'A' && ch <= u'Z') || (ch >= u'0' && ch <= u'9');
    });
}

bool isLoopbackHost(const QString &host)
{
    const QHostAddress address(host);
    return host == QLatin1String("localhost") || (!address.isNull() && address.isLoopback());
}

//! The shortest webhook secret taken: 16 characters of \c openssl rand -hex are 64 bits.
constexpr int kWebhookSecretMinimum = 16;

} // namespace

void readWebhooks(ObjectReader &events, const QString &baseDir, ServerSettings &server)
{
    const QString key = QStringLiteral("webhooks");
    const QJsonValue value = events.value(key);
    if (value.isUndefined())
        return;
    if (!value.isArray()) {
        events.error(key, Messages::WebhookList);
        return;
    }
    const QJsonArray list = value.toArray();
    QList<WebhookSettings> webhooks;
    QList<qsizetype> indexes;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = QStringLiteral("%1[%2]").arg(events.pathOf(key)).arg(i);
        if (!list.at(i).isObject()) {
            events.problems().error(where, Messages::WebhookObject);
            continue;
        }
        ObjectReader r(list.at(i).toObject(), where, events.problems());
        WebhookSettings webhook;
        bool complete = true;
        const QString urlKey = QStringLiteral("url");
        if (!r.has(urlKey)) {
            r.error(urlKey, Messages::WebhookUrlMissing);
            complete = false;
        } else if (const std::optional<QString> url = r.httpUrl(urlKey)) {
            webhook.url = QUrl(*url);
            if (webhook.url.scheme() == QLatin1String("http") && !isLoopbackHost(webhook.url.host()))
                r.warning(urlKey, Messages::WebhookPlainHttp);
            for (qsizetype j = 0; j < webhooks.size(); ++j) {
                if (webhooks.at(j).url == webhook.url) {
                    r.error(urlKey, Messages::WebhookDuplicateUrl, {QString::number(indexes.at(j))});
                    complete = false;
                }
            }
        } else {
            complete = false;
        }
        const QString secretKey = QStringLiteral("secretFile");
        if (!r.has(secretKey)) {
            r.error(secretKey, Messages::WebhookSecretMissing);
            complete = false;
        } else if (const std::optional<QString> file = r.string(secretKey)) {
            const std::optional<QString> secret = readSecretFile(*file, baseDir, r.pathOf(secretKey), r.problems());
            if (!secret) {
                complete = false;
            } else if (secret->size() < kWebhookSecretMinimum) {
                r.error(secretKey, Messages::WebhookSecretShort, {QString::number(kWebhookSecretMinimum)});
                complete = false;
            } else {
                webhook.secret = *secret;
            }
        } else {
            complete = false;
        }
        const QString eventsKey = QStringLiteral("events");
        const QJsonValue types = r.value(eventsKey);
        if (!types.isUndefined()) {
            if (!types.isArray() || types.toArray().isEmpty()) {
                r.error(eventsKey, Messages::WebhookEventList);
                complete = false;
            } else {
                const QJsonArray names = types.toArray();
                for (qsizetype j = 0; j < names.size(); ++j) {
                    const QString name = names.at(j).toString();
                    if (!names.at(j).isString() || !isEventType(name)) {
                        r.problems().error(QStringLiteral("%1[%2]").arg(r.pathOf(eventsKey)).arg(j), Messages::WebhookEventName);
                        complete = false;
                    } else if (!webhook.events.contains(name)) {
                        webhook.events.append(name);
                    }
                }
            }
        }
        r.finish();
        if (complete) {
            webhooks.append(webhook);
            indexes.append(i);
        }
    }
    if (!list.isEmpty() && server.adapterUrl.isEmpty())
        events.error(key, Messages::WebhooksNeedDatabase);
    server.webhooks = webhooks;
}

void readScript(ObjectReader &root, const QString &baseDir, ServerSettings &server)
{
    if (const auto script = root.string(QStringLiteral("callbacksScript"))) {
        const QString path = QDir::cleanPath(QDir(baseDir).absoluteFilePath(*script));
        const QFileInfo info(path);
        if (info.isFile() && info.isReadable())
            server.callbacksScript = path;
        else
            root.error(QStringLiteral("callbacksScript"), Messages::FileNotFound, {path});
    }
    const bool scriptGiven = root.has(QStringLiteral("callbacksScript"));
    const std::pair<QString, QStringList> sections[] = {
        {QStringLiteral("callbacks"),
         {QStringLiteral("signIn"), QStringLiteral("redirect"), QStringLiteral("jwt"),
          QStringLiteral("session"), QStringLiteral("authorized"), QStringLiteral("twoFactor")}},
        {QStringLiteral("events"),
         {QStringLiteral("signIn"), QStringLiteral("signOut"), QStringLiteral("createUser"),
          QStringLiteral("updateUser"), QStringLiteral("linkAccount"), QStringLiteral("session")}},
    };
    for (const auto &[section, names] : sections) {
        const auto object = root.object(section);
        if (!object)
            continue;
        ObjectReader r(*object, root.pathOf(section), root.problems());
        QMap<QString, QString> &functions =
            section == QLatin1String("callbacks") ? server.callbackFunctions : server.eventFunctions;
        for (const QString &name : names) {
            const QJsonValue v = r.value(name);
            if (v.isUndefined())
                continue;
            if (!isFunctionName(v.toString()))
                r.error(name, Messages::FunctionName);
            else if (!scriptGiven)
                r.error(name, Messages::NeedsScript);
            else
                functions.insert(name, v.toString());
        }
        if (section == QLatin1String("events"))
            readWebhooks(r, baseDir, server);
        r.finish();
    }
}

} // namespace Gatehouse::ConfigDetail
