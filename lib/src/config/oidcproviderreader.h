#pragma once
/*! \file oidcproviderreader.h  Reading and checking \c oidcProvider (Gatehouse as an OpenID Provider). */
#include "config/jsonreader.h"

#include <gatehouse/config.h>

namespace Gatehouse::ConfigDetail {

//! \c oidcProvider: its clients, their secrets read from \c clientSecretFile (relative to \a baseDir).
void readOidcProvider(ObjectReader &root, const QString &baseDir, std::optional<OidcProviderOptions> &provider);
//! The problems of \a provider's values (checkConfig() calls it).
void checkOidcProvider(const std::optional<OidcProviderOptions> &provider, ProblemList &problems);

} // namespace Gatehouse::ConfigDetail
