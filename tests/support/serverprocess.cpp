#include "serverprocess.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTcpServer>

#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace Gatehouse::Testing {

std::optional<SystemAccount> systemAccount(const QString &name)
{
    const QByteArray login = name.toLocal8Bit();
    const passwd *entry = ::getpwnam(login.constData());
    if (!entry)
        return std::nullopt;
    return SystemAccount{name, entry->pw_uid, entry->pw_gid};
}

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

bool giveTo(const QString &path, const SystemAccount &account)
{
    bool ok = ::chown(QFile::encodeName(path).constData(), account.uid, account.gid) == 0;
    QDirIterator it(path, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        ok = ::lchown(QFile::encodeName(it.next()).constData(), account.uid, account.gid) == 0 && ok;
    return ok;
}

QString scratchFolder()
{
    const QFileInfo shm(QStringLiteral("/dev/shm"));
    return shm.isDir() && shm.isWritable() ? shm.filePath() : QDir::tempPath();
}

namespace {

//! The first port of the kernel's range for outgoing connections (32768 when unreadable).
quint16 firstEphemeralPort()
{
    QFile range(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    if (!range.open(QIODevice::ReadOnly))
        return 32768;
    bool ok = false;
    const uint first = QString::fromLatin1(range.readAll()).simplified().section(u' ', 0, 0).toUInt(&ok);
    return ok && first <= 65535 ? quint16(first) : 32768;
}

} // namespace

quint16 freeLoopbackPort()
{
    // Below the kernel's range for outgoing connections: a server a test stops and starts again
    // on its port (a database outage) must find it free, and any connect() meanwhile (the
    // client's own reconnects included, which can even connect a socket to itself) takes its
    // local port from that range.
    constexpr quint16 kLowest = 16384;
    const quint16 ephemeral = firstEphemeralPort();
    if (ephemeral > kLowest + 1024) {
        for (int attempt = 0; attempt < 64; ++attempt) {
            const auto port = quint16(kLowest + QRandomGenerator::global()->bounded(uint(ephemeral - kLowest)));
            QTcpServer probe;
            if (probe.listen(QHostAddress::LocalHost, port))
                return port;
        }
    }
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

void prepareChild(QProcess &process, const std::optional<SystemAccount> &account)
{
    const std::optional<SystemAccount> runAs = account;
    // Runs in the forked child before exec: only async-signal-safe calls.
    process.setChildProcessModifier([runAs]() {
        if (runAs) {
            if (::setgroups(0, nullptr) != 0 || ::setgid(runAs->gid) != 0 || ::setuid(runAs->uid) != 0)
                ::_exit(126);
        }
        // After setuid: changing credentials clears the parent-death signal.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    });
}

ProcessResult runProgram(const QString &program, const QStringList &arguments,
                         const std::optional<SystemAccount> &account, int timeoutMs,
                         const QByteArray &input)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    prepareChild(process, account);
    process.start(program, arguments);
    ProcessResult result;
    if (!process.waitForStarted(timeoutMs)) {
        result.output = process.errorString().toUtf8();
        return result;
    }
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        result.output = process.readAll() + "\n(timed out)";
        return result;
    }
    result.output = process.readAll();
    result.ok = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    return result;
}

QString textAddedTo(const QString &path, qint64 from, int lines)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("(no %1)").arg(path);
    if (from > 0 && from <= file.size())
        file.seek(from);
    QStringList all = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    return all.mid(qMax(0, all.size() - lines)).join(u'\n');
}

QString tailOfFile(const QString &path, int lines)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("(no %1)").arg(path);
    const QStringList all = QString::fromUtf8(file.readAll()).split(u'\n');
    return all.mid(qMax(0, all.size() - lines)).join(u'\n');
}

} // namespace Gatehouse::Testing
