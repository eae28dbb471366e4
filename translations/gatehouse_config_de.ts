<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>Gatehouse::Config</name>
    <message>
        <source>must be a string</source>
        <translation>muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>muss true oder false sein</translation>
    </message>
    <message>
        <source>must be an integer from %1 to %2</source>
        <extracomment>%1 and %2 are the smallest and the largest value allowed</extracomment>
        <translation>muss eine ganze Zahl von %1 bis %2 sein</translation>
    </message>
    <message>
        <source>must be a positive integer</source>
        <translation>muss eine positive ganze Zahl sein</translation>
    </message>
    <message>
        <source>must be a non-negative integer</source>
        <translation>muss eine nicht negative ganze Zahl sein</translation>
    </message>
    <message>
        <source>must be an integer of at least %1</source>
        <extracomment>%1 is the smallest value allowed</extracomment>
        <translation>muss eine ganze Zahl von mindestens %1 sein</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>muss ein Objekt sein</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <extracomment>%1 lists the values allowed, separated by commas</extracomment>
        <translation>muss einer dieser Werte sein: %1</translation>
    </message>
    <message>
        <source>must be one of %1 (did you mean &quot;%2&quot;?)</source>
        <extracomment>%1 lists the values allowed, %2 is the one closest to what was written</extracomment>
        <translation>muss einer dieser Werte sein: %1 (meinten Sie „%2“?)</translation>
    </message>
    <message>
        <source>not a URL</source>
        <translation>keine URL</translation>
    </message>
    <message>
        <source>must be an http or https URL</source>
        <translation>muss eine http- oder https-URL sein</translation>
    </message>
    <message>
        <source>not an http or https URL</source>
        <translation>keine http- oder https-URL</translation>
    </message>
    <message>
        <source>cannot be set in the JSON configuration (it takes functions)</source>
        <translation>kann nicht in der JSON-Konfiguration gesetzt werden (erwartet Funktionen)</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>unbekannter Schlüssel</translation>
    </message>
    <message>
        <source>unknown key (did you mean &quot;%1&quot;?)</source>
        <extracomment>%1 is the known key closest to the unknown one</extracomment>
        <translation>unbekannter Schlüssel (meinten Sie „%1“?)</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>muss eine Liste sein</translation>
    </message>
    <message>
        <source>not a CSS colour</source>
        <translation>keine CSS-Farbe</translation>
    </message>
    <message>
        <source>must be an http(s) URL or a path</source>
        <translation>muss eine http(s)-URL oder ein Pfad sein</translation>
    </message>
    <message>
        <source>must be the name of a JavaScript function</source>
        <translation>muss der Name einer JavaScript-Funktion sein</translation>
    </message>
    <message>
        <source>needs &quot;callbacksScript&quot;</source>
        <translation>braucht „callbacksScript“</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <extracomment>%1 is a file name, %2 why it cannot be read</extracomment>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>must not be an empty list</source>
        <translation>darf keine leere Liste sein</translation>
    </message>
    <message>
        <source>must be a non-empty string</source>
        <translation>muss eine nicht leere Zeichenkette sein</translation>
    </message>
    <message>
        <source>must be a string or a list of strings</source>
        <translation>muss eine Zeichenkette oder eine Liste von Zeichenketten sein</translation>
    </message>
    <message>
        <source>ignored: &quot;secret&quot; in the configuration wins</source>
        <extracomment>Warning about an AUTH_SECRET variable</extracomment>
        <translation>ignoriert: „secret“ in der Konfiguration hat Vorrang</translation>
    </message>
    <message>
        <source>shorter than %1 characters; use a long random value (gatehouse-server secret prints one)</source>
        <extracomment>Warning; %1 is the recommended length</extracomment>
        <translation>kürzer als %1 Zeichen; verwenden Sie einen langen Zufallswert (gatehouse-server secret gibt einen aus)</translation>
    </message>
    <message>
        <source>missing (set AUTH_SECRET or &quot;secret&quot;)</source>
        <translation>fehlt (AUTH_SECRET oder „secret“ setzen)</translation>
    </message>
    <message>
        <source>must start with &quot;/&quot;</source>
        <translation>muss mit „/“ beginnen</translation>
    </message>
    <message>
        <source>must not end with &quot;/&quot;</source>
        <translation>darf nicht mit „/“ enden</translation>
    </message>
    <message>
        <source>must be a plain path such as /auth</source>
        <translation>muss ein einfacher Pfad wie /auth sein</translation>
    </message>
    <message>
        <source>its path must start with &quot;/&quot;</source>
        <extracomment>Problem of AUTH_URL: the path in it</extracomment>
        <translation>ihr Pfad muss mit „/“ beginnen</translation>
    </message>
    <message>
        <source>its path must not end with &quot;/&quot;</source>
        <extracomment>Problem of AUTH_URL: the path in it</extracomment>
        <translation>ihr Pfad darf nicht mit „/“ enden</translation>
    </message>
    <message>
        <source>its path must be a plain path such as /auth</source>
        <extracomment>Problem of AUTH_URL: the path in it</extracomment>
        <translation>ihr Pfad muss ein einfacher Pfad wie /auth sein</translation>
    </message>
    <message>
        <source>its path &quot;%1&quot; differs from basePath &quot;%2&quot;; basePath is used</source>
        <extracomment>Warning about AUTH_URL; %1 is its path, %2 the configured basePath</extracomment>
        <translation>ihr Pfad „%1“ weicht von basePath „%2“ ab; basePath wird verwendet</translation>
    </message>
    <message>
        <source>CSRF protection is off</source>
        <extracomment>Warning about skipCSRFCheck</extracomment>
        <translation>der CSRF-Schutz ist ausgeschaltet</translation>
    </message>
    <message>
        <source>must be true, 1, yes, false, 0 or no</source>
        <translation>muss true, 1, yes, false, 0 oder no sein</translation>
    </message>
    <message>
        <source>%1:%2:%3: JSON syntax error: %4</source>
        <extracomment>%1 is the file, %2 and %3 line and column, %4 the parser&apos;s message</extracomment>
        <translation>%1:%2:%3: JSON-Syntaxfehler: %4</translation>
    </message>
    <message>
        <source>%1: the configuration must be a JSON object {...}</source>
        <extracomment>%1 is the file</extracomment>
        <translation>%1: die Konfiguration muss ein JSON-Objekt {...} sein</translation>
    </message>
    <message>
        <source>&quot;database&quot; needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>„database“ braucht einen Adapter („adapter“ oder DATABASE_URL setzen)</translation>
    </message>
    <message>
        <source>must be one of lax, strict, none</source>
        <translation>muss lax, strict oder none sein</translation>
    </message>
    <message>
        <source>browsers reject SameSite=None cookies that are not secure</source>
        <extracomment>Warning about cookie options</extracomment>
        <translation>Browser weisen SameSite=None-Cookies ohne Secure zurück</translation>
    </message>
    <message>
        <source>not a valid cookie name</source>
        <translation>kein gültiger Cookie-Name</translation>
    </message>
    <message>
        <source>must be a path (&quot;/login&quot;) or an http(s) URL</source>
        <translation>muss ein Pfad („/login“) oder eine http(s)-URL sein</translation>
    </message>
    <message>
        <source>must be a list of proxy addresses or subnets, for example [&quot;127.0.0.1&quot;, &quot;10.0.0.0/8&quot;]</source>
        <translation>muss eine Liste von Proxy-Adressen oder -Subnetzen sein, zum Beispiel [&quot;127.0.0.1&quot;, &quot;10.0.0.0/8&quot;]</translation>
    </message>
    <message>
        <source>must be a list of group names, for example [&quot;admins&quot;]</source>
        <translation>muss eine Liste von Gruppennamen sein, zum Beispiel [&quot;admins&quot;]</translation>
    </message>
    <message>
        <source>the OpenID Provider&apos;s client id %1 is gatehouse-admin&apos;s while admin is configured: rename the configured client</source>
        <translation>die Client-ID %1 des OpenID Providers gehört gatehouse-admin, solange admin konfiguriert ist: benennen Sie den konfigurierten Client um</translation>
    </message>
    <message>
        <source>must be IP-ADDRESS:PORT, for example 10.0.0.2:9443 (without the key the admin API is served on server.listen)</source>
        <translation>muss IP-ADRESSE:PORT sein, zum Beispiel 10.0.0.2:9443 (ohne den Schlüssel wird die Admin-API auf server.listen angeboten)</translation>
    </message>
    <message>
        <source>must differ from server.listen and server.metricsListen: the admin API on its own address is served only there</source>
        <translation>muss sich von server.listen und server.metricsListen unterscheiden: die Admin-API auf einer eigenen Adresse wird nur dort angeboten</translation>
    </message>
    <message>
        <source>needs &quot;admin&quot;: the admin API is off without it</source>
        <translation>braucht &quot;admin&quot;: ohne es ist die Admin-API aus</translation>
    </message>
    <message>
        <source>the admin API needs a database (adapter.url or DATABASE_URL): its tokens are stored there</source>
        <translation>die Admin-API braucht eine Datenbank (adapter.url oder DATABASE_URL): ihre Tokens werden dort gespeichert</translation>
    </message>
    <message>
        <source>not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)</source>
        <translation>keine IP-Adresse und kein Subnetz (127.0.0.1, ::1, 10.0.0.0/8)</translation>
    </message>
    <message>
        <source>brute-force protection of credentials sign-ins is off</source>
        <extracomment>Warning about rateLimit.enabled false</extracomment>
        <translation>der Schutz der Anmeldung mit Zugangsdaten gegen Durchprobieren ist ausgeschaltet</translation>
    </message>
    <message>
        <source>must be IP-ADDRESS:PORT, for example 127.0.0.1:3000 or [::1]:3000</source>
        <translation>muss IP-ADRESSE:PORT sein, zum Beispiel 127.0.0.1:3000 oder [::1]:3000</translation>
    </message>
    <message>
        <source>must be IP-ADDRESS:PORT, for example 127.0.0.1:9464 (metrics are off when the key is absent)</source>
        <translation>muss IP-ADRESSE:PORT sein, zum Beispiel 127.0.0.1:9464 (ohne den Schlüssel sind die Metriken aus)</translation>
    </message>
    <message>
        <source>must differ from server.listen: metrics are never served on the public address</source>
        <translation>muss sich von server.listen unterscheiden: Metriken werden nie auf der öffentlichen Adresse angeboten</translation>
    </message>
    <message>
        <source>not a database URL (sqlite:///path/gatehouse.db, postgresql://user@host:port/db, mysql://...)</source>
        <translation>keine Datenbank-URL (sqlite:///pfad/gatehouse.db, postgresql://benutzer@host:port/db, mysql://...)</translation>
    </message>
    <message>
        <source>unsupported database &quot;%1&quot;; one of %2</source>
        <extracomment>%1 is the URL scheme written, %2 lists the supported ones</extracomment>
        <translation>nicht unterstützte Datenbank „%1“; eine von %2</translation>
    </message>
    <message>
        <source>unsupported database &quot;%1&quot;; one of %2 (did you mean &quot;%3&quot;?)</source>
        <extracomment>%1 is the URL scheme written, %2 lists the supported ones, %3 is the closest of them</extracomment>
        <translation>nicht unterstützte Datenbank „%1“; eine von %2 (meinten Sie „%3“?)</translation>
    </message>
    <message>
        <source>%1</source>
        <extracomment>%1 is the storage module&apos;s whole explanation, in English, for example: invalid database URL &quot;sqlite://x.db&quot;: it names a host (&quot;x.db&quot;)</extracomment>
        <translation>%1</translation>
    </message>
    <message>
        <source>missing (set DATABASE_URL or &quot;url&quot;)</source>
        <translation>fehlt (DATABASE_URL oder „url“ setzen)</translation>
    </message>
    <message>
        <source>file not found: %1</source>
        <extracomment>%1 is the path of the file</extracomment>
        <translation>Datei nicht gefunden: %1</translation>
    </message>
    <message>
        <source>must be a URL or an object {url, params}</source>
        <translation>muss eine URL oder ein Objekt {url, params} sein</translation>
    </message>
    <message>
        <source>must be a string, number or boolean</source>
        <translation>muss eine Zeichenkette, eine Zahl oder ein Wahrheitswert sein</translation>
    </message>
    <message>
        <source>deprecated; use &quot;brandColor&quot;</source>
        <extracomment>Warning about a provider&apos;s style.bg or style.text</extracomment>
        <translation>veraltet; verwenden Sie „brandColor“</translation>
    </message>
    <message>
        <source>must be an object {label, type, ...}</source>
        <translation>muss ein Objekt {label, type, ...} sein</translation>
    </message>
    <message>
        <source>must be a claim path, a list of claim paths or null</source>
        <translation>muss ein Claim-Pfad, eine Liste von Claim-Pfaden oder null sein</translation>
    </message>
    <message>
        <source>missing (set %1_ID or &quot;clientId&quot;)</source>
        <extracomment>%1 is the environment variable prefix, such as AUTH_GITHUB</extracomment>
        <translation>fehlt (%1_ID oder „clientId“ setzen)</translation>
    </message>
    <message>
        <source>missing (set %1_ISSUER or &quot;issuer&quot;)</source>
        <extracomment>%1 is the environment variable prefix, such as AUTH_GITHUB</extracomment>
        <translation>fehlt (%1_ISSUER oder „issuer“ setzen)</translation>
    </message>
    <message>
        <source>missing (or set &quot;issuer&quot; for discovery)</source>
        <translation>fehlt (oder „issuer“ für die Discovery setzen)</translation>
    </message>
    <message>
        <source>%1 is larger than 1 MiB</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 ist größer als 1 MiB</translation>
    </message>
    <message>
        <source>%1 holds no PEM certificate (&quot;%2...&quot;)</source>
        <extracomment>%1 is a file name, %2 the line a PEM certificate starts with</extracomment>
        <translation>%1 enthält kein PEM-Zertifikat („%2...“)</translation>
    </message>
    <message>
        <source>the text holds no PEM certificate (&quot;%1...&quot;)</source>
        <extracomment>%1 is the line a PEM certificate starts with</extracomment>
        <translation>der Text enthält kein PEM-Zertifikat („%1...“)</translation>
    </message>
    <message>
        <source>off: anyone can make the server send any number of sign-in mails to any address</source>
        <extracomment>Warning about an email provider&apos;s rateLimit false</extracomment>
        <translation>ausgeschaltet: jeder kann den Server beliebig viele Anmelde-E-Mails an beliebige Adressen senden lassen</translation>
    </message>
    <message>
        <source>must be false or an object {perAddress, perClient, windowSeconds}</source>
        <translation>muss false oder ein Objekt {perAddress, perClient, windowSeconds} sein</translation>
    </message>
    <message>
        <source>missing (the sender, e.g. &quot;Example &lt;no-reply@example.com&gt;&quot;)</source>
        <translation>fehlt (der Absender, z. B. „Example &lt;no-reply@example.com&gt;“)</translation>
    </message>
    <message>
        <source>must be an smtp:// URL or an object {host, port, ...}</source>
        <translation>muss eine smtp://-URL oder ein Objekt {host, port, ...} sein</translation>
    </message>
    <message>
        <source>an email provider needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>ein E-Mail-Anbieter braucht einen Adapter („adapter“ oder DATABASE_URL setzen)</translation>
    </message>
    <message>
        <source>&quot;authorize&quot;: &quot;builtin&quot; needs a field named &quot;%1&quot;</source>
        <extracomment>%1 is the name of the form field</extracomment>
        <translation>&quot;authorize&quot;: &quot;builtin&quot; braucht ein Feld namens „%1“</translation>
    </message>
    <message>
        <source>&quot;builtin&quot; checks the passwords stored in the database: it needs an adapter (set &quot;adapter&quot;: {&quot;url&quot;: ...} or DATABASE_URL)</source>
        <translation>„builtin“ prüft die in der Datenbank gespeicherten Passwörter: es braucht einen Adapter (&quot;adapter&quot;: {&quot;url&quot;: ...} oder DATABASE_URL setzen)</translation>
    </message>
    <message>
        <source>missing (the name of a function in &quot;callbacksScript&quot;)</source>
        <translation>fehlt (der Name einer Funktion in „callbacksScript“)</translation>
    </message>
    <message>
        <source>a credentials provider needs an authorize function</source>
        <translation>ein Credentials-Anbieter braucht eine authorize-Funktion</translation>
    </message>
    <message>
        <source>must be a non-empty list of -8 (EdDSA), -7 (ES256) or -257 (RS256)</source>
        <translation>muss eine nicht leere Liste aus -8 (EdDSA), -7 (ES256) oder -257 (RS256) sein</translation>
    </message>
    <message>
        <source>&quot;webauthn&quot; needs &quot;experimental&quot;: {&quot;enableWebAuthn&quot;: true}</source>
        <translation>„webauthn“ braucht &quot;experimental&quot;: {&quot;enableWebAuthn&quot;: true}</translation>
    </message>
    <message>
        <source>a webauthn provider needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>ein WebAuthn-Anbieter braucht einen Adapter („adapter“ oder DATABASE_URL setzen)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a built-in provider; set &quot;type&quot; to configure your own</source>
        <extracomment>%1 is the provider id written</extracomment>
        <translation>„%1“ ist kein eingebauter Anbieter; setzen Sie „type“, um einen eigenen zu konfigurieren</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a built-in provider (did you mean &quot;%2&quot;?); set &quot;type&quot; to configure your own</source>
        <extracomment>%1 is the provider id written, %2 the closest built-in one</extracomment>
        <translation>„%1“ ist kein eingebauter Anbieter (meinten Sie „%2“?); setzen Sie „type“, um einen eigenen zu konfigurieren</translation>
    </message>
    <message>
        <source>no providers configured; nobody can sign in</source>
        <extracomment>Warning</extracomment>
        <translation>keine Anbieter konfiguriert; niemand kann sich anmelden</translation>
    </message>
    <message>
        <source>must be an object {id, name, type, ...}</source>
        <translation>muss ein Objekt {id, name, type, ...} sein</translation>
    </message>
    <message>
        <source>may contain only letters, digits, &quot;-&quot; and &quot;_&quot;</source>
        <translation>darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten</translation>
    </message>
    <message>
        <source>duplicate id &quot;%1&quot; (also providers[%2])</source>
        <extracomment>%1 is the provider id, %2 the index of the other provider with it</extracomment>
        <translation>doppelte id „%1“ (auch providers[%2])</translation>
    </message>
    <message>
        <source>missing; one of %1 (or the id of a built-in provider)</source>
        <extracomment>%1 lists the provider types</extracomment>
        <translation>fehlt; einer von %1 (oder die id eines eingebauten Anbieters)</translation>
    </message>
    <message>
        <source>give either %1 or %2, not both</source>
        <extracomment>%1 and %2 are the two keys or variables that give the same value</extracomment>
        <translation>Entweder %1 oder %2 angeben, nicht beides</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 ist leer</translation>
    </message>
    <message>
        <source>%1 can be read by every user of this machine (mode %2): allow only root and the service (chmod 0600 or 0640)</source>
        <extracomment>%1 is a file name, %2 its permissions in octal (0644)</extracomment>
        <translation>%1 kann von jedem Benutzer dieses Rechners gelesen werden (Modus %2): nur root und dem Dienst erlauben (chmod 0600 oder 0640)</translation>
    </message>
    <message>
        <source>the systemd credential %2 gives %1 too: keep one of them</source>
        <extracomment>%1 is the name of an environment variable, %2 a file name</extracomment>
        <translation>Die systemd-Credential %2 setzt %1 ebenfalls: nur eines davon behalten</translation>
    </message>
    <message>
        <source>must be a file name or a list of file names</source>
        <translation>muss ein Dateiname oder eine Liste von Dateinamen sein</translation>
    </message>
    <message>
        <source>must not be &quot;/&quot;: the root redirects to it (leave the key out for the account page)</source>
        <translation>darf nicht „/“ sein: die Wurzel leitet dorthin weiter (ohne den Schlüssel ist es die Kontoseite)</translation>
    </message>
    <message>
        <source>must be a path (&quot;/account&quot;), an http(s) URL, or false (no account page)</source>
        <translation>muss ein Pfad („/account“), eine http(s)-URL oder false (keine Kontoseite) sein</translation>
    </message>
    <message>
        <source>forward authentication is configured but no proxy is trusted: more than %1 concurrent checks from the proxy&apos;s address will be refused (list its address, e.g. [&quot;127.0.0.1&quot;])</source>
        <extracomment>Warning when access rules are configured and trustedProxies is empty; %1 is server.maxConnectionsPerAddress</extracomment>
        <translation>Weiterleitungs-Authentifizierung ist eingerichtet, aber kein Proxy ist vertrauenswürdig: mehr als %1 gleichzeitige Prüfungen von der Adresse des Proxys werden abgewiesen (tragen Sie seine Adresse ein, z. B. [&quot;127.0.0.1&quot;])</translation>
    </message>
    <message>
        <source>must be &quot;bypass&quot;, &quot;signed-in&quot;, &quot;deny&quot; or {&quot;users&quot;: [...], &quot;groups&quot;: [...]}</source>
        <translation>muss &quot;bypass&quot;, &quot;signed-in&quot;, &quot;deny&quot; oder {&quot;users&quot;: [...], &quot;groups&quot;: [...]} sein</translation>
    </message>
    <message>
        <source>names no users and no groups: nobody would be allowed (use &quot;deny&quot; for that)</source>
        <translation>nennt weder Benutzer noch Gruppen: niemand wäre zugelassen (dafür gibt es &quot;deny&quot;)</translation>
    </message>
    <message>
        <source>must be a list of strings</source>
        <translation>muss eine Liste von Zeichenketten sein</translation>
    </message>
    <message>
        <source>must be a lower-case host name, or &quot;*.&quot; and one (&quot;*.example.test&quot;)</source>
        <translation>muss ein Hostname in Kleinbuchstaben sein, oder &quot;*.&quot; vor einem solchen (&quot;*.example.test&quot;)</translation>
    </message>
    <message>
        <source>must be a path starting with &quot;/&quot; or &quot;*&quot;, without spaces, &quot;?&quot; or &quot;#&quot;</source>
        <translation>muss ein Pfad sein, der mit &quot;/&quot; oder &quot;*&quot; beginnt, ohne Leerzeichen, &quot;?&quot; oder &quot;#&quot;</translation>
    </message>
    <message>
        <source>must be an upper-case HTTP method name such as &quot;GET&quot;</source>
        <translation>muss ein HTTP-Methodenname in Großbuchstaben sein, etwa &quot;GET&quot;</translation>
    </message>
    <message>
        <source>must be a lower-case host name (&quot;app.example.test&quot;) or a domain suffix starting with a dot (&quot;.example.test&quot;)</source>
        <translation>muss ein Hostname in Kleinbuchstaben (&quot;app.example.test&quot;) oder eine mit einem Punkt beginnende Domain-Endung (&quot;.example.test&quot;) sein</translation>
    </message>
    <message>
        <source>must be a list of HTTP header names</source>
        <translation>muss eine Liste von HTTP-Header-Namen sein</translation>
    </message>
    <message>
        <source>is not a group name: it is empty</source>
        <translation>ist kein Gruppenname: er ist leer</translation>
    </message>
    <message>
        <source>is not a group name: it is longer than %1 characters</source>
        <extracomment>%1 is the longest length allowed (128)</extracomment>
        <translation>ist kein Gruppenname: er ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>is not a group name: it contains a comma (identity headers list groups separated by commas)</source>
        <translation>ist kein Gruppenname: er enthält ein Komma (Identitäts-Header listen Gruppen durch Kommas getrennt)</translation>
    </message>
    <message>
        <source>is not a group name: it contains a control character</source>
        <translation>ist kein Gruppenname: er enthält ein Steuerzeichen</translation>
    </message>
    <message>
        <source>is not a group name: it begins or ends with a space</source>
        <translation>ist kein Gruppenname: er beginnt oder endet mit einem Leerzeichen</translation>
    </message>
    <message>
        <source>&quot;always&quot; needs an adapter that keeps two-factor records (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>„always“ braucht einen Adapter, der Zwei-Faktor-Daten speichert („adapter“ oder DATABASE_URL setzen)</translation>
    </message>
    <message>
        <source>names no groups: leave it out, or name the groups whose members must use a second factor</source>
        <translation>nennt keine Gruppen: weglassen oder die Gruppen nennen, deren Mitglieder einen zweiten Faktor brauchen</translation>
    </message>
    <message>
        <source>is not a valid group name (empty, longer than 128 characters, or with a comma, a control character or a space at either end)</source>
        <translation>ist kein gültiger Gruppenname (leer, länger als 128 Zeichen, oder mit Komma, Steuerzeichen oder Leerzeichen am Anfang oder Ende)</translation>
    </message>
    <message>
        <source>has an effect only with &quot;required&quot;: &quot;optional&quot; (&quot;always&quot; asks everyone, &quot;never&quot; nobody)</source>
        <translation>wirkt nur mit „required“: „optional“ („always“ fragt alle, „never“ niemanden)</translation>
    </message>
    <message>
        <source>must be 1 to 100 characters, not only spaces, without control characters</source>
        <translation>muss aus 1 bis 100 Zeichen bestehen, nicht nur aus Leerzeichen, ohne Steuerzeichen</translation>
    </message>
    <message>
        <source>must be 1 to 128 letters, digits, &quot;.&quot;, &quot;_&quot;, &quot;~&quot; or &quot;-&quot;</source>
        <translation>muss aus 1 bis 128 Buchstaben, Ziffern, „.“, „_“, „~“ oder „-“ bestehen</translation>
    </message>
    <message>
        <source>duplicate client id &quot;%1&quot; (also oidcProvider.clients[%2])</source>
        <extracomment>%1 is the client id, %2 the index of the other client with it</extracomment>
        <translation>doppelte Client-ID „%1“ (auch oidcProvider.clients[%2])</translation>
    </message>
    <message>
        <source>a public client has no secret (it could not keep one): remove it, or set &quot;public&quot;: false</source>
        <translation>ein öffentlicher Client hat kein Geheimnis (er könnte es nicht bewahren): entfernen oder „public“: false setzen</translation>
    </message>
    <message>
        <source>missing: a confidential client needs a secret (&quot;clientSecret&quot; or &quot;clientSecretFile&quot;), or set &quot;public&quot;: true</source>
        <translation>fehlt: ein vertraulicher Client braucht ein Geheimnis („clientSecret“ oder „clientSecretFile“), oder „public“: true setzen</translation>
    </message>
    <message>
        <source>a public client needs at least one redirect URI</source>
        <translation>ein öffentlicher Client braucht mindestens eine Redirect-URI</translation>
    </message>
    <message>
        <source>must be &quot;signed-in&quot;, &quot;deny&quot; or {&quot;users&quot;: [...], &quot;groups&quot;: [...]}</source>
        <translation>muss „signed-in“, „deny“ oder {&quot;users&quot;: [...], &quot;groups&quot;: [...]} sein</translation>
    </message>
    <message>
        <source>must be an absolute URI such as https://app.example.test/callback, without spaces</source>
        <translation>muss eine absolute URI wie https://app.example.test/callback sein, ohne Leerzeichen</translation>
    </message>
    <message>
        <source>must be https, or http to 127.0.0.1 or [::1] (a receiver on this machine)</source>
        <translation>muss https sein, oder http zu 127.0.0.1 oder [::1] (ein Empfänger auf diesem Rechner)</translation>
    </message>
    <message>
        <source>must not have a fragment (&quot;#...&quot;)</source>
        <translation>darf kein Fragment („#...“) haben</translation>
    </message>
    <message>
        <source>must not have user information (&quot;user@&quot;) before the host</source>
        <translation>darf keine Benutzerangabe („user@“) vor dem Host haben</translation>
    </message>
    <message>
        <source>must not contain &quot;*&quot;: redirect URIs are compared exactly, there are no wildcards</source>
        <translation>darf kein „*“ enthalten: Redirect-URIs werden exakt verglichen, Platzhalter gibt es nicht</translation>
    </message>
    <message>
        <source>this scheme cannot be a redirect URI</source>
        <translation>dieses Schema kann keine Redirect-URI sein</translation>
    </message>
    <message>
        <source>http only to 127.0.0.1 or [::1] (a native app&apos;s loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)</source>
        <translation>http nur zu 127.0.0.1 oder [::1] (Loopback-Redirect einer nativen App, beliebiger Port); sonst https (und 127.0.0.1 statt localhost)</translation>
    </message>
    <message>
        <source>must name a host</source>
        <translation>muss einen Host nennen</translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <extracomment>%1 is the longest length allowed</extracomment>
        <translation>ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <source>must be true, false or an object {&quot;enabled&quot;, &quot;lifetime&quot;}</source>
        <translation>muss true, false oder ein Objekt {&quot;enabled&quot;, &quot;lifetime&quot;} sein</translation>
    </message>
    <message>
        <source>must include authorization_code or client_credentials</source>
        <translation>muss authorization_code oder client_credentials enthalten</translation>
    </message>
    <message>
        <source>client_credentials is for confidential clients: a public client cannot use it</source>
        <translation>client_credentials ist für vertrauliche Clients: ein öffentlicher Client kann es nicht verwenden</translation>
    </message>
    <message>
        <source>offline_access is never granted: grantTypes does not include refresh_token</source>
        <translation>offline_access wird nie gewährt: grantTypes enthält refresh_token nicht</translation>
    </message>
    <message>
        <source>must not be longer than refreshTokenLifetime (%1 seconds)</source>
        <extracomment>%1 is refreshTokenLifetime in seconds</extracomment>
        <translation>darf nicht länger als refreshTokenLifetime sein (%1 Sekunden)</translation>
    </message>
    <message>
        <source>must be true, false or an object of the notices to mail, each true or false (&quot;newDevice&quot;, &quot;passwordChange&quot;, &quot;passwordReset&quot;, &quot;twoFactor&quot;, &quot;recoveryCode&quot;, &quot;linkedAccounts&quot;, &quot;passkeys&quot;)</source>
        <translation>muss true, false oder ein Objekt der zu versendenden Hinweise sein, jeder true oder false („newDevice“, „passwordChange“, „passwordReset“, „twoFactor“, „recoveryCode“, „linkedAccounts“, „passkeys“)</translation>
    </message>
    <message>
        <source>must be a list of webhooks, for example [{&quot;url&quot;: &quot;https://siem.example/hook&quot;, &quot;secretFile&quot;: &quot;webhook.secret&quot;}]</source>
        <translation>muss eine Liste von Webhooks sein, zum Beispiel [{&quot;url&quot;: &quot;https://siem.example/hook&quot;, &quot;secretFile&quot;: &quot;webhook.secret&quot;}]</translation>
    </message>
    <message>
        <source>must be an object with &quot;url&quot; and &quot;secretFile&quot;</source>
        <translation>muss ein Objekt mit &quot;url&quot; und &quot;secretFile&quot; sein</translation>
    </message>
    <message>
        <source>is missing: the http or https URL the events are POSTed to</source>
        <translation>fehlt: die http- oder https-URL, an die die Ereignisse per POST gehen</translation>
    </message>
    <message>
        <source>is missing: the file with the secret the deliveries are signed with</source>
        <translation>fehlt: die Datei mit dem Geheimnis, mit dem die Zustellungen signiert werden</translation>
    </message>
    <message>
        <source>the secret is shorter than %1 characters (make one with: openssl rand -hex 32)</source>
        <extracomment>%1 is the least number of characters</extracomment>
        <translation>das Geheimnis ist kürzer als %1 Zeichen (eines erzeugen mit: openssl rand -hex 32)</translation>
    </message>
    <message>
        <source>the same URL as events.webhooks[%1]</source>
        <extracomment>%1 is the index of the other webhook</extracomment>
        <translation>dieselbe URL wie events.webhooks[%1]</translation>
    </message>
    <message>
        <source>plain http to another machine: the events travel unencrypted (signed, but readable)</source>
        <translation>unverschlüsseltes http zu einem anderen Rechner: die Ereignisse gehen unverschlüsselt (signiert, aber lesbar)</translation>
    </message>
    <message>
        <source>must be a list of audit event types, for example [&quot;signIn&quot;, &quot;signInFailed&quot;]; leave it out for every event</source>
        <translation>muss eine Liste von Audit-Ereignistypen sein, zum Beispiel [&quot;signIn&quot;, &quot;signInFailed&quot;]; weglassen für alle Ereignisse</translation>
    </message>
    <message>
        <source>must be an audit event type: 1 to 64 letters and digits, for example &quot;signIn&quot;</source>
        <translation>muss ein Audit-Ereignistyp sein: 1 bis 64 Buchstaben und Ziffern, zum Beispiel &quot;signIn&quot;</translation>
    </message>
    <message>
        <source>webhooks need a database (adapter.url or DATABASE_URL): the audit log there is their outbox</source>
        <translation>Webhooks brauchen eine Datenbank (adapter.url oder DATABASE_URL): das Audit-Protokoll dort ist ihr Postausgang</translation>
    </message>
</context>
</TS>
