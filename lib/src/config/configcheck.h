#pragma once
/*! \file configcheck.h  The rules of checkConfig() (gatehouse/configcheck.h) that others reuse. */
#include <gatehouse/configcheck.h>

namespace Gatehouse::ConfigDetail {

/*!
 * Why \a path is not a usable base path (a config/messages.h text), or null: it must start
 * with "/", must not end with "/" (unless it is "/"), and must be a plain path. \a ofUrl: the
 * wording for the path of AUTH_URL.
 */
const char *basePathProblem(const QString &path, bool ofUrl = false);

} // namespace Gatehouse::ConfigDetail
