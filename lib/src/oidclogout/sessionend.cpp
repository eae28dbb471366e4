#include "oidclogout/sessionend.h"

#include "core/futures.h"
#include "oidclogout/logging.h"
#include "metrics/catalogue.h"
#include "oidclogout/logoutdelivery.h"
#include "oidclogout/logouttoken.h"
#include "oidcprovider/signingkeycache.h"

namespace Gatehouse::OidcLogout {

namespace {

using KeySet = std::shared_ptr<const OidcProvider::SigningKeySet>;

//! What the tokens need once the request is gone.
struct Teller
{
    QString issuer;
    QList<OidcClient> clients;
    std::shared_ptr<const OidcProvider::SigningKeyCache> keys;
    std::shared_ptr<AuditStore> audit;
};

const OidcClient *clientNamed(const QList<OidcClient> &clients, const QString &clientId)
{
    for (const OidcClient &client : clients) {
        if (client.clientId == clientId)
            return &client;
    }
    return nullptr;
}

void signAndSend(const Teller &teller, const KeySet &keys, const QList<OidcSessionClient> &rows)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const OidcSessionClient &row : rows) {
        const OidcClient *client = clientNamed(teller.clients, row.clientId);
        if (!client || client->backchannelLogoutUri.isEmpty())
            continue;  // removed from the configuration, or its URI was, since the sign-in
        // The same key as the client's ID tokens, so it verifies what it already trusts.
        const auto algorithm = OidcProvider::algorithmNamed(client->idTokenSignedResponseAlg);
        const OidcProvider::SigningKey *signer = keys ? keys->signer(algorithm.value_or(OidcProvider::SigningAlgorithm::RS256)) : nullptr;
        if (!signer) {
            qCWarning(lcOidcLogout) << "back-channel logout to client" << row.clientId << "not sent: no signing key";
            Metrics::recordOidcBackchannelLogout("unsigned");
            continue;
        }
        const LogoutSubject subject{row.clientId, row.userId, row.sid};
        LogoutDeliveryJob job;
        job.uri = QUrl(client->backchannelLogoutUri);
        job.logoutToken = signLogoutToken(*signer, logoutTokenClaims(teller.issuer, subject, now, newLogoutTokenId()));
        job.clientId = row.clientId;
        job.userId = row.userId;
        job.audit = teller.audit;
        LogoutDelivery::instance().submit(std::move(job));
    }
}

void tell(const Teller &teller, QFuture<QList<OidcSessionClient>> taken)
{
    taken.then(QtFuture::Launch::Sync, [teller](QFuture<QList<OidcSessionClient>> finished) {
        QList<OidcSessionClient> rows;
        try {
            rows = finished.result();
        } catch (...) {
            qCWarning(lcOidcLogout) << "back-channel logout: the clients of the ended session could not be read;"
                              << "they are not told";
            return;
        }
        if (rows.isEmpty())
            return;
        if (!teller.keys) {
            signAndSend(teller, nullptr, rows);
            return;
        }
        teller.keys->keys().then(QtFuture::Launch::Sync, [teller, rows](QFuture<KeySet> loaded) {
            KeySet keys;
            try {
                keys = loaded.result();
            } catch (...) {
            }
            signAndSend(teller, keys, rows);
        });
    });
}

std::optional<Teller> tellerFor(const RequestState &s)
{
    if (!backchannelLogoutConfigured(s.config) || !s.stores().oidcSessions)
        return std::nullopt;
    return Teller{s.baseUrl, s.config.oidcProvider->clients, s.engine.oidcSigningKeys(), s.stores().audit};
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
    return store->addOidcSessionClient(client).then(QtFuture::Launch::Sync, [clientId = client.clientId](QFuture<void> added) {
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
    if (sid.isEmpty())
        return;
    if (const std::optional<Teller> teller = tellerFor(s))
        tell(*teller, s.stores().oidcSessions->takeOidcSessionClients(sid));
}

void allSessionsEnded(const RequestState &s, const QString &userId)
{
    if (userId.isEmpty())
        return;
    if (const std::optional<Teller> teller = tellerFor(s))
        tell(*teller, s.stores().oidcSessions->takeOidcSessionClientsOfUser(userId));
}

} // namespace Gatehouse::OidcLogout
