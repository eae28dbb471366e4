#pragma once
// What the reader tests compare: the users read (email, name, flags, groups, scheme) and the
// refusals as the command prints them.
#include "userimport/importeduser.h"

#include <QProcess>
#include <QStringList>

namespace ReaderRows {

inline QStringList users(const Gatehouse::UserImport::UserFileContents &contents)
{
    QStringList out;
    for (const Gatehouse::UserImport::ImportedUser &user : contents.users) {
        out.append(QStringLiteral("%1|%2|%3|%4|%5|%6")
                       .arg(user.email, user.name, user.emailVerified ? QStringLiteral("verified") : QString(),
                            user.disabled ? QStringLiteral("disabled") : QString(), user.groups.join(QLatin1Char(',')),
                            user.scheme));
    }
    return out;
}

inline QStringList refusals(const Gatehouse::UserImport::UserFileContents &contents)
{
    QStringList out;
    for (const Gatehouse::UserImport::RefusedLine &line : contents.refused)
        out.append(line.toString());
    return out;
}

//! What \a program prints for \a arguments (stdin: \a input), or an empty string when it cannot run.
inline QByteArray run(const QString &program, const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return {};
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        process.waitForFinished(5000);
        return {};
    }
    return process.readAllStandardOutput().trimmed();
}

} // namespace ReaderRows
