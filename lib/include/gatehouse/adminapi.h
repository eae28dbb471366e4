#pragma once
/*!
 * \file adminapi.h  The admin API: JSON over HTTP at \c {basePath}/admin/api/, for scripts and
 * (later) gatehouse-admin connected to a server (lib/src/adminapi/README.md). gatehouse-server
 * serves it only when its configuration has an \c "admin" object.
 */
#include <gatehouse/adapter.h>
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>
#include <gatehouse/configcheck.h>
#include <gatehouse/global.h>
#include <gatehouse/serversettings.h>

#include <QFuture>
#include <QJsonObject>

#include <functional>
#include <memory>

namespace Gatehouse {

class AdminApiPrivate;

/*!
 * The configuration file the admin API reads, checks and saves (\c GET, \c PUT
 * \c {basePath}/admin/api/config, \c POST \c .../config/check), and how the server checks and
 * applies one. Without it (a server started without a file) those operations answer 404.
 */
struct GATEHOUSE_EXPORT AdminConfigFile
{
    //! The file (absolute); relative names in it resolve against its folder.
    QString path;
    /*!
     * Every problem of \a json as the server finds it when it loads the file (with its
     * environment, callbacks script and command line), errors and warnings. Called on the API's
     * own threads.
     */
    std::function<QList<ConfigProblem>(const QJsonObject &json)> check;
    /*!
     * Applies the file just saved (the server's reload) and says whether the new configuration
     * is in effect. Called on the API's own threads; may be empty (the file watcher reloads).
     */
    std::function<bool()> reload;
};

/*!
 * Answers the admin API's requests on \a adapter's users, authenticated by bearer tokens: API
 * tokens (admintokens.h), limited to their scopes, and access tokens that this server's OpenID
 * Provider issued to gatehouse-admin (AdminSettings::clientId()) for a person in the admin
 * groups, who may do everything. Every change is audited with \c by: \c token:NAME or the
 * person's email. Thread-safe: the serving threads call handle() at once; the work runs on a
 * small pool of its own, never on a serving thread.
 */
class GATEHOUSE_EXPORT AdminApi
{
public:
    /*!
     * \a adapter must implement AdminTokenStore, AdminStore and UserStateStore (SqlAdapter does);
     * \a settings' groups are the people who may sign in to administer (none: tokens only).
     */
    explicit AdminApi(std::shared_ptr<Adapter> adapter, const AdminSettings &settings = {});
    ~AdminApi();
    Q_DISABLE_COPY(AdminApi)

    //! Serves the configuration operations on \a file; call before the first request.
    void setConfigFile(const AdminConfigFile &file);

    //! Whether \a path (decoded) is the API's: \c {basePath}/admin/api or below it.
    static bool owns(const QString &path, const QString &basePath);

    //! The largest file \c {POST users/import} takes (256 MiB: a Keycloak realm export of
    //! 100,000 users is about 63 MiB); 413 naming \c body beyond.
    static constexpr qint64 maxImportSize = 256LL * 1024 * 1024;
    //! \c {basePath}/admin/api/users/import, the path ServerLimits::largeBodyPath names.
    static QString importPath(const QString &basePath);

    /*!
     * The answer to \a request, a path owns() accepts; \a config gives the origin (a request
     * whose \c Origin differs is refused, and the issuer of the access tokens taken), the
     * client's address (\c trustedProxies), the limit of failed token checks per address
     * (\c rateLimit) and the secrets that open the provider's keys. Never fails: every problem
     * is a JSON answer \c {"error", "message", "field"}.
     */
    QFuture<AuthResponse> handle(const AuthRequest &request, const Config &config) const;

private:
    std::unique_ptr<AdminApiPrivate> d;
};

} // namespace Gatehouse
