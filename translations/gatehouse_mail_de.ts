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
</context>
</TS>
