#pragma once
/*!
 * \file providersettings.h  An \c oauth or \c oidc provider's options (SPEC.md "Provider
 * configuration"), read once per request from Provider::options and checked.
 */
#include <gatehouse/provider.h>

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <optional>

namespace Gatehouse::OAuth {

using ParamList = QList<QPair<QString, QString>>;

//! An endpoint: \c "https://..." or \c {url, params} in the configuration.
struct Endpoint
{
    QUrl url;
    ParamList params;   //!< extra parameters (authorization: query; token: body; userinfo: query)

    bool isSet() const { return url.isValid() && !url.isEmpty(); }
};

/*!
 * \c groups: {"claim": "groups", "mode": "replace" | "merge"}. At each sign-in the claim's group
 * names (signin/claimedgroups.h) replace the person's stored groups, or join them. \c claim
 * defaults to "groups"; \c mode has no default (replacing drops groups an administrator set).
 */
struct GroupsClaim
{
    QString claim = QStringLiteral("groups");  //!< a claim path (profile.h), as profileMapping's
    bool merge = false;                         //!< \c mode "merge": add, never remove
};

struct ProviderSettings
{
    QString id;
    QString type;                       //!< "oauth" or "oidc"
    QString clientId;
    QString clientSecret;
    QString issuer;                     //!< configured issuer, if any
    QUrl wellKnown;                     //!< discovery document: \c wellKnown, or derived from \c issuer
    Endpoint authorization;
    Endpoint token;
    Endpoint userinfo;
    QUrl jwksUri;                       //!< \c jwks_endpoint
    //! \c client.token_endpoint_auth_method: client_secret_basic (default), client_secret_post, none
    QString tokenEndpointAuthMethod = QStringLiteral("client_secret_basic");
    //! \c client.id_token_signed_response_alg; empty: any asymmetric algorithm the issuer lists
    QString idTokenSignedResponseAlg;
    bool pkce = true;                   //!< \c checks (default ["pkce"])
    bool state = false;
    bool nonce = false;
    bool useIdToken = false;            //!< oidc and \c idToken not false: the profile is the id_token's claims
    QString redirectProxyUrl;           //!< the provider's or the configuration's; forces the state check
    QJsonObject profileMapping;         //!< user field -> claim path(s) or template (see profile.h)
    QString profileFromToken;           //!< path in the token response holding the profile (no userinfo call)
    int timeoutMs = 10000;              //!< \c httpOptions.timeout, per outbound request
    bool endSession = false;            //!< \c endSession: RP-initiated logout at the provider
    std::optional<GroupsClaim> groups;  //!< \c groups: stored groups from a claim at sign-in

    bool isOidc() const { return type == QLatin1String("oidc"); }

    /*!
     * The settings of \a provider, with \a configRedirectProxyUrl as the default redirect proxy
     * and \c AUTH_<ID>_ID / \c _SECRET / \c _ISSUER filling a missing client id, secret and
     * issuer. Throws AuthError \c InvalidProvider naming the option that is missing or wrong.
     */
    static ProviderSettings fromProvider(const Provider &provider, const QString &configRedirectProxyUrl);
};

} // namespace Gatehouse::OAuth
