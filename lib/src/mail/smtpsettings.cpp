#include "mail/smtpsettings.h"

#include <QHostAddress>
#include <QJsonObject>
#include <QUrl>
#include <QUrlQuery>

namespace Gatehouse::Mail {

namespace {

constexpr qint64 MaxTimeoutMs = 600000;

struct Flags
{
    bool secure = false;
    bool requireTls = false;
    bool ignoreTls = false;
};

bool isHostName(const QString &host)
{
    if (host.isEmpty())
        return false;
    if (!QHostAddress(host).isNull())
        return true;
    const QByteArray ace = QUrl::toAce(host);
    if (ace.isEmpty())
        return false;
    for (const char c : ace) {
        if (!(QChar::isLetterOrNumber(uchar(c)) || c == '-' || c == '.'))
            return false;
    }
    return true;
}

// Resolves the TLS mode; false (with \a problem) for contradicting flags.
bool resolveTls(SmtpSettings &settings, const Flags &flags, QString *problem)
{
    if (flags.ignoreTls && (flags.secure || flags.requireTls)) {
        *problem = QStringLiteral("server: ignoreTLS contradicts %1")
                       .arg(flags.secure ? QStringLiteral("secure") : QStringLiteral("requireTLS"));
        return false;
    }
    if (flags.secure)
        settings.tls = SmtpSettings::Tls::Implicit;
    else if (flags.ignoreTls)
        settings.tls = SmtpSettings::Tls::None;
    else if (flags.requireTls || !settings.user.isEmpty())
        settings.tls = SmtpSettings::Tls::StartTls;
    else
        settings.tls = SmtpSettings::Tls::Opportunistic;
    return true;
}

bool readBool(const QJsonObject &object, const QString &key, const QString &path, bool *out, QString *problem)
{
    const QJsonValue v = object.value(key);
    if (v.isUndefined())
        return true;
    if (!v.isBool()) {
        *problem = path + key + QStringLiteral(": must be true or false");
        return false;
    }
    *out = v.toBool();
    return true;
}

bool readString(const QJsonObject &object, const QString &key, const QString &path, QString *out, QString *problem)
{
    const QJsonValue v = object.value(key);
    if (v.isUndefined())
        return true;
    if (!v.isString()) {
        *problem = path + key + QStringLiteral(": must be a string");
        return false;
    }
    *out = v.toString();
    return true;
}

bool readInteger(const QJsonObject &object, const QString &key, qint64 min, qint64 max, qint64 *out, QString *problem)
{
    const QJsonValue v = object.value(key);
    if (v.isUndefined())
        return true;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != double(qint64(d)) || d < double(min) || d > double(max)) {
        *problem = QStringLiteral("server.%1: must be an integer from %2 to %3").arg(key).arg(min).arg(max);
        return false;
    }
    *out = qint64(d);
    return true;
}

std::optional<SmtpSettings> fromUrl(const QString &text, QString *problem)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"smtp" && scheme != u"smtps")) {
        *problem = QStringLiteral("server: must be an smtp:// or smtps:// URL or an object {host, port, ...}");
        return std::nullopt;
    }
    SmtpSettings settings;
    settings.host = url.host();
    settings.user = url.userName(QUrl::FullyDecoded);
    settings.password = url.password(QUrl::FullyDecoded);
    const QUrlQuery query(url);
    const auto flag = [&](const QString &name) {
        const QString v = query.queryItemValue(name).toLower();
        return v == u"true" || v == u"1";
    };
    Flags flags;
    flags.secure = scheme == u"smtps";
    flags.requireTls = flag(QStringLiteral("requireTLS"));
    flags.ignoreTls = flag(QStringLiteral("ignoreTLS"));
    if (!resolveTls(settings, flags, problem))
        return std::nullopt;
    settings.port = url.port(flags.secure ? 465 : 587);
    return settings;
}

std::optional<SmtpSettings> fromObject(const QJsonObject &object, QString *problem)
{
    SmtpSettings settings;
    const QString path = QStringLiteral("server.");
    Flags flags;
    qint64 port = -1;
    qint64 connectMs = settings.connectTimeout.count();
    qint64 sendMs = settings.sendTimeout.count();
    if (!readString(object, QStringLiteral("host"), path, &settings.host, problem)
        || !readInteger(object, QStringLiteral("port"), 1, 65535, &port, problem)
        || !readBool(object, QStringLiteral("secure"), path, &flags.secure, problem)
        || !readBool(object, QStringLiteral("requireTLS"), path, &flags.requireTls, problem)
        || !readBool(object, QStringLiteral("ignoreTLS"), path, &flags.ignoreTls, problem)
        || !readInteger(object, QStringLiteral("connectionTimeout"), 1, MaxTimeoutMs, &connectMs, problem)
        || !readInteger(object, QStringLiteral("sendTimeout"), 1, MaxTimeoutMs, &sendMs, problem))
        return std::nullopt;
    settings.connectTimeout = std::chrono::milliseconds(connectMs);
    settings.sendTimeout = std::chrono::milliseconds(sendMs);

    const QJsonValue auth = object.value(QStringLiteral("auth"));
    if (auth.isObject()) {
        const QString authPath = path + QStringLiteral("auth.");
        if (!readString(auth.toObject(), QStringLiteral("user"), authPath, &settings.user, problem)
            || !readString(auth.toObject(), QStringLiteral("pass"), authPath, &settings.password, problem))
            return std::nullopt;
    } else if (!auth.isUndefined()) {
        *problem = QStringLiteral("server.auth: must be an object {user, pass}");
        return std::nullopt;
    }
    const QJsonValue tls = object.value(QStringLiteral("tls"));
    if (tls.isObject()) {
        const QString tlsPath = path + QStringLiteral("tls.");
        QString ca;
        if (!readBool(tls.toObject(), QStringLiteral("rejectUnauthorized"), tlsPath, &settings.verifyCertificate, problem)
            || !readString(tls.toObject(), QStringLiteral("ca"), tlsPath, &ca, problem))
            return std::nullopt;
        settings.caCertificates = ca.toUtf8();
    } else if (!tls.isUndefined()) {
        *problem = QStringLiteral("server.tls: must be an object {rejectUnauthorized, ca}");
        return std::nullopt;
    }
    if (!resolveTls(settings, flags, problem))
        return std::nullopt;
    settings.port = port > 0 ? int(port) : (flags.secure ? 465 : 587);
    return settings;
}

} // namespace

std::optional<SmtpSettings> SmtpSettings::fromJson(const QJsonValue &server, const QString &fallbackPassword,
                                                   QString *problem)
{
    std::optional<SmtpSettings> settings;
    if (server.isString()) {
        settings = fromUrl(server.toString(), problem);
    } else if (server.isObject()) {
        settings = fromObject(server.toObject(), problem);
    } else {
        *problem = QStringLiteral("server: missing (an smtp:// URL or an object {host, port, ...})");
        return std::nullopt;
    }
    if (!settings)
        return std::nullopt;
    if (!isHostName(settings->host)) {
        *problem = QStringLiteral("server.host: missing or not a host name");
        return std::nullopt;
    }
    if (settings->user.isEmpty() && !settings->password.isEmpty()) {
        *problem = QStringLiteral("server.auth: a password needs a user name");
        return std::nullopt;
    }
    if (!settings->user.isEmpty() && settings->password.isEmpty())
        settings->password = fallbackPassword;
    return settings;
}

QByteArray SmtpSettings::url() const
{
    QUrl url;
    url.setScheme(tls == Tls::Implicit ? QStringLiteral("smtps") : QStringLiteral("smtp"));
    url.setHost(host);
    url.setPort(port);
    return url.toEncoded();
}

QString SmtpSettings::endpoint() const
{
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

} // namespace Gatehouse::Mail
