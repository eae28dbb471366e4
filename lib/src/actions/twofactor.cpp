#include "actions/actions.h"

#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "signin/twofactorflow.h"
#include "twofactor/pendingstep.h"
#include "twofactor/sitetwofactor.h"

#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

QFuture<AuthResponse> twoFactor(const State &state)
{
    const RequestState &s = *state;
    if (s.isPost()) {
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        return TwoFactorFlow::submit(state);
    }
    const std::optional<PendingStep> step = PendingStep::fromCookie(s);
    if (!step)
        return QtFuture::makeReadyFuture(TwoFactorFlow::expired(s));
    Pages::TwoFactorContent content;
    if (step->enrols()) {
        const auto enrolment = SiteTwoFactor::enrolment(s, step->enrolmentSecret, step->user.value(QStringLiteral("email")).toString());
        if (!enrolment)
            return QtFuture::makeReadyFuture(TwoFactorFlow::expired(s));
        content.enrolment = {enrolment->secret, enrolment->qrCodeSvg, enrolment->issuer, enrolment->accountName};
    }
    const QString error = s.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    if (error == QLatin1String("InvalidCode") || error == QLatin1String("TooManyAttempts"))
        content.error = error;
    return QtFuture::makeReadyFuture(PageResponses::twoFactor(s, content));
}

} // namespace Gatehouse::Actions
