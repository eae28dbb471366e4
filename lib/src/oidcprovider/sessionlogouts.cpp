#include <gatehouse/oidcsessionstore.h>

#include "oidcprovider/sessionid.h"

namespace Gatehouse {

// Here, not beside queueBackchannelLogouts() in storage/: the sid's derivation is the provider's.
QFuture<int> queueBackchannelLogoutsOfSession(const std::shared_ptr<Adapter> &adapter, const QStringList &secrets,
                                              const QString &sessionToken)
{
    return queueBackchannelLogouts(adapter, OidcProvider::databaseSessionId(secrets, sessionToken));
}

} // namespace Gatehouse
