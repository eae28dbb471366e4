// gatehouse-server: the command line.
#include "admintokencommand.h"
#include "backupcommand.h"
#include "groupcheck.h"
#include "logging.h"
#include "logwriter.h"
#include "migratecommand.h"
#include "oidccommand.h"
#include "serve.h"
#include "serverconfiguration.h"
#include "usercommand.h"
#include "userimportcommand.h"

#include <gatehouse/version.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTextStream>

using namespace Gatehouse;

namespace {

const char description[] =
    "Gatehouse: session-based authentication compatible with Auth.js v5.\n"
    "\n"
    "Commands:\n"
    "  (none)        serve the configuration over HTTP until SIGTERM or SIGINT. SIGHUP, or\n"
    "                saving the configuration file, reloads it: a valid one is used by new\n"
    "                requests without dropping connections; an invalid one is logged and the\n"
    "                old one kept. server.listen, server.threads, server.metricsListen, limits\n"
    "                and adapter.url need a restart. \"server\": {\"reloadOnChange\": false} leaves only SIGHUP.\n"
    "  secret        print a new random secret for AUTH_SECRET\n"
    "  check-config  print every problem of the configuration; exit 1 if there is an error\n"
    "  migrate       bring the database to this build's schema, one line per step (running it\n"
    "                again changes nothing); exit 1 when the database cannot be reached\n"
    "  user add EMAIL [--name NAME] [--password-stdin]\n"
    "                create a user who signs in with a built-in password (\"authorize\": \"builtin\")\n"
    "  user passwd EMAIL [--password-stdin]\n"
    "                set a new password for an existing user\n"
    "  user list [--search TEXT]\n"
    "                list users (id, user active/disabled, password enabled/disabled/none, email, name);\n"
    "                password \"weak\": an imported weak hash (apr1, bcrypt below 10, ...) not yet replaced\n"
    "  user list --locked\n"
    "                the users a rate limit keeps out now: which limit and until when (UTC), by the\n"
    "                limits of --config FILE's rateLimit, else the defaults\n"
    "  user disable EMAIL   refuse the user's sign-in with every provider and end their database sessions\n"
    "  user enable EMAIL    let the user sign in again\n"
    "  user delete EMAIL    delete the user with their password, accounts, sessions, authenticators\n"
    "  user unlock EMAIL    clear the user's counted failures (password sign-in, second factor, password\n"
    "                reset requests), so a rate limit keeps them out no longer; audited with who ran it\n"
    "  user 2fa reset EMAIL remove the user's authenticator app and recovery codes (two-factor\n"
    "                sign-in), e.g. after a lost phone; audited (by: admin)\n"
    "  user groups add|remove EMAIL GROUP\n"
    "                put the user in a group or take them out of it (access rules name groups);\n"
    "                audited (by: admin); nothing to change is no error. A group name has 1 to\n"
    "                128 characters, no comma, no control character, no space at either end;\n"
    "                upper and lower case differ\n"
    "  user groups list EMAIL      the user's groups, one a line\n"
    "  user groups members GROUP   the users in a group (id, email, name)\n"
    "  admin-token create NAME --scope SCOPES [--expires 90d]\n"
    "                issue a bearer token for the admin API ({basePath}/admin/api/, served with\n"
    "                \"admin\" in the configuration); SCOPES: users:read,users:write,audit:read,\n"
    "                config:read,config:write; a\n"
    "                lifetime in days, hours or minutes (90d, 12h, 30m; at most 3650d). The token\n"
    "                is printed once, alone on the last line; only its hash is stored\n"
    "  admin-token list     the tokens: name, state (active, expired, revoked), scopes, times\n"
    "  admin-token revoke NAME\n"
    "                refuse the token from now on, on every server sharing the database;\n"
    "                create and revoke are audited (by: cli:USER)\n"
    "  user import FILE --format authelia|htpasswd|keycloak|csv|jsonl [--dry-run]\n"
    "                [--on-conflict skip|update|fail] [--group G]... [--email-domain D] [--allow-weak-hashes]\n"
    "                import users with the password hashes they have (FILE - : standard input), in one\n"
    "                transaction: anything refused (each line named with its reason) imports nothing,\n"
    "                unless --on-conflict skip; --dry-run changes nothing. Each hash signs in as it is\n"
    "                and becomes Argon2id at the user's first sign-in; audited (userImport, by: cli)\n"
    "  user export [FILE] --format jsonl [--with-password-hashes]\n"
    "                every user as the JSON Lines user import reads (to standard output, or to the\n"
    "                new file FILE, mode 0600); password hashes only when asked for\n"
    "  backup FILE   write a consistent copy of the SQLite database to the new file FILE while\n"
    "                servers use it (SQLite's VACUUM INTO; mode 0600); PostgreSQL: use pg_dump\n"
    "  oidc clients  list the OpenID Provider's clients of --config FILE\n"
    "  oidc keys     list its signing keys and where each stands (signing, next, retiring, retired)\n"
    "  oidc rotate-keys\n"
    "                add the next signing key of each algorithm: published at once, signing two\n"
    "                minutes later, when the key it replaces stays published until its tokens\n"
    "                expire; running servers pick it up within a minute\n"
    "\n"
    "Serving answers GET /healthz (200 while it serves) and GET /readyz (200 when the database\n"
    "answers and has this build's schema, else 503 naming the failed check) outside the base path.\n"
    "With server.metricsListen (e.g. \"127.0.0.1:9464\"; off by default) it serves Prometheus\n"
    "metrics at GET /metrics on that address only.\n"
    "Under systemd (Type=notify) it reports READY=1, RELOADING=1, STOPPING=1 and serves\n"
    "WatchdogSec=. The log goes to standard error as text or JSON lines (--log-format,\n"
    "server.logFormat), with syslog priorities when standard error is the journal.\n"
    "\n"
    "migrate, user, admin-token, backup and oidc use the database of --database URL, else adapter.url of --config FILE, else\n"
    "DATABASE_URL. Passwords are read from standard input (--password-stdin: its first line) or\n"
    "asked twice on the terminal without echo; never from the command line. A password has 8 to\n"
    "1024 characters and is not the email address. Exit codes: 0 done, 1 failed (unknown email,\n"
    "user already exists, unacceptable password, database unreachable or not migrated), 2 usage.\n"
    "\n"
    "The configuration file is JSON with the keys of Gatehouse::Config; the environment fills\n"
    "what it leaves open (AUTH_SECRET, AUTH_URL, AUTH_TRUST_HOST, AUTH_<PROVIDER>_ID, ...).\n"
    "Secrets can come from files: secretFile, a provider's clientSecretFile or apiKeyFile and\n"
    "adapter.passwordFile in the configuration; NAME_FILE=/path for any of those variables\n"
    "(AUTH_SECRET_FILE, DATABASE_PASSWORD_FILE, ...); or systemd credentials of the same names\n"
    "($CREDENTIALS_DIRECTORY/AUTH_SECRET, LoadCredential=). See gatehouse-server(8).";

int checkConfig(const QString &file)
{
    QTextStream out(stdout);
    const ServerConfiguration configuration =
        loadServerConfiguration(file, QProcessEnvironment::systemEnvironment(), ConfigLoadOptions());
    for (const ConfigProblem &problem : configuration.loaded.problems) {
        const bool error = problem.severity == ConfigProblem::Severity::Error;
        out << (error ? "error: " : "warning: ") << problem.toString() << '\n';
    }
    if (!configuration.loaded.isValid())
        return 1;
    // Only with a configuration that is right so far: warnings, never a failure.
    warnAboutEmptyGroups(configuration.loaded, out);
    out << "configuration OK\n";
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    // Qt's own event dispatcher serves sockets with less overhead than the GLib one; the server
    // has no use for GLib integration. A value set by the user wins.
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    // Without TZ, glibc stats /etc/localtime on every local-time conversion (tzset), and Qt's
    // PostgreSQL driver converts every timestamp it reads through local time: a third of the
    // server's CPU in an audit pull went to stat() (tests/bench/adminapi/README.md). The same
    // zone, read once; set before any thread starts. A TZ set by the user wins.
    if (!qEnvironmentVariableIsSet("TZ"))
        qputenv("TZ", ":/etc/localtime");
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gatehouse-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GATEHOUSE_VERSION_STRING));
    // Text until the command line or the configuration says otherwise.
    LogWriter::install(LogWriter::Format::Text);

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(description));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("secret, check-config, migrate, user, admin-token, backup or oidc (default: serve)"),
                                 QStringLiteral("[command]"));
    parser.addPositionalArgument(QStringLiteral("arguments"), QStringLiteral("of user: ACTION [EMAIL]; of backup: FILE"),
                                 QStringLiteral("[arguments...]"));
    const QCommandLineOption configOption({QStringLiteral("c"), QStringLiteral("config")},
                                          QStringLiteral("The JSON configuration file."), QStringLiteral("file"));
    const QCommandLineOption listenOption(QStringLiteral("listen"),
                                          QStringLiteral("Address to serve on (default 127.0.0.1:3000, or server.listen)."),
                                          QStringLiteral("host:port"));
    const QCommandLineOption threadsOption(QStringLiteral("threads"),
                                           QStringLiteral("Serving threads; 0 = one per core (the default)."),
                                           QStringLiteral("n"));
    const QCommandLineOption devOption(QStringLiteral("dev"),
                                       QStringLiteral("Development mode: without a configured secret, use an "
                                                      "ephemeral one (sessions do not survive a restart)."));
    const QCommandLineOption databaseOption(QStringLiteral("database"),
                                            QStringLiteral("migrate, user: the database URL (sqlite:FILE, "
                                                           "sqlite:///PATH, postgresql://..., mysql://...)."),
                                            QStringLiteral("url"));
    const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("user add: the user's name."),
                                        QStringLiteral("name"));
    const QCommandLineOption passwordStdinOption(QStringLiteral("password-stdin"),
                                                 QStringLiteral("user add, user passwd: read the password from the "
                                                                "first line of standard input."));
    const QCommandLineOption searchOption(QStringLiteral("search"),
                                          QStringLiteral("user list: only users whose email or name starts with this (any case; * for any text)."),
                                          QStringLiteral("text"));
    const QCommandLineOption lockedOption(QStringLiteral("locked"),
                                          QStringLiteral("user list: only the users a rate limit keeps out now, "
                                                         "with the limit and until when."));
    const QCommandLineOption logFormatOption(QStringLiteral("log-format"),
                                             QStringLiteral("text or json (one object per line); wins over "
                                                            "server.logFormat."),
                                             QStringLiteral("format"));
    const QCommandLineOption scopeOption(QStringLiteral("scope"),
                                         QStringLiteral("admin-token create: the token's scopes, comma-separated."),
                                         QStringLiteral("scopes"));
    const QCommandLineOption expiresOption(QStringLiteral("expires"),
                                           QStringLiteral("admin-token create: its lifetime (90d, 12h, 30m; default 90d)."),
                                           QStringLiteral("lifetime"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          QStringLiteral("user import: authelia, htpasswd, keycloak, csv or jsonl; "
                                                         "user export: jsonl."),
                                          QStringLiteral("format"));
    const QCommandLineOption dryRunOption(QStringLiteral("dry-run"),
                                          QStringLiteral("user import: check everything and say what would happen; change nothing."));
    const QCommandLineOption onConflictOption(QStringLiteral("on-conflict"),
                                              QStringLiteral("user import: what to do with an address that is a user "
                                                             "already: skip, update or fail (the default)."),
                                              QStringLiteral("skip|update|fail"));
    const QCommandLineOption groupOption(QStringLiteral("group"),
                                         QStringLiteral("user import: add every imported user to this group (repeatable)."),
                                         QStringLiteral("group"));
    const QCommandLineOption emailDomainOption(QStringLiteral("email-domain"),
                                               QStringLiteral("user import: turn user names without '@' into name@domain."),
                                               QStringLiteral("domain"));
    const QCommandLineOption allowWeakOption(QStringLiteral("allow-weak-hashes"),
                                             QStringLiteral("user import: accept weak hashes (apr1, bcrypt below cost 10, "
                                                            "{SSHA512}, ...); user list flags them."));
    const QCommandLineOption withHashesOption(QStringLiteral("with-password-hashes"),
                                              QStringLiteral("user export: include the password hashes."));
    parser.addOptions({configOption, listenOption, threadsOption, devOption, databaseOption, nameOption,
                       passwordStdinOption, searchOption, lockedOption, logFormatOption, scopeOption, expiresOption,
                       formatOption, dryRunOption, onConflictOption, groupOption, emailDomainOption, allowWeakOption,
                       withHashesOption});
    parser.process(app);
    if (parser.isSet(logFormatOption)) {
        const std::optional<LogWriter::Format> format = LogWriter::parseFormat(parser.value(logFormatOption));
        if (!format) {
            QTextStream(stderr) << "gatehouse-server: --log-format must be text or json\n";
            return 2;
        }
        LogWriter::install(*format);
        LogWriter::fixFormat();
    }

    const QStringList positional = parser.positionalArguments();
    const QString command = positional.value(0);
    QTextStream err(stderr);
    const bool databaseCommand = command == QLatin1String("migrate") || command == QLatin1String("user")
        || command == QLatin1String("backup") || command == QLatin1String("admin-token");
    if (command == QLatin1String("oidc")) {
        QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.*.info=false"));
        if (positional.size() != 2 || !oidcActions().contains(positional.at(1))) {
            err << "gatehouse-server: usage: oidc clients|keys|rotate-keys --config FILE; see --help\n";
            return 2;
        }
        return oidcCommand({positional.at(1), parser.value(configOption), parser.value(databaseOption)});
    }
    if (databaseCommand) {
        // Progress and results go to stdout; the library's info lines would repeat them.
        QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.*.info=false"));
        const DatabaseChoice database{parser.value(configOption), parser.value(databaseOption)};
        if (command == QLatin1String("migrate")) {
            if (positional.size() > 1) {
                err << "gatehouse-server: unexpected argument '" << positional.at(1) << "'; see --help\n";
                return 2;
            }
            return migrateCommand(database);
        }
        if (command == QLatin1String("admin-token")) {
            if (positional.size() < 2 || positional.size() > 3) {
                err << "gatehouse-server: usage: admin-token create NAME --scope SCOPES [--expires 90d], admin-token list, "
                       "admin-token revoke NAME; see --help\n";
                return 2;
            }
            return adminTokenCommand({positional.at(1), positional.value(2), parser.value(scopeOption),
                                      parser.value(expiresOption)},
                                     database);
        }
        if (command == QLatin1String("backup")) {
            if (positional.size() != 2) {
                err << "gatehouse-server: backup needs one argument, the new file to write; see --help\n";
                return 2;
            }
            return backupCommand(database, positional.at(1));
        }
        if (positional.value(1) == QLatin1String("groups")) {
            // user groups add|remove EMAIL GROUP, user groups list EMAIL, user groups members GROUP
            UserCommand user;
            user.action = positional.at(1);
            user.groupsAction = positional.value(2);
            const bool ofUser = user.groupsAction == QLatin1String("list");
            const bool ofGroup = user.groupsAction == QLatin1String("members");
            const qsizetype expected = ofUser || ofGroup ? 4 : 5;
            if (userGroupsActions().contains(user.groupsAction) && positional.size() != expected) {
                err << "gatehouse-server: usage: user groups add|remove EMAIL GROUP, user groups list EMAIL, "
                       "user groups members GROUP; see --help\n";
                return 2;
            }
            user.email = ofGroup ? QString() : positional.value(3);
            user.group = ofGroup ? positional.value(3) : positional.value(4);
            return userCommand(user, database);
        }
        const bool importing = positional.value(1) == QLatin1String("import");
        const bool exporting = positional.value(1) == QLatin1String("export");
        const bool importOptions = parser.isSet(dryRunOption) || parser.isSet(onConflictOption) || parser.isSet(groupOption)
            || parser.isSet(emailDomainOption) || parser.isSet(allowWeakOption);
        if ((importOptions && !importing) || (parser.isSet(withHashesOption) && !exporting)
            || (parser.isSet(formatOption) && !importing && !exporting)) {
            err << "gatehouse-server: --format, --dry-run, --on-conflict, --group, --email-domain and "
                   "--allow-weak-hashes are user import's, --format and --with-password-hashes user export's; see --help\n";
            return 2;
        }
        if (importing) {
            if (positional.size() != 3) {
                err << "gatehouse-server: usage: user import FILE --format FORMAT; see --help\n";
                return 2;
            }
            UserImportCommand import;
            import.file = positional.at(2);
            import.format = parser.value(formatOption);
            import.dryRun = parser.isSet(dryRunOption);
            import.onConflict = parser.value(onConflictOption);
            import.groups = parser.values(groupOption);
            import.emailDomain = parser.value(emailDomainOption);
            import.allowWeakHashes = parser.isSet(allowWeakOption);
            return userImportCommand(import, database);
        }
        if (exporting) {
            if (positional.size() > 3) {
                err << "gatehouse-server: usage: user export [FILE] --format jsonl; see --help\n";
                return 2;
            }
            return userExportCommand({positional.value(2), parser.value(formatOption), parser.isSet(withHashesOption)}, database);
        }
        // "user 2fa reset EMAIL": a two-word action.
        QStringList words = positional.mid(1);
        if (words.value(0) == QLatin1String("2fa")) {
            if (words.value(1) != QLatin1String("reset") || words.size() != 3) {
                err << "gatehouse-server: user 2fa takes one action: user 2fa reset EMAIL; see --help\n";
                return 2;
            }
            words = QStringList{QStringLiteral("2fa reset"), words.at(2)};
        }
        if (words.isEmpty() || words.size() > 2) {
            err << "gatehouse-server: user needs an action: user add|passwd|disable|enable|delete|unlock EMAIL, "
                   "user 2fa reset EMAIL, user groups ..., or user list; see --help\n";
            return 2;
        }
        UserCommand user;
        user.action = words.at(0);
        user.email = words.value(1);
        user.name = parser.value(nameOption);
        user.passwordFromStdin = parser.isSet(passwordStdinOption);
        user.search = parser.value(searchOption);
        user.locked = parser.isSet(lockedOption);
        if (user.action == QLatin1String("list") && words.size() > 1) {
            err << "gatehouse-server: user list takes no email address (use --search); see --help\n";
            return 2;
        }
        return userCommand(user, database);
    }
    if (positional.size() > 1) {
        err << "gatehouse-server: unexpected argument '" << positional.at(1) << "'; see --help\n";
        return 2;
    }
    if (command == QLatin1String("secret")) {
        QTextStream(stdout) << generateSecret() << '\n';
        return 0;
    }
    if (command == QLatin1String("check-config")) {
        if (!parser.isSet(configOption)) {
            err << "gatehouse-server: check-config needs --config FILE\n";
            return 2;
        }
        return checkConfig(parser.value(configOption));
    }
    if (!command.isEmpty()) {
        err << "gatehouse-server: unknown command '" << command << "'; see --help\n";
        return 2;
    }

    ServeOptions options;
    options.configFile = parser.value(configOption);
    options.listen = parser.value(listenOption);
    options.dev = parser.isSet(devOption);
    if (parser.isSet(threadsOption)) {
        bool ok = false;
        const int threads = parser.value(threadsOption).toInt(&ok);
        if (!ok || threads < 0 || threads > 1024) {
            err << "gatehouse-server: --threads must be a number from 0 to 1024\n";
            return 2;
        }
        options.threads = threads;
    }
    return serve(options);
}
