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

// Security notices (lib/src/notices/README.md). %1 in a heading is the site's host.
//: Security notice: a sign-in from a browser or device not seen before for the person
inline constexpr const char *NoticeNewDevice = QT_TRANSLATE_NOOP("Gatehouse::Mail", "A new sign-in to your account on %1");
//: Security notice: the person's password was changed (account page or administrator)
inline constexpr const char *NoticePasswordChanged = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Your password on %1 was changed");
//: Security notice: the password was reset through "Forgot your password?"
inline constexpr const char *NoticePasswordReset = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Your password on %1 was reset");
//: Security notice: an authenticator app was set up
inline constexpr const char *NoticeTwoFactorOn = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Two-factor sign-in was turned on for your account on %1");
//: Security notice: the authenticator app was removed
inline constexpr const char *NoticeTwoFactorOff = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Two-factor sign-in was turned off for your account on %1");
//: Security notice: a recovery code was used in place of the authenticator app
inline constexpr const char *NoticeRecoveryCodeUsed = QT_TRANSLATE_NOOP("Gatehouse::Mail", "A recovery code was used to sign in to %1");
//: Security notice: a sign-in account (GitHub, Google, ...) was linked
inline constexpr const char *NoticeAccountLinked = QT_TRANSLATE_NOOP("Gatehouse::Mail", "An account was linked to your account on %1");
//: Security notice: a linked sign-in account was removed
inline constexpr const char *NoticeAccountUnlinked = QT_TRANSLATE_NOOP("Gatehouse::Mail", "An account was unlinked from your account on %1");
//: Security notice: a passkey was added
inline constexpr const char *NoticePasskeyAdded = QT_TRANSLATE_NOOP("Gatehouse::Mail", "A passkey was added to your account on %1");
//: Security notice line; %1 is the date and time (UTC)
inline constexpr const char *NoticeWhen = QT_TRANSLATE_NOOP("Gatehouse::Mail", "When: %1");
//: Security notice line; %1 is the network address it came from
inline constexpr const char *NoticeFrom = QT_TRANSLATE_NOOP("Gatehouse::Mail", "From: %1");
//: Security notice line; %1 is the browser and system, e.g. "Firefox on Linux"
inline constexpr const char *NoticeDevice = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Browser: %1");
//: Security notice line; %1 is the provider, e.g. "github"
inline constexpr const char *NoticeProvider = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Account: %1");
//: Security notice line; %1 is the passkey's name
inline constexpr const char *NoticePasskey = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Passkey: %1");
//: Security notice line; %1 is how many recovery codes the person has left
inline constexpr const char *NoticeCodesLeft = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Recovery codes left: %1");
//: Button of a security notice; opens the account page
inline constexpr const char *NoticeButton = QT_TRANSLATE_NOOP("Gatehouse::Mail", "Review your account");
//: Last line of a security notice
inline constexpr const char *NoticeNotYou = QT_TRANSLATE_NOOP("Gatehouse::Mail", "If this was you, there is nothing to do. If it was not, open your account, sign out everywhere and change your password.");

} // namespace Gatehouse::Mail::Messages
