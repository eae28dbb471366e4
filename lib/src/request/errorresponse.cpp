#include "request/errorresponse.h"

#include "core/logging.h"
#include "core/urls.h"
#include "metrics/catalogue.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/errors.h>

#include <QUrl>

namespace Gatehouse {

bool isUnavailable(const AuthError &error)
{
    if (const auto *store = dynamic_cast<const AdapterError *>(&error))
        return store->reason() == AdapterError::Reason::Unavailable;
    return dynamic_cast<const SessionUnavailable *>(&error) != nullptr;
}

AuthResponse storeFailure(const RequestState &state, const AuthError &error)
{
    logError(state.config, error);
    AuthResponse response;
    if (isUnavailable(error)) {
        response = AuthResponse::json(
            QJsonObject{{QStringLiteral("error"), QStringLiteral("Unavailable")},
                        {QStringLiteral("message"), QStringLiteral("The session store cannot be reached. Try again shortly.")}},
            503);
        response.setHeader("Retry-After", QByteArray::number(kRetryAfterSeconds));
    } else {
        response = AuthResponse::json(
            QJsonObject{{QStringLiteral("error"), QStringLiteral("Configuration")},
                        {QStringLiteral("message"), QStringLiteral("There was a problem with the server configuration. "
                                                                   "Check the server logs for more information.")}},
            500);
    }
    response.setHeader("Cache-Control", "private, no-cache, no-store");
    return state.withCookies(response);
}

void logError(const Config &config, const AuthError &error)
{
    if (config.logger.error) {
        config.logger.error(error);
        return;
    }
    if (isUnavailable(error)) {
        qCDebug(lcCore).noquote() << "[" + error.type() + "]" << error.message();
        return;
    }
    qCWarning(lcCore).noquote() << "[" + error.type() + "]" << error.message()
                                << (error.cause().isEmpty() ? QString() : "cause: " + error.cause());
}

void logFailure(const Config &config, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        logError(config, e);
    } catch (const std::exception &e) {
        logError(config, CallbackRouteError(QString::fromUtf8(e.what())));
    } catch (...) {
        logError(config, CallbackRouteError(QStringLiteral("unknown exception")));
    }
}

AuthResponse errorResponse(const RequestState &state, const AuthError &error)
{
    logError(state.config, error);
    if (state.provider && (state.action == QLatin1String("signin") || state.action == QLatin1String("callback")))
        Metrics::recordSignInFailure(state.provider->id, error.type());
    const QString kind = isUnavailable(error) ? QStringLiteral("Unavailable") : error.kind();
    const bool errorPage = kind == QLatin1String("Configuration") || kind == QLatin1String("AccessDenied")
        || kind == QLatin1String("Verification") || kind == QLatin1String("Unavailable");
    QString url = Urls::withQuery(state.pageUrl(errorPage ? RequestState::Page::Error : RequestState::Page::SignIn),
                                  QStringLiteral("error=") + QString::fromLatin1(QUrl::toPercentEncoding(kind)));
    if (const auto *credentials = dynamic_cast<const CredentialsSignin *>(&error))
        url += QStringLiteral("&code=") + QString::fromLatin1(QUrl::toPercentEncoding(credentials->code()));
    if (state.returnRedirectAsJson)
        return AuthResponse::json(QJsonObject{{QStringLiteral("url"), url}});
    AuthResponse response;
    response.status = 302;
    response.headers.append({QByteArrayLiteral("location"), url.toUtf8()});
    return response;
}

AuthResponse errorResponse(const RequestState &state, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        return errorResponse(state, e);
    } catch (const std::exception &e) {
        return errorResponse(state, CallbackRouteError(QString::fromUtf8(e.what())));
    } catch (...) {
        return errorResponse(state, CallbackRouteError(QStringLiteral("unknown exception")));
    }
}

} // namespace Gatehouse
