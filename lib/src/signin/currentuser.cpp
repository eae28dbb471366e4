#include "signin/currentuser.h"

#include "session/sessionreader.h"

namespace Gatehouse {

QFuture<std::optional<AdapterUser>> currentUser(const State &state)
{
    // Who is signed in, nothing more: no callbacks (the token as it is), no cookies.
    SessionReadOptions options;
    options.callbacks = false;
    options.storedUser = true;
    return readSession(state, options, [](const CurrentSession &found) {
        if (found.status() == SessionStatus::Unavailable)
            std::rethrow_exception(found.error());
        return found.user();
    });
}

} // namespace Gatehouse
