#pragma once
/*! \file passwordinput.h  Reading a new password for `gatehouse-server user`: from stdin or
 *  typed twice on the terminal without echo, never from the command line. */
#include <QString>

#include <optional>

namespace Gatehouse {

/*!
 * With \a fromStdin, the first line of standard input (without its line break). Otherwise,
 * when standard input is a terminal, asks twice on stderr with echo off. Returns nullopt after
 * writing why to stderr: no terminal to ask on, the two entries differ, input ended.
 */
std::optional<QString> readNewPassword(bool fromStdin);

/*!
 * Why \a password is not acceptable for the user \a email, or an empty string: empty, shorter
 * than 8 characters, longer than 1024, or the email address itself.
 */
QString passwordProblem(const QString &password, const QString &email);

} // namespace Gatehouse
