#include "config/adminclient.h"

#include "config/messages.h"

namespace Gatehouse::ConfigDetail {

void addAdminClient(ObjectReader &root, const AdminSettings &admin, std::optional<OidcProviderOptions> &provider)
{
    if (!admin.enabled)
        return;
    if (provider) {
        for (const OidcClient &client : std::as_const(provider->clients)) {
            if (client.clientId == AdminSettings::clientId()) {
                root.error(QStringLiteral("admin"), Messages::AdminClientIdTaken, {AdminSettings::clientId()});
                return;
            }
        }
    } else {
        provider.emplace();
    }
    OidcClient client;
    client.clientId = AdminSettings::clientId();
    client.isPublic = true;
    // The app listens on a port the system gives it; registered without one, any port matches.
    client.redirectUris = {QStringLiteral("http://127.0.0.1/callback"), QStringLiteral("http://[::1]/callback")};
    client.scopes = {QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"), QStringLiteral("groups"),
                     QStringLiteral("offline_access")};
    client.access = admin.groups.isEmpty() ? AccessPolicy{AccessPolicy::Kind::Deny, {}, {}}
                                           : AccessPolicy{AccessPolicy::Kind::Subjects, {}, admin.groups};
    client.consent = false;  // the server's own app
    provider->clients.append(client);
}

} // namespace Gatehouse::ConfigDetail
