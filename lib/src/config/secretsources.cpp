#include "config/secretsources.h"

#include "config/messages.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Gatehouse::ConfigDetail {

namespace {

bool isConfigurationVariable(const QString &name)
{
    return name.startsWith(QLatin1String("AUTH_")) || name.startsWith(QLatin1String("NEXTAUTH_"))
        || name.startsWith(QLatin1String("DATABASE_"));
}

// QFileDevice::Permissions to the octal mode ls shows.
QString octalMode(QFileDevice::Permissions p)
{
    int mode = 0;
    const std::pair<QFileDevice::Permission, int> bits[] = {
        {QFileDevice::ReadOwner, 0400}, {QFileDevice::WriteOwner, 0200}, {QFileDevice::ExeOwner, 0100},
        {QFileDevice::ReadGroup, 040},  {QFileDevice::WriteGroup, 020},  {QFileDevice::ExeGroup, 010},
        {QFileDevice::ReadOther, 04},   {QFileDevice::WriteOther, 02},   {QFileDevice::ExeOther, 01},
    };
    for (const auto &[bit, value] : bits) {
        if (p & bit)
            mode |= value;
    }
    return QStringLiteral("0%1").arg(mode, 3, 8, QLatin1Char('0'));
}

// The contents of \a path without the line ends at its end, or nullopt with the problem.
std::optional<QString> readValue(const QString &path, const QString &where, ProblemList &problems,
                                 bool warnIfReadableByAll)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        problems.error(where, Messages::CannotRead, {path, file.errorString()});
        return std::nullopt;
    }
    QByteArray data = file.read(64 * 1024);
    while (data.endsWith('\n') || data.endsWith('\r'))
        data.chop(1);
    if (data.isEmpty()) {
        problems.error(where, Messages::SecretFileEmpty, {path});
        return std::nullopt;
    }
    if (warnIfReadableByAll && (file.permissions() & QFileDevice::ReadOther))
        problems.warning(where, Messages::SecretFileReadableByAll,
                         {path, octalMode(file.permissions())});
    return QString::fromUtf8(data);
}

} // namespace

QProcessEnvironment withSecretFiles(const QProcessEnvironment &env, ProblemList &problems)
{
    QProcessEnvironment result = env;
    const QStringList names = env.keys();
    for (const QString &fileVariable : names) {
        if (!fileVariable.endsWith(QLatin1String("_FILE")))
            continue;
        const QString name = fileVariable.chopped(5);
        const QString path = env.value(fileVariable);
        if (!isConfigurationVariable(name) || path.isEmpty())
            continue;
        if (!env.value(name).isEmpty()) {
            problems.error(fileVariable, Messages::ValueOrFile, {name, fileVariable});
            continue;
        }
        if (const std::optional<QString> value = readValue(path, fileVariable, problems, true))
            result.insert(name, *value);
    }

    const QString credentials = env.value(QStringLiteral("CREDENTIALS_DIRECTORY"));
    if (credentials.isEmpty())
        return result;
    const QDir directory(credentials);
    for (const QString &name : directory.entryList(QDir::Files | QDir::Readable | QDir::Hidden, QDir::Name)) {
        if (!isConfigurationVariable(name) || name.endsWith(QLatin1String("_FILE")))
            continue;
        const QString path = directory.filePath(name);
        if (!result.value(name).isEmpty()) {
            problems.error(env.value(name).isEmpty() ? name + QStringLiteral("_FILE") : name,
                           Messages::CredentialAndVariable, {name, path});
            continue;
        }
        if (const std::optional<QString> value = readValue(path, path, problems, false))
            result.insert(name, *value);
    }
    return result;
}

std::optional<QString> readSecretFile(const QString &fileName, const QString &baseDir, const QString &keyPath,
                                      ProblemList &problems)
{
    const QString path = QDir::cleanPath(QDir(baseDir).absoluteFilePath(fileName));
    return readValue(path, keyPath, problems, true);
}

void readSecretFileKey(ObjectReader &r, QJsonObject &options, const QString &fileKey, const QString &valueKey,
                       const QString &baseDir)
{
    if (!r.has(fileKey))
        return;
    const std::optional<QString> fileName = r.string(fileKey);
    options.remove(fileKey);
    if (!fileName)
        return;
    if (r.has(valueKey)) {
        r.error(fileKey, Messages::ValueOrFile, {valueKey, fileKey});
        return;
    }
    if (const std::optional<QString> value = readSecretFile(*fileName, baseDir, r.pathOf(fileKey), r.problems()))
        options.insert(valueKey, *value);
}

} // namespace Gatehouse::ConfigDetail
