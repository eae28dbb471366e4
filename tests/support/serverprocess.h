#pragma once
/*! \file serverprocess.h  Helpers shared by the throwaway database servers of the tests. */
#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <optional>

namespace Gatehouse::Testing {

//! A system account a server runs as when the tests run as root (PostgreSQL refuses root).
struct SystemAccount
{
    QString name;
    uint uid = 0;
    uint gid = 0;
};

//! The account named \a name, or nullopt when it does not exist.
std::optional<SystemAccount> systemAccount(const QString &name);
//! True when the tests run as root.
bool runningAsRoot();
//! Gives \a path (recursively) to \a account.
bool giveTo(const QString &path, const SystemAccount &account);

//! Where a server's throwaway data goes: /dev/shm when writable (memory: schema changes are
//! many times faster than on disk), otherwise the temporary folder.
QString scratchFolder();

//! A TCP port on 127.0.0.1 that was free a moment ago, outside the range the kernel gives
//! outgoing connections (so that it stays free while a server is stopped and started on it).
quint16 freeLoopbackPort();

/*!
 * Prepares \a process so that it runs as \a account (when given) and is killed when the test
 * process dies, so a crashed test leaves no server behind.
 */
void prepareChild(QProcess &process, const std::optional<SystemAccount> &account);

//! The outcome of a short-lived helper program.
struct ProcessResult
{
    bool ok = false;        //!< started, finished in time and exited with 0
    QByteArray output;      //!< stdout and stderr together
};

//! Runs \a program with \a arguments and waits up to \a timeoutMs.
ProcessResult runProgram(const QString &program, const QStringList &arguments,
                         const std::optional<SystemAccount> &account = std::nullopt,
                         int timeoutMs = 60000, const QByteArray &input = {});

//! The last \a lines lines written to \a path after its first \a from bytes: what a server
//! logged since a start (for error messages, which QTest cuts at about a kilobyte).
QString textAddedTo(const QString &path, qint64 from, int lines = 8);

//! The last \a lines lines of the text file \a path (for error messages).
QString tailOfFile(const QString &path, int lines = 15);

} // namespace Gatehouse::Testing
