#pragma once
/*!
 * \file errors.h  The errors of the OAuth flows, with Auth.js's types: a failed check of state,
 * PKCE or nonce is \c InvalidCheck; any other failure of the callback (token request,
 * id_token, userinfo) is \c CallbackRouteError. Both send the user to the error page with
 * \c error=Configuration; the message, which names what failed, is only logged.
 */
#include <gatehouse/autherror.h>
#include <gatehouse/errors.h>

namespace Gatehouse::OAuth {

inline AuthError invalidCheck(const QString &message)
{
    return InvalidCheck(message);
}

inline AuthError callbackError(const QString &message, const QString &cause = {})
{
    return CallbackRouteError(message, cause);
}

} // namespace Gatehouse::OAuth
