#include "passwordinput.h"

#include <gatehouse/passwordcredentials.h>

#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <termios.h>
#include <unistd.h>

namespace Gatehouse {

namespace {

constexpr int maximumLength = kMaximumPasswordLength;

// One line of standard input without its line break; nullopt at the end of the input.
std::optional<QString> readLine()
{
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        return std::nullopt;
    QByteArray line = in.readLine(4 * maximumLength);
    if (line.isEmpty() && in.atEnd())
        return std::nullopt;
    while (line.endsWith('\n') || line.endsWith('\r'))
        line.chop(1);
    return QString::fromUtf8(line);
}

// Turns the terminal's echo off for its lifetime.
class EchoOff
{
public:
    EchoOff()
    {
        if (::tcgetattr(STDIN_FILENO, &m_saved) != 0)
            return;
        termios quiet = m_saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        quiet.c_lflag |= ECHONL;
        m_active = ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0;
    }
    ~EchoOff()
    {
        if (m_active)
            ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &m_saved);
    }
    EchoOff(const EchoOff &) = delete;
    EchoOff &operator=(const EchoOff &) = delete;

private:
    termios m_saved = {};
    bool m_active = false;
};

std::optional<QString> ask(const char *prompt)
{
    QTextStream err(stderr);
    err << prompt << Qt::flush;
    const EchoOff echoOff;
    return readLine();
}

} // namespace

std::optional<QString> readNewPassword(bool fromStdin)
{
    QTextStream err(stderr);
    if (fromStdin) {
        std::optional<QString> password = readLine();
        if (!password)
            err << "gatehouse-server: --password-stdin: standard input is empty\n";
        return password;
    }
    if (!::isatty(STDIN_FILENO)) {
        err << "gatehouse-server: no terminal to ask for the password on; pipe it in with --password-stdin "
               "(passwords are never taken from the command line)\n";
        return std::nullopt;
    }
    const std::optional<QString> first = ask("New password: ");
    if (!first)
        return std::nullopt;
    const std::optional<QString> second = ask("Repeat the password: ");
    if (!second)
        return std::nullopt;
    if (*first != *second) {
        err << "gatehouse-server: the two passwords differ; nothing was changed\n";
        return std::nullopt;
    }
    return first;
}

QString passwordProblem(const QString &password, const QString &email)
{
    switch (newPasswordProblem(password, email)) {  // the library's rule, shared with the account page
    case NewPasswordProblem::None:
        return {};
    case NewPasswordProblem::Empty:
        return QStringLiteral("the password is empty");
    case NewPasswordProblem::TooShort:
        return QStringLiteral("the password is too short: use at least %1 characters").arg(kMinimumPasswordLength);
    case NewPasswordProblem::TooLong:
        return QStringLiteral("the password is too long: at most %1 characters").arg(kMaximumPasswordLength);
    case NewPasswordProblem::IsEmailAddress:
        return QStringLiteral("the password must not be the email address");
    }
    return {};
}

} // namespace Gatehouse
