#pragma once
/*!
 * \file oauthclient.h  The outbound side of the OAuth flows: discovery, JWK Sets (both cached
 * as HTTP allows), the token endpoint, the userinfo endpoint and id_token verification.
 *
 * One OAuthClient is held by the engine and shared by every request and thread. Its futures
 * finish in the thread that made the first request of a chain (see HttpClient); the client must
 * outlive them, which holding it next to the engine's other shared data ensures.
 */
#include "oauth/documentcache.h"
#include "oauth/endpoints.h"
#include "oauth/httpclient.h"
#include "oauth/jwk.h"

#include <QFuture>
#include <QJsonObject>

#include <memory>
#include <optional>

namespace Gatehouse::OAuth {

class OAuthClient
{
public:
    OAuthClient();
    ~OAuthClient();
    OAuthClient(const OAuthClient &) = delete;
    OAuthClient &operator=(const OAuthClient &) = delete;

    /*!
     * The endpoints \a settings has for \a needs, discovering the rest when the provider has an
     * issuer. Fails with AuthError \c InvalidEndpoints, or \c CallbackRouteError when the
     * discovery document cannot be fetched or is not the issuer's.
     */
    QFuture<Endpoints> endpoints(const ProviderSettings &settings, Needs needs) const;

    /*!
     * A token request with \a grant (\c grant_type and its parameters) plus the token endpoint's
     * configured parameters, authenticated as \a settings says. The JSON token response, which
     * has an \c access_token. Fails with \c CallbackRouteError naming the endpoint's answer.
     */
    QFuture<QJsonObject> requestTokens(const ProviderSettings &settings, const Endpoints &endpoints,
                                       const ParamList &grant) const;

    //! The userinfo endpoint's JSON object for \a accessToken. Fails with \c CallbackRouteError.
    QFuture<QJsonObject> userinfo(const ProviderSettings &settings, const Endpoints &endpoints,
                                  const QString &accessToken) const;

    /*!
     * The claims of \a idToken once its signature verifies with a key of the issuer's JWK Set
     * (fetched again, once, when no key matches) and its claims pass checkIdTokenClaims() with
     * \a nonce. Fails with \c CallbackRouteError or \c InvalidCheck saying what is wrong.
     */
    QFuture<QJsonObject> verifyIdToken(const ProviderSettings &settings, const Endpoints &endpoints,
                                       const QString &idToken, const std::optional<QString> &nonce) const;

    /*!
     * Where to send the user to sign out at the provider too (OpenID Connect RP-Initiated
     * Logout 1.0): its \c end_session_endpoint with \c client_id, \c id_token_hint (when
     * given) and \c post_logout_redirect_uri. An empty URL when the provider does not opt in
     * (\c endSession) or advertises no such endpoint.
     */
    QFuture<QUrl> endSessionUrl(const ProviderSettings &settings, const QString &idTokenHint,
                                const QString &postLogoutRedirectUri) const;

    const HttpClient &http() const { return m_http; }

private:
    //! verifyIdToken(), which may throw before any key is fetched.
    QFuture<QJsonObject> verifyParsed(const ProviderSettings &settings, const Endpoints &endpoints,
                                      const QString &idToken, const std::optional<QString> &nonce) const;
    QFuture<std::shared_ptr<const JwkSet>> keySet(const QUrl &url, bool refresh, int timeoutMs) const;

    HttpClient m_http;
    DocumentCache<ServerMetadata> m_metadata;
    DocumentCache<JwkSet> m_jwks;
};

//! \a params as \c application/x-www-form-urlencoded (spaces as "+", like URLSearchParams).
QByteArray formEncode(const ParamList &params);

/*!
 * The JSON object of a token or userinfo \a response, or its pairs when it is form-encoded (as
 * some providers answer). Throws \c CallbackRouteError naming \a what when it is neither.
 */
QJsonObject jsonBody(const HttpResponse &response, const QString &what);

} // namespace Gatehouse::OAuth
