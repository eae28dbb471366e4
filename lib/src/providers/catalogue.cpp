#include <gatehouse/providers.h>
#include <gatehouse/errors.h>

#include <gatehouse/autherror.h>

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace Gatehouse {

namespace {

QString entryPath(const QString &id)
{
    return QStringLiteral(":/gatehouse/providers/") + id + QStringLiteral(".json");
}

//! \a base with \a overrides merged in: objects key by key, other values replaced.
QJsonObject merged(QJsonObject base, const QJsonObject &overrides)
{
    for (auto it = overrides.constBegin(); it != overrides.constEnd(); ++it) {
        const QJsonValue current = base.value(it.key());
        if (current.isObject() && it->isObject())
            base.insert(it.key(), merged(current.toObject(), it->toObject()));
        else
            base.insert(it.key(), *it);
    }
    return base;
}

} // namespace

QStringList builtinProviderIds()
{
    QStringList ids;
    for (const QString &file : QDir(QStringLiteral(":/gatehouse/providers")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        ids.append(file.chopped(5));
    return ids;
}

bool isBuiltinProvider(const QString &id)
{
    return !id.contains(QLatin1Char('/')) && QFile::exists(entryPath(id));
}

Provider builtinProvider(const QString &id, const QJsonObject &overrides)
{
    if (!isBuiltinProvider(id))
        throw InvalidProvider(QStringLiteral("there is no built-in provider \"%1\"").arg(id));
    QFile file(entryPath(id));
    file.open(QIODevice::ReadOnly);
    const QJsonObject entry = merged(QJsonDocument::fromJson(file.readAll()).object(), overrides);
    Provider provider;
    provider.id = entry.value(QLatin1String("id")).toString();
    provider.name = entry.value(QLatin1String("name")).toString();
    provider.type = entry.value(QLatin1String("type")).toString();
    provider.options = entry;
    for (const char *key : {"id", "name", "type"})
        provider.options.remove(QLatin1String(key));
    return provider;
}

} // namespace Gatehouse
