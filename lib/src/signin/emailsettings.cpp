#include "signin/emailsettings.h"

#include <gatehouse/errors.h>

#include <QJsonObject>

namespace Gatehouse::EmailFlow {

namespace {

[[noreturn]] void invalid(const Provider &provider, const QString &problem)
{
    throw InvalidProvider(QStringLiteral("email provider '%1': %2").arg(provider.id, problem));
}

int positiveInteger(const Provider &provider, const QJsonObject &object, const QString &key, qint64 fallback,
                    qint64 max = 1000000)
{
    const QJsonValue v = object.value(key);
    if (v.isUndefined())
        return int(fallback);
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != double(qint64(d)) || d < 1 || d > double(max))
        invalid(provider, QStringLiteral("rateLimit.%1: must be an integer from 1 to %2").arg(key).arg(max));
    return int(d);
}

EmailSettings::RateLimit readRateLimit(const Provider &provider)
{
    EmailSettings::RateLimit limit;
    const QJsonValue v = provider.options.value(QStringLiteral("rateLimit"));
    if (v.isUndefined() || v == QJsonValue(true))
        return limit;
    if (v == QJsonValue(false)) {
        limit.enabled = false;
        return limit;
    }
    if (!v.isObject())
        invalid(provider, QStringLiteral("rateLimit: must be false or an object {perAddress, perClient, windowSeconds}"));
    const QJsonObject o = v.toObject();
    limit.perAddress = positiveInteger(provider, o, QStringLiteral("perAddress"), limit.perAddress);
    limit.perClient = positiveInteger(provider, o, QStringLiteral("perClient"), limit.perClient);
    limit.windowSeconds = positiveInteger(provider, o, QStringLiteral("windowSeconds"), limit.windowSeconds, 86400 * 7);
    return limit;
}

} // namespace

EmailSettings EmailSettings::fromProvider(const Provider &provider)
{
    EmailSettings settings;
    QString problem;
    // A provider with its own sendVerificationRequest needs no SMTP server, but may name one.
    const QJsonValue server = provider.options.value(QStringLiteral("server"));
    if (!server.isUndefined() || !provider.sendVerificationRequest) {
        const auto smtp = Mail::SmtpSettings::fromJson(server, provider.options.value(QStringLiteral("apiKey")).toString(),
                                                       &problem);
        if (!smtp)
            invalid(provider, problem);
        settings.server = *smtp;
    }

    const QJsonValue from = provider.options.value(QStringLiteral("from"));
    if (!from.isString())
        invalid(provider, QStringLiteral("from: missing (the sender, e.g. \"Example <no-reply@example.com>\")"));
    const auto sender = Mail::Mailbox::parse(from.toString(), &problem);
    if (!sender)
        invalid(provider, QStringLiteral("from: %1").arg(problem));
    settings.from = *sender;

    const QJsonValue maxAge = provider.options.value(QStringLiteral("maxAge"));
    if (!maxAge.isUndefined()) {
        const double d = maxAge.toDouble(-1);
        if (!maxAge.isDouble() || d != double(qint64(d)) || d < 1)
            invalid(provider, QStringLiteral("maxAge: must be a positive number of seconds"));
        settings.maxAge = qint64(d);
    }
    settings.rateLimit = readRateLimit(provider);
    return settings;
}

} // namespace Gatehouse::EmailFlow
