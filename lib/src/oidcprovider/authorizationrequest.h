#pragma once
/*!
 * \file authorizationrequest.h  The rules of an authorization request (OpenID Connect Core
 * §3.1.2.1, OAuth 2.1): first the client and its redirect URI, which decide whether an error
 * may go back to the client at all (otherwise the person sees a page: never an open redirect),
 * then everything else, refused with the protocol's error sent to that redirect URI. Pure.
 */
#include "oidcprovider/parameters.h"
#include "oidcprovider/protocolerror.h"

#include <gatehouse/config.h>

#include <QDateTime>
#include <QStringList>

#include <optional>

namespace Gatehouse::OidcProvider {

//! Our own parameter on the sign-in round trip: a session must have begun at or after it.
inline constexpr QLatin1String kLoginAfter{"gh_login_after"};

//! A request that passed every rule.
struct AuthorizationRequest
{
    const OidcClient *client = nullptr;  //!< into the configuration's clients
    QString redirectUri;                 //!< as presented (it matched a registered one)
    QString state;                       //!< empty: none
    QString nonce;                       //!< empty: none
    QStringList scopes;                  //!< asked and allowed; "openid" first
    QString codeChallenge;               //!< S256; empty: none (a confidential client without PKCE)
    bool promptNone = false;             //!< no page may be shown: login_required instead
    bool promptLogin = false;            //!< the person signs in again, whatever session there is
    bool promptConsent = false;          //!< the person is asked again, whatever they allowed before
    std::optional<qint64> maxAge;        //!< seconds a sign-in may be old
    std::optional<qint64> loginAfter;    //!< kLoginAfter: seconds since the epoch
};

struct AuthorizationCheck
{
    //! Set when the client or its redirect URI is not established: shown on a page, never redirected.
    std::optional<QString> pageError;
    //! Set when the request is refused after both were established: sent to request.redirectUri.
    std::optional<ProtocolError> error;
    //! Valid (client set) unless pageError; redirectUri and state are set whenever error is.
    AuthorizationRequest request;

    bool ok() const { return !pageError && !error; }
};

/*!
 * Checks the authorization request \a parameters against \a clients. Scopes outside the
 * client's or this provider's are refused (invalid_scope); "offline_access" is dropped for a
 * client without the refresh_token grant type. PKCE S256 is required of public clients and checked whenever sent.
 */
AuthorizationCheck checkAuthorizationRequest(const Parameters &parameters, const QList<OidcClient> &clients);

/*!
 * Whether a session whose person signed in at \a authTime (invalid: not known) is recent enough
 * for \a request at \a now: max_age and the sign-in round trip's kLoginAfter.
 */
bool signInRecentEnough(const AuthorizationRequest &request, const QDateTime &authTime, const QDateTime &now);

/*!
 * The authorization request to come back to after signing in: \a query (as sent, without '?')
 * without prompt=login and max_age, which the sign-in itself answers, and with kLoginAfter
 * set to \a now when they asked for a new sign-in, so that the session found on return must
 * be that new one.
 */
QByteArray returnQuery(const QByteArray &query, const AuthorizationRequest &request, const QDateTime &now);

} // namespace Gatehouse::OidcProvider
