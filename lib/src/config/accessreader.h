#pragma once
/*! \file accessreader.h  Reading \c access and \c redirectDomains (forward authentication). */
#include "config/jsonreader.h"

#include <gatehouse/access.h>

namespace Gatehouse::ConfigDetail {

//! \c access: rules, default and identity header names (their patterns are checkConfig()'s).
void readAccess(ObjectReader &root, AccessOptions &access);
//! \c redirectDomains: a list of hosts and ".domain" suffixes, lower-cased.
void readRedirectDomains(ObjectReader &root, QStringList &domains);
//! The problems of \a access and \a redirectDomains' values (checkConfig() calls it).
void checkAccess(const AccessOptions &access, const QStringList &redirectDomains, ProblemList &problems);

} // namespace Gatehouse::ConfigDetail
