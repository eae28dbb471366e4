#include "serverconfiguration.h"

#include "scriptbindings.h"

#include <QDir>
#include <QRandomGenerator>

#include <algorithm>
#include <array>

namespace Gatehouse {

namespace {

//! \a loaded with its callbacks script loaded, checked and bound.
ServerConfiguration withScript(ServerConfigResult loaded)
{
    ServerConfiguration result;
    result.loaded = std::move(loaded);
    ServerConfigResult &config = result.loaded;
    if (config.server.callbacksScript.isEmpty())
        return result;

    const ScriptCallbacks script(config.server.callbacksScript,
                                 std::chrono::milliseconds(config.server.scriptTimeoutMs));
    const QList<ConfigProblem> problems = script.check(scriptFunctionUses(config.config, config.server));
    config.problems += problems;
    const bool loads = std::none_of(problems.cbegin(), problems.cend(), [](const ConfigProblem &p) {
        return p.path == QLatin1String("callbacksScript");
    });
    if (loads) {
        bindScript(script, config.config, config.server);
        result.script = script;
    }
    return result;
}

} // namespace

ServerConfiguration loadServerConfiguration(const QString &file, const QProcessEnvironment &env,
                                            const ConfigLoadOptions &options)
{
    return withScript(file.isEmpty() ? loadServerConfig(QJsonObject(), env, QDir::currentPath(), options)
                                     : loadServerConfigFile(file, env, options));
}

ServerConfiguration loadServerConfiguration(const QJsonObject &json, const QString &baseDir,
                                            const QProcessEnvironment &env, const ConfigLoadOptions &options)
{
    return withScript(loadServerConfig(json, env, baseDir, options));
}

QString generateSecret()
{
    std::array<quint32, 8> words;
    QRandomGenerator::system()->generate(words.begin(), words.end());
    const QByteArray bytes(reinterpret_cast<const char *>(words.data()), int(sizeof(words)));
    return QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace Gatehouse
