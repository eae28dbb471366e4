#pragma once
/*
 * Every text of the mails Gatehouse sends, in English, marked for lupdate (context
 * "Gatehouse::Mail"). Translations live in translations/gatehouse_mail_<language>.ts;
 * MailTranslator looks them up by this source text.
 */
#include <QtGlobal>

namespace Gatehouse::Mail::Messages {

inline constexpr char Context[] = "Gatehouse::Mail";

//: Subject and first line of the sign-in mail; %1 is the site's host (and port)
inline constexpr const char *SignInTo = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Sign in to %1");
//: Button of the sign-in mail that opens the sign-in link
inline constexpr const char *SignInButton = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Sign in");
//: Last line of the sign-in mail
inline constexpr const char *IgnoreIfUnrequested = QT_TRANSLATE_NOOP("Gatehouse::Mail", "If you did not request this email you can safely ignore it.");
//: Alternative text of the site's logo in a mail
inline constexpr const char *Logo = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Logo");

//: Subject and heading of the password reset mails; %1 is the site's host (and port)
inline constexpr const char *ResetPasswordFor = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Reset your password for %1");
//: Button of the password reset mail that opens the reset link
inline constexpr const char *ResetPasswordButton = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Choose a new password");
//: Under the button of the password reset mail; %1 is a number of minutes
inline constexpr const char *ResetLinkLifetime = QT_TRANSLATE_NOOP("Gatehouse::Mail", "The link works once, for %1 minutes. Choosing a new password signs you out everywhere.");
//: Last line of the password reset mail
inline constexpr const char *ResetIgnoreIfUnrequested = QT_TRANSLATE_NOOP("Gatehouse::Mail", "If you did not ask for this, you can ignore this email: your password stays as it is.");
//: Button of the mail to a person without a password who asked to reset one; opens the sign-in page
inline constexpr const char *GoToSignIn = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Go to the sign-in page");
//: The mail to a person without a password who asked to reset one
inline constexpr const char *NoPasswordToReset = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Your account has no password, so there is none to reset. Sign in the way you did before: with the account you linked, a passkey or a sign-in link by email.");

} // namespace Gatehouse::Mail::Messages
