<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Gatehouse::Mail</name>
    <message>
        <source>Sign in to %1</source>
        <extracomment>Subject and first line of the sign-in mail; %1 is the site&apos;s host (and port)</extracomment>
        <translation>Sign in to %1</translation>
    </message>
    <message>
        <source>Sign in</source>
        <extracomment>Button of the sign-in mail that opens the sign-in link</extracomment>
        <translation>Sign in</translation>
    </message>
    <message>
        <source>If you did not request this email you can safely ignore it.</source>
        <extracomment>Last line of the sign-in mail</extracomment>
        <translation>If you did not request this email you can safely ignore it.</translation>
    </message>
    <message>
        <source>Logo</source>
        <extracomment>Alternative text of the site&apos;s logo in a mail</extracomment>
        <translation>Logo</translation>
    </message>
    <message>
        <source>Reset your password for %1</source>
        <extracomment>Subject and heading of the password reset mails; %1 is the site&apos;s host (and port)</extracomment>
        <translation>Reset your password for %1</translation>
    </message>
    <message>
        <source>Choose a new password</source>
        <extracomment>Button of the password reset mail that opens the reset link</extracomment>
        <translation>Choose a new password</translation>
    </message>
    <message>
        <source>The link works once, for %1 minutes. Choosing a new password signs you out everywhere.</source>
        <extracomment>Under the button of the password reset mail; %1 is a number of minutes</extracomment>
        <translation>The link works once, for %1 minutes. Choosing a new password signs you out everywhere.</translation>
    </message>
    <message>
        <source>If you did not ask for this, you can ignore this email: your password stays as it is.</source>
        <extracomment>Last line of the password reset mail</extracomment>
        <translation>If you did not ask for this, you can ignore this email: your password stays as it is.</translation>
    </message>
    <message>
        <source>Go to the sign-in page</source>
        <extracomment>Button of the mail to a person without a password who asked to reset one; opens the sign-in page</extracomment>
        <translation>Go to the sign-in page</translation>
    </message>
    <message>
        <source>Your account has no password, so there is none to reset. Sign in the way you did before: with the account you linked, a passkey or a sign-in link by email.</source>
        <extracomment>The mail to a person without a password who asked to reset one</extracomment>
        <translation>Your account has no password, so there is none to reset. Sign in the way you did before: with the account you linked, a passkey or a sign-in link by email.</translation>
    </message>
    <message>
        <source>A new sign-in to your account on %1</source>
        <extracomment>Security notice: a sign-in from a browser or device not seen before for the person</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your password on %1 was changed</source>
        <extracomment>Security notice: the person&apos;s password was changed (account page or administrator)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your password on %1 was reset</source>
        <extracomment>Security notice: the password was reset through &quot;Forgot your password?&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor sign-in was turned on for your account on %1</source>
        <extracomment>Security notice: an authenticator app was set up</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor sign-in was turned off for your account on %1</source>
        <extracomment>Security notice: the authenticator app was removed</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A recovery code was used to sign in to %1</source>
        <extracomment>Security notice: a recovery code was used in place of the authenticator app</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An account was linked to your account on %1</source>
        <extracomment>Security notice: a sign-in account (GitHub, Google, ...) was linked</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An account was unlinked from your account on %1</source>
        <extracomment>Security notice: a linked sign-in account was removed</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A passkey was added to your account on %1</source>
        <extracomment>Security notice: a passkey was added</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When: %1</source>
        <extracomment>Security notice line; %1 is the date and time (UTC)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From: %1</source>
        <extracomment>Security notice line; %1 is the network address it came from</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browser: %1</source>
        <extracomment>Security notice line; %1 is the browser and system, e.g. &quot;Firefox on Linux&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account: %1</source>
        <extracomment>Security notice line; %1 is the provider, e.g. &quot;github&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passkey: %1</source>
        <extracomment>Security notice line; %1 is the passkey&apos;s name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery codes left: %1</source>
        <extracomment>Security notice line; %1 is how many recovery codes the person has left</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review your account</source>
        <extracomment>Button of a security notice; opens the account page</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If this was you, there is nothing to do. If it was not, open your account, sign out everywhere and change your password.</source>
        <extracomment>Last line of a security notice</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
