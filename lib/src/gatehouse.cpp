#include <gatehouse/global.h>

namespace Gatehouse {

//! The version of the libgatehouse binary, which may differ from the headers' GATEHOUSE_VERSION.
GATEHOUSE_EXPORT const char *versionString()
{
    return GATEHOUSE_VERSION_STRING;
}

} // namespace Gatehouse
