#include "oidccommand.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/autherror.h>
#include <gatehouse/oidckeyrotation.h>
#include <gatehouse/serversettings.h>

#include <QProcessEnvironment>
#include <QTextStream>

#include <algorithm>

namespace Gatehouse {

namespace {

QString when(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODate);
}

QString stateName(OidcKeyStatus::State state)
{
    switch (state) {
    case OidcKeyStatus::State::Next: return QStringLiteral("next");
    case OidcKeyStatus::State::Signing: return QStringLiteral("signing");
    case OidcKeyStatus::State::Retiring: return QStringLiteral("retiring");
    case OidcKeyStatus::State::Retired: return QStringLiteral("retired");
    }
    return QString();
}

QString accessText(const AccessPolicy &access)
{
    switch (access.kind) {
    case AccessPolicy::Kind::SignedIn: return QStringLiteral("anyone signed in");
    case AccessPolicy::Kind::Deny: return QStringLiteral("nobody (deny)");
    case AccessPolicy::Kind::Bypass: return QStringLiteral("anyone");
    case AccessPolicy::Kind::Subjects: break;
    }
    QStringList parts;
    if (!access.users.isEmpty())
        parts.append(QStringLiteral("users ") + access.users.join(QStringLiteral(", ")));
    if (!access.groups.isEmpty())
        parts.append(QStringLiteral("groups ") + access.groups.join(QStringLiteral(", ")));
    return parts.isEmpty() ? QStringLiteral("nobody") : parts.join(QStringLiteral("; "));
}

class OidcCommandRunner
{
public:
    explicit OidcCommandRunner(const OidcCommand &command) : m_command(command) {}

    int run()
    {
        if (m_command.configFile.isEmpty()) {
            m_err << "gatehouse-server: oidc " << m_command.action
                  << " needs --config FILE (the configuration with \"oidcProvider\")\n";
            return 2;
        }
        ConfigLoadOptions options;
        // Listing needs no secret; sealing a new key does.
        options.requireSecret = m_command.action == QLatin1String("rotate-keys");
        const ServerConfigResult loaded =
            loadServerConfigFile(m_command.configFile, QProcessEnvironment::systemEnvironment(), options);
        if (!loaded.isValid()) {
            for (const ConfigProblem &problem : loaded.errors())
                m_err << "gatehouse-server: " << m_command.configFile << ": " << problem.toString() << '\n';
            return 1;
        }
        if (!loaded.config.oidcProvider) {
            m_err << "gatehouse-server: " << m_command.configFile
                  << " has no \"oidcProvider\": Gatehouse is not an OpenID Provider there\n";
            return 1;
        }
        if (m_command.action == QLatin1String("clients"))
            return clients(*loaded.config.oidcProvider);
        std::unique_ptr<SqlAdapter> opened = databaseFor({m_command.configFile, m_command.databaseUrl}, m_err);
        if (!opened)
            return 1;
        const std::shared_ptr<SqlAdapter> adapter(std::move(opened));
        if (!checkSchema(*adapter, m_err))
            return 1;
        try {
            const qint64 keep = loaded.config.session.maxAge;
            if (m_command.action == QLatin1String("keys"))
                return keys(*adapter, keep);
            return rotate(adapter, loaded.config.secret, keep);
        } catch (const AuthError &e) {
            m_err << "gatehouse-server: " << databaseName(*adapter) << ": " << e.message() << '\n';
            return 1;
        } catch (const std::exception &e) {
            m_err << "gatehouse-server: " << e.what() << '\n';
            return 1;
        }
    }

private:
    int clients(const OidcProviderOptions &provider)
    {
        if (provider.clients.isEmpty()) {
            m_out << "no clients are configured (oidcProvider.clients)\n";
            return 0;
        }
        for (const OidcClient &client : provider.clients) {
            m_out << client.clientId << '\n'
                  << "  kind:          "
                  << (client.isPublic ? "public (PKCE, no secret)" : "confidential (client_secret_basic, client_secret_post)")
                  << '\n'
                  << "  redirect URIs: " << client.redirectUris.join(QStringLiteral(" ")) << '\n';
            if (!client.postLogoutRedirectUris.isEmpty())
                m_out << "  after logout:  " << client.postLogoutRedirectUris.join(QStringLiteral(" ")) << '\n';
            m_out << "  scopes:        " << client.scopes.join(QStringLiteral(" ")) << '\n'
                  << "  access:        " << accessText(client.access) << '\n'
                  << "  consent:       " << (client.consent ? "asked" : "not asked (first-party)") << '\n'
                  << "  ID tokens:     " << client.idTokenSignedResponseAlg << '\n';
            if (!client.backchannelLogoutUri.isEmpty())
                m_out << "  back-channel logout: " << client.backchannelLogoutUri << '\n';
        }
        return 0;
    }

    void printSchedule(const QList<OidcKeyStatus> &statuses, qint64 keepSeconds)
    {
        m_out << QStringLiteral("%1 %2 %3 %4 %5\n")
                     .arg(QStringLiteral("ALG"), -6)
                     .arg(QStringLiteral("GEN"), -4)
                     .arg(QStringLiteral("STATE"), -9)
                     .arg(QStringLiteral("KID"), -44)
                     .arg(QStringLiteral("WHEN"));
        for (const OidcKeyStatus &key : statuses) {
            QString detail;
            switch (key.state) {
            case OidcKeyStatus::State::Next:
                detail = QStringLiteral("signs from ") + when(key.signsFrom);
                break;
            case OidcKeyStatus::State::Signing:
                detail = QStringLiteral("made ") + when(key.createdAt);
                break;
            case OidcKeyStatus::State::Retiring:
                detail = QStringLiteral("published until ") + when(*key.publishedUntil);
                break;
            case OidcKeyStatus::State::Retired:
                detail = QStringLiteral("unpublished since ") + when(*key.publishedUntil)
                    + QStringLiteral("; removed by a rotation from ") + when(key.publishedUntil->addSecs(keepSeconds));
                break;
            }
            m_out << QStringLiteral("%1 %2 %3 %4 %5\n")
                         .arg(key.alg, -6)
                         .arg(key.generation, -4)
                         .arg(stateName(key.state), -9)
                         .arg(key.kid, -44)
                         .arg(detail);
        }
    }

    int keys(SqlAdapter &adapter, qint64 keepSeconds)
    {
        const QList<OidcKeyStatus> statuses =
            oidcKeySchedule(adapter.oidcSigningKeys().result(), QDateTime::currentDateTimeUtc());
        if (statuses.isEmpty()) {
            m_out << "no signing keys yet: the first server to sign a token makes them\n";
            return 0;
        }
        printSchedule(statuses, keepSeconds);
        return 0;
    }

    int rotate(const std::shared_ptr<SqlAdapter> &adapter, const QStringList &secrets, qint64 keepSeconds)
    {
        // A second rotation before the first took over would cut the first key's turn to nothing.
        for (const OidcKeyStatus &key : oidcKeySchedule(adapter->oidcSigningKeys().result(), QDateTime::currentDateTimeUtc())) {
            if (key.state == OidcKeyStatus::State::Next) {
                m_err << "gatehouse-server: a rotation is under way: " << key.alg << " key " << key.kid
                      << " signs from " << when(key.signsFrom) << "; rotate again after that\n";
                return 1;
            }
        }
        const QList<OidcSigningKeyRecord> added = rotateOidcSigningKeys(adapter, secrets).result();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QList<OidcKeyStatus> statuses = oidcKeySchedule(adapter->oidcSigningKeys().result(), now);
        for (const OidcSigningKeyRecord &record : added) {
            const auto mine = std::find_if(statuses.cbegin(), statuses.cend(),
                                           [&record](const OidcKeyStatus &s) { return s.kid == record.kid; });
            if (mine == statuses.cend())
                continue;
            m_out << record.alg << ": key " << record.kid << " (generation " << record.generation << ") ";
            if (mine->signsFrom.isNull()) {
                m_out << "is the first of its algorithm: published and signing now\n";
                continue;
            }
            m_out << "is published now and signs from " << when(mine->signsFrom) << '\n';
            for (const OidcKeyStatus &older : statuses) {
                if (older.alg == record.alg && older.generation < record.generation && older.publishedUntil
                    && older.state != OidcKeyStatus::State::Retired && older.signsUntil == mine->signsFrom)
                    m_out << "  key " << older.kid << " (generation " << older.generation
                          << ") signs until then and stays published until " << when(*older.publishedUntil) << '\n';
            }
        }
        if (added.size() < 3)
            m_out << "another rotation added the other algorithms' next keys at the same moment; `oidc keys` shows them\n";
        // Housekeeping: keys unpublished for longer than a session lives can check nothing any more.
        const QStringList old = oidcKeysToRemove(statuses, now, keepSeconds);
        if (!old.isEmpty()) {
            const qint64 removed = adapter->removeOidcSigningKeys(old).result();
            for (const OidcKeyStatus &key : statuses) {
                if (old.contains(key.kid))
                    m_out << "removed the retired " << key.alg << " key " << key.kid << " (generation " << key.generation
                          << "), unpublished since " << when(*key.publishedUntil) << '\n';
            }
            if (removed < old.size())
                m_out << "(" << old.size() - removed << " of them another rotation removed at the same moment)\n";
        }
        m_out << "Running servers read the keys again within a minute; nothing else to do.\n";
        return 0;
    }

    const OidcCommand &m_command;
    QTextStream m_out{stdout};
    QTextStream m_err{stderr};
};

} // namespace

QStringList oidcActions()
{
    return {QStringLiteral("clients"), QStringLiteral("keys"), QStringLiteral("rotate-keys")};
}

int oidcCommand(const OidcCommand &command)
{
    return OidcCommandRunner(command).run();
}

} // namespace Gatehouse
