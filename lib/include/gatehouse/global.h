#pragma once
/*! \file global.h  Export macros and version of libgatehouse. Include first in public headers. */
#include <gatehouse/gatehouse_export.h>
#include <gatehouse/version.h>

namespace Gatehouse {

//! The version of the libgatehouse binary in use, which may differ from the GATEHOUSE_VERSION_STRING
//! of the headers a program was built with.
GATEHOUSE_EXPORT const char *versionString();

} // namespace Gatehouse
