#include "userimportcommand.h"

#include "usercommand.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/userimport.h>

#include <QFile>
#include <QJsonObject>
#include <QTextStream>

#include <fcntl.h>
#include <unistd.h>

#include <stdexcept>

namespace Gatehouse {

namespace {

//! A file larger than this is refused before it is read: 100,000 users are a few tens of MiB.
constexpr qint64 kMaxImportFileBytes = 1024LL * 1024 * 1024;

std::optional<QByteArray> readImportFile(const QString &name, QTextStream &err)
{
    QFile file;
    const bool opened = name == QLatin1String("-") ? file.open(stdin, QIODevice::ReadOnly) : (file.setFileName(name), file.open(QIODevice::ReadOnly));
    if (!opened) {
        err << "gatehouse-server: cannot read " << name << ": " << file.errorString() << '\n';
        return std::nullopt;
    }
    // In chunks: read(limit + 1) would allocate the whole limit up front, for a file of any size.
    QByteArray contents;
    char chunk[64 * 1024];
    for (;;) {
        const qint64 n = file.read(chunk, sizeof chunk);
        if (n < 0) {
            err << "gatehouse-server: cannot read " << name << ": " << file.errorString() << '\n';
            return std::nullopt;
        }
        if (n == 0)
            return contents;
        if (contents.size() + n > kMaxImportFileBytes) {
            err << "gatehouse-server: " << name << " is larger than 1 GiB; split it\n";
            return std::nullopt;
        }
        contents.append(chunk, n);
    }
}

QString count(int n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

} // namespace

int userImportCommand(const UserImportCommand &command, const DatabaseChoice &choice)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (!userImportFormats().contains(command.format)) {
        err << "gatehouse-server: user import needs --format " << userImportFormats().join(QLatin1Char('|')) << '\n';
        return 2;
    }
    UserImportOptions options;
    options.format = command.format;
    const QString conflict = command.onConflict.isEmpty() ? QStringLiteral("fail") : command.onConflict;
    if (conflict == QLatin1String("skip"))
        options.onConflict = UserImportConflict::Skip;
    else if (conflict == QLatin1String("update"))
        options.onConflict = UserImportConflict::Update;
    else if (conflict != QLatin1String("fail")) {
        err << "gatehouse-server: --on-conflict must be skip, update or fail\n";
        return 2;
    }
    options.dryRun = command.dryRun;
    options.groups = command.groups;
    options.emailDomain = command.emailDomain;
    options.allowWeakHashes = command.allowWeakHashes;
    options.auditDetail = {{QStringLiteral("by"), QStringLiteral("cli")},
                           {QStringLiteral("operator"), operatingUser()},
                           {QStringLiteral("format"), command.format}};
    const std::optional<QByteArray> file = readImportFile(command.file, err);
    if (!file)
        return 1;
    std::shared_ptr<SqlAdapter> adapter = databaseFor(choice, err);
    if (!adapter || !checkSchema(*adapter, err))
        return 1;
    UserImportSummary summary;
    try {
        summary = importUserFile(adapter, *file, options).result();
    } catch (const AuthError &e) {
        err << "gatehouse-server: user import failed on " << databaseName(*adapter) << ": " << e.message();
        if (!e.cause().isEmpty())
            err << " (" << e.cause() << ')';
        err << "; nothing was imported\n";
        return 1;
    }
    for (const QString &refusal : std::as_const(summary.refused))
        out << refusal << '\n';
    const bool dry = !summary.committed;
    out << (dry ? "would have created " : "created ") << summary.created << ", updated " << summary.updated << ", unchanged "
        << summary.unchanged << ", skipped " << summary.skipped << ", refused " << summary.refused.size() << " of "
        << count(summary.read, "user", "users") << " in " << command.file << '\n';
    if (summary.committed) {
        out << "imported in one transaction; each new or changed user is audited (userImport)\n";
        return 0;
    }
    if (command.dryRun && (summary.refused.isEmpty() || options.onConflict == UserImportConflict::Skip)) {
        out << "dry run: nothing was changed\n";
        return 0;
    }
    out << "nothing was imported: " << count(int(summary.refused.size()), "line was", "lines were")
        << " refused (--on-conflict skip imports the rest)\n";
    return 1;
}

int userExportCommand(const UserExportCommand &command, const DatabaseChoice &choice)
{
    QTextStream err(stderr);
    if (command.format != QLatin1String("jsonl")) {
        err << "gatehouse-server: user export needs --format jsonl\n";
        return 2;
    }
    std::shared_ptr<SqlAdapter> adapter = databaseFor(choice, err);
    if (!adapter || !checkSchema(*adapter, err))
        return 1;
    QList<UserTransferRecord> users;
    try {
        users = adapter->exportUsers().result();
    } catch (const AuthError &e) {
        err << "gatehouse-server: user export failed on " << databaseName(*adapter) << ": " << e.message() << '\n';
        return 1;
    }
    // Users without an address (some OAuth sign-ins) cannot be imported: said, not written.
    const qsizetype all = users.size();
    users.removeIf([](const UserTransferRecord &user) { return user.email.isEmpty(); });
    const QByteArray lines = userExportLines(users, command.withPasswordHashes);
    if (command.file.isEmpty() || command.file == QLatin1String("-")) {
        QFile output;
        if (!output.open(stdout, QIODevice::WriteOnly) || output.write(lines) != lines.size()) {
            err << "gatehouse-server: cannot write the users to standard output\n";
            return 1;
        }
    } else {
        // Created new and 0600 from the start: the file may hold every password hash.
        const QByteArray path = QFile::encodeName(command.file);
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) {
            err << "gatehouse-server: cannot create " << command.file << ": " << qt_error_string(errno)
                << " (user export writes a new file only)\n";
            return 1;
        }
        QFile output;
        const bool written = output.open(fd, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle)
            && output.write(lines) == lines.size() && output.flush() && ::fsync(fd) == 0;
        output.close();
        if (!written) {
            err << "gatehouse-server: cannot write " << command.file << "\n";
            return 1;
        }
    }
    err << "exported " << count(int(users.size()), "user", "users")
        << (command.withPasswordHashes ? " with their password hashes" : " without password hashes (--with-password-hashes adds them)");
    if (all != users.size())
        err << "; left out " << count(int(all - users.size()), "user", "users") << " without an email address";
    err << '\n';
    return 0;
}

} // namespace Gatehouse
