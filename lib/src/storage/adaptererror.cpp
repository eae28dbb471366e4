#include <gatehouse/adaptererror.h>

namespace Gatehouse {

AdapterError AdapterError::notImplemented(const QString &method)
{
    return AdapterError(Reason::NotImplemented, QStringLiteral("adapter method %1 is not implemented").arg(method));
}

} // namespace Gatehouse
