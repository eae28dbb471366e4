#include <gatehouse/global.h>

namespace Gatehouse {

const char *versionString()
{
    return GATEHOUSE_VERSION_STRING;
}

} // namespace Gatehouse
