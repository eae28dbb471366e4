#include "databasecommand.h"

#include <gatehouse/serversettings.h>

#include <gatehouse/adaptererror.h>

#include <QDir>
#include <QJsonObject>
#include <QProcessEnvironment>

namespace Gatehouse {

std::unique_ptr<SqlAdapter> adapterFor(const QString &url, const QString &password, QString *error)
{
    std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, error);
    if (!options)
        return nullptr;
    if (options->password.isEmpty())
        options->password = password;
    return std::make_unique<SqlAdapter>(*options);
}

std::unique_ptr<SqlAdapter> databaseFor(const DatabaseChoice &choice, QTextStream &err)
{
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QString url = choice.url;
    QString source = QStringLiteral("--database");
    ConfigLoadOptions options;
    options.requireSecret = false;   // the database commands never use the secret
    // The environment alone gives DATABASE_PASSWORD, also from its file or systemd credential.
    ServerConfigResult loaded = loadServerConfig(QJsonObject(), env, QDir::currentPath(), options);
    if (url.isEmpty() && !choice.configFile.isEmpty()) {
        loaded = loadServerConfigFile(choice.configFile, env, options);
        url = loaded.server.adapterUrl;
        source = QStringLiteral("adapter.url of %1").arg(choice.configFile);
        if (url.isEmpty()) {
            for (const ConfigProblem &problem : loaded.errors())
                err << "gatehouse-server: " << choice.configFile << ": " << problem.toString() << '\n';
            err << "gatehouse-server: " << choice.configFile
                << " names no database: set \"adapter\": {\"url\": ...} there or DATABASE_URL, or give --database URL\n";
            return nullptr;
        }
    } else if (url.isEmpty()) {
        url = env.value(QStringLiteral("DATABASE_URL"));
        source = QStringLiteral("DATABASE_URL");
        if (url.isEmpty()) {
            err << "gatehouse-server: which database? Give --config FILE (with \"adapter\": {\"url\": ...}), "
                   "--database URL, or set DATABASE_URL\n";
            return nullptr;
        }
    }
    for (const ConfigProblem &problem : loaded.errors()) {
        if (problem.path.contains(QLatin1String("DATABASE_PASSWORD")) || problem.path.contains(QLatin1String("passwordFile")))
            err << "gatehouse-server: " << problem.toString() << '\n';
    }
    QString error;
    std::unique_ptr<SqlAdapter> adapter = adapterFor(url, loaded.server.adapterPassword, &error);
    if (!adapter)
        err << "gatehouse-server: " << source << ": " << error << '\n';
    return adapter;
}

QString databaseName(const SqlAdapter &adapter)
{
    return QStringLiteral("the database %1").arg(adapter.options().displayUrl());
}

bool checkSchema(SqlAdapter &adapter, QTextStream &err)
{
    int version = 0;
    try {
        version = adapter.schemaVersion().result();
    } catch (const AuthError &e) {
        err << "gatehouse-server: cannot use " << databaseName(adapter) << ": " << e.message();
        if (!e.cause().isEmpty())
            err << " (" << e.cause() << ')';
        err << '\n';
        return false;
    }
    const int latest = SqlAdapter::latestSchemaVersion();
    if (version < latest) {
        err << "gatehouse-server: " << databaseName(adapter) << " has schema version " << version
            << ", this build needs " << latest << ": run `gatehouse-server migrate` with the same --config or --database first\n";
        return false;
    }
    if (version > latest) {
        err << "gatehouse-server: " << databaseName(adapter) << " has schema version " << version
            << ", newer than this build's " << latest << ": use a newer gatehouse-server\n";
        return false;
    }
    return true;
}

} // namespace Gatehouse
