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
    return error.errorKind() == AuthError::Kind::Unavailable;
}

AuthResponse jsonError(const AuthError &error, int status)
{
    return AuthResponse::json(QJsonObject{{QStringLiteral("error"), error.type()}}, status);
}

AuthResponse storeFailure(const RequestState &state, const AuthError &error)
{
    logError(state.config, error);
    AuthResponse response;
    if (isUnavailable(error)) {
        response = AuthResponse::json(
            QJsonObject{{QStringLiteral("error"), error.kind()},
                        {QStringLiteral("message"), QStringLiteral("The session store cannot be reached. Try again shortly.")}},
            503);
        response.setHeader("Retry-After", QByteArray::number(kRetryAfterSeconds));
    } else {
        response = AuthResponse::json(
            QJsonObject{{QStringLiteral("error"), Configuration().kind()},
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

QString errorPageUrl(const RequestState &state, const AuthError &error)
{
    const bool signInPage = error.errorKind() == AuthError::Kind::SignInPage;
    const auto *credentials = dynamic_cast<const CredentialsSignin *>(&error);
    return Urls::withError(state.pageUrl(signInPage ? RequestState::Page::SignIn : RequestState::Page::Error), error.kind(),
                           credentials ? std::optional(credentials->code()) : std::nullopt);
}

AuthResponse errorResponse(const RequestState &state, const AuthError &error)
{
    logError(state.config, error);
    if (state.provider && (state.action == QLatin1String("signin") || state.action == QLatin1String("callback")))
        Metrics::recordSignInFailure(state.provider->id, error.type());
    const QString url = errorPageUrl(state, error);
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
