#pragma once
/*! \file jwks.h  The JWK Set document the \c jwks endpoint serves (RFC 7517 §5). */
#include "oidcprovider/signingkey.h"

#include <QJsonObject>
#include <QList>

namespace Gatehouse::OidcProvider {

//! \c {"keys": [...]}: the public JWK of each of \a keys, in order; no private member ever.
QJsonObject jwks(const QList<SigningKey> &keys);

} // namespace Gatehouse::OidcProvider
