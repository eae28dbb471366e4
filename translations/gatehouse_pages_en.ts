<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Gatehouse::Pages</name>
    <message>
        <source>Sign In</source>
        <extracomment>Title of the sign-in page</extracomment>
        <translation>Sign In</translation>
    </message>
    <message>
        <source>Sign Out</source>
        <extracomment>Title of the sign-out page</extracomment>
        <translation>Sign Out</translation>
    </message>
    <message>
        <source>Error</source>
        <extracomment>Title of the error page, and its heading for errors without a more specific one</extracomment>
        <translation>Error</translation>
    </message>
    <message>
        <source>Verify Request</source>
        <extracomment>Title of the page shown after a sign-in link was e-mailed</extracomment>
        <translation>Verify Request</translation>
    </message>
    <message>
        <source>Sign in with %1</source>
        <extracomment>Button of a provider; %1 is the provider&apos;s name (&quot;Sign in with GitHub&quot;)</extracomment>
        <translation>Sign in with %1</translation>
    </message>
    <message>
        <source>Email</source>
        <extracomment>Label of the e-mail address input</extracomment>
        <translation>Email</translation>
    </message>
    <message>
        <source>email@example.com</source>
        <extracomment>Example shown in the empty e-mail address input</extracomment>
        <translation>email@example.com</translation>
    </message>
    <message>
        <source>or</source>
        <extracomment>Separator between two ways of signing in</extracomment>
        <translation>or</translation>
    </message>
    <message>
        <source>Logo</source>
        <extracomment>Alternative text of the site&apos;s logo</extracomment>
        <translation>Logo</translation>
    </message>
    <message>
        <source>Unable to sign in.</source>
        <extracomment>Sign-in error without a more specific message</extracomment>
        <translation>Unable to sign in.</translation>
    </message>
    <message>
        <source>Try signing in with a different account.</source>
        <extracomment>Sign-in error: the identity provider or the account could not be used</extracomment>
        <translation>Try signing in with a different account.</translation>
    </message>
    <message>
        <source>To confirm your identity, sign in with the same account you used originally.</source>
        <extracomment>Sign-in error: the e-mail address belongs to an account created with another provider</extracomment>
        <translation>To confirm your identity, sign in with the same account you used originally.</translation>
    </message>
    <message>
        <source>The e-mail could not be sent.</source>
        <extracomment>Sign-in error: the sign-in link could not be e-mailed</extracomment>
        <translation>The e-mail could not be sent.</translation>
    </message>
    <message>
        <source>Sign in failed. Check the details you provided are correct.</source>
        <extracomment>Sign-in error: wrong user name or password (or too many attempts)</extracomment>
        <translation>Sign in failed. Check the details you provided are correct.</translation>
    </message>
    <message>
        <source>Please sign in to access this page.</source>
        <extracomment>Sign-in error: the page the user wanted needs a session</extracomment>
        <translation>Please sign in to access this page.</translation>
    </message>
    <message>
        <source>Signout</source>
        <extracomment>Heading of the sign-out page</extracomment>
        <translation>Signout</translation>
    </message>
    <message>
        <source>Are you sure you want to sign out?</source>
        <extracomment>Question on the sign-out page</extracomment>
        <translation>Are you sure you want to sign out?</translation>
    </message>
    <message>
        <source>Sign out</source>
        <extracomment>Button of the sign-out page</extracomment>
        <translation>Sign out</translation>
    </message>
    <message>
        <source>Server error</source>
        <extracomment>Heading of the error page for a configuration problem</extracomment>
        <translation>Server error</translation>
    </message>
    <message>
        <source>There is a problem with the server configuration.</source>
        <extracomment>Error page text for a configuration problem</extracomment>
        <translation>There is a problem with the server configuration.</translation>
    </message>
    <message>
        <source>Check the server logs for more information.</source>
        <extracomment>Error page text for a configuration problem, second sentence</extracomment>
        <translation>Check the server logs for more information.</translation>
    </message>
    <message>
        <source>Access Denied</source>
        <extracomment>Heading of the error page when sign-in was refused</extracomment>
        <translation>Access Denied</translation>
    </message>
    <message>
        <source>You do not have permission to sign in.</source>
        <extracomment>Error page text when sign-in was refused</extracomment>
        <translation>You do not have permission to sign in.</translation>
    </message>
    <message>
        <source>Unable to sign in</source>
        <extracomment>Heading of the error page for an invalid sign-in link</extracomment>
        <translation>Unable to sign in</translation>
    </message>
    <message>
        <source>The sign in link is no longer valid.</source>
        <extracomment>Error page text for an invalid sign-in link</extracomment>
        <translation>The sign in link is no longer valid.</translation>
    </message>
    <message>
        <source>It may have been used already or it may have expired.</source>
        <extracomment>Error page text for an invalid sign-in link, second sentence</extracomment>
        <translation>It may have been used already or it may have expired.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <extracomment>Link from the error page back to the sign-in page</extracomment>
        <translation>Sign in</translation>
    </message>
    <message>
        <source>Service unavailable</source>
        <extracomment>Heading of the error page while the sign-in service cannot reach its database</extracomment>
        <translation>Service unavailable</translation>
    </message>
    <message>
        <source>The sign-in service is temporarily unavailable.</source>
        <extracomment>Error page text while the sign-in service cannot reach its database</extracomment>
        <translation>The sign-in service is temporarily unavailable.</translation>
    </message>
    <message>
        <source>Please try again in a moment.</source>
        <extracomment>Error page text while the sign-in service cannot reach its database, second sentence</extracomment>
        <translation>Please try again in a moment.</translation>
    </message>
    <message>
        <source>Check your email</source>
        <extracomment>Heading of the page shown after a sign-in link was e-mailed</extracomment>
        <translation>Check your email</translation>
    </message>
    <message>
        <source>A sign in link has been sent to your email address.</source>
        <extracomment>Text of the page shown after a sign-in link was e-mailed</extracomment>
        <translation>A sign in link has been sent to your email address.</translation>
    </message>
    <message>
        <source>Not Found</source>
        <extracomment>Title of the page for an address that does not exist</extracomment>
        <translation>Not Found</translation>
    </message>
    <message>
        <source>Page not found</source>
        <extracomment>Heading of the page for an address that does not exist</extracomment>
        <translation>Page not found</translation>
    </message>
    <message>
        <source>There is nothing at this address.</source>
        <extracomment>Text of the page for an address that does not exist</extracomment>
        <translation>There is nothing at this address.</translation>
    </message>
    <message>
        <source>Your Account</source>
        <extracomment>Title of the account page</extracomment>
        <translation>Your Account</translation>
    </message>
    <message>
        <source>Your account</source>
        <extracomment>Heading of the account page</extracomment>
        <translation>Your account</translation>
    </message>
    <message>
        <source>Profile</source>
        <extracomment>Heading of the profile section of the account page</extracomment>
        <translation>Profile</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Label of the name input on the account page</extracomment>
        <translation>Name</translation>
    </message>
    <message>
        <source>Save name</source>
        <extracomment>Button that saves the name on the account page</extracomment>
        <translation>Save name</translation>
    </message>
    <message>
        <source>verified</source>
        <extracomment>After the e-mail address on the account page: the address was proven</extracomment>
        <translation>verified</translation>
    </message>
    <message>
        <source>not verified</source>
        <extracomment>After the e-mail address on the account page: the address was never proven</extracomment>
        <translation>not verified</translation>
    </message>
    <message>
        <source>Profile picture</source>
        <extracomment>Alternative text of the person&apos;s picture on the account page</extracomment>
        <translation>Profile picture</translation>
    </message>
    <message>
        <source>Sessions</source>
        <extracomment>Heading of the sessions section of the account page</extracomment>
        <translation>Sessions</translation>
    </message>
    <message>
        <source>This session</source>
        <extracomment>Marks the session of the browser showing the account page</extracomment>
        <translation>This session</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <extracomment>A session&apos;s browser and operating system; %1 is the browser, %2 the system (&quot;Firefox on Linux&quot;)</extracomment>
        <translation>%1 on %2</translation>
    </message>
    <message>
        <source>Unknown device</source>
        <extracomment>A session whose browser is not known</extracomment>
        <translation>Unknown device</translation>
    </message>
    <message>
        <source>Signed in %1</source>
        <extracomment>When a session began; %1 is a date and time</extracomment>
        <translation>Signed in %1</translation>
    </message>
    <message>
        <source>Sign-in time not recorded</source>
        <extracomment>A session whose beginning was not recorded</extracomment>
        <translation>Sign-in time not recorded</translation>
    </message>
    <message>
        <source>Last active around %1</source>
        <extracomment>A session&apos;s last activity; %1 is a date and time, exact to about a day</extracomment>
        <translation>Last active around %1</translation>
    </message>
    <message>
        <source>from %1</source>
        <extracomment>Where a session began; %1 is an IP address</extracomment>
        <translation>from %1</translation>
    </message>
    <message>
        <source>Sign out this session</source>
        <extracomment>Button that signs out one other session</extracomment>
        <translation>Sign out this session</translation>
    </message>
    <message>
        <source>Sign out all other sessions</source>
        <extracomment>Button that signs out every session except this one</extracomment>
        <translation>Sign out all other sessions</translation>
    </message>
    <message>
        <source>Sign out everywhere</source>
        <extracomment>Button that signs out every session including this one</extracomment>
        <translation>Sign out everywhere</translation>
    </message>
    <message>
        <source>You are not signed in anywhere else.</source>
        <extracomment>The account page has no other session to show</extracomment>
        <translation>You are not signed in anywhere else.</translation>
    </message>
    <message>
        <source>Your sign-in is kept in each browser itself, so other devices cannot be listed or signed out one by one. &quot;Sign out all other sessions&quot; and &quot;Sign out everywhere&quot; end every one of them at once.</source>
        <extracomment>Explains sessions kept in the browser (JWT) that the server can end all at once</extracomment>
        <translation>Your sign-in is kept in each browser itself, so other devices cannot be listed or signed out one by one. &quot;Sign out all other sessions&quot; and &quot;Sign out everywhere&quot; end every one of them at once.</translation>
    </message>
    <message>
        <source>Your sign-in is kept in each browser itself and this server cannot end it elsewhere: signing out ends it in this browser only; other devices stay signed in until their sign-in expires.</source>
        <extracomment>Explains sessions kept in the browser (JWT) that the server cannot end</extracomment>
        <translation>Your sign-in is kept in each browser itself and this server cannot end it elsewhere: signing out ends it in this browser only; other devices stay signed in until their sign-in expires.</translation>
    </message>
    <message>
        <source>Recent activity</source>
        <extracomment>Heading of the recent activity section of the account page</extracomment>
        <translation>Recent activity</translation>
    </message>
    <message>
        <source>No activity recorded yet.</source>
        <extracomment>The account page has no activity to show</extracomment>
        <translation>No activity recorded yet.</translation>
    </message>
    <message>
        <source>Time</source>
        <extracomment>Column of the recent activity table: when</extracomment>
        <translation>Time</translation>
    </message>
    <message>
        <source>Event</source>
        <extracomment>Column of the recent activity table: what happened</extracomment>
        <translation>Event</translation>
    </message>
    <message>
        <source>Method</source>
        <extracomment>Column of the recent activity table: the sign-in method (provider)</extracomment>
        <translation>Method</translation>
    </message>
    <message>
        <source>Address</source>
        <extracomment>Column of the recent activity table: the IP address</extracomment>
        <translation>Address</translation>
    </message>
    <message>
        <source>Signed in</source>
        <extracomment>Recent activity: a sign-in</extracomment>
        <translation>Signed in</translation>
    </message>
    <message>
        <source>Sign-in failed</source>
        <extracomment>Recent activity: a sign-in that failed</extracomment>
        <translation>Sign-in failed</translation>
    </message>
    <message>
        <source>Signed out</source>
        <extracomment>Recent activity: a sign-out</extracomment>
        <translation>Signed out</translation>
    </message>
    <message>
        <source>Account created</source>
        <extracomment>Recent activity: the account was created</extracomment>
        <translation>Account created</translation>
    </message>
    <message>
        <source>Sign-in method linked</source>
        <extracomment>Recent activity: a sign-in method was linked</extracomment>
        <translation>Sign-in method linked</translation>
    </message>
    <message>
        <source>Profile changed</source>
        <extracomment>Recent activity: the profile was changed</extracomment>
        <translation>Profile changed</translation>
    </message>
    <message>
        <source>Session signed out</source>
        <extracomment>Recent activity: one session was signed out from the account page</extracomment>
        <translation>Session signed out</translation>
    </message>
    <message>
        <source>Other sessions signed out</source>
        <extracomment>Recent activity: all other sessions were signed out</extracomment>
        <translation>Other sessions signed out</translation>
    </message>
    <message>
        <source>Signed out everywhere</source>
        <extracomment>Recent activity: every session was signed out</extracomment>
        <translation>Signed out everywhere</translation>
    </message>
    <message>
        <source>Your name was saved.</source>
        <extracomment>Account page notice after saving the name</extracomment>
        <translation>Your name was saved.</translation>
    </message>
    <message>
        <source>The session was signed out.</source>
        <extracomment>Account page notice after signing out another session</extracomment>
        <translation>The session was signed out.</translation>
    </message>
    <message>
        <source>All other sessions were signed out.</source>
        <extracomment>Account page notice after signing out every other session</extracomment>
        <translation>All other sessions were signed out.</translation>
    </message>
    <message>
        <source>That session does not exist any more.</source>
        <extracomment>Account page notice: the session to sign out does not exist (any more)</extracomment>
        <translation>That session does not exist any more.</translation>
    </message>
    <message>
        <source>A name has 1 to 255 characters.</source>
        <extracomment>Account page notice: the name was refused</extracomment>
        <translation>A name has 1 to 255 characters.</translation>
    </message>
    <message>
        <source>Password</source>
        <extracomment>Heading of the password section of the account page</extracomment>
        <translation>Password</translation>
    </message>
    <message>
        <source>Current password</source>
        <extracomment>Label of the current password input on the account page</extracomment>
        <translation>Current password</translation>
    </message>
    <message>
        <source>New password</source>
        <extracomment>Label of the new password input on the account page</extracomment>
        <translation>New password</translation>
    </message>
    <message>
        <source>Repeat the new password</source>
        <extracomment>Label of the input that repeats the new password on the account page</extracomment>
        <translation>Repeat the new password</translation>
    </message>
    <message>
        <source>Change password</source>
        <extracomment>Button that changes the password on the account page</extracomment>
        <translation>Change password</translation>
    </message>
    <message>
        <source>At least %1 characters. Changing it signs you out everywhere else.</source>
        <extracomment>Explains what a password change does; %1 is the minimum number of characters</extracomment>
        <translation>At least %1 characters. Changing it signs you out everywhere else.</translation>
    </message>
    <message>
        <source>Password changed</source>
        <extracomment>Recent activity: the password was changed</extracomment>
        <translation>Password changed</translation>
    </message>
    <message>
        <source>Password change failed</source>
        <extracomment>Recent activity: a password change failed because the current password was wrong</extracomment>
        <translation>Password change failed</translation>
    </message>
    <message>
        <source>Your password was changed. Your other sessions were signed out.</source>
        <extracomment>Account page notice after changing the password</extracomment>
        <translation>Your password was changed. Your other sessions were signed out.</translation>
    </message>
    <message>
        <source>The current password is not correct. Your password was not changed.</source>
        <extracomment>Account page notice: the current password given was wrong</extracomment>
        <translation>The current password is not correct. Your password was not changed.</translation>
    </message>
    <message>
        <source>The two new passwords differ. Your password was not changed.</source>
        <extracomment>Account page notice: the two new passwords differ</extracomment>
        <translation>The two new passwords differ. Your password was not changed.</translation>
    </message>
    <message>
        <source>The new password is too short: use at least %1 characters.</source>
        <extracomment>Account page notice: the new password is too short; %1 is the minimum number of characters</extracomment>
        <translation>The new password is too short: use at least %1 characters.</translation>
    </message>
    <message>
        <source>The new password is too long: use at most %1 characters.</source>
        <extracomment>Account page notice: the new password is too long; %1 is the maximum number of characters</extracomment>
        <translation>The new password is too long: use at most %1 characters.</translation>
    </message>
    <message>
        <source>The new password must not be your e-mail address.</source>
        <extracomment>Account page notice: the new password is the person&apos;s e-mail address</extracomment>
        <translation>The new password must not be your e-mail address.</translation>
    </message>
    <message>
        <source>Too many wrong passwords. Please wait a while and try again.</source>
        <extracomment>Account page notice: too many wrong passwords; the person must wait</extracomment>
        <translation>Too many wrong passwords. Please wait a while and try again.</translation>
    </message>
    <message>
        <source>Linked accounts</source>
        <extracomment>Heading of the linked accounts section of the account page (OAuth/OpenID Connect providers)</extracomment>
        <translation>Linked accounts</translation>
    </message>
    <message>
        <source>No account of another service is linked.</source>
        <extracomment>Linked accounts: no account of another service is linked</extracomment>
        <translation>No account of another service is linked.</translation>
    </message>
    <message>
        <source>Linked %1</source>
        <extracomment>Linked accounts: when the account was linked; %1 is a date and time</extracomment>
        <translation>Linked %1</translation>
    </message>
    <message>
        <source>Linked at a time not recorded</source>
        <extracomment>Linked accounts: the time of linking was not recorded (accounts linked before it was)</extracomment>
        <translation>Linked at a time not recorded</translation>
    </message>
    <message>
        <source>Unlink</source>
        <extracomment>Button that unlinks an account of another service on the account page</extracomment>
        <translation>Unlink</translation>
    </message>
    <message>
        <source>Account unlinked</source>
        <extracomment>Recent activity: an account of another service was unlinked</extracomment>
        <translation>Account unlinked</translation>
    </message>
    <message>
        <source>The account was unlinked. You can no longer sign in with it.</source>
        <extracomment>Account page notice after unlinking an account of another service</extracomment>
        <translation>The account was unlinked. You can no longer sign in with it.</translation>
    </message>
    <message>
        <source>That linked account was not found. Nothing was changed.</source>
        <extracomment>Account page notice: the linked account to unlink was not found</extracomment>
        <translation>That linked account was not found. Nothing was changed.</translation>
    </message>
    <message>
        <source>This is your last way to sign in, so it cannot be removed. Add another one first.</source>
        <extracomment>Account page notice: the removal would leave the person no way to sign in</extracomment>
        <translation>This is your last way to sign in, so it cannot be removed. Add another one first.</translation>
    </message>
    <message>
        <source>Link %1</source>
        <extracomment>Button that links an account of another service, through signing in there; %1 is the service&apos;s name</extracomment>
        <translation>Link %1</translation>
    </message>
    <message>
        <source>The account was linked. You can now sign in with it.</source>
        <extracomment>Account page notice after linking an account of another service</extracomment>
        <translation>The account was linked. You can now sign in with it.</translation>
    </message>
    <message>
        <source>Passkeys</source>
        <extracomment>Heading of the passkeys section of the account page</extracomment>
        <translation>Passkeys</translation>
    </message>
    <message>
        <source>You have no passkeys yet.</source>
        <extracomment>Passkeys: the person has none yet</extracomment>
        <translation>You have no passkeys yet.</translation>
    </message>
    <message>
        <source>Unnamed passkey</source>
        <extracomment>Passkeys: the name of a passkey registered before names were kept</extracomment>
        <translation>Unnamed passkey</translation>
    </message>
    <message>
        <source>Added %1</source>
        <extracomment>Passkeys: when the passkey was added; %1 is a date and time</extracomment>
        <translation>Added %1</translation>
    </message>
    <message>
        <source>Added at a time not recorded</source>
        <extracomment>Passkeys: the time of adding was not recorded (passkeys added before it was)</extracomment>
        <translation>Added at a time not recorded</translation>
    </message>
    <message>
        <source>last used %1</source>
        <extracomment>Passkeys: its last sign-in; %1 is a date and time</extracomment>
        <translation>last used %1</translation>
    </message>
    <message>
        <source>not used to sign in yet</source>
        <extracomment>Passkeys: no sign-in with it is recorded</extracomment>
        <translation>not used to sign in yet</translation>
    </message>
    <message>
        <source>Synced</source>
        <extracomment>Passkeys: the credential is backed up, e.g. synced to other devices of the person</extracomment>
        <translation>Synced</translation>
    </message>
    <message>
        <source>On one device</source>
        <extracomment>Passkeys: the credential lives on one device only</extracomment>
        <translation>On one device</translation>
    </message>
    <message>
        <source>Transports: %1</source>
        <extracomment>Passkeys: how the browser reaches the authenticator (WebAuthn transports); %1 is a list like &quot;usb, nfc, internal&quot;</extracomment>
        <translation>Transports: %1</translation>
    </message>
    <message>
        <source>Passkey name</source>
        <extracomment>Label of the name input of a passkey (rename form, and the add form)</extracomment>
        <translation>Passkey name</translation>
    </message>
    <message>
        <source>Rename</source>
        <extracomment>Button that saves a passkey&apos;s new name</extracomment>
        <translation>Rename</translation>
    </message>
    <message>
        <source>Remove</source>
        <extracomment>Button that removes a passkey</extracomment>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Add a passkey</source>
        <extracomment>Button that adds a passkey (the browser then asks for it)</extracomment>
        <translation>Add a passkey</translation>
    </message>
    <message>
        <source>Add a passkey (needs JavaScript)</source>
        <extracomment>The add-passkey button when JavaScript is off: it cannot work then</extracomment>
        <translation>Add a passkey (needs JavaScript)</translation>
    </message>
    <message>
        <source>Give it a name you will recognise, such as the device it is on. Without one it is named after today&apos;s date.</source>
        <extracomment>Passkeys: under the add form; the name is optional</extracomment>
        <translation>Give it a name you will recognise, such as the device it is on. Without one it is named after today&apos;s date.</translation>
    </message>
    <message>
        <source>The passkey was added. You can now sign in with it.</source>
        <extracomment>Account page notice after adding a passkey</extracomment>
        <translation>The passkey was added. You can now sign in with it.</translation>
    </message>
    <message>
        <source>The passkey was renamed.</source>
        <extracomment>Account page notice after renaming a passkey</extracomment>
        <translation>The passkey was renamed.</translation>
    </message>
    <message>
        <source>The passkey was removed. You can no longer sign in with it.</source>
        <extracomment>Account page notice after removing a passkey</extracomment>
        <translation>The passkey was removed. You can no longer sign in with it.</translation>
    </message>
    <message>
        <source>That passkey was not found. Nothing was changed.</source>
        <extracomment>Account page notice: the passkey to rename or remove was not found</extracomment>
        <translation>That passkey was not found. Nothing was changed.</translation>
    </message>
    <message>
        <source>A passkey name must be 1 to 255 characters long.</source>
        <extracomment>Account page notice: the passkey name was refused</extracomment>
        <translation>A passkey name must be 1 to 255 characters long.</translation>
    </message>
    <message>
        <source>Passkey added</source>
        <extracomment>Recent activity: a passkey was added</extracomment>
        <translation>Passkey added</translation>
    </message>
    <message>
        <source>Passkey renamed</source>
        <extracomment>Recent activity: a passkey was renamed</extracomment>
        <translation>Passkey renamed</translation>
    </message>
    <message>
        <source>Passkey removed</source>
        <extracomment>Recent activity: a passkey was removed</extracomment>
        <translation>Passkey removed</translation>
    </message>
    <message>
        <source>Your sign-in has expired. Please sign in again.</source>
        <extracomment>Sign-in error: the second step (the code) was not completed in time, or was cancelled</extracomment>
        <translation>Your sign-in has expired. Please sign in again.</translation>
    </message>
    <message>
        <source>Two-step verification</source>
        <extracomment>Title and heading of the page asking for the code of an authenticator app</extracomment>
        <translation>Two-step verification</translation>
    </message>
    <message>
        <source>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</source>
        <extracomment>Text of the code page</extracomment>
        <translation>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</translation>
    </message>
    <message>
        <source>Code</source>
        <extracomment>Label of the code input</extracomment>
        <translation>Code</translation>
    </message>
    <message>
        <source>Verify</source>
        <extracomment>Button that submits the code</extracomment>
        <translation>Verify</translation>
    </message>
    <message>
        <source>Cancel sign-in</source>
        <extracomment>Button that abandons the sign-in on the code page</extracomment>
        <translation>Cancel sign-in</translation>
    </message>
    <message>
        <source>That code is not valid. Wait for the next code of your app and try again.</source>
        <extracomment>Code page error: the code was wrong, used already or too old</extracomment>
        <translation>That code is not valid. Wait for the next code of your app and try again.</translation>
    </message>
    <message>
        <source>Too many wrong codes. Wait a few minutes, then try again.</source>
        <extracomment>Code page error: too many wrong codes lately</extracomment>
        <translation>Too many wrong codes. Wait a few minutes, then try again.</translation>
    </message>
    <message>
        <source>Two-factor sign-in</source>
        <extracomment>Account page: heading of the two-factor section</extracomment>
        <translation>Two-factor sign-in</translation>
    </message>
    <message>
        <source>Two-factor sign-in is off. With an authenticator app, signing in asks for a code from your phone as well.</source>
        <extracomment>Account page: two-factor sign-in is not set up</extracomment>
        <translation>Two-factor sign-in is off. With an authenticator app, signing in asks for a code from your phone as well.</translation>
    </message>
    <message>
        <source>Set up an authenticator app</source>
        <extracomment>Account page: button that starts the enrolment of an authenticator app</extracomment>
        <translation>Set up an authenticator app</translation>
    </message>
    <message>
        <source>Scan this QR code with your authenticator app, or type in the key below. Then enter the six-digit code the app shows.</source>
        <extracomment>Account page: how to enrol; the QR code follows</extracomment>
        <translation>Scan this QR code with your authenticator app, or type in the key below. Then enter the six-digit code the app shows.</translation>
    </message>
    <message>
        <source>QR code for your authenticator app</source>
        <extracomment>Account page: alternative text of the QR code image</extracomment>
        <translation>QR code for your authenticator app</translation>
    </message>
    <message>
        <source>Key</source>
        <extracomment>Account page: label before the secret key as text</extracomment>
        <translation>Key</translation>
    </message>
    <message>
        <source>The app will show: %1 (%2)</source>
        <extracomment>Account page: label before the issuer and account the app will show</extracomment>
        <translation>The app will show: %1 (%2)</translation>
    </message>
    <message>
        <source>Code from the app</source>
        <extracomment>Account page: label of the code field</extracomment>
        <translation>Code from the app</translation>
    </message>
    <message>
        <source>Turn on two-factor sign-in</source>
        <extracomment>Account page: button that confirms the enrolment with a code</extracomment>
        <translation>Turn on two-factor sign-in</translation>
    </message>
    <message>
        <source>Two-factor sign-in is on since %1.</source>
        <extracomment>Account page: two-factor sign-in is on; %1 is the date</extracomment>
        <translation>Two-factor sign-in is on since %1.</translation>
    </message>
    <message>
        <source>Recovery codes left: %1</source>
        <extracomment>Account page: how many recovery codes can still be used</extracomment>
        <translation>Recovery codes left: %1</translation>
    </message>
    <message>
        <source>New recovery codes</source>
        <extracomment>Account page: button that makes a new set of recovery codes
----------
Recent activity: new recovery codes</extracomment>
        <translation>New recovery codes</translation>
    </message>
    <message>
        <source>A new set replaces the old one: the old codes stop working.</source>
        <extracomment>Account page: what making new recovery codes does</extracomment>
        <translation>A new set replaces the old one: the old codes stop working.</translation>
    </message>
    <message>
        <source>Yes, sign in without a code from now on</source>
        <extracomment>Account page: checkbox that confirms removing the authenticator</extracomment>
        <translation>Yes, sign in without a code from now on</translation>
    </message>
    <message>
        <source>Remove the authenticator</source>
        <extracomment>Account page: button that removes the authenticator</extracomment>
        <translation>Remove the authenticator</translation>
    </message>
    <message>
        <source>Save these recovery codes now</source>
        <extracomment>Account page: heading above the recovery codes, shown once</extracomment>
        <translation>Save these recovery codes now</translation>
    </message>
    <message>
        <source>They are shown only this once. Each one signs you in once instead of a code from the app, if you lose your phone. Keep them somewhere safe, apart from your phone.</source>
        <extracomment>Account page: explanation of the recovery codes</extracomment>
        <translation>They are shown only this once. Each one signs you in once instead of a code from the app, if you lose your phone. Keep them somewhere safe, apart from your phone.</translation>
    </message>
    <message>
        <source>Two-factor sign-in is on.</source>
        <extracomment>Account page notice: two-factor sign-in was turned on</extracomment>
        <translation>Two-factor sign-in is on.</translation>
    </message>
    <message>
        <source>New recovery codes were made; the old ones no longer work.</source>
        <extracomment>Account page notice: new recovery codes were made</extracomment>
        <translation>New recovery codes were made; the old ones no longer work.</translation>
    </message>
    <message>
        <source>The authenticator was removed. Signing in no longer asks for a code.</source>
        <extracomment>Account page notice: the authenticator was removed</extracomment>
        <translation>The authenticator was removed. Signing in no longer asks for a code.</translation>
    </message>
    <message>
        <source>That code is not right. Check the time on your phone and enter the code the app shows now.</source>
        <extracomment>Account page notice: the code typed at enrolment was wrong</extracomment>
        <translation>That code is not right. Check the time on your phone and enter the code the app shows now.</translation>
    </message>
    <message>
        <source>To remove the authenticator, tick the box to confirm.</source>
        <extracomment>Account page notice: the removal was not confirmed with the checkbox</extracomment>
        <translation>To remove the authenticator, tick the box to confirm.</translation>
    </message>
    <message>
        <source>There is no set-up to finish. Start again.</source>
        <extracomment>Account page notice: the enrolment had expired or was replaced</extracomment>
        <translation>There is no set-up to finish. Start again.</translation>
    </message>
    <message>
        <source>Two-factor sign-in is on already.</source>
        <extracomment>Account page notice: an authenticator is set up already</extracomment>
        <translation>Two-factor sign-in is on already.</translation>
    </message>
    <message>
        <source>Authenticator app set up</source>
        <extracomment>Recent activity: an authenticator app was set up</extracomment>
        <translation>Authenticator app set up</translation>
    </message>
    <message>
        <source>Authenticator removed</source>
        <extracomment>Recent activity: the authenticator was removed</extracomment>
        <translation>Authenticator removed</translation>
    </message>
    <message>
        <source>Wrong code at authenticator set-up</source>
        <extracomment>Recent activity: a wrong code at the set-up of an authenticator</extracomment>
        <translation>Wrong code at authenticator set-up</translation>
    </message>
    <message>
        <source>Authenticator set-up started</source>
        <extracomment>Recent activity: the set-up of an authenticator app was started</extracomment>
        <translation>Authenticator set-up started</translation>
    </message>
    <message>
        <source>Second step passed</source>
        <extracomment>Recent activity: a sign-in&apos;s second step passed (code or recovery code)</extracomment>
        <translation>Second step passed</translation>
    </message>
    <message>
        <source>Wrong code at the second step</source>
        <extracomment>Recent activity: a wrong code at a sign-in&apos;s second step</extracomment>
        <translation>Wrong code at the second step</translation>
    </message>
    <message>
        <source>Set up two-factor sign-in</source>
        <extracomment>Title and heading of the page where a person enrols an authenticator app during sign-in (policy &quot;always&quot;)</extracomment>
        <translation>Set up two-factor sign-in</translation>
    </message>
    <message>
        <source>This site asks for a second factor when you sign in. Set up an authenticator app now to finish signing in.</source>
        <extracomment>Text of that page, above the QR code</extracomment>
        <translation>This site asks for a second factor when you sign in. Set up an authenticator app now to finish signing in.</translation>
    </message>
    <message>
        <source>Two-factor sign-in is on</source>
        <extracomment>Heading of the page after the enrolment at sign-in, which shows the recovery codes once</extracomment>
        <translation>Two-factor sign-in is on</translation>
    </message>
    <message>
        <source>You are signed in. From now on, signing in asks for a code from your authenticator app.</source>
        <extracomment>Text of that page: the person is signed in now</extracomment>
        <translation>You are signed in. From now on, signing in asks for a code from your authenticator app.</translation>
    </message>
    <message>
        <source>Continue</source>
        <extracomment>Link on from that page to where the sign-in was going</extracomment>
        <translation>Continue</translation>
    </message>
    <message>
        <source>You are signed in as %1, who may not open %2.</source>
        <extracomment>Page a reverse proxy shows a signed-in person whom the access rules keep out of a site; %1 is who is signed in (an email address or a name), %2 the site&apos;s host</extracomment>
        <translation>You are signed in as %1, who may not open %2.</translation>
    </message>
    <message>
        <source>Sign in as someone else</source>
        <extracomment>Link on the same page, to the sign-in page</extracomment>
        <translation>Sign in as someone else</translation>
    </message>
    <message>
        <source>No one may open %1.</source>
        <extracomment>The same page when the access rules let nobody open the site, whoever signs in; %1 is the site&apos;s host</extracomment>
        <translation>No one may open %1.</translation>
    </message>
    <message>
        <source>Reset your password</source>
        <extracomment>Title and heading of the password reset pages</extracomment>
        <translation>Reset your password</translation>
    </message>
    <message>
        <source>Forgot your password?</source>
        <extracomment>Link under the built-in password form of the sign-in page</extracomment>
        <translation>Forgot your password?</translation>
    </message>
    <message>
        <source>Enter the email address of your account. We will send you a link to choose a new password.</source>
        <extracomment>Text above the address field of the password reset page</extracomment>
        <translation>Enter the email address of your account. We will send you a link to choose a new password.</translation>
    </message>
    <message>
        <source>Send the link</source>
        <extracomment>Button of the password reset page that asks for the mail</extracomment>
        <translation>Send the link</translation>
    </message>
    <message>
        <source>Back to sign in</source>
        <extracomment>Link back from the password reset pages to the sign-in page</extracomment>
        <translation>Back to sign in</translation>
    </message>
    <message>
        <source>If an account has this address, a mail with a link to choose a new password is on its way. The link works once and for a short time.</source>
        <extracomment>The same answer for every address after asking for a password reset</extracomment>
        <translation>If an account has this address, a mail with a link to choose a new password is on its way. The link works once and for a short time.</translation>
    </message>
    <message>
        <source>This is not a valid email address.</source>
        <extracomment>Notice of the password reset page for an address that is not one</extracomment>
        <translation>This is not a valid email address.</translation>
    </message>
    <message>
        <source>This link does not work</source>
        <extracomment>Heading of the page of a reset link that does not work (any more)</extracomment>
        <translation>This link does not work</translation>
    </message>
    <message>
        <source>The link was used already, has expired, was replaced by a newer one, or is not complete. Nothing was changed.</source>
        <extracomment>Text of the page of a reset link that does not work (any more)</extracomment>
        <translation>The link was used already, has expired, was replaced by a newer one, or is not complete. Nothing was changed.</translation>
    </message>
    <message>
        <source>Ask for a new link</source>
        <extracomment>Button of that page: back to the form that sends a new link</extracomment>
        <translation>Ask for a new link</translation>
    </message>
    <message>
        <source>Your password was changed</source>
        <extracomment>Heading after a password was reset</extracomment>
        <translation>Your password was changed</translation>
    </message>
    <message>
        <source>Every session of your account was signed out. Sign in with your new password.</source>
        <extracomment>Text after a password was reset</extracomment>
        <translation>Every session of your account was signed out. Sign in with your new password.</translation>
    </message>
    <message>
        <source>Password reset requested</source>
        <extracomment>An event of the account page&apos;s recent activity</extracomment>
        <translation>Password reset requested</translation>
    </message>
    <message>
        <source>Password reset by e-mail link</source>
        <extracomment>An event of the account page&apos;s recent activity</extracomment>
        <translation>Password reset by e-mail link</translation>
    </message>
    <message>
        <source>Password reset link refused</source>
        <extracomment>An event of the account page&apos;s recent activity</extracomment>
        <translation>Password reset link refused</translation>
    </message>
    <message>
        <source>E-mail notices</source>
        <extracomment>Heading of the account page&apos;s section on security notices by e-mail</extracomment>
        <translation>E-mail notices</translation>
    </message>
    <message>
        <source>You always get an e-mail when your password, your two-factor sign-in, your passkeys or your linked accounts change.</source>
        <extracomment>Account page: what the notices section says about the notices a person cannot turn off</extracomment>
        <translation>You always get an e-mail when your password, your two-factor sign-in, your passkeys or your linked accounts change.</translation>
    </message>
    <message>
        <source>E-mail me when someone signs in to my account from a browser or device I have not used before</source>
        <extracomment>Account page: the checkbox for the new-sign-in notice</extracomment>
        <translation>E-mail me when someone signs in to my account from a browser or device I have not used before</translation>
    </message>
    <message>
        <source>Save</source>
        <extracomment>Account page: the button that saves the notice choice</extracomment>
        <translation>Save</translation>
    </message>
    <message>
        <source>Your e-mail notices were saved.</source>
        <extracomment>Account page notice after saving the notice choice</extracomment>
        <translation>Your e-mail notices were saved.</translation>
    </message>
    <message>
        <source>E-mail notices changed</source>
        <extracomment>Recent activity: a security notice was turned on or off</extracomment>
        <translation>E-mail notices changed</translation>
    </message>
    <message>
        <source>Signed in to an application</source>
        <extracomment>Recent activity: the person signed in to an application through Gatehouse (its name is in the next column)</extracomment>
        <translation>Signed in to an application</translation>
    </message>
    <message>
        <source>Sign-in limit lifted by an administrator</source>
        <extracomment>Recent activity: an administrator lifted the limit on failed sign-ins</extracomment>
        <translation>Sign-in limit lifted by an administrator</translation>
    </message>
    <message>
        <source>Account changed by an administrator</source>
        <extracomment>Recent activity: an administrator changed the account</extracomment>
        <translation>Account changed by an administrator</translation>
    </message>
    <message>
        <source>Account disabled by an administrator</source>
        <extracomment>Recent activity: an administrator disabled the account</extracomment>
        <translation>Account disabled by an administrator</translation>
    </message>
    <message>
        <source>Account enabled by an administrator</source>
        <extracomment>Recent activity: an administrator enabled the account again</extracomment>
        <translation>Account enabled by an administrator</translation>
    </message>
    <message>
        <source>Added to a group</source>
        <extracomment>Recent activity: an administrator added the person to a group</extracomment>
        <translation>Added to a group</translation>
    </message>
    <message>
        <source>Removed from a group</source>
        <extracomment>Recent activity: an administrator removed the person from a group</extracomment>
        <translation>Removed from a group</translation>
    </message>
    <message>
        <source>Allow access</source>
        <extracomment>Title of the consent page</extracomment>
        <translation>Allow access</translation>
    </message>
    <message>
        <source>Allow %1 to use your account?</source>
        <extracomment>Heading of the consent page; %1 is the app&apos;s name</extracomment>
        <translation>Allow %1 to use your account?</translation>
    </message>
    <message>
        <source>You are signed in as %1.</source>
        <extracomment>Consent page: %1 is who is signed in (an email address or a name)</extracomment>
        <translation>You are signed in as %1.</translation>
    </message>
    <message>
        <source>%1 asks to:</source>
        <extracomment>Consent page, above the list of what the app asks for; %1 is the app&apos;s name</extracomment>
        <translation>%1 asks to:</translation>
    </message>
    <message>
        <source>Sign you in and know who you are</source>
        <extracomment>Consent page: what the scope &quot;openid&quot; gives the app</extracomment>
        <translation>Sign you in and know who you are</translation>
    </message>
    <message>
        <source>See your name and picture</source>
        <extracomment>Consent page: what the scope &quot;profile&quot; gives the app</extracomment>
        <translation>See your name and picture</translation>
    </message>
    <message>
        <source>See your email address</source>
        <extracomment>Consent page: what the scope &quot;email&quot; gives the app</extracomment>
        <translation>See your email address</translation>
    </message>
    <message>
        <source>See the groups you belong to</source>
        <extracomment>Consent page: what the scope &quot;groups&quot; gives the app</extracomment>
        <translation>See the groups you belong to</translation>
    </message>
    <message>
        <source>Stay signed in when you are not using it</source>
        <extracomment>Consent page: what the scope &quot;offline_access&quot; gives the app</extracomment>
        <translation>Stay signed in when you are not using it</translation>
    </message>
    <message>
        <source>Allow</source>
        <extracomment>Button of the consent page: the app gets what it asked for</extracomment>
        <translation>Allow</translation>
    </message>
    <message>
        <source>Deny</source>
        <extracomment>Button of the consent page: the app gets nothing</extracomment>
        <translation>Deny</translation>
    </message>
    <message>
        <source>Apps with access</source>
        <extracomment>Heading of the account page&apos;s section of the apps the person allowed to use their account (OpenID Provider clients)</extracomment>
        <translation>Apps with access</translation>
    </message>
    <message>
        <source>No app has access to your account.</source>
        <extracomment>Apps with access: the person has allowed no app</extracomment>
        <translation>No app has access to your account.</translation>
    </message>
    <message>
        <source>Allowed: %1</source>
        <extracomment>Apps with access: what the app may do; %1 is a list of scopes (openid, profile, email, ...)</extracomment>
        <translation>Allowed: %1</translation>
    </message>
    <message>
        <source>Since %1</source>
        <extracomment>Apps with access: when the person first allowed the app; %1 is a date and time</extracomment>
        <translation>Since %1</translation>
    </message>
    <message>
        <source>Revoke</source>
        <extracomment>Button that takes an app&apos;s access away on the account page</extracomment>
        <translation>Revoke</translation>
    </message>
    <message>
        <source>The app&apos;s access was revoked. It must ask you again before it can sign you in.</source>
        <extracomment>Account page notice after revoking an app&apos;s access</extracomment>
        <translation>The app&apos;s access was revoked. It must ask you again before it can sign you in.</translation>
    </message>
    <message>
        <source>That app has no access to revoke. Nothing was changed.</source>
        <extracomment>Account page notice: the app whose access was to be revoked has none</extracomment>
        <translation>That app has no access to revoke. Nothing was changed.</translation>
    </message>
    <message>
        <source>Answered an application&apos;s request for access</source>
        <extracomment>Recent activity: the person answered an app&apos;s request for access (allowed or denied)</extracomment>
        <translation>Answered an application&apos;s request for access</translation>
    </message>
    <message>
        <source>Application&apos;s access revoked</source>
        <extracomment>Recent activity: an application&apos;s access was revoked</extracomment>
        <translation>Application&apos;s access revoked</translation>
    </message>
</context>
</TS>
