#pragma once
/*!
 * \file endpoints.h  The authorization server's metadata (OpenID Connect Discovery 1.0,
 * RFC 8414) and the endpoints a flow uses: configured ones first, discovered ones for the rest.
 */
#include "oauth/providersettings.h"

#include <QFlags>
#include <QStringList>

#include <optional>

namespace Gatehouse::OAuth {

struct ServerMetadata
{
    QString issuer;
    QUrl authorizationEndpoint;
    QUrl tokenEndpoint;
    QUrl userinfoEndpoint;
    QUrl jwksUri;
    QUrl endSessionEndpoint;
    QStringList idTokenSigningAlgs;      //!< id_token_signing_alg_values_supported
    bool issParameterSupported = false;  //!< authorization_response_iss_parameter_supported (RFC 9207)

    /*!
     * The metadata in \a json, or nullopt with \a problem: not a JSON object, no \c issuer, an
     * \c issuer other than \a expectedIssuer (when given; a trailing "/" is not a difference),
     * or an endpoint that is not an http(s) URL.
     */
    static std::optional<ServerMetadata> fromJson(const QByteArray &json, const QString &expectedIssuer,
                                                  QString *problem);
};

//! What a step of a flow needs.
enum class Need { Authorization = 1, Token = 2, Userinfo = 4, Jwks = 8, EndSession = 16 };
Q_DECLARE_FLAGS(Needs, Need)
Q_DECLARE_OPERATORS_FOR_FLAGS(Needs)

struct Endpoints
{
    QString issuer;                      //!< the discovered issuer, else the configured one (may be empty)
    Endpoint authorization;
    Endpoint token;
    Endpoint userinfo;
    QUrl jwksUri;
    QUrl endSessionEndpoint;
    QStringList idTokenSigningAlgs;
    bool issParameterSupported = false;
};

//! True when \a settings lack an endpoint of \a needs that discovery provides.
bool needsDiscovery(const ProviderSettings &settings, Needs needs);

/*!
 * The endpoints of \a settings completed from \a metadata (when discovered). Throws AuthError
 * \c InvalidEndpoints naming an endpoint of \a needs that is still missing.
 */
Endpoints resolveEndpoints(const ProviderSettings &settings, const ServerMetadata *metadata, Needs needs);

} // namespace Gatehouse::OAuth
