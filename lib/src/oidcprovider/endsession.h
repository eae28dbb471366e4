#pragma once
/*!
 * \file endsession.h  RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the rules of
 * an end-session request, in their order. An \c id_token_hint must be an ID token this provider
 * signed (an expired one is accepted, §2); a \c post_logout_redirect_uri must be registered for
 * the client exactly, or the answer is a page and never a redirect (§3). Pure.
 */
#include "oidcprovider/parameters.h"
#include "oidcprovider/signingkeys.h"

#include <gatehouse/config.h>

#include <QJsonObject>

#include <optional>

namespace Gatehouse::OidcProvider {

//! An end-session request whose parameters were found sound.
struct EndSessionRequest
{
    const OidcClient *client = nullptr;  //!< named by client_id or by the hint's aud; null: neither
    QString hintSubject;                 //!< the hint's sub; empty: no hint
    QString postLogoutRedirectUri;       //!< registered for client; empty: none asked for
    QString state;                       //!< echoed to postLogoutRedirectUri
};

//! The outcome of checkEndSessionRequest(): the request, or why it gets the error page.
struct EndSessionCheck
{
    EndSessionRequest request;
    std::optional<QString> pageError;    //!< for the log; the page says only that the request is invalid
};

/*!
 * The claims of \a hint when it is an ID token signed by a key of \a keys (by \c kid, retired
 * keys too: the hint may be old) and issued by \a issuer, whether or not it has expired;
 * otherwise nullopt with \a problem.
 */
std::optional<QJsonObject> verifyIdTokenHint(const QString &hint, const SigningKeySet &keys, const QString &issuer,
                                             QString *problem);

/*!
 * Checks \a p (client_id, id_token_hint, post_logout_redirect_uri, state) against \a clients;
 * \a hintClaims are the verified hint's claims (nullopt: none sent). Every refusal is a page:
 * nothing was established that a redirect could go to.
 */
EndSessionCheck checkEndSessionRequest(const Parameters &p, const std::optional<QJsonObject> &hintClaims,
                                       const QList<OidcClient> &clients);

//! Where the person goes after signing out: the request's post_logout_redirect_uri with its state.
QByteArray postLogoutLocation(const EndSessionRequest &request);

} // namespace Gatehouse::OidcProvider
