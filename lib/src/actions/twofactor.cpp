#include "actions/actions.h"

#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "signin/twofactorflow.h"
#include "twofactor/pendingstep.h"

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
    if (!PendingStep::fromCookie(s))
        return QtFuture::makeReadyFuture(TwoFactorFlow::expired(s));
    Pages::TwoFactorContent content;
    const QString error = s.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    if (error == QLatin1String("InvalidCode") || error == QLatin1String("TooManyAttempts"))
        content.error = error;
    return QtFuture::makeReadyFuture(PageResponses::twoFactor(s, content));
}

} // namespace Gatehouse::Actions
