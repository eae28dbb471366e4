#include "actions/actions.h"

#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "signin/twofactorflow.h"
#include "twofactor/pendingstep.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/errors.h>

#include <QDateTime>

namespace Gatehouse::Actions {

namespace {

//! An application's own code page (pages.twoFactor) asks for the step as JSON.
bool wantsJson(const RequestState &s)
{
    return s.request.header("accept").trimmed().startsWith("application/json");
}

//! The error a wrong code sent back with, if it is one the page explains.
QString shownError(const RequestState &s)
{
    const QString error = s.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    return error == QLatin1String("InvalidCode") || error == QLatin1String("TooManyAttempts") ? error : QString();
}

//! The step as pages.twoFactor's page reads it (config.h): never the first factor's tokens.
AuthResponse stepJson(const RequestState &s, const PendingStep &step, const std::optional<SiteTwoFactor::Enrolment> &enrolment)
{
    QJsonObject user;
    for (const QString &key : {QStringLiteral("name"), QStringLiteral("email")}) {
        if (step.user.value(key).isString())
            user.insert(key, step.user.value(key));
    }
    QJsonObject json{
        {QStringLiteral("step"), enrolment ? QStringLiteral("enrolment") : QStringLiteral("code")},
        {QStringLiteral("expires"), QDateTime::fromSecsSinceEpoch(step.expires, Qt::UTC).toString(Qt::ISODateWithMs)},
        {QStringLiteral("user"), user},
    };
    if (enrolment) {
        json.insert(QStringLiteral("enrolment"), QJsonObject{{QStringLiteral("secret"), enrolment->secret},
                                                             {QStringLiteral("uri"), enrolment->uri},
                                                             {QStringLiteral("qrCodeSvg"), enrolment->qrCodeSvg},
                                                             {QStringLiteral("issuer"), enrolment->issuer},
                                                             {QStringLiteral("accountName"), enrolment->accountName}});
    }
    if (const QString error = shownError(s); !error.isEmpty())
        json.insert(QStringLiteral("error"), error);
    AuthResponse response = AuthResponse::json(json);
    response.setHeader("Cache-Control", "no-store");  // an enrolment's secret
    return s.withCookies(response);
}

//! No step to show: JSON readers get 401 and the same cookie deletion as the page's redirect.
AuthResponse noStep(const RequestState &s, bool json)
{
    if (!json)
        return TwoFactorFlow::expired(s);
    AuthResponse response = jsonError(TwoFactorExpired(), 401);
    response.cookies = PendingStep::remove(s);
    return s.withCookies(response);
}

} // namespace

QFuture<AuthResponse> twoFactor(const State &state)
{
    const RequestState &s = *state;
    if (s.isPost()) {
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        return TwoFactorFlow::submit(state);
    }
    const bool json = wantsJson(s);
    if (!json && !s.config.pages.twoFactor.isEmpty())
        return QtFuture::makeReadyFuture(PageResponses::toCustomPage(s, RequestState::Page::TwoFactor, s.query));
    const std::optional<PendingStep> step = PendingStep::fromCookie(s);
    if (!step)
        return QtFuture::makeReadyFuture(noStep(s, json));
    std::optional<SiteTwoFactor::Enrolment> enrolment;
    if (step->enrols()) {
        enrolment = SiteTwoFactor::enrolment(s, step->enrolmentSecret, step->user.value(QStringLiteral("email")).toString());
        if (!enrolment)
            return QtFuture::makeReadyFuture(noStep(s, json));
    }
    if (json)
        return QtFuture::makeReadyFuture(stepJson(s, *step, enrolment));
    Pages::TwoFactorContent content;
    if (enrolment)
        content.enrolment = {enrolment->secret, enrolment->qrCodeSvg, enrolment->issuer, enrolment->accountName};
    content.error = shownError(s);
    return QtFuture::makeReadyFuture(PageResponses::twoFactor(s, content));
}

} // namespace Gatehouse::Actions
