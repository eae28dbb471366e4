#include "admintokencommand.h"

#include "usercommand.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/admintokens.h>

#include <QTextStream>

namespace Gatehouse {

namespace {

QString when(const std::optional<QDateTime> &time)
{
    return time ? time->toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QStringLiteral("-");
}

int create(const AdminTokenCommand &command, const std::shared_ptr<SqlAdapter> &adapter, qint64 lifetime,
           const QStringList &scopes, QTextStream &out, QTextStream &err)
{
    try {
        const AdminTokens::Issued issued =
            AdminTokens::issue(adapter, command.name, scopes, lifetime, QStringLiteral("cli:") + operatingUser()).result();
        out << "created the admin token " << issued.record.name << " (scopes " << issued.record.scopes.join(u',')
            << "; expires " << when(issued.record.expiresAt) << " UTC)\n"
            << "it is shown this once; only its hash is stored:\n"
            << issued.token << '\n';
        return 0;
    } catch (const AdapterError &error) {
        if (error.reason() != AdapterError::Reason::Conflict)
            throw;
        err << "gatehouse-server: an admin token named " << command.name
            << " exists already (revoked tokens keep their names); choose another name\n";
        return 1;
    }
}

int list(const std::shared_ptr<SqlAdapter> &adapter, QTextStream &out)
{
    const QList<AdminTokenRecord> tokens = AdminTokens::list(adapter).result();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
               .arg(QStringLiteral("name"), -24).arg(QStringLiteral("state"), -8).arg(QStringLiteral("scopes"), -32)
               .arg(QStringLiteral("created (UTC)"), -16).arg(QStringLiteral("expires (UTC)"), -16)
               .arg(QStringLiteral("last used (UTC)"), -16).arg(QStringLiteral("created by"));
    for (const AdminTokenRecord &token : tokens) {
        const QString state = token.revokedAt ? QStringLiteral("revoked")
                            : token.expiresAt <= now ? QStringLiteral("expired")
                                                     : QStringLiteral("active");
        out << QStringLiteral("%1  %2  %3  %4  %5  %6  %7\n")
                   .arg(token.name, -24).arg(state, -8).arg(token.scopes.join(u','), -32)
                   .arg(when(token.createdAt), -16).arg(when(token.expiresAt), -16).arg(when(token.lastUsedAt), -16)
                   .arg(token.createdBy);
    }
    out << tokens.size() << (tokens.size() == 1 ? " admin token\n" : " admin tokens\n");
    return 0;
}

int revoke(const AdminTokenCommand &command, const std::shared_ptr<SqlAdapter> &adapter, QTextStream &out,
           QTextStream &err)
{
    if (!AdminTokens::revoke(adapter, command.name, QStringLiteral("cli:") + operatingUser()).result()) {
        err << "gatehouse-server: there is no admin token " << command.name << " that is not revoked already\n";
        return 1;
    }
    out << "revoked the admin token " << command.name << "; every server refuses it from its next request\n";
    return 0;
}

} // namespace

QStringList adminTokenActions()
{
    return {QStringLiteral("create"), QStringLiteral("list"), QStringLiteral("revoke")};
}

int adminTokenCommand(const AdminTokenCommand &command, const DatabaseChoice &choice)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (!adminTokenActions().contains(command.action)) {
        err << "gatehouse-server: admin-token: unknown action '" << command.action << "'; one of "
            << adminTokenActions().join(QStringLiteral(", ")) << '\n';
        return 2;
    }
    const bool creating = command.action == QLatin1String("create");
    const bool named = command.action != QLatin1String("list");
    if (!named && !command.name.isEmpty()) {
        err << "gatehouse-server: admin-token list takes no name\n";
        return 2;
    }
    if (named) {
        if (const QString problem = AdminTokens::nameProblem(command.name); !problem.isEmpty()) {
            err << "gatehouse-server: admin-token " << command.action << ": '" << command.name << "': " << problem << '\n';
            return 2;
        }
    }
    if (!creating && (!command.scopes.isEmpty() || !command.expires.isEmpty())) {
        err << "gatehouse-server: --scope and --expires apply to admin-token create only\n";
        return 2;
    }
    QStringList scopes;
    qint64 lifetime = 0;
    if (creating) {
        QString problem;
        if (command.scopes.isEmpty()) {
            err << "gatehouse-server: admin-token create needs --scope, one or more of "
                << AdminTokens::knownScopes().join(u',') << '\n';
            return 2;
        }
        const std::optional<QStringList> parsed = AdminTokens::parseScopes(command.scopes, &problem);
        if (!parsed) {
            err << "gatehouse-server: --scope: " << problem << '\n';
            return 2;
        }
        scopes = *parsed;
        const std::optional<qint64> seconds =
            AdminTokens::parseLifetime(command.expires.isEmpty() ? QStringLiteral("90d") : command.expires, &problem);
        if (!seconds) {
            err << "gatehouse-server: --expires: " << problem << '\n';
            return 2;
        }
        lifetime = *seconds;
    }

    std::shared_ptr<SqlAdapter> adapter = databaseFor(choice, err);
    if (!adapter || !checkSchema(*adapter, err))
        return 1;
    try {
        if (creating)
            return create(command, adapter, lifetime, scopes, out, err);
        if (command.action == QLatin1String("list"))
            return list(adapter, out);
        return revoke(command, adapter, out, err);
    } catch (const AuthError &e) {
        err << "gatehouse-server: admin-token " << command.action << " failed on " << databaseName(*adapter) << ": "
            << e.message();
        if (!e.cause().isEmpty())
            err << " (" << e.cause() << ')';
        err << '\n';
        return 1;
    }
}

} // namespace Gatehouse
