<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>Gatehouse::Mail</name>
    <message>
        <source>Sign in to %1</source>
        <extracomment>Subject and first line of the sign-in mail; %1 is the site&apos;s host (and port)</extracomment>
        <translation>Anmelden bei %1</translation>
    </message>
    <message>
        <source>Sign in</source>
        <extracomment>Button of the sign-in mail that opens the sign-in link</extracomment>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>If you did not request this email you can safely ignore it.</source>
        <extracomment>Last line of the sign-in mail</extracomment>
        <translation>Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.</translation>
    </message>
    <message>
        <source>Logo</source>
        <extracomment>Alternative text of the site&apos;s logo in a mail</extracomment>
        <translation>Logo</translation>
    </message>
    <message>
        <source>Reset your password for %1</source>
        <extracomment>Subject and heading of the password reset mails; %1 is the site&apos;s host (and port)</extracomment>
        <translation>Passwort für %1 zurücksetzen</translation>
    </message>
    <message>
        <source>Choose a new password</source>
        <extracomment>Button of the password reset mail that opens the reset link</extracomment>
        <translation>Neues Passwort wählen</translation>
    </message>
    <message>
        <source>The link works once, for %1 minutes. Choosing a new password signs you out everywhere.</source>
        <extracomment>Under the button of the password reset mail; %1 is a number of minutes</extracomment>
        <translation>Der Link funktioniert einmal, %1 Minuten lang. Mit dem neuen Passwort werden Sie überall abgemeldet.</translation>
    </message>
    <message>
        <source>If you did not ask for this, you can ignore this email: your password stays as it is.</source>
        <extracomment>Last line of the password reset mail</extracomment>
        <translation>Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt, wie es ist.</translation>
    </message>
    <message>
        <source>Go to the sign-in page</source>
        <extracomment>Button of the mail to a person without a password who asked to reset one; opens the sign-in page</extracomment>
        <translation>Zur Anmeldeseite</translation>
    </message>
    <message>
        <source>Your account has no password, so there is none to reset. Sign in the way you did before: with the account you linked, a passkey or a sign-in link by email.</source>
        <extracomment>The mail to a person without a password who asked to reset one</extracomment>
        <translation>Ihr Konto hat kein Passwort, es gibt also keines zurückzusetzen. Melden Sie sich an wie bisher: mit dem verknüpften Konto, einem Passkey oder einem Anmeldelink per E-Mail.</translation>
    </message>
</context>
</TS>
