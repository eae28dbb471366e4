#include "oidclogout/sessionend.h"

#include "oidclogout/logging.h"

namespace Gatehouse::OidcLogout {

namespace {

const OidcClient *clientNamed(const QList<OidcClient> &clients, const QString &clientId)
{
    for (const OidcClient &client : clients) {
        if (client.clientId == clientId)
            return &client;
    }
    return nullptr;
}

} // namespace

bool backchannelLogoutConfigured(const Config &config)
{
    if (!config.oidcProvider)
        return false;
    for (const OidcClient &client : config.oidcProvider->clients) {
        if (!client.backchannelLogoutUri.isEmpty())
            return true;
    }
    return false;
}

QFuture<void> recordSessionClient(const RequestState &s, const OidcSessionClient &client)
{
    const std::shared_ptr<OidcSessionStore> store = s.stores().oidcSessions;
    const OidcClient *configured = s.config.oidcProvider ? clientNamed(s.config.oidcProvider->clients, client.clientId) : nullptr;
    if (!store || client.sid.isEmpty() || !configured || configured->backchannelLogoutUri.isEmpty())
        return QtFuture::makeReadyFuture();
    OidcSessionClient recorded = client;
    if (recorded.issuer.isEmpty())
        recorded.issuer = s.baseUrl;   // the ID token's iss: the Logout Token's
    return store->addOidcSessionClient(recorded).then(QtFuture::Launch::Sync, [clientId = client.clientId](QFuture<void> added) {
        try {
            added.waitForFinished();
        } catch (...) {
            qCWarning(lcOidcLogout) << "back-channel logout: the session of client" << clientId
                              << "could not be recorded; it will not be told when the session ends";
        }
    });
}

void sessionEnded(const RequestState &s, const QString &sid)
{
    if (!sid.isEmpty() && backchannelLogoutConfigured(s.config))
        queueBackchannelLogouts(s.config.adapter, sid);
}

void allSessionsEnded(const RequestState &s, const QString &userId, const QString &keepSid)
{
    if (!userId.isEmpty() && backchannelLogoutConfigured(s.config))
        queueBackchannelLogoutsOfUser(s.config.adapter, userId, keepSid);
}

} // namespace Gatehouse::OidcLogout
