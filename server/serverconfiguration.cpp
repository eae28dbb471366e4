#include "serverconfiguration.h"

#include "scriptbindings.h"

#include <QDir>
#include <QRandomGenerator>

#include <algorithm>
#include <array>

namespace Gatehouse {

ServerConfiguration loadServerConfiguration(const QString &file, const QProcessEnvironment &env,
                                            const ConfigLoadOptions &options)
{
    ServerConfiguration result;
    result.loaded = file.isEmpty() ? loadServerConfig(QJsonObject(), env, QDir::currentPath(), options)
                                   : loadServerConfigFile(file, env, options);
    ServerConfigResult &loaded = result.loaded;
    if (loaded.server.callbacksScript.isEmpty())
        return result;

    const ScriptCallbacks script(loaded.server.callbacksScript,
                                 std::chrono::milliseconds(loaded.server.scriptTimeoutMs));
    const QList<ConfigProblem> problems = script.check(scriptFunctionUses(loaded.config, loaded.server));
    loaded.problems += problems;
    const bool loads = std::none_of(problems.cbegin(), problems.cend(), [](const ConfigProblem &p) {
        return p.path == QLatin1String("callbacksScript");
    });
    if (loads) {
        bindScript(script, loaded.config, loaded.server);
        result.script = script;
    }
    return result;
}

QString generateSecret()
{
    std::array<quint32, 8> words;
    QRandomGenerator::system()->generate(words.begin(), words.end());
    const QByteArray bytes(reinterpret_cast<const char *>(words.data()), int(sizeof(words)));
    return QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace Gatehouse
