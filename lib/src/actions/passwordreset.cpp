#include "actions/actions.h"

#include "recovery/passwordresetflow.h"
#include "request/errorresponse.h"

#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

QFuture<AuthResponse> passwordReset(const State &state)
{
    const RequestState &s = *state;
    const std::optional<PasswordResetOffer> offer = passwordResetOffer(s.config, s.stores().passwordResets != nullptr);
    if (!offer)  // not offered: the answer of an unknown action, without cookies
        return QtFuture::makeReadyFuture(AuthResponse::json(QStringLiteral("Bad request."), 400));
    if (s.isPost()) {
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        if (s.body.contains(QStringLiteral("token")))
            return PasswordResetFlow::reset(state, *offer);
        return PasswordResetFlow::request(state, *offer);
    }
    if (s.query.hasQueryItem(QStringLiteral("token")))
        return PasswordResetFlow::linkPage(state);
    return QtFuture::makeReadyFuture(PasswordResetFlow::requestPage(s));
}

} // namespace Gatehouse::Actions
