#pragma once
/*
 * The mails of "Forgot your password?" (lib/src/recovery/README.md), built like the sign-in
 * mail (signinmail.h: theme, escaping, translations): the reset mail, whose first link is the
 * single-use reset link, and the mail for a person without a built-in password, whose first
 * link is the sign-in page (no password is made for them).
 */
#include "mail/signinmail.h"

namespace Gatehouse::Mail {

enum class PasswordResetMailKind {
    Reset,       //!< content.url is the reset link
    NoPassword,  //!< content.url is the sign-in page
};

//! \a lifetimeMinutes: how long the reset link works, said in the reset mail.
RenderedMail renderPasswordResetMail(PasswordResetMailKind kind, const SignInMailContent &content, int lifetimeMinutes,
                                     const MailTranslator &translator);

} // namespace Gatehouse::Mail
