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
</context>
</TS>
