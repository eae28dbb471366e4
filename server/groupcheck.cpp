#include "groupcheck.h"

#include "databasecommand.h"

#include <gatehouse/autherror.h>
#include <gatehouse/sqladapter.h>

#include <QFileInfo>

namespace Gatehouse {

void warnAboutEmptyGroups(const ServerConfigResult &loaded, QTextStream &out)
{
    // Each group with where it is named first.
    QList<std::pair<QString, QString>> named;
    QStringList seen;
    const QList<AccessRule> &rules = loaded.config.access.rules;
    for (qsizetype i = 0; i < rules.size(); ++i) {
        const QStringList &groups = rules.at(i).policy.groups;
        for (qsizetype j = 0; j < groups.size(); ++j) {
            if (seen.contains(groups.at(j)))
                continue;
            seen.append(groups.at(j));
            named.append({QStringLiteral("access.rules[%1].policy.groups[%2]").arg(i).arg(j), groups.at(j)});
        }
    }
    if (named.isEmpty() || loaded.server.adapterUrl.isEmpty())
        return;
    QString error;
    const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(loaded.server.adapterUrl, &error);
    if (!options)
        return;  // a problem of the configuration, reported as such
    // Opening an SQLite file that is not there would create it.
    if (options->backend == SqlAdapterOptions::Backend::SQLite
        && (options->databaseName == QLatin1String(":memory:") || !QFileInfo::exists(options->databaseName))) {
        out << "note: the access rules' groups were not compared with the database: it does not exist yet\n";
        return;
    }
    const std::unique_ptr<SqlAdapter> adapter = adapterFor(loaded.server.adapterUrl, loaded.server.adapterPassword, &error);
    if (!adapter)
        return;
    try {
        if (adapter->schemaVersion().result() < SqlAdapter::latestSchemaVersion()) {
            out << "note: the access rules' groups were not compared with " << databaseName(*adapter)
                << ": it needs `gatehouse-server migrate` first\n";
            return;
        }
        for (const auto &[path, group] : named) {
            if (adapter->groupMembers(group).result().isEmpty())
                out << "warning: " << path << ": no stored user is in the group \"" << group
                    << "\" (gatehouse-server user groups add EMAIL GROUP)\n";
        }
    } catch (const AuthError &e) {
        out << "note: the access rules' groups were not compared with " << databaseName(*adapter)
            << ": it cannot be reached (" << e.message() << ")\n";
    }
}

} // namespace Gatehouse
