#pragma once
/*
 * The built-in pages as responses: the page context from the request state (theme, language,
 * CSRF token, callback URL) and the page's Content-Security-Policy header.
 */
#include "actions/requeststate.h"

namespace Gatehouse::PageView {

AuthResponse signIn(const RequestState &state);
AuthResponse signOut(const RequestState &state);
AuthResponse error(const RequestState &state, const QString &errorType);
AuthResponse verifyRequest(const RequestState &state);

} // namespace Gatehouse::PageView
