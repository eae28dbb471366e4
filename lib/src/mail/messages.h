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

} // namespace Gatehouse::Mail::Messages
