<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ActivityView</name>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>every event</source>
        <translation>alle Ereignisse</translation>
    </message>
    <message numerus="yes">
        <source>%n event type(s)</source>
        <translation>
            <numerusform>%n Ereignisart</numerusform>
            <numerusform>%n Ereignisarten</numerusform>
        </translation>
    </message>
    <message>
        <source>Event types…</source>
        <translation>Ereignisarten …</translation>
    </message>
    <message>
        <source>Event types (%1)…</source>
        <translation>Ereignisarten (%1) …</translation>
    </message>
    <message>
        <source>Filter by event type</source>
        <translation>Nach Ereignisart filtern</translation>
    </message>
    <message>
        <source>Every type</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>User email or id</source>
        <translation>E-Mail oder Benutzer-ID</translation>
    </message>
    <message>
        <source>Filter by user</source>
        <translation>Nach Benutzer filtern</translation>
    </message>
    <message>
        <source>From (2026-11-29)</source>
        <translation>Ab (2026-11-29)</translation>
    </message>
    <message>
        <source>Events from this date or time on</source>
        <translation>Ereignisse ab diesem Datum oder dieser Uhrzeit</translation>
    </message>
    <message>
        <source>Before (2026-11-30)</source>
        <translation>Vor (2026-11-30)</translation>
    </message>
    <message>
        <source>Events before this date or time</source>
        <translation>Ereignisse vor diesem Datum oder dieser Uhrzeit</translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s): show</source>
        <translation>
            <numerusform>%n neues Ereignis: anzeigen</numerusform>
            <numerusform>%n neue Ereignisse: anzeigen</numerusform>
        </translation>
    </message>
    <message>
        <source>Back to the newest events</source>
        <translation>Zurück zu den neuesten Ereignissen</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>%1 at %2, %3</source>
        <translation>%1 am %2, %3</translation>
    </message>
    <message>
        <source>no user</source>
        <translation>kein Benutzer</translation>
    </message>
    <message>
        <source>Open the user %1</source>
        <translation>Benutzer %1 öffnen</translation>
    </message>
    <message>
        <source>Older events</source>
        <translation>Ältere Ereignisse</translation>
    </message>
    <message>
        <source>No events.</source>
        <translation>Keine Ereignisse.</translation>
    </message>
</context>
<context>
    <name>ClientsView</name>
    <message>
        <source>OpenID clients</source>
        <translation>OpenID-Clients</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Read the clients again</source>
        <translation>Die Clients neu einlesen</translation>
    </message>
    <message>
        <source>Opened by a database URL: there is no configuration file to read the clients from.</source>
        <translation>Über eine Datenbank-URL geöffnet: Es gibt keine Konfigurationsdatei, aus der die Clients gelesen werden könnten.</translation>
    </message>
    <message>
        <source>%1 has no &quot;oidcProvider&quot;: Gatehouse is not an OpenID Provider there.</source>
        <translation>%1 hat kein „oidcProvider“: Gatehouse ist dort kein OpenID Provider.</translation>
    </message>
    <message>
        <source>From %1. Change them in the configuration.</source>
        <translation>Aus %1. Ändern Sie sie in der Konfiguration.</translation>
    </message>
    <message>
        <source>No clients are configured (oidcProvider.clients).</source>
        <translation>Es sind keine Clients konfiguriert (oidcProvider.clients).</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Consent</source>
        <translation>Zustimmung</translation>
    </message>
    <message>
        <source>Who may sign in</source>
        <translation>Wer sich anmelden darf</translation>
    </message>
    <message>
        <source>Scopes</source>
        <translation>Scopes</translation>
    </message>
    <message>
        <source>Redirect URIs</source>
        <translation>Redirect-URIs</translation>
    </message>
    <message>
        <source>After logout</source>
        <translation>Nach dem Abmelden</translation>
    </message>
    <message>
        <source>Back-channel logout</source>
        <translation>Back-Channel-Logout</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>ID tokens</source>
        <translation>ID-Tokens</translation>
    </message>
</context>
<context>
    <name>ConfigField</name>
    <message>
        <source>Hide</source>
        <translation>Verbergen</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Hide %1</source>
        <translation>%1 verbergen</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 zeigen</translation>
    </message>
    <message>
        <source>Client secrets are masked; show this one</source>
        <translation>Client-Geheimnisse sind verdeckt; dieses zeigen</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
</context>
<context>
    <name>ConfigView</name>
    <message>
        <source>Open a gatehouse-server configuration</source>
        <translation>Eine gatehouse-server-Konfiguration öffnen</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save with errors?</source>
        <translation>Trotz Fehlern speichern?</translation>
    </message>
    <message>
        <source>gatehouse-server will refuse this configuration until the errors are fixed. Save anyway?</source>
        <translation>gatehouse-server lehnt diese Konfiguration ab, bis die Fehler behoben sind. Trotzdem speichern?</translation>
    </message>
    <message>
        <source>Save anyway</source>
        <translation>Trotzdem speichern</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>(modified)</source>
        <translation>(geändert)</translation>
    </message>
    <message>
        <source>No configuration file open.</source>
        <translation>Keine Konfigurationsdatei geöffnet.</translation>
    </message>
    <message>
        <source>No problems</source>
        <translation>Keine Probleme</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Open a configuration file</source>
        <translation>Eine Konfigurationsdatei öffnen</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Revert to the saved file</source>
        <translation>Zur gespeicherten Datei zurückkehren</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Saved. gatehouse-server reloads the file by itself.</source>
        <translation>Gespeichert. gatehouse-server lädt die Datei von selbst neu.</translation>
    </message>
    <message>
        <source>Save the configuration</source>
        <translation>Die Konfiguration speichern</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Base path</source>
        <translation>Basispfad</translation>
    </message>
    <message>
        <source>Trust the Host header</source>
        <translation>Dem Host-Header vertrauen</translation>
    </message>
    <message>
        <source>Secure cookies</source>
        <translation>Sichere Cookies</translation>
    </message>
    <message>
        <source>Default: on for https URLs</source>
        <translation>Standard: an für https-URLs</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Maximum age (seconds)</source>
        <translation>Höchstalter (Sekunden)</translation>
    </message>
    <message>
        <source>Update age (seconds)</source>
        <translation>Verlängerungsintervall (Sekunden)</translation>
    </message>
    <message>
        <source>Providers (%1)</source>
        <translation>Anbieter (%1)</translation>
    </message>
    <message>
        <source>Built-in provider</source>
        <translation>Eingebauter Anbieter</translation>
    </message>
    <message>
        <source>Add built-in</source>
        <translation>Eingebauten hinzufügen</translation>
    </message>
    <message>
        <source>Add the built-in provider %1</source>
        <translation>Den eingebauten Anbieter %1 hinzufügen</translation>
    </message>
    <message>
        <source>Type of a custom provider</source>
        <translation>Typ eines eigenen Anbieters</translation>
    </message>
    <message>
        <source>Add custom</source>
        <translation>Eigenen hinzufügen</translation>
    </message>
    <message>
        <source>Add a custom %1 provider</source>
        <translation>Einen eigenen %1-Anbieter hinzufügen</translation>
    </message>
    <message>
        <source>built-in, %1</source>
        <translation>eingebaut, %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the provider %1</source>
        <translation>Den Anbieter %1 entfernen</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>Sign-in page</source>
        <translation>Anmeldeseite</translation>
    </message>
    <message>
        <source>Sign-out page</source>
        <translation>Abmeldeseite</translation>
    </message>
    <message>
        <source>Error page</source>
        <translation>Fehlerseite</translation>
    </message>
    <message>
        <source>Verify-request page</source>
        <translation>Seite „E-Mail gesendet“</translation>
    </message>
    <message>
        <source>Two-factor code page</source>
        <translation>Seite „Bestätigungscode“</translation>
    </message>
    <message>
        <source>New-user page</source>
        <translation>Seite für neue Benutzer</translation>
    </message>
    <message>
        <source>built-in page</source>
        <translation>eingebaute Seite</translation>
    </message>
    <message>
        <source>Cookies</source>
        <translation>Cookies</translation>
    </message>
    <message>
        <source>Session cookie name</source>
        <translation>Name des Sitzungs-Cookies</translation>
    </message>
    <message>
        <source>CSRF cookie name</source>
        <translation>Name des CSRF-Cookies</translation>
    </message>
    <message>
        <source>Callback URL cookie name</source>
        <translation>Name des Callback-URL-Cookies</translation>
    </message>
    <message>
        <source>default name</source>
        <translation>Standardname</translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation>Ratenbegrenzung</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Failures per account</source>
        <translation>Fehlversuche je Konto</translation>
    </message>
    <message>
        <source>Failures per client address</source>
        <translation>Fehlversuche je Client-Adresse</translation>
    </message>
    <message>
        <source>Window (seconds)</source>
        <translation>Zeitfenster (Sekunden)</translation>
    </message>
    <message>
        <source>Account field of the form</source>
        <translation>Kontofeld des Formulars</translation>
    </message>
    <message>
        <source>All problems</source>
        <translation>Alle Probleme</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Open the gatehouse-server configuration file to edit it. Connecting with a configuration file opens it here too.</source>
        <translation>Öffnen Sie die Konfigurationsdatei von gatehouse-server, um sie zu bearbeiten. Beim Verbinden mit einer Konfigurationsdatei wird sie auch hier geöffnet.</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Access rules (forward authentication)</source>
        <translation>Zugriffsregeln (Weiterleitungs-Authentifizierung)</translation>
    </message>
    <message>
        <source>No rules: what applies otherwise applies to every request.</source>
        <translation>Keine Regeln: für jede Anfrage gilt, was sonst gilt.</translation>
    </message>
    <message>
        <source>The first rule that matches decides.</source>
        <translation>Die erste passende Regel entscheidet.</translation>
    </message>
    <message>
        <source>%1. Hosts: %2 · paths: %3 · methods: %4 → %5</source>
        <translation>%1. Hosts: %2 · Pfade: %3 · Methoden: %4 → %5</translation>
    </message>
    <message>
        <source>Otherwise: %1</source>
        <translation>Sonst: %1</translation>
    </message>
    <message>
        <source>Try a request</source>
        <translation>Eine Anfrage ausprobieren</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>e-mail address (empty: not signed in)</source>
        <translation>E-Mail-Adresse (leer: nicht angemeldet)</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>groups, separated by commas</source>
        <translation>Gruppen, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
</context>
<context>
    <name>ConfirmDialog</name>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>ConnectView</name>
    <message>
        <source>Open a configuration file or SQLite database</source>
        <translation>Eine Konfigurationsdatei oder SQLite-Datenbank öffnen</translation>
    </message>
    <message>
        <source>Gatehouse configuration (*.json)</source>
        <translation>Gatehouse-Konfiguration (*.json)</translation>
    </message>
    <message>
        <source>SQLite database (*.db *.sqlite *.sqlite3)</source>
        <translation>SQLite-Datenbank (*.db *.sqlite *.sqlite3)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Connect to a Gatehouse installation</source>
        <translation>Mit einer Gatehouse-Installation verbinden</translation>
    </message>
    <message>
        <source>Open the gatehouse-server configuration file (it names the database) or give a database URL: sqlite:///path/gatehouse.db, postgresql://user@host/db, mysql://user@host/db.</source>
        <translation>Öffnen Sie die Konfigurationsdatei von gatehouse-server (sie nennt die Datenbank) oder geben Sie eine Datenbank-URL an: sqlite:///pfad/gatehouse.db, postgresql://benutzer@host/db, mysql://benutzer@host/db.</translation>
    </message>
    <message>
        <source>Configuration file or database URL</source>
        <translation>Konfigurationsdatei oder Datenbank-URL</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Browse for a configuration file or SQLite database</source>
        <translation>Nach einer Konfigurationsdatei oder SQLite-Datenbank suchen</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel connecting</source>
        <translation>Verbinden abbrechen</translation>
    </message>
    <message>
        <source>Connected to %1 (schema version %2).</source>
        <translation>Verbunden mit %1 (Schemaversion %2).</translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation>Verbindung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The database schema is version %1; this build uses version %2. Migrate it now? Make a backup first: older gatehouse-server builds cannot use the migrated database.</source>
        <translation>Das Datenbankschema hat Version %1; dieser Build verwendet Version %2. Jetzt migrieren? Legen Sie vorher eine Sicherung an: ältere gatehouse-server-Builds können die migrierte Datenbank nicht verwenden.</translation>
    </message>
    <message>
        <source>Migrate</source>
        <translation>Migrieren</translation>
    </message>
    <message>
        <source>Migrate the database schema</source>
        <translation>Das Datenbankschema migrieren</translation>
    </message>
    <message>
        <source>Migration progress</source>
        <translation>Fortschritt der Migration</translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation>Letzte Verbindungen</translation>
    </message>
    <message>
        <source>Forget %1</source>
        <translation>%1 vergessen</translation>
    </message>
    <message>
        <source>Forget this connection</source>
        <translation>Diese Verbindung vergessen</translation>
    </message>
    <message>
        <source>Connect to %1</source>
        <translation>Mit %1 verbinden</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Clear the recent connections</source>
        <translation>Die letzten Verbindungen löschen</translation>
    </message>
    <message>
        <source>Could not migrate: %1</source>
        <translation>Migration fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Choose the CA certificate of the server (PEM)</source>
        <translation>CA-Zertifikat des Servers wählen (PEM)</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt)</source>
        <translation>Zertifikate (*.pem *.crt)</translation>
    </message>
    <message>
        <source>Connect to a server</source>
        <translation>Mit einem Server verbinden</translation>
    </message>
    <message>
        <source>The address of a gatehouse-server with &quot;admin&quot; configured, e.g. https://box.example/auth. You sign in in your browser; only members of the server&apos;s admin groups may connect.</source>
        <translation>Die Adresse eines gatehouse-server, auf dem „admin“ konfiguriert ist, z. B. https://box.example/auth. Sie melden sich in Ihrem Browser an; nur Mitglieder der Admin-Gruppen des Servers können sich verbinden.</translation>
    </message>
    <message>
        <source>https://box.example/auth</source>
        <translation>https://box.example/auth</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Serveradresse</translation>
    </message>
    <message>
        <source>Connect to server</source>
        <translation>Mit Server verbinden</translation>
    </message>
    <message>
        <source>Connect to the server</source>
        <translation>Mit dem Server verbinden</translation>
    </message>
    <message>
        <source>CA certificate file (optional, for the server&apos;s own certificate)</source>
        <translation>CA-Zertifikatsdatei (optional, für das eigene Zertifikat des Servers)</translation>
    </message>
    <message>
        <source>CA certificate file</source>
        <translation>CA-Zertifikatsdatei</translation>
    </message>
    <message>
        <source>Browse for a CA certificate file</source>
        <translation>Nach einer CA-Zertifikatsdatei suchen</translation>
    </message>
    <message>
        <source>Sign in to %1 in your browser. If no browser opened, &lt;a href=&quot;%2&quot;&gt;open the sign-in page&lt;/a&gt;.</source>
        <translation>Melden Sie sich in Ihrem Browser bei %1 an. Falls sich kein Browser geöffnet hat, &lt;a href=&quot;%2&quot;&gt;öffnen Sie die Anmeldeseite&lt;/a&gt;.</translation>
    </message>
    <message>
        <source>Reaching %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Cancel the sign-in</source>
        <translation>Anmeldung abbrechen</translation>
    </message>
    <message>
        <source>Signed out of %1: %2</source>
        <translation>Von %1 abgemeldet: %2</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>Erneut anmelden</translation>
    </message>
    <message>
        <source>Connected to %1 as %2.</source>
        <translation>Mit %1 verbunden als %2.</translation>
    </message>
</context>
<context>
    <name>DailyChart</name>
    <message>
        <source>Sign-ins and failures per day, last 30 days</source>
        <translation>Anmeldungen und Fehlversuche pro Tag, letzte 30 Tage</translation>
    </message>
    <message>
        <source>Sign-ins and failures, last 30 days</source>
        <translation>Anmeldungen und Fehlversuche, letzte 30 Tage</translation>
    </message>
    <message>
        <source>Sign-ins</source>
        <translation>Anmeldungen</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehlversuche</translation>
    </message>
    <message>
        <source>%1: %2 sign-ins, %3 failures</source>
        <translation>%1: %2 Anmeldungen, %3 Fehlversuche</translation>
    </message>
</context>
<context>
    <name>DashboardView</name>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Refresh the dashboard</source>
        <translation>Die Übersicht aktualisieren</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Active sessions</source>
        <translation>Aktive Sitzungen</translation>
    </message>
    <message>
        <source>Sign-ins today</source>
        <translation>Anmeldungen heute</translation>
    </message>
    <message>
        <source>Failed sign-ins today</source>
        <translation>Fehlgeschlagene Anmeldungen heute</translation>
    </message>
    <message>
        <source>Top providers, last 30 days</source>
        <translation>Häufigste Anbieter, letzte 30 Tage</translation>
    </message>
    <message>
        <source>No sign-ins yet.</source>
        <translation>Noch keine Anmeldungen.</translation>
    </message>
    <message>
        <source>%1: %2 sign-ins</source>
        <translation>%1: %2 Anmeldungen</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::AccessTester</name>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>anyone, without signing in</source>
        <translation>jeder, ohne Anmeldung</translation>
    </message>
    <message>
        <source>anyone signed in</source>
        <translation>jeder Angemeldete</translation>
    </message>
    <message>
        <source>users: %1</source>
        <translation>Benutzer: %1</translation>
    </message>
    <message>
        <source>groups: %1</source>
        <translation>Gruppen: %1</translation>
    </message>
    <message>
        <source>Enter a whole URL, such as https://app.example.test/path</source>
        <translation>Geben Sie eine vollständige URL ein, etwa https://app.example.test/pfad</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Erlaubt</translation>
    </message>
    <message>
        <source>Sent to the sign-in page</source>
        <translation>Zur Anmeldeseite geschickt</translation>
    </message>
    <message>
        <source>Denied (403)</source>
        <translation>Abgewiesen (403)</translation>
    </message>
    <message>
        <source>the path is ambiguous: servers may read it in more than one way</source>
        <translation>der Pfad ist mehrdeutig: Server können ihn auf mehr als eine Weise lesen</translation>
    </message>
    <message>
        <source>decided by the default (%1)</source>
        <translation>entschieden durch die Vorgabe (%1)</translation>
    </message>
    <message>
        <source>decided by rule %1 (%2)</source>
        <translation>entschieden durch Regel %1 (%2)</translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation>Der Server wird gefragt …</translation>
    </message>
    <message>
        <source> (a stored user, in no group)</source>
        <translation> (ein gespeicherter Benutzer, in keiner Gruppe)</translation>
    </message>
    <message>
        <source> (a stored user, in %1)</source>
        <translation> (ein gespeicherter Benutzer, in %1)</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ActivityModel</name>
    <message>
        <source>no user has the email %1</source>
        <translation>kein Benutzer hat die E-Mail-Adresse %1</translation>
    </message>
    <message>
        <source>You may not read the audit log on this server (it takes the scope audit:read): %1</source>
        <translation>Sie dürfen das Audit-Protokoll dieses Servers nicht lesen (dazu braucht es den Scope audit:read): %1</translation>
    </message>
    <message>
        <source>could not read the activity: %1</source>
        <translation>die Aktivität konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>could not look the user up: %1</source>
        <translation>der Benutzer konnte nicht nachgeschlagen werden: %1</translation>
    </message>
    <message>
        <source>could not read older activity: %1</source>
        <translation>ältere Aktivität konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>could not follow the activity: %1</source>
        <translation>der Aktivität konnte nicht gefolgt werden: %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date (write it as 2026-11-29 or 2026-11-29 08:00)</source>
        <translation>„%1“ ist kein Datum (schreiben Sie es als 2026-11-29 oder 2026-11-29 08:00)</translation>
    </message>
    <message>
        <source>Signed in</source>
        <translation>Angemeldet</translation>
    </message>
    <message>
        <source>Sign-in failed</source>
        <translation>Anmeldung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Signed out</source>
        <translation>Abgemeldet</translation>
    </message>
    <message>
        <source>Signed up</source>
        <translation>Registriert</translation>
    </message>
    <message>
        <source>Account linked</source>
        <translation>Konto verknüpft</translation>
    </message>
    <message>
        <source>Account unlinked</source>
        <translation>Kontoverknüpfung entfernt</translation>
    </message>
    <message>
        <source>Account changed</source>
        <translation>Konto geändert</translation>
    </message>
    <message>
        <source>Password changed</source>
        <translation>Passwort geändert</translation>
    </message>
    <message>
        <source>Password change failed</source>
        <translation>Passwortänderung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Password reset</source>
        <translation>Passwort zurückgesetzt</translation>
    </message>
    <message>
        <source>Password reset asked for</source>
        <translation>Zurücksetzen des Passworts angefordert</translation>
    </message>
    <message>
        <source>Password reset failed</source>
        <translation>Zurücksetzen des Passworts fehlgeschlagen</translation>
    </message>
    <message>
        <source>Password hash renewed</source>
        <translation>Passwort-Hash erneuert</translation>
    </message>
    <message>
        <source>Passkey added</source>
        <translation>Passkey hinzugefügt</translation>
    </message>
    <message>
        <source>Passkey removed</source>
        <translation>Passkey entfernt</translation>
    </message>
    <message>
        <source>Passkey renamed</source>
        <translation>Passkey umbenannt</translation>
    </message>
    <message>
        <source>Two-factor sign-in set up</source>
        <translation>Zwei-Faktor-Anmeldung eingerichtet</translation>
    </message>
    <message>
        <source>Second factor confirmed</source>
        <translation>Zweiter Faktor bestätigt</translation>
    </message>
    <message>
        <source>Second factor failed</source>
        <translation>Zweiter Faktor fehlgeschlagen</translation>
    </message>
    <message>
        <source>Two-factor sign-in removed</source>
        <translation>Zwei-Faktor-Anmeldung entfernt</translation>
    </message>
    <message>
        <source>Recovery codes renewed</source>
        <translation>Wiederherstellungscodes erneuert</translation>
    </message>
    <message>
        <source>Session ended</source>
        <translation>Sitzung beendet</translation>
    </message>
    <message>
        <source>All sessions ended</source>
        <translation>Alle Sitzungen beendet</translation>
    </message>
    <message>
        <source>Other sessions ended</source>
        <translation>Andere Sitzungen beendet</translation>
    </message>
    <message>
        <source>Expired sessions cleaned up</source>
        <translation>Abgelaufene Sitzungen aufgeräumt</translation>
    </message>
    <message>
        <source>Lockout lifted</source>
        <translation>Sperre aufgehoben</translation>
    </message>
    <message>
        <source>User created</source>
        <translation>Benutzer angelegt</translation>
    </message>
    <message>
        <source>User changed</source>
        <translation>Benutzer geändert</translation>
    </message>
    <message>
        <source>User disabled</source>
        <translation>Benutzer deaktiviert</translation>
    </message>
    <message>
        <source>User enabled</source>
        <translation>Benutzer aktiviert</translation>
    </message>
    <message>
        <source>User deleted</source>
        <translation>Benutzer gelöscht</translation>
    </message>
    <message>
        <source>User imported</source>
        <translation>Benutzer importiert</translation>
    </message>
    <message>
        <source>Added to a group</source>
        <translation>Einer Gruppe hinzugefügt</translation>
    </message>
    <message>
        <source>Removed from a group</source>
        <translation>Aus einer Gruppe entfernt</translation>
    </message>
    <message>
        <source>Admin API refused</source>
        <translation>Admin-API verweigert</translation>
    </message>
    <message>
        <source>Admin token created</source>
        <translation>Admin-Token erstellt</translation>
    </message>
    <message>
        <source>Admin token revoked</source>
        <translation>Admin-Token widerrufen</translation>
    </message>
    <message>
        <source>Configuration saved</source>
        <translation>Konfiguration gespeichert</translation>
    </message>
    <message>
        <source>Notice settings changed</source>
        <translation>Benachrichtigungseinstellungen geändert</translation>
    </message>
    <message>
        <source>Signed out by the provider</source>
        <translation>Vom Anbieter abgemeldet</translation>
    </message>
    <message>
        <source>Signed in to an app</source>
        <translation>Bei einer App angemeldet</translation>
    </message>
    <message>
        <source>Sign-in to an app refused</source>
        <translation>Anmeldung bei einer App abgelehnt</translation>
    </message>
    <message>
        <source>App tokens issued</source>
        <translation>App-Tokens ausgestellt</translation>
    </message>
    <message>
        <source>App tokens refused</source>
        <translation>App-Tokens verweigert</translation>
    </message>
    <message>
        <source>Two-factor set-up begun</source>
        <translation>Zwei-Faktor-Einrichtung begonnen</translation>
    </message>
    <message>
        <source>Two-factor set-up failed</source>
        <translation>Zwei-Faktor-Einrichtung fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::AdminConnection</name>
    <message>
        <source>could not reach the database %1 within %2 s</source>
        <translation>die Datenbank %1 war in %2 s nicht erreichbar</translation>
    </message>
    <message>
        <source>no configuration file or database URL was given</source>
        <translation>keine Konfigurationsdatei und keine Datenbank-URL angegeben</translation>
    </message>
    <message>
        <source>the configuration file %1 does not exist</source>
        <translation>die Konfigurationsdatei %1 existiert nicht</translation>
    </message>
    <message>
        <source>cannot read the configuration: %1</source>
        <translation>die Konfiguration kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the configuration %1 names no database: set adapter.url or DATABASE_URL</source>
        <translation>die Konfiguration %1 nennt keine Datenbank: setzen Sie adapter.url oder DATABASE_URL</translation>
    </message>
    <message>
        <source>invalid database URL: %1</source>
        <translation>ungültige Datenbank-URL: %1</translation>
    </message>
    <message>
        <source>the SQLite database file %1 does not exist</source>
        <translation>die SQLite-Datenbankdatei %1 existiert nicht</translation>
    </message>
    <message>
        <source>could not open the database %1: %2</source>
        <translation>die Datenbank %1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>the database schema is version %1, newer than this build&apos;s %2; use a newer gatehouse-admin</source>
        <translation>das Datenbankschema hat Version %1, neuer als die dieses Builds (%2); verwenden Sie ein neueres gatehouse-admin</translation>
    </message>
    <message>
        <source>no server address was given</source>
        <translation>es wurde keine Serveradresse angegeben</translation>
    </message>
    <message>
        <source>%1 is not a server address; write it as https://host/basepath</source>
        <translation>%1 ist keine Serveradresse; schreiben Sie sie als https://host/basispfad</translation>
    </message>
    <message>
        <source>%1 is plain http: use https (plain http only on this computer&apos;s loopback address)</source>
        <translation>%1 ist unverschlüsseltes http: verwenden Sie https (unverschlüsseltes http nur auf der Loopback-Adresse dieses Computers)</translation>
    </message>
    <message>
        <source>the CA file %1 holds no PEM certificate</source>
        <translation>die CA-Datei %1 enthält kein PEM-Zertifikat</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ApiClient</name>
    <message>
        <source>the server could not be reached: %1</source>
        <translation>der Server war nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>your sign-in has ended; sign in again</source>
        <translation>Ihre Anmeldung ist abgelaufen; melden Sie sich erneut an</translation>
    </message>
    <message>
        <source>the server refused: %1</source>
        <translation>der Server hat abgelehnt: %1</translation>
    </message>
    <message>
        <source>too many attempts; wait a minute and try again</source>
        <translation>zu viele Versuche; warten Sie eine Minute und versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>the server failed (%1): %2</source>
        <translation>Fehler des Servers (%1): %2</translation>
    </message>
    <message>
        <source>the server no longer accepts your sign-in; sign in again</source>
        <translation>der Server nimmt Ihre Anmeldung nicht mehr an; melden Sie sich erneut an</translation>
    </message>
    <message>
        <source>the server answered something that is not the admin API&apos;s JSON (HTTP %1)</source>
        <translation>der Server hat nicht mit dem JSON der Admin-API geantwortet (HTTP %1)</translation>
    </message>
    <message>
        <source>the server has no admin API here (HTTP 404); is &quot;admin&quot; configured?</source>
        <translation>der Server hat hier keine Admin-API (HTTP 404); ist „admin“ konfiguriert?</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>the server answered a line that is not the admin API&apos;s JSON (HTTP %1)</source>
        <translation>der Server antwortete mit einer Zeile, die nicht das JSON der Admin-API ist (HTTP %1)</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ConfigDocument</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the file does not hold a JSON object</source>
        <translation>die Datei enthält kein JSON-Objekt</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>No file is open.</source>
        <translation>Keine Datei geöffnet.</translation>
    </message>
    <message numerus="yes">
        <source>The configuration has %n error(s); gatehouse-server would not load it.</source>
        <translation>
            <numerusform>Die Konfiguration hat %n Fehler; gatehouse-server würde sie nicht laden.</numerusform>
            <numerusform>Die Konfiguration hat %n Fehler; gatehouse-server würde sie nicht laden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot keep a backup in %1.</source>
        <translation>Die Sicherung %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name on the button</source>
        <translation>Name auf der Schaltfläche</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Client id</source>
        <translation>Client-ID</translation>
    </message>
    <message>
        <source>Client secret</source>
        <translation>Client-Geheimnis</translation>
    </message>
    <message>
        <source>Issuer URL</source>
        <translation>Aussteller-URL</translation>
    </message>
    <message>
        <source>Discovery document URL</source>
        <translation>URL des Discovery-Dokuments</translation>
    </message>
    <message>
        <source>Authorization endpoint</source>
        <translation>Autorisierungs-Endpunkt</translation>
    </message>
    <message>
        <source>Token endpoint</source>
        <translation>Token-Endpunkt</translation>
    </message>
    <message>
        <source>Userinfo endpoint</source>
        <translation>Userinfo-Endpunkt</translation>
    </message>
    <message>
        <source>Link accounts by email address (dangerous)</source>
        <translation>Konten über die E-Mail-Adresse verknüpfen (gefährlich)</translation>
    </message>
    <message>
        <source>Sender address</source>
        <translation>Absenderadresse</translation>
    </message>
    <message>
        <source>SMTP server</source>
        <translation>SMTP-Server</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Link lifetime (seconds)</source>
        <translation>Gültigkeit des Links (Sekunden)</translation>
    </message>
    <message>
        <source>Authorize function (or builtin)</source>
        <translation>Authorize-Funktion (oder builtin)</translation>
    </message>
    <message>
        <source>Offer passkeys in the browser&apos;s autofill</source>
        <translation>Passkeys im Autofill des Browsers anbieten</translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>Nicht mit einem Server verbunden.</translation>
    </message>
    <message>
        <source>Cannot read the server&apos;s configuration: %1</source>
        <translation>Die Konfiguration des Servers kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Not connected to the server any more; connect again to save.</source>
        <translation>Nicht mehr mit dem Server verbunden; verbinden Sie sich erneut, um zu speichern.</translation>
    </message>
    <message>
        <source>The configuration on the server was changed since it was read; nothing was saved. Reconnect to read it again.</source>
        <translation>Die Konfiguration auf dem Server wurde geändert, seit sie gelesen wurde; nichts wurde gespeichert. Verbinden Sie sich erneut, um sie neu zu lesen.</translation>
    </message>
    <message>
        <source>The server refused the configuration; nothing was saved: %1</source>
        <translation>Der Server hat die Konfiguration abgelehnt; nichts wurde gespeichert: %1</translation>
    </message>
    <message>
        <source>Cannot save on the server: %1</source>
        <translation>Speichern auf dem Server nicht möglich: %1</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ConsentsModel</name>
    <message>
        <source>could not load the apps with access: %1</source>
        <translation>die Apps mit Zugriff konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>sign-in and identity</source>
        <translation>Anmeldung und Identität</translation>
    </message>
    <message>
        <source>name and picture</source>
        <translation>Name und Bild</translation>
    </message>
    <message>
        <source>email address</source>
        <translation>E-Mail-Adresse</translation>
    </message>
    <message>
        <source>groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <source>staying signed in</source>
        <translation>angemeldet bleiben</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>%1 has no access any more: it asks again at the next sign-in</source>
        <translation>%1 hat keinen Zugriff mehr: Die App fragt bei der nächsten Anmeldung erneut</translation>
    </message>
    <message>
        <source>%1 had no access any more</source>
        <translation>%1 hatte bereits keinen Zugriff mehr</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::DashboardModel</name>
    <message>
        <source>could not load the dashboard: %1</source>
        <translation>die Übersicht konnte nicht geladen werden: %1</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::OidcClientsModel</name>
    <message>
        <source>could not read %1: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a JSON configuration: %2</source>
        <translation>%1 ist keine JSON-Konfiguration: %2</translation>
    </message>
    <message>
        <source>could not read the server&apos;s configuration: %1</source>
        <translation>die Konfiguration des Servers konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the server&apos;s configuration</source>
        <translation>der Konfiguration des Servers</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>anyone, without signing in</source>
        <translation>jeder, ohne Anmeldung</translation>
    </message>
    <message>
        <source>anyone signed in</source>
        <translation>jeder Angemeldete</translation>
    </message>
    <message>
        <source>users: %1</source>
        <translation>Benutzer: %1</translation>
    </message>
    <message>
        <source>groups: %1</source>
        <translation>Gruppen: %1</translation>
    </message>
    <message>
        <source>public (PKCE, no secret)</source>
        <translation>öffentlich (PKCE, kein Geheimnis)</translation>
    </message>
    <message>
        <source>confidential (client secret)</source>
        <translation>vertraulich (Client-Geheimnis)</translation>
    </message>
    <message>
        <source>asks each person first</source>
        <translation>fragt jede Person zuerst</translation>
    </message>
    <message>
        <source>first-party: never asks</source>
        <translation>eigene App: fragt nie</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ServerLink</name>
    <message>
        <source>unexpected failure</source>
        <translation>unerwarteter Fehler</translation>
    </message>
    <message>
        <source>the server refused the sign-in: the account is not in the server&apos;s admin groups</source>
        <translation>der Server hat die Anmeldung abgelehnt: das Konto ist in keiner Admin-Gruppe des Servers</translation>
    </message>
    <message>
        <source>the server refused the sign-in: %1</source>
        <translation>der Server hat die Anmeldung abgelehnt: %1</translation>
    </message>
    <message>
        <source>the sign-in in the browser did not finish in time; try again</source>
        <translation>die Anmeldung im Browser wurde nicht rechtzeitig abgeschlossen; versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>could not reach the server: %1</source>
        <translation>der Server war nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>the sign-in was cancelled</source>
        <translation>die Anmeldung wurde abgebrochen</translation>
    </message>
    <message>
        <source>the sign-in failed: %1</source>
        <translation>die Anmeldung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>your sign-in has ended; sign in again</source>
        <translation>Ihre Anmeldung ist abgelaufen; melden Sie sich erneut an</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::SessionsModel</name>
    <message>
        <source>could not count the sessions: %1</source>
        <translation>die Sitzungen konnten nicht gezählt werden: %1</translation>
    </message>
    <message>
        <source>could not load sessions: %1</source>
        <translation>die Sitzungen konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>not connected to a database</source>
        <translation>nicht mit einer Datenbank verbunden</translation>
    </message>
    <message>
        <source>the session %1 does not exist any more</source>
        <translation>die Sitzung %1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>revoked the session %1</source>
        <translation>Sitzung %1 beendet</translation>
    </message>
    <message>
        <source>a clean-up is running already</source>
        <translation>es läuft bereits ein Aufräumen</translation>
    </message>
    <message numerus="yes">
        <source>deleted %n expired session(s)</source>
        <translation>
            <numerusform>%n abgelaufene Sitzung gelöscht</numerusform>
            <numerusform>%n abgelaufene Sitzungen gelöscht</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ThemePreview</name>
    <message>
        <source>The server would not start with this configuration: %1</source>
        <translation>Der Server würde mit dieser Konfiguration nicht starten: %1</translation>
    </message>
    <message>
        <source>The server answered the sign-in page with status %1.</source>
        <translation>Der Server beantwortete die Anmeldeseite mit Status %1.</translation>
    </message>
    <message>
        <source>The sign-in page failed: %1</source>
        <translation>Die Anmeldeseite schlug fehl: %1</translation>
    </message>
    <message>
        <source>The sign-in page failed.</source>
        <translation>Die Anmeldeseite schlug fehl.</translation>
    </message>
    <message>
        <source>No temporary folder for the preview: %1</source>
        <translation>Kein temporärer Ordner für die Vorschau: %1</translation>
    </message>
    <message>
        <source>Chromium was not found; install the Debian package &quot;chromium&quot; to see the preview.</source>
        <translation>Chromium wurde nicht gefunden; installieren Sie das Debian-Paket „chromium“, um die Vorschau zu sehen.</translation>
    </message>
    <message>
        <source>Cannot write the preview page: %1</source>
        <translation>Die Vorschauseite kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Chromium could not render the page (exit code %1).</source>
        <translation>Chromium konnte die Seite nicht darstellen (Exit-Code %1).</translation>
    </message>
    <message>
        <source>Chromium could not be started (%1).</source>
        <translation>Chromium konnte nicht gestartet werden (%1).</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::UserDetail</name>
    <message>
        <source>could not load the user: %1</source>
        <translation>der Benutzer konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>not connected to a database</source>
        <translation>nicht mit einer Datenbank verbunden</translation>
    </message>
    <message>
        <source>there is no %1 account %2</source>
        <translation>es gibt kein %1-Konto %2</translation>
    </message>
    <message>
        <source>unlinked the %1 account %2</source>
        <translation>das %1-Konto %2 wurde getrennt</translation>
    </message>
    <message>
        <source>the session %1 does not exist any more</source>
        <translation>die Sitzung %1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>revoked the session %1</source>
        <translation>Sitzung %1 beendet</translation>
    </message>
    <message numerus="yes">
        <source>revoked %n session(s)</source>
        <translation>
            <numerusform>%n Sitzung beendet</numerusform>
            <numerusform>%n Sitzungen beendet</numerusform>
        </translation>
    </message>
    <message>
        <source>the authenticator %1 does not exist any more</source>
        <translation>der Authenticator %1 existiert nicht mehr</translation>
    </message>
    <message>
        <source>removed the authenticator %1</source>
        <translation>Authenticator %1 entfernt</translation>
    </message>
    <message>
        <source>this database keeps no two-factor records</source>
        <translation>diese Datenbank speichert keine Zwei-Faktor-Daten</translation>
    </message>
    <message>
        <source>there is no authenticator app to remove any more</source>
        <translation>es gibt keine Authenticator-App mehr, die entfernt werden könnte</translation>
    </message>
    <message numerus="yes">
        <source>removed the authenticator app and %n recovery code(s); sign-in asks for no code until the person sets it up again</source>
        <translation>
            <numerusform>Authenticator-App und %n Wiederherstellungscode entfernt; bei der Anmeldung wird kein Code verlangt, bis die Person sie neu einrichtet</numerusform>
            <numerusform>Authenticator-App und %n Wiederherstellungscodes entfernt; bei der Anmeldung wird kein Code verlangt, bis die Person sie neu einrichtet</numerusform>
        </translation>
    </message>
    <message>
        <source>Enter a group name.</source>
        <translation>Geben Sie einen Gruppennamen ein.</translation>
    </message>
    <message>
        <source>A group name has at most %1 characters.</source>
        <translation>Ein Gruppenname hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>A group name cannot contain a comma.</source>
        <translation>Ein Gruppenname darf kein Komma enthalten.</translation>
    </message>
    <message>
        <source>A group name cannot contain line breaks, tabs or other control characters.</source>
        <translation>Ein Gruppenname darf keine Zeilenumbrüche, Tabulatoren oder anderen Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>A group name cannot begin or end with a space.</source>
        <translation>Ein Gruppenname darf nicht mit einem Leerzeichen beginnen oder enden.</translation>
    </message>
    <message>
        <source>already in %1</source>
        <translation>bereits in %1</translation>
    </message>
    <message>
        <source>added to %1</source>
        <translation>zu %1 hinzugefügt</translation>
    </message>
    <message>
        <source>not in %1 any more</source>
        <translation>nicht mehr in %1</translation>
    </message>
    <message>
        <source>removed from %1</source>
        <translation>aus %1 entfernt</translation>
    </message>
    <message>
        <source>the user is not loaded</source>
        <translation>der Benutzer ist nicht geladen</translation>
    </message>
    <message>
        <source>nothing was counted against %1: no limit to lift</source>
        <translation>gegen %1 wurde nichts gezählt: keine Sperre aufzuheben</translation>
    </message>
    <message>
        <source>cleared the counted failures of %1 (%2): the next attempt is allowed at once</source>
        <translation>die gezählten Fehlversuche von %1 (%2) wurden gelöscht: der nächste Versuch ist sofort erlaubt</translation>
    </message>
    <message>
        <source>password sign-in</source>
        <translation>Anmeldung mit Passwort</translation>
    </message>
    <message>
        <source>second factor</source>
        <translation>zweiter Faktor</translation>
    </message>
    <message>
        <source>password reset</source>
        <translation>Zurücksetzen des Passworts</translation>
    </message>
    <message>
        <source>not connected to a server</source>
        <translation>nicht mit einem Server verbunden</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::UserImportModel</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is larger than 1 GiB: split it</source>
        <translation>%1 ist größer als 1 GiB: bitte aufteilen</translation>
    </message>
    <message numerus="yes">
        <source>%n user(s) refused: nothing would be imported. Correct the file, or choose to skip existing users and leave the refused ones out.</source>
        <translation>
            <numerusform>%n Benutzer abgelehnt: Nichts würde importiert. Korrigieren Sie die Datei oder wählen Sie, vorhandene Benutzer zu überspringen und die abgelehnten wegzulassen.</numerusform>
            <numerusform>%n Benutzer abgelehnt: Nichts würde importiert. Korrigieren Sie die Datei oder wählen Sie, vorhandene Benutzer zu überspringen und die abgelehnten wegzulassen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to import: the database has every user of the file as the file says.</source>
        <translation>Nichts zu importieren: Die Datenbank enthält alle Benutzer der Datei so, wie die Datei sie beschreibt.</translation>
    </message>
    <message>
        <source>open a database first</source>
        <translation>öffnen Sie zuerst eine Datenbank</translation>
    </message>
    <message>
        <source>choose a file to import</source>
        <translation>wählen Sie eine Datei zum Importieren</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a format this import reads (%2)</source>
        <translation>„%1“ ist kein Format, das dieser Import liest (%2)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a choice for existing users (fail, skip, update)</source>
        <translation>„%1“ ist keine Wahl für vorhandene Benutzer (fail, skip, update)</translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::UsersModel</name>
    <message>
        <source>the image &quot;%1&quot; is not an http(s) URL</source>
        <translation>das Bild „%1“ ist keine http(s)-URL</translation>
    </message>
    <message>
        <source>could not count the users: %1</source>
        <translation>die Benutzer konnten nicht gezählt werden: %1</translation>
    </message>
    <message>
        <source>could not load users: %1</source>
        <translation>die Benutzer konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>not connected to a database</source>
        <translation>nicht mit einer Datenbank verbunden</translation>
    </message>
    <message>
        <source>an email address is required</source>
        <translation>eine E-Mail-Adresse ist erforderlich</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid email address</source>
        <translation>„%1“ ist keine gültige E-Mail-Adresse</translation>
    </message>
    <message>
        <source>a user with the email %1 exists already</source>
        <translation>es gibt bereits einen Benutzer mit der E-Mail-Adresse %1</translation>
    </message>
    <message>
        <source>created the user %1</source>
        <translation>Benutzer %1 angelegt</translation>
    </message>
    <message>
        <source>there is no user with id %1</source>
        <translation>es gibt keinen Benutzer mit der ID %1</translation>
    </message>
    <message>
        <source>saved the user %1</source>
        <translation>Benutzer %1 gespeichert</translation>
    </message>
    <message>
        <source>marked %1 as verified</source>
        <translation>%1 als bestätigt markiert</translation>
    </message>
    <message>
        <source>marked %1 as not verified</source>
        <translation>%1 als unbestätigt markiert</translation>
    </message>
    <message>
        <source>the password must have at least %1 characters</source>
        <translation>das Passwort muss mindestens %1 Zeichen haben</translation>
    </message>
    <message>
        <source>the password must have at most %1 characters</source>
        <translation>das Passwort darf höchstens %1 Zeichen haben</translation>
    </message>
    <message>
        <source>the password must not be the user&apos;s email address</source>
        <translation>das Passwort darf nicht die E-Mail-Adresse des Benutzers sein</translation>
    </message>
    <message>
        <source>set a new password</source>
        <translation>neues Passwort gesetzt</translation>
    </message>
    <message>
        <source>set a new random password; show it to the user once</source>
        <translation>neues zufälliges Passwort gesetzt; zeigen Sie es dem Benutzer einmal</translation>
    </message>
    <message>
        <source>deleted the user %1 with its accounts, sessions and authenticators</source>
        <translation>Benutzer %1 mit seinen Konten, Sitzungen und Authenticators gelöscht</translation>
    </message>
    <message>
        <source>enabled the user: signing in works again</source>
        <translation>Benutzer entsperrt: die Anmeldung funktioniert wieder</translation>
    </message>
    <message numerus="yes">
        <source>disabled the user and revoked %n session(s)</source>
        <translation>
            <numerusform>Benutzer gesperrt und %n Sitzung beendet</numerusform>
            <numerusform>Benutzer gesperrt und %n Sitzungen beendet</numerusform>
        </translation>
    </message>
    <message>
        <source>not connected to a server</source>
        <translation>nicht mit einem Server verbunden</translation>
    </message>
    <message>
        <source>deleted the user with its accounts, sessions and authenticators</source>
        <translation>Benutzer mit seinen Konten, Sitzungen und Authenticators gelöscht</translation>
    </message>
    <message>
        <source>this change needs a database connection for now</source>
        <translation>diese Änderung braucht vorerst eine Datenbankverbindung</translation>
    </message>
</context>
<context>
    <name>ImportUsersDialog</name>
    <message>
        <source>Import users</source>
        <translation>Benutzer importieren</translation>
    </message>
    <message>
        <source>created</source>
        <translation>angelegt</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>aktualisiert</translation>
    </message>
    <message>
        <source>update</source>
        <translation>aktualisieren</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>skipped (exists)</source>
        <translation>übersprungen (vorhanden)</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>Of %1 users in the file: %2 new, %3 to update, %4 unchanged, %5 skipped, %6 refused. Nothing is stored yet.</source>
        <translation>Von %1 Benutzern der Datei: %2 neu, %3 zu aktualisieren, %4 unverändert, %5 übersprungen, %6 abgelehnt. Noch ist nichts gespeichert.</translation>
    </message>
    <message>
        <source>Imported: %1 created, %2 updated, %3 unchanged, %4 skipped, %5 refused of %6 users. Each one is in the audit log.</source>
        <translation>Importiert: %1 angelegt, %2 aktualisiert, %3 unverändert, %4 übersprungen, %5 abgelehnt von %6 Benutzern. Jeder steht im Audit-Protokoll.</translation>
    </message>
    <message>
        <source>Nothing was imported: the database changed since the check (see the refused users). Check again.</source>
        <translation>Nichts wurde importiert: Die Datenbank hat sich seit der Prüfung geändert (siehe die abgelehnten Benutzer). Bitte erneut prüfen.</translation>
    </message>
    <message>
        <source>Choose a file of users</source>
        <translation>Eine Datei mit Benutzern wählen</translation>
    </message>
    <message>
        <source>User files (*.yml *.yaml *.json *.jsonl *.csv *htpasswd*)</source>
        <translation>Benutzerdateien (*.yml *.yaml *.json *.jsonl *.csv *htpasswd*)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Keine Datei gewählt</translation>
    </message>
    <message>
        <source>File to import</source>
        <translation>Zu importierende Datei</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Format of the file</source>
        <translation>Format der Datei</translation>
    </message>
    <message>
        <source>Existing users</source>
        <translation>Vorhandene Benutzer</translation>
    </message>
    <message>
        <source>Import nothing if one exists</source>
        <translation>Nichts importieren, wenn einer vorhanden ist</translation>
    </message>
    <message>
        <source>Leave them as they are</source>
        <translation>Unverändert lassen</translation>
    </message>
    <message>
        <source>Update them from the file</source>
        <translation>Aus der Datei aktualisieren</translation>
    </message>
    <message>
        <source>What to do with users that exist</source>
        <translation>Was mit vorhandenen Benutzern geschieht</translation>
    </message>
    <message>
        <source>Email domain</source>
        <translation>E-Mail-Domain</translation>
    </message>
    <message>
        <source>for user names without @</source>
        <translation>für Benutzernamen ohne @</translation>
    </message>
    <message>
        <source>Email domain for user names</source>
        <translation>E-Mail-Domain für Benutzernamen</translation>
    </message>
    <message>
        <source>Add to groups</source>
        <translation>Zu Gruppen hinzufügen</translation>
    </message>
    <message>
        <source>e.g. staff, imported</source>
        <translation>z. B. staff, imported</translation>
    </message>
    <message>
        <source>Groups every imported user joins</source>
        <translation>Gruppen, denen jeder importierte Benutzer beitritt</translation>
    </message>
    <message>
        <source>Accept weak hashes (apr1, low-cost bcrypt, …); they are flagged until the user signs in</source>
        <translation>Schwache Hashes annehmen (apr1, bcrypt mit geringen Kosten, …); sie bleiben markiert, bis sich der Benutzer anmeldet</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>Importiert</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Prüft</translation>
    </message>
    <message>
        <source>Users in the file</source>
        <translation>Benutzer der Datei</translation>
    </message>
    <message>
        <source>line %1, %2: %3 %4</source>
        <translation>Zeile %1, %2: %3 %4</translation>
    </message>
    <message>
        <source>Choose a file and check it: every user is listed here before anything is stored.</source>
        <translation>Wählen Sie eine Datei und prüfen Sie sie: Jeder Benutzer wird hier aufgeführt, bevor etwas gespeichert wird.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Check the file</source>
        <translation>Die Datei prüfen</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Import the checked users</source>
        <translation>Die geprüften Benutzer importieren</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>Gatehouse Admin – %1</source>
        <translation>Gatehouse Admin – %1</translation>
    </message>
    <message>
        <source>Gatehouse Admin</source>
        <translation>Gatehouse Admin</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>Connection: %1</source>
        <translation>Verbindung: %1</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Dark palette</source>
        <translation>Dunkle Farben</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation>%1 als %2</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>OpenID clients</source>
        <translation>OpenID-Clients</translation>
    </message>
</context>
<context>
    <name>SessionsView</name>
    <message>
        <source>Revoke session</source>
        <translation>Sitzung beenden</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Clean up expired sessions</source>
        <translation>Abgelaufene Sitzungen aufräumen</translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n expired session(s) from the database?</source>
        <translation>
            <numerusform>Die %n abgelaufene Sitzung aus der Datenbank löschen?</numerusform>
            <numerusform>Die %n abgelaufenen Sitzungen aus der Datenbank löschen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Clean up</source>
        <translation>Aufräumen</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message numerus="yes">
        <source>%n session(s)</source>
        <translation>
            <numerusform>%n Sitzung</numerusform>
            <numerusform>%n Sitzungen</numerusform>
        </translation>
    </message>
    <message>
        <source>User email or name</source>
        <translation>E-Mail oder Name des Benutzers</translation>
    </message>
    <message>
        <source>Filter by user</source>
        <translation>Nach Benutzer filtern</translation>
    </message>
    <message>
        <source>Provider id</source>
        <translation>Anbieter-ID</translation>
    </message>
    <message>
        <source>Filter by provider</source>
        <translation>Nach Anbieter filtern</translation>
    </message>
    <message>
        <source>Expired too</source>
        <translation>Auch abgelaufene</translation>
    </message>
    <message>
        <source>Show expired sessions too</source>
        <translation>Auch abgelaufene Sitzungen zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n expired session(s) waiting for clean-up.</source>
        <translation>
            <numerusform>%n abgelaufene Sitzung wartet auf das Aufräumen.</numerusform>
            <numerusform>%n abgelaufene Sitzungen warten auf das Aufräumen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Clean up expired…</source>
        <translation>Abgelaufene aufräumen…</translation>
    </message>
    <message>
        <source>Clean-up progress</source>
        <translation>Fortschritt des Aufräumens</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
    <message>
        <source>Session of %1, expires %2</source>
        <translation>Sitzung von %1, läuft ab %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>(expired)</source>
        <translation>(abgelaufen)</translation>
    </message>
    <message>
        <source>End the session %1 of %2?</source>
        <translation>Die Sitzung %1 von %2 beenden?</translation>
    </message>
    <message>
        <source>Revoke the session of %1</source>
        <translation>Die Sitzung von %1 beenden</translation>
    </message>
    <message>
        <source>No sessions.</source>
        <translation>Keine Sitzungen.</translation>
    </message>
</context>
<context>
    <name>ThemeView</name>
    <message>
        <source>Choose a colour</source>
        <translation>Eine Farbe wählen</translation>
    </message>
    <message>
        <source>Choose a logo</source>
        <translation>Ein Logo wählen</translation>
    </message>
    <message>
        <source>Images (*.svg *.png *.jpg *.jpeg *.gif *.webp)</source>
        <translation>Bilder (*.svg *.png *.jpg *.jpeg *.gif *.webp)</translation>
    </message>
    <message>
        <source>Pick %1</source>
        <translation>%1 wählen</translation>
    </message>
    <message>
        <source>Pick a colour</source>
        <translation>Eine Farbe wählen</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>How the server&apos;s sign-in, sign-out and error pages look. Save in the configuration view or here.</source>
        <translation>So sehen die Anmelde-, Abmelde- und Fehlerseiten des Servers aus. Speichern Sie in der Konfigurationsansicht oder hier.</translation>
    </message>
    <message>
        <source>Colour scheme</source>
        <translation>Farbschema</translation>
    </message>
    <message>
        <source>Brand colour</source>
        <translation>Markenfarbe</translation>
    </message>
    <message>
        <source>Button text colour</source>
        <translation>Textfarbe der Schaltflächen</translation>
    </message>
    <message>
        <source>Logo (URL or path on the site)</source>
        <translation>Logo (URL oder Pfad auf der Website)</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>Datei…</translation>
    </message>
    <message>
        <source>Choose a logo file</source>
        <translation>Eine Logodatei wählen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save the configuration</source>
        <translation>Die Konfiguration speichern</translation>
    </message>
    <message>
        <source>Refresh preview</source>
        <translation>Vorschau aktualisieren</translation>
    </message>
    <message>
        <source>Refresh the preview</source>
        <translation>Die Vorschau aktualisieren</translation>
    </message>
    <message>
        <source>Open a configuration file (Configuration view) to edit its theme.</source>
        <translation>Öffnen Sie eine Konfigurationsdatei (Ansicht Konfiguration), um ihr Design zu bearbeiten.</translation>
    </message>
    <message>
        <source>Preview: the server&apos;s sign-in page, drawn by %1 in %2 ms.</source>
        <translation>Vorschau: die Anmeldeseite des Servers, gezeichnet von %1 in %2 ms.</translation>
    </message>
    <message>
        <source>Preview of the sign-in page</source>
        <translation>Vorschau der Anmeldeseite</translation>
    </message>
</context>
<context>
    <name>UserActions</name>
    <message>
        <source>Reset password</source>
        <translation>Passwort zurücksetzen</translation>
    </message>
    <message>
        <source>Give %1 a new random password? The current one stops working.</source>
        <translation>%1 ein neues zufälliges Passwort geben? Das bisherige funktioniert dann nicht mehr.</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Disable user</source>
        <translation>Benutzer sperren</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Sperren</translation>
    </message>
    <message>
        <source>Delete user</source>
        <translation>Benutzer löschen</translation>
    </message>
    <message>
        <source>Delete %1 with all linked accounts, sessions, passkeys and the password? This cannot be undone.</source>
        <translation>%1 mit allen verknüpften Konten, Sitzungen, Passkeys und dem Passwort löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Edit user</source>
        <translation>Benutzer bearbeiten</translation>
    </message>
    <message>
        <source>New user</source>
        <translation>Neuer Benutzer</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Image URL</source>
        <translation>Bild-URL</translation>
    </message>
    <message>
        <source>Set password</source>
        <translation>Passwort setzen</translation>
    </message>
    <message>
        <source>New password for %1 (at least 8 characters):</source>
        <translation>Neues Passwort für %1 (mindestens 8 Zeichen):</translation>
    </message>
    <message>
        <source>New password</source>
        <translation>Neues Passwort</translation>
    </message>
    <message>
        <source>The new password is shown only now. Hand it over securely.</source>
        <translation>Das neue Passwort wird nur jetzt angezeigt. Geben Sie es sicher weiter.</translation>
    </message>
    <message>
        <source>Disable %1? The user cannot sign in with any provider until enabled again, and is signed out everywhere.</source>
        <translation>%1 sperren? Der Benutzer kann sich mit keinem Anbieter mehr anmelden, bis er wieder entsperrt wird, und wird überall abgemeldet.</translation>
    </message>
</context>
<context>
    <name>UserDetailView</name>
    <message>
        <source>Back to the users</source>
        <translation>Zurück zu den Benutzern</translation>
    </message>
    <message>
        <source>verified %1</source>
        <translation>bestätigt %1</translation>
    </message>
    <message>
        <source>email not verified</source>
        <translation>E-Mail nicht bestätigt</translation>
    </message>
    <message>
        <source>has a password</source>
        <translation>hat ein Passwort</translation>
    </message>
    <message>
        <source>no password</source>
        <translation>kein Passwort</translation>
    </message>
    <message>
        <source>Id: %1</source>
        <translation>ID: %1</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the user</source>
        <translation>Den Benutzer bearbeiten</translation>
    </message>
    <message>
        <source>Mark email unverified</source>
        <translation>E-Mail als unbestätigt markieren</translation>
    </message>
    <message>
        <source>Mark email verified</source>
        <translation>E-Mail als bestätigt markieren</translation>
    </message>
    <message>
        <source>Set password…</source>
        <translation>Passwort setzen…</translation>
    </message>
    <message>
        <source>Set a password</source>
        <translation>Ein Passwort setzen</translation>
    </message>
    <message>
        <source>Reset password…</source>
        <translation>Passwort zurücksetzen…</translation>
    </message>
    <message>
        <source>Reset the password</source>
        <translation>Das Passwort zurücksetzen</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Entsperren</translation>
    </message>
    <message>
        <source>Disable…</source>
        <translation>Sperren…</translation>
    </message>
    <message>
        <source>Enable the user</source>
        <translation>Den Benutzer entsperren</translation>
    </message>
    <message>
        <source>Disable the user</source>
        <translation>Den Benutzer sperren</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Delete the user</source>
        <translation>Den Benutzer löschen</translation>
    </message>
    <message>
        <source>There is no user with the id %1.</source>
        <translation>Es gibt keinen Benutzer mit der ID %1.</translation>
    </message>
    <message>
        <source>Accounts (%1)</source>
        <translation>Konten (%1)</translation>
    </message>
    <message>
        <source>Linked accounts</source>
        <translation>Verknüpfte Konten</translation>
    </message>
    <message>
        <source>Sessions (%1)</source>
        <translation>Sitzungen (%1)</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sitzungen</translation>
    </message>
    <message>
        <source>Passkeys (%1)</source>
        <translation>Passkeys (%1)</translation>
    </message>
    <message>
        <source>Passkeys</source>
        <translation>Passkeys</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>No linked accounts.</source>
        <translation>Keine verknüpften Konten.</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Account id at the provider</source>
        <translation>Konto-ID beim Anbieter</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Token expires</source>
        <translation>Token läuft ab</translation>
    </message>
    <message>
        <source>Unlink</source>
        <translation>Trennen</translation>
    </message>
    <message>
        <source>Unlink account</source>
        <translation>Konto trennen</translation>
    </message>
    <message>
        <source>Unlink the %1 account %2? The user can no longer sign in with it.</source>
        <translation>Das %1-Konto %2 trennen? Der Benutzer kann sich damit nicht mehr anmelden.</translation>
    </message>
    <message>
        <source>Active and expired sessions of this user.</source>
        <translation>Aktive und abgelaufene Sitzungen dieses Benutzers.</translation>
    </message>
    <message>
        <source>Revoke all</source>
        <translation>Alle beenden</translation>
    </message>
    <message>
        <source>Revoke all sessions</source>
        <translation>Alle Sitzungen beenden</translation>
    </message>
    <message>
        <source>Sign %1 out everywhere?</source>
        <translation>%1 überall abmelden?</translation>
    </message>
    <message>
        <source>No sessions.</source>
        <translation>Keine Sitzungen.</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
    <message>
        <source>Client address</source>
        <translation>Client-Adresse</translation>
    </message>
    <message>
        <source>(expired)</source>
        <translation>(abgelaufen)</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Revoke session</source>
        <translation>Sitzung beenden</translation>
    </message>
    <message>
        <source>End the session %1?</source>
        <translation>Die Sitzung %1 beenden?</translation>
    </message>
    <message>
        <source>No passkeys.</source>
        <translation>Keine Passkeys.</translation>
    </message>
    <message>
        <source>Credential id</source>
        <translation>Credential-ID</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Backed up</source>
        <translation>Gesichert</translation>
    </message>
    <message>
        <source>Transports</source>
        <translation>Transportwege</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove passkey</source>
        <translation>Passkey entfernen</translation>
    </message>
    <message>
        <source>Remove the passkey %1?</source>
        <translation>Den Passkey %1 entfernen?</translation>
    </message>
    <message>
        <source>No events.</source>
        <translation>Keine Ereignisse.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Id: %1 · image %2</source>
        <translation>ID: %1 · Bild %2</translation>
    </message>
    <message>
        <source>password disabled</source>
        <translation>Passwort gesperrt</translation>
    </message>
    <message>
        <source>Disabled: this user cannot sign in with any provider until enabled again.</source>
        <translation>Gesperrt: dieser Benutzer kann sich mit keinem Anbieter anmelden, bis er wieder entsperrt wird.</translation>
    </message>
    <message>
        <source>Two-factor sign-in</source>
        <translation>Zwei-Faktor-Anmeldung</translation>
    </message>
    <message>
        <source>Enrolment pending: an authenticator app was added but never confirmed with a code.</source>
        <translation>Einrichtung offen: eine Authenticator-App wurde hinzugefügt, aber nie mit einem Code bestätigt.</translation>
    </message>
    <message>
        <source>Not set up: signing in asks for no code.</source>
        <translation>Nicht eingerichtet: bei der Anmeldung wird kein Code verlangt.</translation>
    </message>
    <message>
        <source>Remove two-factor sign-in…</source>
        <translation>Zwei-Faktor-Anmeldung entfernen…</translation>
    </message>
    <message>
        <source>Remove two-factor sign-in</source>
        <translation>Zwei-Faktor-Anmeldung entfernen</translation>
    </message>
    <message>
        <source>Remove the authenticator app and the recovery codes of %1? Signing in asks them for no code until they set it up again.</source>
        <translation>Authenticator-App und Wiederherstellungscodes von %1 entfernen? Bei der Anmeldung wird kein Code mehr verlangt, bis die Person sie neu einrichtet.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Gruppen</translation>
    </message>
    <message>
        <source>In no groups.</source>
        <translation>In keiner Gruppe.</translation>
    </message>
    <message>
        <source>Remove from group</source>
        <translation>Aus der Gruppe entfernen</translation>
    </message>
    <message>
        <source>Take %1 out of the group %2? Access rules that name the group stop letting them in.</source>
        <translation>%1 aus der Gruppe %2 entfernen? Zugriffsregeln, die die Gruppe nennen, lassen die Person dann nicht mehr herein.</translation>
    </message>
    <message>
        <source>Remove from the group %1</source>
        <translation>Aus der Gruppe %1 entfernen</translation>
    </message>
    <message>
        <source>Add to a group</source>
        <translation>Zu einer Gruppe hinzufügen</translation>
    </message>
    <message>
        <source>Group name</source>
        <translation>Gruppenname</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add to the group</source>
        <translation>Zur Gruppe hinzufügen</translation>
    </message>
    <message>
        <source>Authenticator app set up %1 · recovery codes left: %2</source>
        <translation>Authenticator-App eingerichtet %1 · übrige Wiederherstellungscodes: %2</translation>
    </message>
    <message>
        <source>Show the members of %1</source>
        <translation>Mitglieder von %1 zeigen</translation>
    </message>
    <message>
        <source>Kept out by too many attempts</source>
        <translation>Wegen zu vieler Versuche gesperrt</translation>
    </message>
    <message>
        <source>%1: until %2</source>
        <translation>%1: bis %2</translation>
    </message>
    <message>
        <source>Lift the limits…</source>
        <translation>Sperren aufheben…</translation>
    </message>
    <message>
        <source>Lift the limits</source>
        <translation>Sperren aufheben</translation>
    </message>
    <message>
        <source>Forget the failed attempts counted against %1, so they may try again at once? Limits on their network address stay.</source>
        <translation>Die gegen %1 gezählten Fehlversuche vergessen, damit sofort ein neuer Versuch möglich ist? Sperren der Netzwerkadresse bleiben bestehen.</translation>
    </message>
    <message>
        <source>Lift</source>
        <translation>Aufheben</translation>
    </message>
    <message>
        <source>Lift the limits on %1</source>
        <translation>Sperren von %1 aufheben</translation>
    </message>
    <message>
        <source>Apps with access (%1)</source>
        <translation>Apps mit Zugriff (%1)</translation>
    </message>
    <message>
        <source>Apps with access</source>
        <translation>Apps mit Zugriff</translation>
    </message>
    <message>
        <source>Apps this user allowed at the consent page to sign them in. Revoking one ends its refresh tokens; it asks again at the next sign-in.</source>
        <translation>Apps, denen diese Person auf der Zustimmungsseite erlaubt hat, sie anzumelden. Ein Widerruf beendet die Refresh-Tokens der App; sie fragt bei der nächsten Anmeldung erneut.</translation>
    </message>
    <message>
        <source>This database keeps no consents.</source>
        <translation>Diese Datenbank speichert keine Zustimmungen.</translation>
    </message>
    <message>
        <source>No app has access.</source>
        <translation>Keine App hat Zugriff.</translation>
    </message>
    <message>
        <source>App</source>
        <translation>App</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Erlaubt</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <source>Revoke app access</source>
        <translation>App-Zugriff widerrufen</translation>
    </message>
    <message>
        <source>Take away %1&apos;s access to the account of %2? Its refresh tokens stop working and it asks again at the next sign-in.</source>
        <translation>%1 den Zugriff auf das Konto von %2 entziehen? Die Refresh-Tokens der App werden ungültig, und sie fragt bei der nächsten Anmeldung erneut.</translation>
    </message>
</context>
<context>
    <name>UsersView</name>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>%1+ users in the group %2</source>
        <translation>%1+ Benutzer in der Gruppe %2</translation>
    </message>
    <message>
        <source>%1+ users</source>
        <translation>%1+ Benutzer</translation>
    </message>
    <message numerus="yes">
        <source>%n user(s)</source>
        <translation>
            <numerusform>%n Benutzer</numerusform>
            <numerusform>%n Benutzer</numerusform>
        </translation>
    </message>
    <message>
        <source>Search users</source>
        <translation>Benutzer suchen</translation>
    </message>
    <message>
        <source>New user</source>
        <translation>Neuer Benutzer</translation>
    </message>
    <message>
        <source>Create a user</source>
        <translation>Einen Benutzer anlegen</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>E-Mail</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>Bestätigt</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Sort by %1</source>
        <translation>Nach %1 sortieren</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Wird geladen</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>gesperrt</translation>
    </message>
    <message>
        <source>password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Actions for %1</source>
        <translation>Aktionen für %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Mark email unverified</source>
        <translation>E-Mail als unbestätigt markieren</translation>
    </message>
    <message>
        <source>Mark email verified</source>
        <translation>E-Mail als bestätigt markieren</translation>
    </message>
    <message>
        <source>Set password…</source>
        <translation>Passwort setzen…</translation>
    </message>
    <message>
        <source>Reset password…</source>
        <translation>Passwort zurücksetzen…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Entsperren</translation>
    </message>
    <message>
        <source>Disable…</source>
        <translation>Sperren…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>No user matches “%1”.</source>
        <translation>Kein Benutzer passt zu „%1“.</translation>
    </message>
    <message>
        <source>No users yet.</source>
        <translation>Noch keine Benutzer.</translation>
    </message>
    <message>
        <source>%1, %2, disabled</source>
        <translation>%1, %2, gesperrt</translation>
    </message>
    <message>
        <source>password disabled</source>
        <translation>Passwort gesperrt</translation>
    </message>
    <message numerus="yes">
        <source>%n user(s) in the group %1</source>
        <translation>
            <numerusform>%n Benutzer in der Gruppe %1</numerusform>
            <numerusform>%n Benutzer in der Gruppe %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Search email, name, id or group:NAME</source>
        <translation>E-Mail, Name, ID oder group:NAME suchen</translation>
    </message>
    <message>
        <source>Import users…</source>
        <translation>Benutzer importieren…</translation>
    </message>
    <message>
        <source>Import users from a file</source>
        <translation>Benutzer aus einer Datei importieren</translation>
    </message>
    <message>
        <source>the first %1 are listed: search to find the others</source>
        <translation>die ersten %1 werden angezeigt: suchen Sie, um die anderen zu finden</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Administers a Gatehouse installation: users, linked accounts, sessions, passkeys, the
server&apos;s configuration file and the theme of its sign-in pages.

Without options it shows the connect screen with the recent connections.</source>
        <translation>Verwaltet eine Gatehouse-Installation: Benutzer, verknüpfte Konten, Sitzungen, Passkeys,
die Konfigurationsdatei des Servers und das Design seiner Anmeldeseiten.

Ohne Optionen zeigt es den Verbindungsdialog mit den letzten Verbindungen.</translation>
    </message>
    <message>
        <source>Open the gatehouse-server configuration &lt;file&gt;: its database (&quot;adapter&quot; or DATABASE_URL) and its settings.</source>
        <translation>Die gatehouse-server-Konfiguration &lt;file&gt; öffnen: ihre Datenbank („adapter“ oder DATABASE_URL) und ihre Einstellungen.</translation>
    </message>
    <message>
        <source>Open the database &lt;url&gt; directly: sqlite:///path/gatehouse.db, postgresql://user@host/db or mysql://user@host/db.</source>
        <translation>Die Datenbank &lt;url&gt; direkt öffnen: sqlite:///pfad/gatehouse.db, postgresql://benutzer@host/db oder mysql://benutzer@host/db.</translation>
    </message>
    <message>
        <source>Language of the interface: en or de (default: the system&apos;s).</source>
        <translation>Sprache der Oberfläche: en oder de (Standard: die des Systems).</translation>
    </message>
    <message>
        <source>Colours: light or dark (default: the last one used).</source>
        <translation>Farben: light oder dark (Standard: die zuletzt verwendeten).</translation>
    </message>
    <message>
        <source>A configuration file or a database URL (the same as --config or --database).</source>
        <translation>Eine Konfigurationsdatei oder eine Datenbank-URL (wie --config oder --database).</translation>
    </message>
</context>
</TS>
