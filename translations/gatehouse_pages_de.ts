<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>Gatehouse::Pages</name>
    <message>
        <source>Sign In</source>
        <extracomment>Title of the sign-in page</extracomment>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Sign Out</source>
        <extracomment>Title of the sign-out page</extracomment>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Error</source>
        <extracomment>Title of the error page, and its heading for errors without a more specific one</extracomment>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Verify Request</source>
        <extracomment>Title of the page shown after a sign-in link was e-mailed</extracomment>
        <translation>E-Mail bestätigen</translation>
    </message>
    <message>
        <source>Sign in with %1</source>
        <extracomment>Button of a provider; %1 is the provider&apos;s name (&quot;Sign in with GitHub&quot;)</extracomment>
        <translation>Mit %1 anmelden</translation>
    </message>
    <message>
        <source>Email</source>
        <extracomment>Label of the e-mail address input</extracomment>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>email@example.com</source>
        <extracomment>Example shown in the empty e-mail address input</extracomment>
        <translation>name@beispiel.de</translation>
    </message>
    <message>
        <source>or</source>
        <extracomment>Separator between two ways of signing in</extracomment>
        <translation>oder</translation>
    </message>
    <message>
        <source>Logo</source>
        <extracomment>Alternative text of the site&apos;s logo</extracomment>
        <translation>Logo</translation>
    </message>
    <message>
        <source>Unable to sign in.</source>
        <extracomment>Sign-in error without a more specific message</extracomment>
        <translation>Die Anmeldung ist nicht möglich.</translation>
    </message>
    <message>
        <source>Try signing in with a different account.</source>
        <extracomment>Sign-in error: the identity provider or the account could not be used</extracomment>
        <translation>Versuchen Sie, sich mit einem anderen Konto anzumelden.</translation>
    </message>
    <message>
        <source>To confirm your identity, sign in with the same account you used originally.</source>
        <extracomment>Sign-in error: the e-mail address belongs to an account created with another provider</extracomment>
        <translation>Um Ihre Identität zu bestätigen, melden Sie sich mit demselben Konto an, das Sie ursprünglich verwendet haben.</translation>
    </message>
    <message>
        <source>The e-mail could not be sent.</source>
        <extracomment>Sign-in error: the sign-in link could not be e-mailed</extracomment>
        <translation>Die E-Mail konnte nicht gesendet werden.</translation>
    </message>
    <message>
        <source>Sign in failed. Check the details you provided are correct.</source>
        <extracomment>Sign-in error: wrong user name or password (or too many attempts)</extracomment>
        <translation>Die Anmeldung ist fehlgeschlagen. Prüfen Sie, ob Ihre Angaben korrekt sind.</translation>
    </message>
    <message>
        <source>Please sign in to access this page.</source>
        <extracomment>Sign-in error: the page the user wanted needs a session</extracomment>
        <translation>Bitte melden Sie sich an, um diese Seite aufzurufen.</translation>
    </message>
    <message>
        <source>Signout</source>
        <extracomment>Heading of the sign-out page</extracomment>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Are you sure you want to sign out?</source>
        <extracomment>Question on the sign-out page</extracomment>
        <translation>Möchten Sie sich wirklich abmelden?</translation>
    </message>
    <message>
        <source>Sign out</source>
        <extracomment>Button of the sign-out page</extracomment>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Server error</source>
        <extracomment>Heading of the error page for a configuration problem</extracomment>
        <translation>Serverfehler</translation>
    </message>
    <message>
        <source>There is a problem with the server configuration.</source>
        <extracomment>Error page text for a configuration problem</extracomment>
        <translation>Es gibt ein Problem mit der Serverkonfiguration.</translation>
    </message>
    <message>
        <source>Check the server logs for more information.</source>
        <extracomment>Error page text for a configuration problem, second sentence</extracomment>
        <translation>Weitere Informationen finden Sie in den Serverprotokollen.</translation>
    </message>
    <message>
        <source>Access Denied</source>
        <extracomment>Heading of the error page when sign-in was refused</extracomment>
        <translation>Zugriff verweigert</translation>
    </message>
    <message>
        <source>You do not have permission to sign in.</source>
        <extracomment>Error page text when sign-in was refused</extracomment>
        <translation>Sie sind nicht berechtigt, sich anzumelden.</translation>
    </message>
    <message>
        <source>Unable to sign in</source>
        <extracomment>Heading of the error page for an invalid sign-in link</extracomment>
        <translation>Anmeldung nicht möglich</translation>
    </message>
    <message>
        <source>The sign in link is no longer valid.</source>
        <extracomment>Error page text for an invalid sign-in link</extracomment>
        <translation>Der Anmeldelink ist nicht mehr gültig.</translation>
    </message>
    <message>
        <source>It may have been used already or it may have expired.</source>
        <extracomment>Error page text for an invalid sign-in link, second sentence</extracomment>
        <translation>Möglicherweise wurde er bereits verwendet oder er ist abgelaufen.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <extracomment>Link from the error page back to the sign-in page</extracomment>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Service unavailable</source>
        <extracomment>Heading of the error page while the sign-in service cannot reach its database</extracomment>
        <translation>Dienst nicht verfügbar</translation>
    </message>
    <message>
        <source>The sign-in service is temporarily unavailable.</source>
        <extracomment>Error page text while the sign-in service cannot reach its database</extracomment>
        <translation>Der Anmeldedienst ist vorübergehend nicht verfügbar.</translation>
    </message>
    <message>
        <source>Please try again in a moment.</source>
        <extracomment>Error page text while the sign-in service cannot reach its database, second sentence</extracomment>
        <translation>Bitte versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Check your email</source>
        <extracomment>Heading of the page shown after a sign-in link was e-mailed</extracomment>
        <translation>Prüfen Sie Ihr E-Mail-Postfach</translation>
    </message>
    <message>
        <source>A sign in link has been sent to your email address.</source>
        <extracomment>Text of the page shown after a sign-in link was e-mailed</extracomment>
        <translation>Ein Anmeldelink wurde an Ihre E-Mail-Adresse gesendet.</translation>
    </message>
</context>
</TS>
