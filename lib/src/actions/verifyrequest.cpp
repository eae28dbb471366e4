#include "actions/actions.h"

#include "request/pageresponses.h"

namespace Gatehouse::Actions {

AuthResponse verifyRequest(const RequestState &state)
{
    if (!state.config.pages.verifyRequest.isEmpty())
        return PageResponses::toCustomPage(state, RequestState::Page::VerifyRequest, state.query);
    return PageResponses::verifyRequest(state);
}

} // namespace Gatehouse::Actions
