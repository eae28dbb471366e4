// The import as a whole: a reader's records, the group names checked, the store's one
// transaction, and the summary the command prints.
#include <gatehouse/userimport.h>

#include <gatehouse/groupstore.h>

#include "legacyhashes/legacyhash.h"
#include "userimport/jsonlinesfile.h"
#include "userimport/userfile.h"

#include <stdexcept>

namespace Gatehouse {

namespace {

UserImport::RefusedLine groupLine(const UserImport::ImportedUser &user, const QString &group, GroupNameProblem problem)
{
    return {user.line, QStringLiteral("\"%1\" is not a group name: it %2")
                           .arg(QString(group).replace(QLatin1Char('\n'), QLatin1String("\\n")),
                                describeGroupNameProblem(problem)),
            QStringLiteral("groups")};
}

QString groupRefusal(const UserImport::ImportedUser &user, const QString &group, GroupNameProblem problem)
{
    const UserImport::RefusedLine line = groupLine(user, group, problem);
    return user.line > 0 ? line.toString() : user.email + QStringLiteral(": ") + line.reason;
}

// A preview row's reason: the field and the reason, the line being a column of its own.
QString rowReason(const UserImport::RefusedLine &line)
{
    return line.field.isEmpty() ? line.reason : line.field + QStringLiteral(": ") + line.reason;
}

QString conflictReason(const QString &email)
{
    return QStringLiteral("%1 is a user already (--on-conflict skip or update)").arg(email);
}

} // namespace

QStringList userImportFormats()
{
    return UserImport::userFileFormatNames();
}

QFuture<UserImportSummary> importUserFile(std::shared_ptr<UserTransferStore> store, const QByteArray &file,
                                          const UserImportOptions &options)
{
    const std::optional<UserImport::UserFileFormat> format = UserImport::userFileFormat(options.format);
    if (!format)
        throw std::invalid_argument("importUserFile: unknown format");
    const UserImport::UserFileContents contents =
        UserImport::readUserFile(*format, file, {options.emailDomain, options.allowWeakHashes});
    // Refusals in file order: the reader's, then the group names, sorted by line together.
    QList<std::pair<int, QString>> refused;
    QList<UserImportRow> refusedRows;
    for (const UserImport::RefusedLine &line : contents.refused) {
        refused.append({line.line, line.toString()});
        if (options.listRows)
            refusedRows.append({line.line, {}, std::nullopt, rowReason(line)});
    }
    UserImportBatch batch;
    batch.onConflict = options.onConflict;
    batch.dryRun = options.dryRun;
    batch.auditDetail = options.auditDetail;
    // Where each record of the batch came from, for a conflict's message.
    QList<std::pair<int, QString>> imported;  // line, email
    for (const UserImport::ImportedUser &user : contents.users) {
        UserTransferRecord record{user.email, user.name, user.emailVerified, user.disabled, user.groups,
                                  user.passwordHash, user.scheme};
        for (const QString &group : options.groups) {
            if (!record.groups.contains(group))
                record.groups.append(group);
        }
        bool usable = true;
        for (const QString &group : std::as_const(record.groups)) {
            if (const std::optional<GroupNameProblem> problem = groupNameProblem(group)) {
                refused.append({user.line, groupRefusal(user, group, *problem)});
                if (options.listRows)
                    refusedRows.append({user.line, user.email, std::nullopt, rowReason(groupLine(user, group, *problem))});
                usable = false;
                break;
            }
        }
        if (usable) {
            batch.users.append(record);
            imported.append({user.line, user.email});
        }
    }
    std::stable_sort(refused.begin(), refused.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    UserImportSummary summary;
    summary.read = int(contents.users.size() + contents.refused.size());
    for (const auto &line : std::as_const(refused))
        summary.refused.append(line.second);
    // Anything refused: all or nothing means nothing, but the dry run still says what the rest would do.
    const bool allOrNothing = options.onConflict != UserImportConflict::Skip;
    if (allOrNothing && !summary.refused.isEmpty())
        batch.dryRun = true;
    const bool dryRun = batch.dryRun;
    if (options.progress) {
        const qsizetype total = batch.users.size();
        batch.progress = [progress = options.progress, total](qsizetype done) { progress(done, total); };
    }
    const bool listRows = options.listRows;
    return store->importUsers(batch).then(QtFuture::Launch::Sync, [summary, imported, dryRun, listRows,
                                                                   refusedRows](const QList<UserImportOutcome> &outcomes) mutable {
        bool conflict = false;
        QList<UserImportRow> rows;
        for (qsizetype i = 0; i < outcomes.size() && i < imported.size(); ++i) {
            const auto &[line, email] = imported.at(i);
            UserImportRow row{line, email, outcomes.at(i), {}};
            switch (outcomes.at(i)) {
            case UserImportOutcome::Created: ++summary.created; break;
            case UserImportOutcome::Updated: ++summary.updated; break;
            case UserImportOutcome::Unchanged: ++summary.unchanged; break;
            case UserImportOutcome::Skipped: ++summary.skipped; break;
            case UserImportOutcome::Conflict: {
                conflict = true;
                const QString reason = conflictReason(email);
                summary.refused.append(line > 0 ? UserImport::RefusedLine{line, reason, {}}.toString() : reason);
                row.outcome.reset();
                row.reason = QStringLiteral("a user with this address exists already");
                break;
            }
            }
            if (listRows)
                rows.append(row);
        }
        if (listRows) {
            rows.append(refusedRows);
            std::stable_sort(rows.begin(), rows.end(), [](const UserImportRow &a, const UserImportRow &b) { return a.line < b.line; });
            summary.rows = rows;
        }
        summary.committed = !dryRun && !conflict;
        return summary;
    });
}

QByteArray userExportLines(const QList<UserTransferRecord> &users, bool withPasswordHashes)
{
    QByteArray out;
    for (const UserTransferRecord &record : users) {
        UserImport::ImportedUser user;
        user.email = record.email;
        user.name = record.name;
        user.emailVerified = record.emailVerified;
        user.disabled = record.disabled;
        user.groups = record.groups;
        user.passwordHash = record.passwordHash;
        out += UserImport::jsonLine(user, withPasswordHashes);
    }
    return out;
}

QString passwordHashWeakness(const QString &stored)
{
    try {
        return LegacyHashes::parseLegacyHash(stored.toLatin1())->weakness();
    } catch (const LegacyHashes::HashProblem &problem) {
        return QStringLiteral("not readable: %1").arg(problem.reason());
    }
}

QString userImportOutcomeName(const std::optional<UserImportOutcome> &outcome)
{
    if (!outcome)
        return QStringLiteral("refused");
    switch (*outcome) {
    case UserImportOutcome::Created: return QStringLiteral("created");
    case UserImportOutcome::Updated: return QStringLiteral("updated");
    case UserImportOutcome::Unchanged: return QStringLiteral("unchanged");
    case UserImportOutcome::Skipped: return QStringLiteral("skipped");
    case UserImportOutcome::Conflict: break;
    }
    return QStringLiteral("refused");
}

} // namespace Gatehouse
