#include <gatehouse/adaptererror.h>

namespace Gatehouse {

AdapterError::AdapterError(Reason reason, QString message, QString cause)
    : AuthError(QStringLiteral("AdapterError"), std::move(message), std::move(cause))
    , m_reason(reason)
{
}

AdapterError AdapterError::notImplemented(const QString &method)
{
    return AdapterError(Reason::NotImplemented, QStringLiteral("adapter method %1 is not implemented").arg(method));
}

} // namespace Gatehouse
