#pragma once
/*
 * Every text the built-in pages show, in English, marked for lupdate (context
 * "Gatehouse::Pages"). Translations live in translations/gatehouse_pages_<language>.ts;
 * PageTranslator looks them up by this source text.
 */
#include <QtGlobal>

namespace Gatehouse::Pages::Messages {

inline constexpr char Context[] = "Gatehouse::Pages";

// Page titles (browser tab).
//: Title of the sign-in page
inline constexpr const char *SignInTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign In");
//: Title of the sign-out page
inline constexpr const char *SignOutTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign Out");
//: Title of the error page, and its heading for errors without a more specific one
inline constexpr const char *ErrorTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Error");
//: Title of the page shown after a sign-in link was e-mailed
inline constexpr const char *VerifyRequestTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Verify Request");

// Sign-in page.
//: Button of a provider; %1 is the provider's name ("Sign in with GitHub")
inline constexpr const char *SignInWith = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign in with %1");
//: Label of the e-mail address input
inline constexpr const char *EmailLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Email");
//: Example shown in the empty e-mail address input
inline constexpr const char *EmailPlaceholder = QT_TRANSLATE_NOOP("Gatehouse::Pages", "email@example.com");
//: Separator between two ways of signing in
inline constexpr const char *Or = QT_TRANSLATE_NOOP("Gatehouse::Pages", "or");
//: Alternative text of the site's logo
inline constexpr const char *Logo = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Logo");
//: Sign-in error without a more specific message
inline constexpr const char *SigninDefault = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Unable to sign in.");
//: Sign-in error: the identity provider or the account could not be used
inline constexpr const char *SigninOtherAccount = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Try signing in with a different account.");
//: Sign-in error: the e-mail address belongs to an account created with another provider
inline constexpr const char *SigninNotLinked = QT_TRANSLATE_NOOP("Gatehouse::Pages", "To confirm your identity, sign in with the same account you used originally.");
//: Sign-in error: the sign-in link could not be e-mailed
inline constexpr const char *SigninEmail = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The e-mail could not be sent.");
//: Sign-in error: wrong user name or password (or too many attempts)
inline constexpr const char *SigninCredentials = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign in failed. Check the details you provided are correct.");
//: Sign-in error: the page the user wanted needs a session
inline constexpr const char *SigninSessionRequired = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Please sign in to access this page.");

// Sign-out page.
//: Heading of the sign-out page
inline constexpr const char *SignOutHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Signout");
//: Question on the sign-out page
inline constexpr const char *SignOutQuestion = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Are you sure you want to sign out?");
//: Button of the sign-out page
inline constexpr const char *SignOutButton = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign out");

// Error page.
//: Heading of the error page for a configuration problem
inline constexpr const char *ConfigurationHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Server error");
//: Error page text for a configuration problem
inline constexpr const char *ConfigurationProblem = QT_TRANSLATE_NOOP("Gatehouse::Pages", "There is a problem with the server configuration.");
//: Error page text for a configuration problem, second sentence
inline constexpr const char *ConfigurationLogs = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Check the server logs for more information.");
//: Heading of the error page when sign-in was refused
inline constexpr const char *AccessDeniedHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Access Denied");
//: Error page text when sign-in was refused
inline constexpr const char *AccessDeniedText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You do not have permission to sign in.");
//: Heading of the error page for an invalid sign-in link
inline constexpr const char *VerificationHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Unable to sign in");
//: Error page text for an invalid sign-in link
inline constexpr const char *VerificationInvalid = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The sign in link is no longer valid.");
//: Error page text for an invalid sign-in link, second sentence
inline constexpr const char *VerificationExpired = QT_TRANSLATE_NOOP("Gatehouse::Pages", "It may have been used already or it may have expired.");
//: Link from the error page back to the sign-in page
inline constexpr const char *SignInLink = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign in");
//: Heading of the error page while the sign-in service cannot reach its database
inline constexpr const char *UnavailableHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Service unavailable");
//: Error page text while the sign-in service cannot reach its database
inline constexpr const char *UnavailableText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The sign-in service is temporarily unavailable.");
//: Error page text while the sign-in service cannot reach its database, second sentence
inline constexpr const char *UnavailableRetry = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Please try again in a moment.");

// Verify-request page.
//: Heading of the page shown after a sign-in link was e-mailed
inline constexpr const char *VerifyRequestHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Check your email");
//: Text of the page shown after a sign-in link was e-mailed
inline constexpr const char *VerifyRequestText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "A sign in link has been sent to your email address.");

} // namespace Gatehouse::Pages::Messages
