#include "engine/configcheck.h"

#include <QSet>

namespace Gatehouse {

QStringList checkConfig(const Config &config)
{
    QStringList problems;
    if (!config.basePath.startsWith(QLatin1Char('/')) || (config.basePath.size() > 1 && config.basePath.endsWith(QLatin1Char('/'))))
        problems << QStringLiteral("basePath: must start with '/' and not end with '/' (got '%1')").arg(config.basePath);
    for (qsizetype i = 0; i < config.secret.size(); ++i) {
        if (config.secret.at(i).isEmpty())
            problems << QStringLiteral("secret[%1]: must not be empty").arg(i);
    }
    if (config.session.maxAge <= 0)
        problems << QStringLiteral("session.maxAge: must be a positive number of seconds");
    if (config.session.updateAge < 0)
        problems << QStringLiteral("session.updateAge: must not be negative");
    if (config.jwt.maxAge <= 0)
        problems << QStringLiteral("jwt.maxAge: must be a positive number of seconds");
    if (config.sessionStrategy() == SessionOptions::Strategy::Database && !config.adapter)
        problems << QStringLiteral("session.strategy: 'database' needs an adapter");

    static const QSet<QString> types = {QStringLiteral("oauth"), QStringLiteral("oidc"), QStringLiteral("email"),
                                        QStringLiteral("credentials"), QStringLiteral("webauthn")};
    QSet<QString> ids;
    for (qsizetype i = 0; i < config.providers.size(); ++i) {
        const Provider &p = config.providers.at(i);
        const QString at = QStringLiteral("providers[%1]").arg(i);
        if (p.id.isEmpty())
            problems << at + QStringLiteral(".id: missing");
        else if (ids.contains(p.id))
            problems << at + QStringLiteral(".id: '%1' is used by another provider").arg(p.id);
        else if (p.id.contains(QLatin1Char('/')) || p.id.contains(QLatin1Char('?')) || p.id.contains(QLatin1Char('#')))
            problems << at + QStringLiteral(".id: must not contain '/', '?' or '#'");
        ids.insert(p.id);
        if (!types.contains(p.type))
            problems << at + QStringLiteral(".type: '%1' is not one of oauth, oidc, email, credentials, webauthn").arg(p.type);
        if (p.type == QLatin1String("credentials") && !p.authorize)
            problems << at + QStringLiteral(".authorize: a credentials provider needs an authorize function");
        if (p.type == QLatin1String("webauthn") && !config.experimental.enableWebAuthn)
            problems << at + QStringLiteral(".type: webauthn needs experimental.enableWebAuthn");
        if (p.type == QLatin1String("email") && !config.adapter)
            problems << at + QStringLiteral(".type: email provider '%1' needs an adapter (it stores the sign-in tokens)").arg(p.id);
        if (p.type == QLatin1String("webauthn") && !config.adapter)
            problems << at + QStringLiteral(".type: webauthn provider '%1' needs an adapter (it stores the authenticators)").arg(p.id);
    }
    const RateLimitOptions &rl = config.rateLimit;
    if (rl.enabled && (rl.maxFailuresPerIdentifier < 1 || rl.maxFailuresPerAddress < 1 || rl.windowSeconds < 1))
        problems << QStringLiteral("rateLimit: limits and windowSeconds must be at least 1");
    return problems;
}

} // namespace Gatehouse
