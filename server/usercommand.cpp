#include "usercommand.h"

#include "passwordinput.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/lockouts.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/twofactor.h>
#include <gatehouse/usergroups.h>
#include <gatehouse/userimport.h>
#include <gatehouse/serversettings.h>
#include <gatehouse/userstate.h>

#include <QDateTime>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTextStream>

#include <pwd.h>
#include <unistd.h>

namespace Gatehouse {

namespace {

class UserCommandRunner
{
public:
    UserCommandRunner(const UserCommand &command, std::shared_ptr<SqlAdapter> adapter, const LockoutLimits &limits)
        : m_command(command), m_email(command.email.trimmed().toLower()), m_adapter(std::move(adapter)), m_limits(limits)
    {
    }

    int run()
    {
        const QString &action = m_command.action;
        if (action == QLatin1String("list"))
            return m_command.locked ? listLocked() : list();
        if (action == QLatin1String("groups") && m_command.groupsAction == QLatin1String("members"))
            return members();
        const std::optional<AdapterUser> user = m_adapter->getUserByEmail(m_email).result();
        if (action == QLatin1String("add"))
            return add(user);
        if (!user) {
            m_err << "gatehouse-server: no user has the email address " << m_email << '\n';
            return 1;
        }
        if (action == QLatin1String("passwd"))
            return passwd(*user);
        if (action == QLatin1String("disable") || action == QLatin1String("enable"))
            return setDisabled(*user, action == QLatin1String("disable"));
        if (action == QLatin1String("2fa reset"))
            return resetTwoFactor(*user);
        if (action == QLatin1String("unlock"))
            return unlock(*user);
        if (action == QLatin1String("groups"))
            return groups(*user);
        return remove(*user);
    }

private:
    // Recorded as the command's other changes are (by: admin, the system account as operator).
    // The change is made: an event that cannot be written is said, not undone (as the admin API).
    void audit(const QString &type, const QString &userId, QJsonObject detail = {})
    {
        AuditEvent event;
        event.time = QDateTime::currentDateTimeUtc();
        event.type = type;
        event.userId = userId;
        detail.insert(QStringLiteral("by"), QStringLiteral("admin"));
        detail.insert(QStringLiteral("operator"), operatingUser());
        event.detail = detail;
        try {
            m_adapter->appendAudit(event).waitForFinished();
        } catch (const AdapterError &error) {
            m_err << "gatehouse-server: " << type << " was done but not recorded in the audit log: "
                  << error.message() << '\n';
        }
    }

    // A new password read and checked; nullopt after saying why not.
    std::optional<QString> newPassword()
    {
        const std::optional<QString> password = readNewPassword(m_command.passwordFromStdin);
        if (!password)
            return std::nullopt;
        const QString problem = passwordProblem(*password, m_email);
        if (!problem.isEmpty()) {
            m_err << "gatehouse-server: " << problem << "; nothing was changed\n";
            return std::nullopt;
        }
        return password;
    }

    int add(const std::optional<AdapterUser> &existing)
    {
        if (existing) {
            m_err << "gatehouse-server: a user with the email address " << m_email << " already exists (id "
                  << existing->id << "); `gatehouse-server user passwd " << m_email << "` sets its password\n";
            return 1;
        }
        const std::optional<QString> password = newPassword();
        if (!password)
            return 1;
        AdapterUser user;
        user.email = m_email;
        if (!m_command.name.isEmpty())
            user.name = m_command.name;
        const AdapterUser created = m_adapter->createUser(user).result();
        try {
            setUserPassword(m_adapter, created.id, *password).waitForFinished();
        } catch (...) {
            m_adapter->deleteUser(created.id).waitForFinished();   // no user without its password
            throw;
        }
        audit(QStringLiteral("userCreate"), created.id, {{QStringLiteral("email"), created.email}});
        m_out << "added " << m_email << " (user id " << created.id << ") with a built-in password\n";
        return 0;
    }

    int passwd(const AdapterUser &user)
    {
        const std::optional<QString> password = newPassword();
        if (!password)
            return 1;
        const bool had = m_adapter->passwordHash(m_email).result().has_value();
        setUserPassword(m_adapter, user.id, *password).waitForFinished();
        // As the admin API's: the running server's notices mail the person about it.
        audit(QStringLiteral("passwordChange"), user.id);
        m_out << (had ? "changed the password of " : "set a password for ") << m_email << '\n';
        return 0;
    }

    int setDisabled(const AdapterUser &user, bool disabled)
    {
        // Signing in is refused from now on, with every provider; database sessions end too.
        const qint64 ended = setUserDisabled(m_adapter, user.id, disabled).result();
        audit(disabled ? QStringLiteral("userDisable") : QStringLiteral("userEnable"), user.id,
              disabled ? QJsonObject{{QStringLiteral("sessionsEnded"), ended}} : QJsonObject());
        if (!disabled) {
            m_out << "enabled " << m_email << '\n';
            return 0;
        }
        m_out << "disabled " << m_email << "; ended " << ended
              << (ended == 1 ? " database session\n" : " database sessions\n");
        return 0;
    }

    int resetTwoFactor(const AdapterUser &user)
    {
        // Removal opens no sealed secret, so the configured secrets are not needed here: the
        // key TwoFactor derives from this placeholder is never used.
        const TwoFactor twoFactor(m_adapter, {QStringLiteral("user 2fa reset: no sealed secret is opened")});
        const TwoFactorStatus status = twoFactor.status(user.id).result();
        TwoFactorChange change;
        change.byAdministrator = true;  // audit: twoFactorRemove, by: admin, the operator
        change.operatorName = operatingUser();
        if (!twoFactor.remove(user.id, change).result()) {
            m_out << m_email << " has no authenticator app; nothing was changed\n";
            return 0;
        }
        m_out << "removed the authenticator app " << (status.enrolled ? "" : "(never confirmed) ") << "and "
              << status.recoveryCodesLeft << (status.recoveryCodesLeft == 1 ? " recovery code" : " recovery codes")
              << " of " << m_email << "; sign-in asks for no code until the person enrols again\n";
        return 0;
    }

    int unlock(const AdapterUser &user)
    {
        // Before: to say whether the person was kept out, not only whether anything was counted.
        QStringList keptFrom;
        for (const Lockout &lockout : currentLockouts(m_adapter, m_limits).result()) {
            if (lockout.user.id == user.id)
                keptFrom.append(lockoutKindName(lockout.kind));
        }
        const LockoutsLifted lifted = liftLockouts(m_adapter, user, operatingUser()).result();
        if (!keptFrom.isEmpty())
            m_out << "unlocked " << m_email << ": " << keptFrom.join(QStringLiteral(", ")) << " allowed again\n";
        else if (lifted.counters > 0)
            m_out << m_email << " was not locked out; cleared their failure counts\n";
        else
            m_out << m_email << " was not locked out and had no failures counted; nothing was changed\n";
        return 0;
    }

    int listLocked()
    {
        const QList<Lockout> lockouts = currentLockouts(m_adapter, m_limits).result();
        m_out << QStringLiteral("%1  %2  %3  %4\n").arg(QStringLiteral("id"), -8).arg(QStringLiteral("email"), -32)
                     .arg(QStringLiteral("limited"), -16).arg(QStringLiteral("until (UTC)"));
        QStringList people;
        for (const Lockout &lockout : lockouts) {
            m_out << QStringLiteral("%1  %2  %3  %4\n").arg(lockout.user.id, -8).arg(lockout.user.email, -32)
                         .arg(lockoutKindName(lockout.kind), -16)
                         .arg(lockout.until.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            if (!people.contains(lockout.user.id))
                people.append(lockout.user.id);
        }
        m_out << people.size() << (people.size() == 1 ? " user" : " users") << " locked out";
        if (!people.isEmpty())
            m_out << "; `gatehouse-server user unlock EMAIL` lets one in again";
        m_out << '\n';
        return 0;
    }

    int remove(const AdapterUser &user)
    {
        // The OpenID Provider's clients of the person's sessions are told by a running server.
        queueBackchannelLogoutsOfUser(m_adapter, user.id).waitForFinished();
        m_adapter->deleteUser(user.id).waitForFinished();
        audit(QStringLiteral("userDelete"), user.id, {{QStringLiteral("email"), user.email}});
        m_out << "deleted " << m_email << " (user id " << user.id
              << ") with its password, accounts, sessions and authenticators\n";
        return 0;
    }

    int groups(const AdapterUser &user)
    {
        const QString &action = m_command.groupsAction;
        const QString &group = m_command.group;
        if (action == QLatin1String("add")) {
            const bool added = addUserToGroup(m_adapter, user.id, group).result();  // audit: groupAdd, by: admin
            m_out << (added ? QStringLiteral("added %1 to %2\n") : QStringLiteral("%1 is in %2 already\n"))
                             .arg(m_email, group);
        } else if (action == QLatin1String("remove")) {
            const bool removed = removeUserFromGroup(m_adapter, user.id, group).result();
            m_out << (removed ? QStringLiteral("removed %1 from %2\n") : QStringLiteral("%1 was not in %2\n"))
                             .arg(m_email, group);
        } else {
            // One group a line and nothing else, for scripts.
            for (const QString &name : m_adapter->userGroups(user.id).result())
                m_out << name << '\n';
        }
        return 0;
    }

    int members()
    {
        const QList<AdapterUser> users = m_adapter->groupMembers(m_command.group).result();
        m_out << QStringLiteral("%1  %2  %3\n").arg(QStringLiteral("id"), -8).arg(QStringLiteral("email"), -32)
                     .arg(QStringLiteral("name"));
        for (const AdapterUser &user : users)
            m_out << QStringLiteral("%1  %2  %3\n").arg(user.id, -8).arg(user.email, -32).arg(user.name.value_or(QString()));
        m_out << users.size() << (users.size() == 1 ? " user in " : " users in ") << m_command.group << '\n';
        return 0;
    }

    int list()
    {
        const qint64 total = m_adapter->countUsers(m_command.search).result();
        m_out << QStringLiteral("%1  %2  %3  %4  %5\n").arg(QStringLiteral("id"), -8).arg(QStringLiteral("user"), -8)
                     .arg(QStringLiteral("password"), -8).arg(QStringLiteral("email"), -32).arg(QStringLiteral("name"));
        // Who still has a weak imported hash (read once: the listing pages do not carry hashes).
        QHash<QString, QString> weak;  // email -> why
        for (const UserTransferRecord &user : m_adapter->exportUsers().result()) {
            if (user.passwordHash.isEmpty())
                continue;
            const QString weakness = passwordHashWeakness(user.passwordHash);
            if (!weakness.isEmpty())
                weak.insert(user.email, weakness);
        }
        int weakListed = 0;
        UserPageRequest request;
        request.search = m_command.search;
        request.sort = UserSortColumn::Email;
        request.limit = 500;
        for (;;) {
            const QList<UserListEntry> page = m_adapter->listUsersPage(request).result();
            for (const UserListEntry &entry : page) {
                const QString state = entry.disabled ? QStringLiteral("disabled") : QStringLiteral("active");
                const bool weakHash = entry.hasPassword && !entry.passwordDisabled && weak.contains(entry.user.email);
                weakListed += weakHash ? 1 : 0;
                const QString password = !entry.hasPassword   ? QStringLiteral("none")
                                       : entry.passwordDisabled ? QStringLiteral("disabled")
                                       : weakHash               ? QStringLiteral("weak")
                                                                : QStringLiteral("enabled");
                m_out << QStringLiteral("%1  %2  %3  %4  %5\n").arg(entry.user.id, -8).arg(state, -8).arg(password, -8)
                             .arg(entry.user.email, -32).arg(entry.user.name.value_or(QString()));
            }
            if (page.size() < request.limit)
                break;
            request.anchor = page.last().user;
        }
        m_out << total << (total == 1 ? " user" : " users")
              << (m_command.search.isEmpty() ? QString() : QStringLiteral(" matching \"%1\"").arg(m_command.search))
              << '\n';
        if (weakListed > 0)
            m_out << weakListed << (weakListed == 1 ? " user has" : " users have")
                  << " a weak imported password hash (\"weak\"), replaced by Argon2id at their next sign-in\n";
        return 0;
    }

    const UserCommand &m_command;
    const QString m_email;
    std::shared_ptr<SqlAdapter> m_adapter;
    const LockoutLimits m_limits;
    QTextStream m_out{stdout};
    QTextStream m_err{stderr};
};

/*!
 * The limits the server applies: the configuration's \c rateLimit when there is one (the same
 * file names the database), else the defaults; the second factor's are fixed (TwoFactorOptions).
 */
std::optional<LockoutLimits> limitsOf(const DatabaseChoice &choice, QTextStream &err)
{
    LockoutLimits limits;
    const TwoFactorOptions twoFactor;
    limits.twoFactorMaxFailures = twoFactor.maxFailures;
    limits.twoFactorWindowSeconds = twoFactor.failureWindowSeconds;
    if (choice.configFile.isEmpty())
        return limits;
    ConfigLoadOptions options;
    options.requireSecret = false;
    const ServerConfigResult loaded = loadServerConfigFile(choice.configFile, QProcessEnvironment::systemEnvironment(), options);
    for (const ConfigProblem &problem : loaded.errors()) {
        if (problem.path.startsWith(QLatin1String("rateLimit"))) {
            err << "gatehouse-server: " << choice.configFile << ": " << problem.toString() << '\n';
            return std::nullopt;
        }
    }
    limits.rateLimit = loaded.config.rateLimit;
    return limits;
}

} // namespace

QString operatingUser()
{
    const uid_t uid = geteuid();
    if (const passwd *entry = getpwuid(uid); entry && entry->pw_name)
        return QString::fromLocal8Bit(entry->pw_name);
    return QStringLiteral("uid %1").arg(uid);
}

QStringList userActions()
{
    return {QStringLiteral("add"), QStringLiteral("passwd"), QStringLiteral("list"),
            QStringLiteral("disable"), QStringLiteral("enable"), QStringLiteral("delete"), QStringLiteral("2fa reset"),
            QStringLiteral("unlock"), QStringLiteral("groups")};
}

QStringList userGroupsActions()
{
    return {QStringLiteral("add"), QStringLiteral("remove"), QStringLiteral("list"), QStringLiteral("members")};
}

int userCommand(const UserCommand &command, const DatabaseChoice &choice)
{
    QTextStream err(stderr);
    if (!userActions().contains(command.action)) {
        err << "gatehouse-server: user: unknown action '" << command.action << "'; one of "
            << userActions().join(QStringLiteral(", ")) << '\n';
        return 2;
    }
    const bool groups = command.action == QLatin1String("groups");
    if (groups && !userGroupsActions().contains(command.groupsAction)) {
        err << "gatehouse-server: user groups: unknown action '" << command.groupsAction << "'; one of "
            << userGroupsActions().join(QStringLiteral(", ")) << '\n';
        return 2;
    }
    const bool namesGroup = groups && command.groupsAction != QLatin1String("list");
    if (namesGroup) {
        if (const std::optional<GroupNameProblem> problem = groupNameProblem(command.group)) {
            err << "gatehouse-server: '" << QString(command.group).replace(QLatin1Char('\n'), QLatin1String("\\n"))
                << "' is not a group name: it " << describeGroupNameProblem(*problem) << '\n';
            return 2;
        }
    }
    const bool list = command.action == QLatin1String("list")
        || (groups && command.groupsAction == QLatin1String("members"));
    if (!list && command.email.trimmed().isEmpty()) {
        err << "gatehouse-server: user " << command.action << " needs an email address\n";
        return 2;
    }
    static const QRegularExpression address(QStringLiteral("^[^@\\s]+@[^@\\s]+$"));
    if (!list && !address.match(command.email.trimmed()).hasMatch()) {
        err << "gatehouse-server: '" << command.email << "' is not an email address\n";
        return 2;
    }
    const auto misplaced = [&](bool set, const char *option, const char *allowed) {
        if (set && command.action != QLatin1String(allowed)) {
            err << "gatehouse-server: " << option << " does not apply to user " << command.action << '\n';
            return true;
        }
        return false;
    };
    if (misplaced(!command.name.isEmpty(), "--name", "add") || misplaced(!command.search.isEmpty(), "--search", "list")
        || misplaced(command.locked, "--locked", "list")
        || (command.passwordFromStdin && command.action != QLatin1String("add")
            && misplaced(true, "--password-stdin", "passwd")))
        return 2;
    if (command.locked && !command.search.isEmpty()) {
        err << "gatehouse-server: user list takes --search or --locked, not both\n";
        return 2;
    }

    const std::optional<LockoutLimits> limits = limitsOf(choice, err);
    if (!limits)
        return 1;
    std::shared_ptr<SqlAdapter> adapter = databaseFor(choice, err);
    if (!adapter || !checkSchema(*adapter, err))
        return 1;
    try {
        return UserCommandRunner(command, adapter, *limits).run();
    } catch (const AuthError &e) {
        err << "gatehouse-server: user " << command.action << " failed on " << databaseName(*adapter) << ": "
            << e.message();
        if (!e.cause().isEmpty())
            err << " (" << e.cause() << ')';
        err << '\n';
        return 1;
    }
}

} // namespace Gatehouse
