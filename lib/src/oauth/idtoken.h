#pragma once
/*! \file idtoken.h  The claims an id_token must carry (OpenID Connect Core 3.1.3.7). */
#include <QJsonObject>
#include <QString>

#include <optional>

namespace Gatehouse::OAuth {

struct IdTokenRules
{
    QString issuer;                  //!< the issuer's identifier, compared exactly
    QString clientId;                //!< must be an audience (and the azp, when present)
    std::optional<QString> nonce;    //!< the expected nonce; nullopt: the token must have none
    qint64 now = 0;                  //!< seconds since the epoch
    qint64 clockTolerance = 30;      //!< seconds, for exp, iat and nbf
};

/*!
 * Checks \a claims against \a rules: \c iss, \c sub, \c aud (a string or a list holding the
 * client id; with several audiences \c azp is required), \c azp, \c exp (not passed), \c iat
 * (present, not in the future), \c nbf (reached) and \c nonce. Throws AuthError naming the first
 * claim that fails (\c InvalidCheck for the nonce, \c CallbackRouteError otherwise).
 */
void checkIdTokenClaims(const QJsonObject &claims, const IdTokenRules &rules);

} // namespace Gatehouse::OAuth
