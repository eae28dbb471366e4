#include <gatehouse/configfile.h>

#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

namespace Gatehouse {

QString configBackupPath(const QString &path)
{
    return path + QStringLiteral(".bak");
}

QByteArray configFileContents(const QJsonObject &json)
{
    return QJsonDocument(json).toJson(QJsonDocument::Indented);
}

ConfigFileWrite writeConfigFile(const QString &path, const QJsonObject &json)
{
    ConfigFileWrite result;
    const QString backup = configBackupPath(path);
    if (QFile::exists(path)) {
        QFile::remove(backup);
        QFile original(path);
        if (!original.copy(backup)) {
            result.failure = ConfigFileWrite::Failure::Backup;
            result.path = backup;
            result.errorString = original.errorString();
            return result;
        }
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(configFileContents(json)) < 0 || !file.commit()) {
        result.failure = ConfigFileWrite::Failure::Write;
        result.path = path;
        result.errorString = file.errorString();
    }
    return result;
}

} // namespace Gatehouse
