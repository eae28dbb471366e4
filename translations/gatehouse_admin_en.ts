<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ActivityView</name>
    <message>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every event</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event type(s)</source>
        <translation>
            <numerusform>%n event type</numerusform>
            <numerusform>%n event types</numerusform>
        </translation>
    </message>
    <message>
        <source>Event types…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event types (%1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by event type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User email or id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From (2026-11-29)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events from this date or time on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before (2026-11-30)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events before this date or time</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s): show</source>
        <translation>
            <numerusform>%n new event: show</numerusform>
            <numerusform>%n new events: show</numerusform>
        </translation>
    </message>
    <message>
        <source>Back to the newest events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the user %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No events.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClientsView</name>
    <message>
        <source>OpenID clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the clients again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened by a database URL: there is no configuration file to read the clients from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no &quot;oidcProvider&quot;: Gatehouse is not an OpenID Provider there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1. Change them in the configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No clients are configured (oidcProvider.clients).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who may sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scopes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redirect URIs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After logout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back-channel logout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigField</name>
    <message>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client secrets are masked; show this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigView</name>
    <message>
        <source>Open a gatehouse-server configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save with errors?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gatehouse-server will refuse this configuration until the errors are fixed. Save anyway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(modified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No configuration file open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a configuration file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revert to the saved file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. gatehouse-server reloads the file by itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust the Host header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secure cookies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: on for https URLs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum age (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update age (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Providers (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the built-in provider %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type of a custom provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a custom %1 provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the provider %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-out page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify-request page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor code page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New-user page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cookies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session cookie name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSRF cookie name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callback URL cookie name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures per account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures per client address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account field of the form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the gatehouse-server configuration file to edit it. Connecting with a configuration file opens it here too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Access rules (forward authentication)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rules: what applies otherwise applies to every request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first rule that matches decides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Hosts: %2 · paths: %3 · methods: %4 → %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Otherwise: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try a request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e-mail address (empty: not signed in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfirmDialog</name>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectView</name>
    <message>
        <source>Open a configuration file or SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gatehouse configuration (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite database (*.db *.sqlite *.sqlite3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a Gatehouse installation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the gatehouse-server configuration file (it names the database) or give a database URL: sqlite:///path/gatehouse.db, postgresql://user@host/db, mysql://user@host/db.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration file or database URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse for a configuration file or SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 (schema version %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database schema is version %1; this build uses version %2. Migrate it now? Make a backup first: older gatehouse-server builds cannot use the migrated database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrate the database schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget this connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the recent connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not migrate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the CA certificate of the server (PEM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address of a gatehouse-server with &quot;admin&quot; configured, e.g. https://box.example/auth. You sign in in your browser; only members of the server&apos;s admin groups may connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://box.example/auth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificate file (optional, for the server&apos;s own certificate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificate file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse for a CA certificate file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in to %1 in your browser. If no browser opened, &lt;a href=&quot;%2&quot;&gt;open the sign-in page&lt;/a&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reaching %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 as %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DailyChart</name>
    <message>
        <source>Sign-ins and failures per day, last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-ins and failures, last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-ins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 sign-ins, %3 failures</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DashboardView</name>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh the dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-ins today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed sign-ins today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top providers, last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sign-ins yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 sign-ins</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::AccessTester</name>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anyone, without signing in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anyone signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a whole URL, such as https://app.example.test/path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent to the sign-in page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied (403)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path is ambiguous: servers may read it in more than one way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decided by the default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decided by rule %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking the server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (a stored user, in no group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (a stored user, in %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ActivityModel</name>
    <message>
        <source>no user has the email %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You may not read the audit log on this server (it takes the scope audit:read): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not read the activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not look the user up: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not read older activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not follow the activity: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a date (write it as 2026-11-29 or 2026-11-29 08:00)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-in failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account linked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account unlinked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password change failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password reset asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password reset failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password hash renewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passkey added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passkey removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passkey renamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor sign-in set up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Second factor confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Second factor failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor sign-in removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery codes renewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All sessions ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other sessions ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired sessions cleaned up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lockout lifted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed from a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admin API refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admin token created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admin token revoked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notice settings changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out by the provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in to an app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-in to an app refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App tokens issued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App tokens refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor set-up begun</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor set-up failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::AdminConnection</name>
    <message>
        <source>could not reach the database %1 within %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no configuration file or database URL was given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the configuration file %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the configuration %1 names no database: set adapter.url or DATABASE_URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid database URL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the SQLite database file %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not open the database %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database schema is version %1, newer than this build&apos;s %2; use a newer gatehouse-admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no server address was given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a server address; write it as https://host/basepath</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is plain http: use https (plain http only on this computer&apos;s loopback address)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the CA file %1 holds no PEM certificate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ApiClient</name>
    <message>
        <source>the server could not be reached: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your sign-in has ended; sign in again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many attempts; wait a minute and try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server failed (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server no longer accepts your sign-in; sign in again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server answered something that is not the admin API&apos;s JSON (HTTP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server has no admin API here (HTTP 404); is &quot;admin&quot; configured?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server answered a line that is not the admin API&apos;s JSON (HTTP %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ConfigDocument</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file does not hold a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The configuration has %n error(s); gatehouse-server would not load it.</source>
        <translation>
            <numerusform>The configuration has %n error; gatehouse-server would not load it.</numerusform>
            <numerusform>The configuration has %n errors; gatehouse-server would not load it.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot keep a backup in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name on the button</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issuer URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discovery document URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authorization endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Userinfo endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link accounts by email address (dangerous)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sender address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMTP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link lifetime (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authorize function (or builtin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offer passkeys in the browser&apos;s autofill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the server&apos;s configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the server any more; connect again to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The configuration on the server was changed since it was read; nothing was saved. Reconnect to read it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the configuration; nothing was saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save on the server: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ConsentsModel</name>
    <message>
        <source>could not load the apps with access: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sign-in and identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name and picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>email address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>staying signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no access any more: it asks again at the next sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 had no access any more</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::DashboardModel</name>
    <message>
        <source>could not load the dashboard: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::OidcClientsModel</name>
    <message>
        <source>could not read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a JSON configuration: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not read the server&apos;s configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anyone, without signing in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anyone signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>public (PKCE, no secret)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confidential (client secret)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asks each person first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first-party: never asks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ServerLink</name>
    <message>
        <source>unexpected failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server refused the sign-in: the account is not in the server&apos;s admin groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server refused the sign-in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sign-in in the browser did not finish in time; try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not reach the server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sign-in was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sign-in failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your sign-in has ended; sign in again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::SessionsModel</name>
    <message>
        <source>could not count the sessions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not load sessions: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected to a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the session %1 does not exist any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>revoked the session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a clean-up is running already</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>deleted %n expired session(s)</source>
        <translation>
            <numerusform>deleted %n expired session</numerusform>
            <numerusform>deleted %n expired sessions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::ThemePreview</name>
    <message>
        <source>The server would not start with this configuration: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server answered the sign-in page with status %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sign-in page failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sign-in page failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No temporary folder for the preview: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chromium was not found; install the Debian package &quot;chromium&quot; to see the preview.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the preview page: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chromium could not render the page (exit code %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chromium could not be started (%1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::UserDetail</name>
    <message>
        <source>could not load the user: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected to a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no %1 account %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlinked the %1 account %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the session %1 does not exist any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>revoked the session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>revoked %n session(s)</source>
        <translation>
            <numerusform>revoked %n session</numerusform>
            <numerusform>revoked %n sessions</numerusform>
        </translation>
    </message>
    <message>
        <source>the authenticator %1 does not exist any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed the authenticator %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this database keeps no two-factor records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no authenticator app to remove any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>removed the authenticator app and %n recovery code(s); sign-in asks for no code until the person sets it up again</source>
        <translation>
            <numerusform>removed the authenticator app and %n recovery code; sign-in asks for no code until the person sets it up again</numerusform>
            <numerusform>removed the authenticator app and %n recovery codes; sign-in asks for no code until the person sets it up again</numerusform>
        </translation>
    </message>
    <message>
        <source>Enter a group name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group name has at most %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group name cannot contain a comma.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group name cannot contain line breaks, tabs or other control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A group name cannot begin or end with a space.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in %1 any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user is not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was counted against %1: no limit to lift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cleared the counted failures of %1 (%2): the next attempt is allowed at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>password sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>second factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>password reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected to a server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::UserImportModel</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than 1 GiB: split it</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n user(s) refused: nothing would be imported. Correct the file, or choose to skip existing users and leave the refused ones out.</source>
        <translation>
            <numerusform>%n user refused: nothing would be imported. Correct the file, or choose to skip existing users and leave the refused ones out.</numerusform>
            <numerusform>%n users refused: nothing would be imported. Correct the file, or choose to skip existing users and leave the refused ones out.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to import: the database has every user of the file as the file says.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open a database first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose a file to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a format this import reads (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a choice for existing users (fail, skip, update)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gatehouse::Admin::UsersModel</name>
    <message>
        <source>the image &quot;%1&quot; is not an http(s) URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not count the users: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not load users: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected to a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an email address is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid email address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a user with the email %1 exists already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created the user %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no user with id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved the user %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marked %1 as verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marked %1 as not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the password must have at least %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the password must have at most %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the password must not be the user&apos;s email address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set a new password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set a new random password; show it to the user once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted the user %1 with its accounts, sessions and authenticators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enabled the user: signing in works again</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>disabled the user and revoked %n session(s)</source>
        <translation>
            <numerusform>disabled the user and revoked %n session</numerusform>
            <numerusform>disabled the user and revoked %n sessions</numerusform>
        </translation>
    </message>
    <message>
        <source>not connected to a server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted the user with its accounts, sessions and authenticators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this change needs a database connection for now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportUsersDialog</name>
    <message>
        <source>Import users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped (exists)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of %1 users in the file: %2 new, %3 to update, %4 unchanged, %5 skipped, %6 refused. Nothing is stored yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported: %1 created, %2 updated, %3 unchanged, %4 skipped, %5 refused of %6 users. Each one is in the audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was imported: the database changed since the check (see the refused users). Check again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file of users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User files (*.yml *.yaml *.json *.jsonl *.csv *htpasswd*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format of the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Existing users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import nothing if one exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave them as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update them from the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to do with users that exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Email domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for user names without @</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Email domain for user names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. staff, imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups every imported user joins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept weak hashes (apr1, low-cost bcrypt, …); they are flagged until the user signs in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, %2: %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file and check it: every user is listed here before anything is stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import the checked users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gatehouse Admin – %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gatehouse Admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenID clients</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionsView</name>
    <message>
        <source>Revoke session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean up expired sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n expired session(s) from the database?</source>
        <translation>
            <numerusform>Delete the %n expired session from the database?</numerusform>
            <numerusform>Delete the %n expired sessions from the database?</numerusform>
        </translation>
    </message>
    <message>
        <source>Clean up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n session(s)</source>
        <translation>
            <numerusform>%n session</numerusform>
            <numerusform>%n sessions</numerusform>
        </translation>
    </message>
    <message>
        <source>User email or name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show expired sessions too</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n expired session(s) waiting for clean-up.</source>
        <translation>
            <numerusform>%n expired session waiting for clean-up.</numerusform>
            <numerusform>%n expired sessions waiting for clean-up.</numerusform>
        </translation>
    </message>
    <message>
        <source>Clean up expired…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean-up progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session of %1, expires %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(expired)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the session %1 of %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke the session of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sessions.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThemeView</name>
    <message>
        <source>Choose a colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a logo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images (*.svg *.png *.jpg *.jpeg *.gif *.webp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the server&apos;s sign-in, sign-out and error pages look. Save in the configuration view or here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour scheme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brand colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Button text colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logo (URL or path on the site)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a logo file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh the preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a configuration file (Configuration view) to edit its theme.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview: the server&apos;s sign-in page, drawn by %1 in %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview of the sign-in page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserActions</name>
    <message>
        <source>Reset password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give %1 a new random password? The current one stops working.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete %1 with all linked accounts, sessions, passkeys and the password? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Email</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New password for %1 (at least 8 characters):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new password is shown only now. Hand it over securely.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable %1? The user cannot sign in with any provider until enabled again, and is signed out everywhere.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserDetailView</name>
    <message>
        <source>Back to the users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verified %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>email not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has a password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark email unverified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark email verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set a password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset the password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no user with the id %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accounts (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linked accounts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passkeys (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passkeys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No linked accounts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Account id at the provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlink account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlink the %1 account %2? The user can no longer sign in with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active and expired sessions of this user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke all sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign %1 out everywhere?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(expired)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the session %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No passkeys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credential id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backed up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove passkey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the passkey %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id: %1 · image %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>password disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disabled: this user cannot sign in with any provider until enabled again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-factor sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enrolment pending: an authenticator app was added but never confirmed with a code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not set up: signing in asks for no code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove two-factor sign-in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove two-factor sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the authenticator app and the recovery codes of %1? Signing in asks them for no code until they set it up again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In no groups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take %1 out of the group %2? Access rules that name the group stop letting them in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from the group %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authenticator app set up %1 · recovery codes left: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the members of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept out by too many attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: until %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lift the limits…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lift the limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the failed attempts counted against %1, so they may try again at once? Limits on their network address stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lift the limits on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apps with access (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apps with access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apps this user allowed at the consent page to sign them in. Revoking one ends its refresh tokens; it asks again at the next sign-in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database keeps no consents.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No app has access.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revoke app access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take away %1&apos;s access to the account of %2? Its refresh tokens stop working and it asks again at the next sign-in.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UsersView</name>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1+ users in the group %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1+ users</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n user(s)</source>
        <translation>
            <numerusform>%n user</numerusform>
            <numerusform>%n users</numerusform>
        </translation>
    </message>
    <message>
        <source>Search users</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Email</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark email unverified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark email verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No user matches “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No users yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>password disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n user(s) in the group %1</source>
        <translation>
            <numerusform>%n user in the group %1</numerusform>
            <numerusform>%n users in the group %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Search email, name, id or group:NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import users…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import users from a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first %1 are listed: search to find the others</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Administers a Gatehouse installation: users, linked accounts, sessions, passkeys, the
server&apos;s configuration file and the theme of its sign-in pages.

Without options it shows the connect screen with the recent connections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the gatehouse-server configuration &lt;file&gt;: its database (&quot;adapter&quot; or DATABASE_URL) and its settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the database &lt;url&gt; directly: sqlite:///path/gatehouse.db, postgresql://user@host/db or mysql://user@host/db.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of the interface: en or de (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colours: light or dark (default: the last one used).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A configuration file or a database URL (the same as --config or --database).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
