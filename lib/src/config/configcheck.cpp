#include "config/configcheck.h"

#include "config/accessreader.h"
#include "config/messages.h"
#include "config/oidcproviderreader.h"
#include "config/problemlist.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace Gatehouse {

using namespace ConfigDetail;

QString ConfigProblem::toString() const
{
    return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
}

QString ConfigProblem::translatedMessage() const
{
    if (sourceText.isEmpty())
        return message;
    const QByteArray source = sourceText.toUtf8();
    return fillArguments(QCoreApplication::translate(Messages::Context, source.constData()), arguments);
}

QString ConfigProblem::translatedString() const
{
    return path.isEmpty() ? translatedMessage() : path + QStringLiteral(": ") + translatedMessage();
}

bool ConfigProblem::operator==(const ConfigProblem &other) const
{
    return path == other.path && message == other.message && severity == other.severity;
}

namespace ConfigDetail {

const char *basePathProblem(const QString &path, bool ofUrl)
{
    if (!path.startsWith(u'/'))
        return ofUrl ? Messages::UrlPathStartsWithSlash : Messages::PathStartsWithSlash;
    if (path.size() > 1 && path.endsWith(u'/'))
        return ofUrl ? Messages::UrlPathEndsWithSlash : Messages::PathEndsWithSlash;
    if (path.contains(QLatin1String("//")) || path.contains(u'?') || path.contains(u'#')
        || std::any_of(path.cbegin(), path.cend(), [](QChar c) { return c.isSpace(); }))
        return ofUrl ? Messages::UrlPlainPath : Messages::PlainPath;
    return nullptr;
}

} // namespace ConfigDetail

namespace {

void checkProvider(const Config &config, const ConfigCheckOptions &options, qsizetype index,
                   QHash<QString, qsizetype> &seen, ProblemList &problems)
{
    static const QRegularExpression idPattern(QStringLiteral("^[A-Za-z0-9_-]+$"));
    const Provider &p = config.providers.at(index);
    const QString at = QStringLiteral("providers[%1]").arg(index);
    const bool hasAdapter = config.adapter || options.adapterExpected;

    if (p.id.isEmpty())
        problems.error(at + QStringLiteral(".id"), Messages::Missing);
    else if (!idPattern.match(p.id).hasMatch())
        problems.error(at + QStringLiteral(".id"), Messages::ProviderIdCharacters);
    else if (seen.contains(p.id))
        problems.error(at + QStringLiteral(".id"), Messages::DuplicateProviderId,
                       {p.id, QString::number(seen.value(p.id))});
    else
        seen.insert(p.id, index);

    if (!Provider::types().contains(p.type)) {
        problems.error(at + QStringLiteral(".type"), Messages::OneOf, {Provider::types().join(QStringLiteral(", "))});
        return;
    }
    if (p.isCredentials()) {
        const bool builtin = p.option(QStringLiteral("authorize")).toString() == QLatin1String("builtin");
        if (!p.authorize && !builtin && !options.functionsBoundLater)
            problems.error(at + QStringLiteral(".authorize"), Messages::AuthorizeFunctionMissing);
        if (builtin && !hasAdapter)
            problems.error(at + QStringLiteral(".authorize"), Messages::BuiltinNeedsAdapter);
    }
    if (p.isEmail() && !hasAdapter)
        problems.error(at + QStringLiteral(".type"), Messages::EmailNeedsAdapter);
    if (p.isWebAuthn() && !config.experimental.enableWebAuthn)
        problems.error(at + QStringLiteral(".type"), Messages::WebAuthnNotEnabled);
    if (p.isWebAuthn() && !hasAdapter)
        problems.error(at + QStringLiteral(".type"), Messages::WebAuthnNeedsAdapter);
}

void checkRateLimit(const RateLimitOptions &rateLimit, ProblemList &problems)
{
    if (!rateLimit.enabled) {
        problems.warning(QStringLiteral("rateLimit.enabled"), Messages::RateLimitOff);
        return;
    }
    constexpr int maxFailures = 1000000;
    const std::pair<const char *, int> limits[] = {
        {"rateLimit.maxFailuresPerIdentifier", rateLimit.maxFailuresPerIdentifier},
        {"rateLimit.maxFailuresPerAddress", rateLimit.maxFailuresPerAddress},
    };
    for (const auto &[path, value] : limits) {
        if (value < 1 || value > maxFailures)
            problems.error(QLatin1String(path), Messages::IntegerFromTo, {QStringLiteral("1"), QString::number(maxFailures)});
    }
    if (rateLimit.windowSeconds < 1)
        problems.error(QStringLiteral("rateLimit.windowSeconds"), Messages::PositiveInteger);
}

} // namespace

QList<ConfigProblem> checkConfig(const Config &config, const ConfigCheckOptions &options)
{
    ProblemList problems;
    if (const char *problem = basePathProblem(config.basePath))
        problems.error(QStringLiteral("basePath"), problem);
    for (qsizetype i = 0; i < config.secret.size(); ++i) {
        if (config.secret.at(i).isEmpty())
            problems.error(QStringLiteral("secret[%1]").arg(i), Messages::MustNotBeEmpty);
    }
    if (config.skipCSRFCheck)
        problems.warning(QStringLiteral("skipCSRFCheck"), Messages::CsrfOff);

    if (config.session.strategy == SessionOptions::Strategy::Database && !config.adapter && !options.adapterExpected)
        problems.error(QStringLiteral("session.strategy"), Messages::DatabaseNeedsAdapter);
    if (config.twoFactor.required == TwoFactorSignInOptions::Required::Always && !config.adapter && !options.adapterExpected)
        problems.error(QStringLiteral("twoFactor.required"), Messages::TwoFactorAlwaysNeedsAdapter);
    if (config.session.maxAge < 1)
        problems.error(QStringLiteral("session.maxAge"), Messages::PositiveInteger);
    if (config.session.updateAge < 0)
        problems.error(QStringLiteral("session.updateAge"), Messages::NonNegativeInteger);
    if (config.jwt.maxAge < 1)
        problems.error(QStringLiteral("jwt.maxAge"), Messages::PositiveInteger);

    QHash<QString, qsizetype> seen;
    for (qsizetype i = 0; i < config.providers.size(); ++i)
        checkProvider(config, options, i, seen, problems);
    checkRateLimit(config.rateLimit, problems);
    checkAccess(config.access, config.redirectDomains, problems);
    checkOidcProvider(config.oidcProvider, problems);
    return problems.take();
}

} // namespace Gatehouse
