#include "storage/storerules.h"

#include <gatehouse/adaptererror.h>

#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::StoreRules {

namespace {

[[noreturn]] void invalid(const QString &method, const QString &what)
{
    throw AdapterError(AdapterError::Reason::InvalidArgument, QStringLiteral("%1: %2").arg(method, what));
}

} // namespace

AdapterAccount prepareAccount(const AdapterAccount &account, qint64 nowSeconds, const QString &method)
{
    for (const auto &[field, value] : {std::pair{"provider", &account.provider},
                                       std::pair{"providerAccountId", &account.providerAccountId},
                                       std::pair{"type", &account.type}}) {
        if (value->isEmpty())
            invalid(method, QStringLiteral("the account has no %1").arg(QLatin1String(field)));
    }
    AdapterAccount stored = account;
    if (stored.tokenType)
        stored.tokenType = stored.tokenType->toLower();
    if (!stored.expiresAt && stored.expiresIn)
        stored.expiresAt = nowSeconds + *stored.expiresIn;
    stored.expiresIn.reset();
    stored.sessionState = sessionStateFromText(sessionStateText(stored.sessionState));
    return stored;
}

void checkSession(const AdapterSession &session, const QString &method)
{
    if (session.sessionToken.isEmpty())
        invalid(method, QStringLiteral("the session has no sessionToken"));
    if (!session.expires.isValid())
        invalid(method, QStringLiteral("the session has no valid expires"));
}

void checkVerificationToken(const VerificationToken &token, const QString &method)
{
    if (token.identifier.isEmpty() || token.token.isEmpty())
        invalid(method, QStringLiteral("the verification token needs an identifier and a token"));
    if (!token.expires.isValid())
        invalid(method, QStringLiteral("the verification token has no valid expires"));
}

void checkAuthenticator(const AdapterAuthenticator &authenticator, const QString &method)
{
    if (authenticator.credentialID.isEmpty())
        invalid(method, QStringLiteral("the authenticator has no credentialID"));
}

std::optional<QString> sessionStateText(const QJsonValue &state)
{
    switch (state.type()) {
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return std::nullopt;
    case QJsonValue::String:
        return state.toString();
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(state.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(state.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Bool:
        return state.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(state.toDouble(), 'g', 17);
    }
    return std::nullopt;
}

QJsonValue sessionStateFromText(const std::optional<QString> &text)
{
    if (!text)
        return QJsonValue(QJsonValue::Undefined);
    if (text->startsWith(u'{') || text->startsWith(u'[')) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(text->toUtf8(), &error);
        if (error.error == QJsonParseError::NoError)
            return document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
    }
    return *text;
}

QString tokenRefreshKey(const QString &provider, const QString &providerAccountId)
{
    return QStringLiteral("token-refresh\n") + provider + QLatin1Char('\n') + providerAccountId;
}

} // namespace Gatehouse::StoreRules
