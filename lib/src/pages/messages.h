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

// Consent page (the OpenID Provider asks before an app gets to know the person).
//: Title of the consent page
inline constexpr const char *ConsentTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Allow access");
//: Heading of the consent page; %1 is the app's name
inline constexpr const char *ConsentHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Allow %1 to use your account?");
//: Consent page: %1 is who is signed in (an email address or a name)
inline constexpr const char *ConsentSignedInAs = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You are signed in as %1.");
//: Consent page, above the list of what the app asks for; %1 is the app's name
inline constexpr const char *ConsentIntro = QT_TRANSLATE_NOOP("Gatehouse::Pages", "%1 asks to:");
//: Consent page: what the scope "openid" gives the app
inline constexpr const char *ConsentScopeOpenid = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign you in and know who you are");
//: Consent page: what the scope "profile" gives the app
inline constexpr const char *ConsentScopeProfile = QT_TRANSLATE_NOOP("Gatehouse::Pages", "See your name and picture");
//: Consent page: what the scope "email" gives the app
inline constexpr const char *ConsentScopeEmail = QT_TRANSLATE_NOOP("Gatehouse::Pages", "See your email address");
//: Consent page: what the scope "groups" gives the app
inline constexpr const char *ConsentScopeGroups = QT_TRANSLATE_NOOP("Gatehouse::Pages", "See the groups you belong to");
//: Consent page: what the scope "offline_access" gives the app
inline constexpr const char *ConsentScopeOfflineAccess = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Stay signed in when you are not using it");
//: Button of the consent page: the app gets what it asked for
inline constexpr const char *ConsentAllow = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Allow");
//: Button of the consent page: the app gets nothing
inline constexpr const char *ConsentDeny = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Deny");

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
//: Sign-in error: the second step (the code) was not completed in time, or was cancelled
inline constexpr const char *SigninTwoFactorExpired = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your sign-in has expired. Please sign in again.");

// Two-factor code page (the second step of a sign-in).
//: Title and heading of the page asking for the code of an authenticator app
inline constexpr const char *TwoFactorTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-step verification");
//: Text of the code page
inline constexpr const char *TwoFactorPrompt = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Enter the 6-digit code from your authenticator app, or one of your recovery codes.");
//: Label of the code input
inline constexpr const char *TwoFactorCodeLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Code");
//: Button that submits the code
inline constexpr const char *TwoFactorVerify = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Verify");
//: Button that abandons the sign-in on the code page
inline constexpr const char *TwoFactorCancel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Cancel sign-in");
//: Code page error: the code was wrong, used already or too old
inline constexpr const char *TwoFactorInvalid = QT_TRANSLATE_NOOP("Gatehouse::Pages", "That code is not valid. Wait for the next code of your app and try again.");
//: Code page error: too many wrong codes lately
inline constexpr const char *TwoFactorTooMany = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Too many wrong codes. Wait a few minutes, then try again.");
//: Title and heading of the page where a person enrols an authenticator app during sign-in (policy "always")
inline constexpr const char *TwoFactorEnrolTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Set up two-factor sign-in");
//: Text of that page, above the QR code
inline constexpr const char *TwoFactorEnrolPrompt = QT_TRANSLATE_NOOP("Gatehouse::Pages", "This site asks for a second factor when you sign in. Set up an authenticator app now to finish signing in.");
//: Heading of the page after the enrolment at sign-in, which shows the recovery codes once
inline constexpr const char *TwoFactorEnrolledTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-factor sign-in is on");
//: Text of that page: the person is signed in now
inline constexpr const char *TwoFactorEnrolledPrompt = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You are signed in. From now on, signing in asks for a code from your authenticator app.");
//: Link on from that page to where the sign-in was going
inline constexpr const char *TwoFactorContinue = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Continue");

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

// Not-found page (the bundled server's answer to a path that nothing serves).
//: Title of the page for an address that does not exist
inline constexpr const char *NotFoundTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Not Found");
//: Heading of the page for an address that does not exist
inline constexpr const char *NotFoundHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Page not found");
//: Text of the page for an address that does not exist
inline constexpr const char *NotFoundText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "There is nothing at this address.");
//: Page a reverse proxy shows a signed-in person whom the access rules keep out of a site;
//: %1 is who is signed in (an email address or a name), %2 the site's host
inline constexpr const char *ForbiddenText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You are signed in as %1, who may not open %2.");
//: Link on the same page, to the sign-in page
inline constexpr const char *ForbiddenSignInAgain = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign in as someone else");
//: The same page when the access rules let nobody open the site, whoever signs in; %1 is the
//: site's host
inline constexpr const char *ForbiddenClosedText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "No one may open %1.");

// Account page.
//: Title of the account page
inline constexpr const char *AccountTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your Account");
//: Heading of the account page
inline constexpr const char *AccountHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your account");
//: Heading of the profile section of the account page
inline constexpr const char *ProfileHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Profile");
//: Label of the name input on the account page
inline constexpr const char *NameLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Name");
//: Button that saves the name on the account page
inline constexpr const char *SaveName = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Save name");
//: After the e-mail address on the account page: the address was proven
inline constexpr const char *EmailVerified = QT_TRANSLATE_NOOP("Gatehouse::Pages", "verified");
//: After the e-mail address on the account page: the address was never proven
inline constexpr const char *EmailNotVerified = QT_TRANSLATE_NOOP("Gatehouse::Pages", "not verified");
//: Alternative text of the person's picture on the account page
inline constexpr const char *ProfilePicture = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Profile picture");
//: Heading of the sessions section of the account page
inline constexpr const char *SessionsHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sessions");
//: Marks the session of the browser showing the account page
inline constexpr const char *ThisSession = QT_TRANSLATE_NOOP("Gatehouse::Pages", "This session");
//: A session's browser and operating system; %1 is the browser, %2 the system ("Firefox on Linux")
inline constexpr const char *SessionDevice = QT_TRANSLATE_NOOP("Gatehouse::Pages", "%1 on %2");
//: A session whose browser is not known
inline constexpr const char *UnknownDevice = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Unknown device");
//: When a session began; %1 is a date and time
inline constexpr const char *SessionStarted = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Signed in %1");
//: A session whose beginning was not recorded
inline constexpr const char *SessionStartedUnknown = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign-in time not recorded");
//: A session's last activity; %1 is a date and time, exact to about a day
inline constexpr const char *SessionLastActive = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Last active around %1");
//: Where a session began; %1 is an IP address
inline constexpr const char *SessionFrom = QT_TRANSLATE_NOOP("Gatehouse::Pages", "from %1");
//: Button that signs out one other session
inline constexpr const char *EndSession = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign out this session");
//: Button that signs out every session except this one
inline constexpr const char *EndOtherSessions = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign out all other sessions");
//: Button that signs out every session including this one
inline constexpr const char *EndAllSessions = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign out everywhere");
//: The account page has no other session to show
inline constexpr const char *NoOtherSessions = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You are not signed in anywhere else.");
//: Explains sessions kept in the browser (JWT) that the server can end all at once
inline constexpr const char *JwtSessionsRevocable = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your sign-in is kept in each browser itself, so other devices cannot be listed or signed out one by one. \"Sign out all other sessions\" and \"Sign out everywhere\" end every one of them at once.");
//: Explains sessions kept in the browser (JWT) that the server cannot end
inline constexpr const char *JwtSessionsNotRevocable = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your sign-in is kept in each browser itself and this server cannot end it elsewhere: signing out ends it in this browser only; other devices stay signed in until their sign-in expires.");
//: Heading of the recent activity section of the account page
inline constexpr const char *ActivityHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Recent activity");
//: The account page has no activity to show
inline constexpr const char *ActivityEmpty = QT_TRANSLATE_NOOP("Gatehouse::Pages", "No activity recorded yet.");
//: Column of the recent activity table: when
inline constexpr const char *ActivityTime = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Time");
//: Column of the recent activity table: what happened
inline constexpr const char *ActivityEvent = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Event");
//: Column of the recent activity table: the sign-in method (provider)
inline constexpr const char *ActivityMethod = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Method");
//: Column of the recent activity table: the IP address
inline constexpr const char *ActivityAddress = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Address");
//: Recent activity: a sign-in
inline constexpr const char *EventSignIn = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Signed in");
//: Recent activity: a sign-in that failed
inline constexpr const char *EventSignInFailed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign-in failed");
//: Recent activity: a sign-out
inline constexpr const char *EventSignOut = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Signed out");
//: Recent activity: the account was created
inline constexpr const char *EventCreateUser = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Account created");
//: Recent activity: a sign-in method was linked
inline constexpr const char *EventLinkAccount = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign-in method linked");
//: Recent activity: the profile was changed
inline constexpr const char *EventAccountUpdate = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Profile changed");
//: Recent activity: one session was signed out from the account page
inline constexpr const char *EventSessionEnd = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Session signed out");
//: Recent activity: all other sessions were signed out
inline constexpr const char *EventSessionsEndOthers = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Other sessions signed out");
//: Recent activity: every session was signed out
inline constexpr const char *EventSessionsEndAll = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Signed out everywhere");
//: Account page notice after saving the name
inline constexpr const char *NoticeNameSaved = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your name was saved.");
//: Account page notice after signing out another session
inline constexpr const char *NoticeSessionEnded = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The session was signed out.");
//: Account page notice after signing out every other session
inline constexpr const char *NoticeOthersEnded = QT_TRANSLATE_NOOP("Gatehouse::Pages", "All other sessions were signed out.");
//: Account page notice: the session to sign out does not exist (any more)
inline constexpr const char *NoticeSessionNotFound = QT_TRANSLATE_NOOP("Gatehouse::Pages", "That session does not exist any more.");
//: Account page notice: the name was refused
inline constexpr const char *NoticeInvalidName = QT_TRANSLATE_NOOP("Gatehouse::Pages", "A name has 1 to 255 characters.");

//: Heading of the password section of the account page
inline constexpr const char *PasswordHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Password");
//: Label of the current password input on the account page
inline constexpr const char *CurrentPasswordLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Current password");
//: Label of the new password input on the account page
inline constexpr const char *NewPasswordLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "New password");
//: Label of the input that repeats the new password on the account page
inline constexpr const char *ConfirmPasswordLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Repeat the new password");
//: Button that changes the password on the account page
inline constexpr const char *ChangePassword = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Change password");
//: Explains what a password change does; %1 is the minimum number of characters
inline constexpr const char *PasswordNote = QT_TRANSLATE_NOOP("Gatehouse::Pages", "At least %1 characters. Changing it signs you out everywhere else.");
//: Recent activity: the password was changed
inline constexpr const char *EventPasswordChange = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Password changed");
//: Recent activity: a password change failed because the current password was wrong
inline constexpr const char *EventPasswordChangeFailed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Password change failed");
//: Account page notice after changing the password
inline constexpr const char *NoticePasswordChanged = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your password was changed. Your other sessions were signed out.");
//: Account page notice: the current password given was wrong
inline constexpr const char *NoticePasswordIncorrect = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The current password is not correct. Your password was not changed.");
//: Account page notice: the two new passwords differ
inline constexpr const char *NoticePasswordsDiffer = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The two new passwords differ. Your password was not changed.");
//: Account page notice: the new password is too short; %1 is the minimum number of characters
inline constexpr const char *NoticePasswordTooShort = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The new password is too short: use at least %1 characters.");
//: Account page notice: the new password is too long; %1 is the maximum number of characters
inline constexpr const char *NoticePasswordTooLong = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The new password is too long: use at most %1 characters.");
//: Account page notice: the new password is the person's e-mail address
inline constexpr const char *NoticePasswordIsEmail = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The new password must not be your e-mail address.");
//: Account page notice: too many wrong passwords; the person must wait
inline constexpr const char *NoticeTooManyAttempts = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Too many wrong passwords. Please wait a while and try again.");

//: Heading of the account page's section of the apps the person allowed to use their account (OpenID Provider clients)
inline constexpr const char *AppsHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Apps with access");
//: Apps with access: the person has allowed no app
inline constexpr const char *NoApps = QT_TRANSLATE_NOOP("Gatehouse::Pages", "No app has access to your account.");
//: Apps with access: what the app may do; %1 is a list of scopes (openid, profile, email, ...)
inline constexpr const char *AppScopes = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Allowed: %1");
//: Apps with access: when the person first allowed the app; %1 is a date and time
inline constexpr const char *AppSince = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Since %1");
//: Button that takes an app's access away on the account page
inline constexpr const char *RevokeApp = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Revoke");
//: Account page notice after revoking an app's access
inline constexpr const char *NoticeAppRevoked = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The app's access was revoked. It must ask you again before it can sign you in.");
//: Account page notice: the app whose access was to be revoked has none
inline constexpr const char *NoticeAppNotFound = QT_TRANSLATE_NOOP("Gatehouse::Pages", "That app has no access to revoke. Nothing was changed.");
//: Recent activity: the person answered an app's request for access (allowed or denied)
inline constexpr const char *EventOidcConsent = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Answered an application's request for access");
//: Recent activity: an application's access was revoked
inline constexpr const char *EventOidcConsentRevoked = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Application's access revoked");

//: Heading of the linked accounts section of the account page (OAuth/OpenID Connect providers)
inline constexpr const char *LinkedAccountsHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Linked accounts");
//: Linked accounts: no account of another service is linked
inline constexpr const char *NoLinkedAccounts = QT_TRANSLATE_NOOP("Gatehouse::Pages", "No account of another service is linked.");
//: Linked accounts: when the account was linked; %1 is a date and time
inline constexpr const char *LinkedAt = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Linked %1");
//: Linked accounts: the time of linking was not recorded (accounts linked before it was)
inline constexpr const char *LinkedAtUnknown = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Linked at a time not recorded");
//: Button that unlinks an account of another service on the account page
inline constexpr const char *UnlinkAccount = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Unlink");
//: Recent activity: an account of another service was unlinked
inline constexpr const char *EventUnlinkAccount = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Account unlinked");
//: Account page notice after unlinking an account of another service
inline constexpr const char *NoticeAccountUnlinked = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The account was unlinked. You can no longer sign in with it.");
//: Account page notice: the linked account to unlink was not found
inline constexpr const char *NoticeAccountNotFound = QT_TRANSLATE_NOOP("Gatehouse::Pages", "That linked account was not found. Nothing was changed.");
//: Account page notice: the removal would leave the person no way to sign in
inline constexpr const char *NoticeLastSignInMethod = QT_TRANSLATE_NOOP("Gatehouse::Pages", "This is your last way to sign in, so it cannot be removed. Add another one first.");
//: Button that links an account of another service, through signing in there; %1 is the service's name
inline constexpr const char *LinkAccount = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Link %1");
//: Account page notice after linking an account of another service
inline constexpr const char *NoticeAccountLinked = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The account was linked. You can now sign in with it.");

// Account page: passkeys.
//: Heading of the passkeys section of the account page
inline constexpr const char *PasskeysHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Passkeys");
//: Passkeys: the person has none yet
inline constexpr const char *NoPasskeys = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You have no passkeys yet.");
//: Passkeys: the name of a passkey registered before names were kept
inline constexpr const char *PasskeyUnnamed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Unnamed passkey");
//: Passkeys: when the passkey was added; %1 is a date and time
inline constexpr const char *PasskeyCreated = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Added %1");
//: Passkeys: the time of adding was not recorded (passkeys added before it was)
inline constexpr const char *PasskeyCreatedUnknown = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Added at a time not recorded");
//: Passkeys: its last sign-in; %1 is a date and time
inline constexpr const char *PasskeyLastUsed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "last used %1");
//: Passkeys: no sign-in with it is recorded
inline constexpr const char *PasskeyNeverUsed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "not used to sign in yet");
//: Passkeys: the credential is backed up, e.g. synced to other devices of the person
inline constexpr const char *PasskeySynced = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Synced");
//: Passkeys: the credential lives on one device only
inline constexpr const char *PasskeyThisDevice = QT_TRANSLATE_NOOP("Gatehouse::Pages", "On one device");
//: Passkeys: how the browser reaches the authenticator (WebAuthn transports); %1 is a list like "usb, nfc, internal"
inline constexpr const char *PasskeyTransports = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Transports: %1");
//: Label of the name input of a passkey (rename form, and the add form)
inline constexpr const char *PasskeyNameLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Passkey name");
//: Button that saves a passkey's new name
inline constexpr const char *RenamePasskey = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Rename");
//: Button that removes a passkey
inline constexpr const char *RemovePasskey = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Remove");
//: Button that adds a passkey (the browser then asks for it)
inline constexpr const char *AddPasskey = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Add a passkey");
//: The add-passkey button when JavaScript is off: it cannot work then
inline constexpr const char *AddPasskeyNeedsScript = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Add a passkey (needs JavaScript)");
//: Passkeys: under the add form; the name is optional
inline constexpr const char *AddPasskeyNote = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Give it a name you will recognise, such as the device it is on. Without one it is named after today's date.");
//: Account page notice after adding a passkey
inline constexpr const char *NoticePasskeyAdded = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The passkey was added. You can now sign in with it.");
//: Account page notice after renaming a passkey
inline constexpr const char *NoticePasskeyRenamed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The passkey was renamed.");
//: Account page notice after removing a passkey
inline constexpr const char *NoticePasskeyRemoved = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The passkey was removed. You can no longer sign in with it.");
//: Account page notice: the passkey to rename or remove was not found
inline constexpr const char *NoticePasskeyNotFound = QT_TRANSLATE_NOOP("Gatehouse::Pages", "That passkey was not found. Nothing was changed.");
//: Account page notice: the passkey name was refused
inline constexpr const char *NoticeInvalidPasskeyName = QT_TRANSLATE_NOOP("Gatehouse::Pages", "A passkey name must be 1 to 255 characters long.");
//: Recent activity: a passkey was added
inline constexpr const char *EventPasskeyAdd = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Passkey added");
//: Recent activity: a passkey was renamed
inline constexpr const char *EventPasskeyRename = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Passkey renamed");
//: Recent activity: a passkey was removed
inline constexpr const char *EventPasskeyRemove = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Passkey removed");

//: Account page: heading of the two-factor section
inline constexpr const char *TwoFactorHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-factor sign-in");
//: Account page: two-factor sign-in is not set up
inline constexpr const char *TwoFactorOff = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-factor sign-in is off. With an authenticator app, signing in asks for a code from your phone as well.");
//: Account page: button that starts the enrolment of an authenticator app
inline constexpr const char *TwoFactorBegin = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Set up an authenticator app");
//: Account page: how to enrol; the QR code follows
inline constexpr const char *TwoFactorScan = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Scan this QR code with your authenticator app, or type in the key below. Then enter the six-digit code the app shows.");
//: Account page: alternative text of the QR code image
inline constexpr const char *TwoFactorQrCode = QT_TRANSLATE_NOOP("Gatehouse::Pages", "QR code for your authenticator app");
//: Account page: label before the secret key as text
inline constexpr const char *TwoFactorKey = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Key");
//: Account page: label before the issuer and account the app will show
inline constexpr const char *TwoFactorAppShows = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The app will show: %1 (%2)");
//: Account page: label of the code field
inline constexpr const char *AccountTwoFactorCodeLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Code from the app");
//: Account page: button that confirms the enrolment with a code
inline constexpr const char *TwoFactorConfirm = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Turn on two-factor sign-in");
//: Account page: two-factor sign-in is on; %1 is the date
inline constexpr const char *TwoFactorOnSince = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-factor sign-in is on since %1.");
//: Account page: how many recovery codes can still be used
inline constexpr const char *TwoFactorCodesLeft = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Recovery codes left: %1");
//: Account page: button that makes a new set of recovery codes
inline constexpr const char *TwoFactorNewCodes = QT_TRANSLATE_NOOP("Gatehouse::Pages", "New recovery codes");
//: Account page: what making new recovery codes does
inline constexpr const char *TwoFactorNewCodesNote = QT_TRANSLATE_NOOP("Gatehouse::Pages", "A new set replaces the old one: the old codes stop working.");
//: Account page: checkbox that confirms removing the authenticator
inline constexpr const char *TwoFactorRemoveConfirm = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Yes, sign in without a code from now on");
//: Account page: button that removes the authenticator
inline constexpr const char *TwoFactorRemove = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Remove the authenticator");
//: Account page: heading above the recovery codes, shown once
inline constexpr const char *TwoFactorCodesHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Save these recovery codes now");
//: Account page: explanation of the recovery codes
inline constexpr const char *TwoFactorCodesNote = QT_TRANSLATE_NOOP("Gatehouse::Pages", "They are shown only this once. Each one signs you in once instead of a code from the app, if you lose your phone. Keep them somewhere safe, apart from your phone.");
//: Account page notice: two-factor sign-in was turned on
inline constexpr const char *NoticeTwoFactorOn = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-factor sign-in is on.");
//: Account page notice: new recovery codes were made
inline constexpr const char *NoticeTwoFactorNewCodes = QT_TRANSLATE_NOOP("Gatehouse::Pages", "New recovery codes were made; the old ones no longer work.");
//: Account page notice: the authenticator was removed
inline constexpr const char *NoticeTwoFactorRemoved = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The authenticator was removed. Signing in no longer asks for a code.");
//: Account page notice: the code typed at enrolment was wrong
inline constexpr const char *NoticeTwoFactorWrongCode = QT_TRANSLATE_NOOP("Gatehouse::Pages", "That code is not right. Check the time on your phone and enter the code the app shows now.");
//: Account page notice: the removal was not confirmed with the checkbox
inline constexpr const char *NoticeTwoFactorRemoveUnconfirmed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "To remove the authenticator, tick the box to confirm.");
//: Account page notice: the enrolment had expired or was replaced
inline constexpr const char *NoticeTwoFactorNoEnrolment = QT_TRANSLATE_NOOP("Gatehouse::Pages", "There is no set-up to finish. Start again.");
//: Account page notice: an authenticator is set up already
inline constexpr const char *NoticeTwoFactorAlreadyOn = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Two-factor sign-in is on already.");
//: Heading of the account page's section on security notices by e-mail
inline constexpr const char *NoticesHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "E-mail notices");
//: Account page: what the notices section says about the notices a person cannot turn off
inline constexpr const char *NoticesNote = QT_TRANSLATE_NOOP("Gatehouse::Pages", "You always get an e-mail when your password, your two-factor sign-in, your passkeys or your linked accounts change.");
//: Account page: the checkbox for the new-sign-in notice
inline constexpr const char *NoticeNewDeviceLabel = QT_TRANSLATE_NOOP("Gatehouse::Pages", "E-mail me when someone signs in to my account from a browser or device I have not used before");
//: Account page: the button that saves the notice choice
inline constexpr const char *SaveNotices = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Save");
//: Account page notice after saving the notice choice
inline constexpr const char *NoticeNoticesSaved = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your e-mail notices were saved.");
//: Recent activity: a security notice was turned on or off
inline constexpr const char *EventNoticeChoice = QT_TRANSLATE_NOOP("Gatehouse::Pages", "E-mail notices changed");
//: Recent activity: the person signed in to an application through Gatehouse (its name is in the next column)
inline constexpr const char *EventOidcAuthorize = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Signed in to an application");
//: Recent activity: an administrator lifted the limit on failed sign-ins
inline constexpr const char *EventLockoutLift = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Sign-in limit lifted by an administrator");
//: Recent activity: an administrator changed the account
inline constexpr const char *EventUserUpdate = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Account changed by an administrator");
//: Recent activity: an administrator disabled the account
inline constexpr const char *EventUserDisable = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Account disabled by an administrator");
//: Recent activity: an administrator enabled the account again
inline constexpr const char *EventUserEnable = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Account enabled by an administrator");
//: Recent activity: an administrator added the person to a group
inline constexpr const char *EventGroupAdd = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Added to a group");
//: Recent activity: an administrator removed the person from a group
inline constexpr const char *EventGroupRemove = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Removed from a group");
//: Recent activity: an authenticator app was set up
inline constexpr const char *EventTwoFactorEnrol = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Authenticator app set up");
//: Recent activity: new recovery codes
inline constexpr const char *EventTwoFactorRecoveryCodes = QT_TRANSLATE_NOOP("Gatehouse::Pages", "New recovery codes");
//: Recent activity: the authenticator was removed
inline constexpr const char *EventTwoFactorRemove = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Authenticator removed");
//: Recent activity: the set-up of an authenticator app was started
inline constexpr const char *EventTwoFactorEnrolBegin = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Authenticator set-up started");
//: Recent activity: a sign-in's second step passed (code or recovery code)
inline constexpr const char *EventTwoFactorVerify = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Second step passed");
//: Recent activity: a wrong code at a sign-in's second step
inline constexpr const char *EventTwoFactorFailure = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Wrong code at the second step");
//: Recent activity: a wrong code at the set-up of an authenticator
inline constexpr const char *EventTwoFactorEnrolFailure = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Wrong code at authenticator set-up");

//: An event of the account page's recent activity
inline constexpr const char *EventPasswordResetRequest = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Password reset requested");
//: An event of the account page's recent activity
inline constexpr const char *EventPasswordReset = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Password reset by e-mail link");
//: An event of the account page's recent activity
inline constexpr const char *EventPasswordResetFailed = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Password reset link refused");
//: Title and heading of the password reset pages
inline constexpr const char *ResetTitle = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Reset your password");
//: Link under the built-in password form of the sign-in page
inline constexpr const char *ForgotPassword = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Forgot your password?");
//: Text above the address field of the password reset page
inline constexpr const char *ResetRequestPrompt = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Enter the email address of your account. We will send you a link to choose a new password.");
//: Button of the password reset page that asks for the mail
inline constexpr const char *ResetSendLink = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Send the link");
//: Link back from the password reset pages to the sign-in page
inline constexpr const char *ResetBackToSignIn = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Back to sign in");
//: The same answer for every address after asking for a password reset
inline constexpr const char *ResetSentText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "If an account has this address, a mail with a link to choose a new password is on its way. The link works once and for a short time.");
//: Notice of the password reset page for an address that is not one
inline constexpr const char *ResetInvalidEmail = QT_TRANSLATE_NOOP("Gatehouse::Pages", "This is not a valid email address.");
//: Heading of the page of a reset link that does not work (any more)
inline constexpr const char *ResetInvalidHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "This link does not work");
//: Text of the page of a reset link that does not work (any more)
inline constexpr const char *ResetInvalidText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "The link was used already, has expired, was replaced by a newer one, or is not complete. Nothing was changed.");
//: Button of that page: back to the form that sends a new link
inline constexpr const char *ResetAskAgain = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Ask for a new link");
//: Heading after a password was reset
inline constexpr const char *ResetDoneHeading = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Your password was changed");
//: Text after a password was reset
inline constexpr const char *ResetDoneText = QT_TRANSLATE_NOOP("Gatehouse::Pages", "Every session of your account was signed out. Sign in with your new password.");

} // namespace Gatehouse::Pages::Messages
