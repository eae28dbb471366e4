<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Gatehouse::Config</name>
    <message>
        <source>must be a string</source>
        <translation>must be a string</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>must not be empty</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>must be true or false</translation>
    </message>
    <message>
        <source>must be an integer from %1 to %2</source>
        <extracomment>%1 and %2 are the smallest and the largest value allowed</extracomment>
        <translation>must be an integer from %1 to %2</translation>
    </message>
    <message>
        <source>must be a positive integer</source>
        <translation>must be a positive integer</translation>
    </message>
    <message>
        <source>must be a non-negative integer</source>
        <translation>must be a non-negative integer</translation>
    </message>
    <message>
        <source>must be an integer of at least %1</source>
        <extracomment>%1 is the smallest value allowed</extracomment>
        <translation>must be an integer of at least %1</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>must be an object</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <extracomment>%1 lists the values allowed, separated by commas</extracomment>
        <translation>must be one of %1</translation>
    </message>
    <message>
        <source>must be one of %1 (did you mean &quot;%2&quot;?)</source>
        <extracomment>%1 lists the values allowed, %2 is the one closest to what was written</extracomment>
        <translation>must be one of %1 (did you mean &quot;%2&quot;?)</translation>
    </message>
    <message>
        <source>not a URL</source>
        <translation>not a URL</translation>
    </message>
    <message>
        <source>must be an http or https URL</source>
        <translation>must be an http or https URL</translation>
    </message>
    <message>
        <source>not an http or https URL</source>
        <translation>not an http or https URL</translation>
    </message>
    <message>
        <source>cannot be set in the JSON configuration (it takes functions)</source>
        <translation>cannot be set in the JSON configuration (it takes functions)</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>unknown key</translation>
    </message>
    <message>
        <source>unknown key (did you mean &quot;%1&quot;?)</source>
        <extracomment>%1 is the known key closest to the unknown one</extracomment>
        <translation>unknown key (did you mean &quot;%1&quot;?)</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>missing</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>must be a list</translation>
    </message>
    <message>
        <source>not a CSS colour</source>
        <translation>not a CSS colour</translation>
    </message>
    <message>
        <source>must be an http(s) URL or a path</source>
        <translation>must be an http(s) URL or a path</translation>
    </message>
    <message>
        <source>must be the name of a JavaScript function</source>
        <translation>must be the name of a JavaScript function</translation>
    </message>
    <message>
        <source>needs &quot;callbacksScript&quot;</source>
        <translation>needs &quot;callbacksScript&quot;</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <extracomment>%1 is a file name, %2 why it cannot be read</extracomment>
        <translation>cannot read %1: %2</translation>
    </message>
    <message>
        <source>must not be an empty list</source>
        <translation>must not be an empty list</translation>
    </message>
    <message>
        <source>must be a non-empty string</source>
        <translation>must be a non-empty string</translation>
    </message>
    <message>
        <source>must be a string or a list of strings</source>
        <translation>must be a string or a list of strings</translation>
    </message>
    <message>
        <source>ignored: &quot;secret&quot; in the configuration wins</source>
        <extracomment>Warning about an AUTH_SECRET variable</extracomment>
        <translation>ignored: &quot;secret&quot; in the configuration wins</translation>
    </message>
    <message>
        <source>shorter than %1 characters; use a long random value (gatehouse-server secret prints one)</source>
        <extracomment>Warning; %1 is the recommended length</extracomment>
        <translation>shorter than %1 characters; use a long random value (gatehouse-server secret prints one)</translation>
    </message>
    <message>
        <source>missing (set AUTH_SECRET or &quot;secret&quot;)</source>
        <translation>missing (set AUTH_SECRET or &quot;secret&quot;)</translation>
    </message>
    <message>
        <source>must start with &quot;/&quot;</source>
        <translation>must start with &quot;/&quot;</translation>
    </message>
    <message>
        <source>must not end with &quot;/&quot;</source>
        <translation>must not end with &quot;/&quot;</translation>
    </message>
    <message>
        <source>must be a plain path such as /auth</source>
        <translation>must be a plain path such as /auth</translation>
    </message>
    <message>
        <source>its path must start with &quot;/&quot;</source>
        <extracomment>Problem of AUTH_URL: the path in it</extracomment>
        <translation>its path must start with &quot;/&quot;</translation>
    </message>
    <message>
        <source>its path must not end with &quot;/&quot;</source>
        <extracomment>Problem of AUTH_URL: the path in it</extracomment>
        <translation>its path must not end with &quot;/&quot;</translation>
    </message>
    <message>
        <source>its path must be a plain path such as /auth</source>
        <extracomment>Problem of AUTH_URL: the path in it</extracomment>
        <translation>its path must be a plain path such as /auth</translation>
    </message>
    <message>
        <source>its path &quot;%1&quot; differs from basePath &quot;%2&quot;; basePath is used</source>
        <extracomment>Warning about AUTH_URL; %1 is its path, %2 the configured basePath</extracomment>
        <translation>its path &quot;%1&quot; differs from basePath &quot;%2&quot;; basePath is used</translation>
    </message>
    <message>
        <source>CSRF protection is off</source>
        <extracomment>Warning about skipCSRFCheck</extracomment>
        <translation>CSRF protection is off</translation>
    </message>
    <message>
        <source>must be true, 1, yes, false, 0 or no</source>
        <translation>must be true, 1, yes, false, 0 or no</translation>
    </message>
    <message>
        <source>%1:%2:%3: JSON syntax error: %4</source>
        <extracomment>%1 is the file, %2 and %3 line and column, %4 the parser&apos;s message</extracomment>
        <translation>%1:%2:%3: JSON syntax error: %4</translation>
    </message>
    <message>
        <source>%1: the configuration must be a JSON object {...}</source>
        <extracomment>%1 is the file</extracomment>
        <translation>%1: the configuration must be a JSON object {...}</translation>
    </message>
    <message>
        <source>&quot;database&quot; needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>&quot;database&quot; needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</translation>
    </message>
    <message>
        <source>must be one of lax, strict, none</source>
        <translation>must be one of lax, strict, none</translation>
    </message>
    <message>
        <source>browsers reject SameSite=None cookies that are not secure</source>
        <extracomment>Warning about cookie options</extracomment>
        <translation>browsers reject SameSite=None cookies that are not secure</translation>
    </message>
    <message>
        <source>not a valid cookie name</source>
        <translation>not a valid cookie name</translation>
    </message>
    <message>
        <source>must be a path (&quot;/login&quot;) or an http(s) URL</source>
        <translation>must be a path (&quot;/login&quot;) or an http(s) URL</translation>
    </message>
    <message>
        <source>must be a list of proxy addresses or subnets, for example [&quot;127.0.0.1&quot;, &quot;10.0.0.0/8&quot;]</source>
        <translation>must be a list of proxy addresses or subnets, for example [&quot;127.0.0.1&quot;, &quot;10.0.0.0/8&quot;]</translation>
    </message>
    <message>
        <source>not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)</source>
        <translation>not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)</translation>
    </message>
    <message>
        <source>brute-force protection of credentials sign-ins is off</source>
        <extracomment>Warning about rateLimit.enabled false</extracomment>
        <translation>brute-force protection of credentials sign-ins is off</translation>
    </message>
    <message>
        <source>must be IP-ADDRESS:PORT, for example 127.0.0.1:3000 or [::1]:3000</source>
        <translation>must be IP-ADDRESS:PORT, for example 127.0.0.1:3000 or [::1]:3000</translation>
    </message>
    <message>
        <source>must be IP-ADDRESS:PORT, for example 127.0.0.1:9464 (metrics are off when the key is absent)</source>
        <translation>must be IP-ADDRESS:PORT, for example 127.0.0.1:9464 (metrics are off when the key is absent)</translation>
    </message>
    <message>
        <source>must differ from server.listen: metrics are never served on the public address</source>
        <translation>must differ from server.listen: metrics are never served on the public address</translation>
    </message>
    <message>
        <source>not a database URL (sqlite:///path/gatehouse.db, postgresql://user@host:port/db, mysql://...)</source>
        <translation>not a database URL (sqlite:///path/gatehouse.db, postgresql://user@host:port/db, mysql://...)</translation>
    </message>
    <message>
        <source>unsupported database &quot;%1&quot;; one of %2</source>
        <extracomment>%1 is the URL scheme written, %2 lists the supported ones</extracomment>
        <translation>unsupported database &quot;%1&quot;; one of %2</translation>
    </message>
    <message>
        <source>unsupported database &quot;%1&quot;; one of %2 (did you mean &quot;%3&quot;?)</source>
        <extracomment>%1 is the URL scheme written, %2 lists the supported ones, %3 is the closest of them</extracomment>
        <translation>unsupported database &quot;%1&quot;; one of %2 (did you mean &quot;%3&quot;?)</translation>
    </message>
    <message>
        <source>%1</source>
        <extracomment>%1 is the storage module&apos;s whole explanation, in English, for example: invalid database URL &quot;sqlite://x.db&quot;: it names a host (&quot;x.db&quot;)</extracomment>
        <translation>%1</translation>
    </message>
    <message>
        <source>missing (set DATABASE_URL or &quot;url&quot;)</source>
        <translation>missing (set DATABASE_URL or &quot;url&quot;)</translation>
    </message>
    <message>
        <source>file not found: %1</source>
        <extracomment>%1 is the path of the file</extracomment>
        <translation>file not found: %1</translation>
    </message>
    <message>
        <source>must be a URL or an object {url, params}</source>
        <translation>must be a URL or an object {url, params}</translation>
    </message>
    <message>
        <source>must be a string, number or boolean</source>
        <translation>must be a string, number or boolean</translation>
    </message>
    <message>
        <source>deprecated; use &quot;brandColor&quot;</source>
        <extracomment>Warning about a provider&apos;s style.bg or style.text</extracomment>
        <translation>deprecated; use &quot;brandColor&quot;</translation>
    </message>
    <message>
        <source>must be an object {label, type, ...}</source>
        <translation>must be an object {label, type, ...}</translation>
    </message>
    <message>
        <source>must be a claim path, a list of claim paths or null</source>
        <translation>must be a claim path, a list of claim paths or null</translation>
    </message>
    <message>
        <source>missing (set %1_ID or &quot;clientId&quot;)</source>
        <extracomment>%1 is the environment variable prefix, such as AUTH_GITHUB</extracomment>
        <translation>missing (set %1_ID or &quot;clientId&quot;)</translation>
    </message>
    <message>
        <source>missing (set %1_ISSUER or &quot;issuer&quot;)</source>
        <extracomment>%1 is the environment variable prefix, such as AUTH_GITHUB</extracomment>
        <translation>missing (set %1_ISSUER or &quot;issuer&quot;)</translation>
    </message>
    <message>
        <source>missing (or set &quot;issuer&quot; for discovery)</source>
        <translation>missing (or set &quot;issuer&quot; for discovery)</translation>
    </message>
    <message>
        <source>%1 is larger than 1 MiB</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 is larger than 1 MiB</translation>
    </message>
    <message>
        <source>%1 holds no PEM certificate (&quot;%2...&quot;)</source>
        <extracomment>%1 is a file name, %2 the line a PEM certificate starts with</extracomment>
        <translation>%1 holds no PEM certificate (&quot;%2...&quot;)</translation>
    </message>
    <message>
        <source>the text holds no PEM certificate (&quot;%1...&quot;)</source>
        <extracomment>%1 is the line a PEM certificate starts with</extracomment>
        <translation>the text holds no PEM certificate (&quot;%1...&quot;)</translation>
    </message>
    <message>
        <source>off: anyone can make the server send any number of sign-in mails to any address</source>
        <extracomment>Warning about an email provider&apos;s rateLimit false</extracomment>
        <translation>off: anyone can make the server send any number of sign-in mails to any address</translation>
    </message>
    <message>
        <source>must be false or an object {perAddress, perClient, windowSeconds}</source>
        <translation>must be false or an object {perAddress, perClient, windowSeconds}</translation>
    </message>
    <message>
        <source>missing (the sender, e.g. &quot;Example &lt;no-reply@example.com&gt;&quot;)</source>
        <translation>missing (the sender, e.g. &quot;Example &lt;no-reply@example.com&gt;&quot;)</translation>
    </message>
    <message>
        <source>must be an smtp:// URL or an object {host, port, ...}</source>
        <translation>must be an smtp:// URL or an object {host, port, ...}</translation>
    </message>
    <message>
        <source>an email provider needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>an email provider needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</translation>
    </message>
    <message>
        <source>&quot;authorize&quot;: &quot;builtin&quot; needs a field named &quot;%1&quot;</source>
        <extracomment>%1 is the name of the form field</extracomment>
        <translation>&quot;authorize&quot;: &quot;builtin&quot; needs a field named &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;builtin&quot; checks the passwords stored in the database: it needs an adapter (set &quot;adapter&quot;: {&quot;url&quot;: ...} or DATABASE_URL)</source>
        <translation>&quot;builtin&quot; checks the passwords stored in the database: it needs an adapter (set &quot;adapter&quot;: {&quot;url&quot;: ...} or DATABASE_URL)</translation>
    </message>
    <message>
        <source>missing (the name of a function in &quot;callbacksScript&quot;)</source>
        <translation>missing (the name of a function in &quot;callbacksScript&quot;)</translation>
    </message>
    <message>
        <source>a credentials provider needs an authorize function</source>
        <translation>a credentials provider needs an authorize function</translation>
    </message>
    <message>
        <source>must be a non-empty list of -8 (EdDSA), -7 (ES256) or -257 (RS256)</source>
        <translation>must be a non-empty list of -8 (EdDSA), -7 (ES256) or -257 (RS256)</translation>
    </message>
    <message>
        <source>&quot;webauthn&quot; needs &quot;experimental&quot;: {&quot;enableWebAuthn&quot;: true}</source>
        <translation>&quot;webauthn&quot; needs &quot;experimental&quot;: {&quot;enableWebAuthn&quot;: true}</translation>
    </message>
    <message>
        <source>a webauthn provider needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>a webauthn provider needs an adapter (set &quot;adapter&quot; or DATABASE_URL)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a built-in provider; set &quot;type&quot; to configure your own</source>
        <extracomment>%1 is the provider id written</extracomment>
        <translation>&quot;%1&quot; is not a built-in provider; set &quot;type&quot; to configure your own</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a built-in provider (did you mean &quot;%2&quot;?); set &quot;type&quot; to configure your own</source>
        <extracomment>%1 is the provider id written, %2 the closest built-in one</extracomment>
        <translation>&quot;%1&quot; is not a built-in provider (did you mean &quot;%2&quot;?); set &quot;type&quot; to configure your own</translation>
    </message>
    <message>
        <source>no providers configured; nobody can sign in</source>
        <extracomment>Warning</extracomment>
        <translation>no providers configured; nobody can sign in</translation>
    </message>
    <message>
        <source>must be an object {id, name, type, ...}</source>
        <translation>must be an object {id, name, type, ...}</translation>
    </message>
    <message>
        <source>may contain only letters, digits, &quot;-&quot; and &quot;_&quot;</source>
        <translation>may contain only letters, digits, &quot;-&quot; and &quot;_&quot;</translation>
    </message>
    <message>
        <source>duplicate id &quot;%1&quot; (also providers[%2])</source>
        <extracomment>%1 is the provider id, %2 the index of the other provider with it</extracomment>
        <translation>duplicate id &quot;%1&quot; (also providers[%2])</translation>
    </message>
    <message>
        <source>missing; one of %1 (or the id of a built-in provider)</source>
        <extracomment>%1 lists the provider types</extracomment>
        <translation>missing; one of %1 (or the id of a built-in provider)</translation>
    </message>
    <message>
        <source>give either %1 or %2, not both</source>
        <extracomment>%1 and %2 are the two keys or variables that give the same value</extracomment>
        <translation>give either %1 or %2, not both</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <extracomment>%1 is a file name</extracomment>
        <translation>%1 is empty</translation>
    </message>
    <message>
        <source>%1 can be read by every user of this machine (mode %2): allow only root and the service (chmod 0600 or 0640)</source>
        <extracomment>%1 is a file name, %2 its permissions in octal (0644)</extracomment>
        <translation>%1 can be read by every user of this machine (mode %2): allow only root and the service (chmod 0600 or 0640)</translation>
    </message>
    <message>
        <source>the systemd credential %2 gives %1 too: keep one of them</source>
        <extracomment>%1 is the name of an environment variable, %2 a file name</extracomment>
        <translation>the systemd credential %2 gives %1 too: keep one of them</translation>
    </message>
    <message>
        <source>must be a file name or a list of file names</source>
        <translation>must be a file name or a list of file names</translation>
    </message>
    <message>
        <source>must not be &quot;/&quot;: the root redirects to it (leave the key out for the account page)</source>
        <translation>must not be &quot;/&quot;: the root redirects to it (leave the key out for the account page)</translation>
    </message>
    <message>
        <source>must be a path (&quot;/account&quot;), an http(s) URL, or false (no account page)</source>
        <translation>must be a path (&quot;/account&quot;), an http(s) URL, or false (no account page)</translation>
    </message>
    <message>
        <source>forward authentication is configured but no proxy is trusted: more than %1 concurrent checks from the proxy&apos;s address will be refused (list its address, e.g. [&quot;127.0.0.1&quot;])</source>
        <extracomment>Warning when access rules are configured and trustedProxies is empty; %1 is server.maxConnectionsPerAddress</extracomment>
        <translation>forward authentication is configured but no proxy is trusted: more than %1 concurrent checks from the proxy&apos;s address will be refused (list its address, e.g. [&quot;127.0.0.1&quot;])</translation>
    </message>
    <message>
        <source>must be &quot;bypass&quot;, &quot;signed-in&quot;, &quot;deny&quot; or {&quot;users&quot;: [...], &quot;groups&quot;: [...]}</source>
        <translation>must be &quot;bypass&quot;, &quot;signed-in&quot;, &quot;deny&quot; or {&quot;users&quot;: [...], &quot;groups&quot;: [...]}</translation>
    </message>
    <message>
        <source>names no users and no groups: nobody would be allowed (use &quot;deny&quot; for that)</source>
        <translation>names no users and no groups: nobody would be allowed (use &quot;deny&quot; for that)</translation>
    </message>
    <message>
        <source>must be a list of strings</source>
        <translation>must be a list of strings</translation>
    </message>
    <message>
        <source>must be a lower-case host name, or &quot;*.&quot; and one (&quot;*.example.test&quot;)</source>
        <translation>must be a lower-case host name, or &quot;*.&quot; and one (&quot;*.example.test&quot;)</translation>
    </message>
    <message>
        <source>must be a path starting with &quot;/&quot; or &quot;*&quot;, without spaces, &quot;?&quot; or &quot;#&quot;</source>
        <translation>must be a path starting with &quot;/&quot; or &quot;*&quot;, without spaces, &quot;?&quot; or &quot;#&quot;</translation>
    </message>
    <message>
        <source>must be an upper-case HTTP method name such as &quot;GET&quot;</source>
        <translation>must be an upper-case HTTP method name such as &quot;GET&quot;</translation>
    </message>
    <message>
        <source>must be a lower-case host name (&quot;app.example.test&quot;) or a domain suffix starting with a dot (&quot;.example.test&quot;)</source>
        <translation>must be a lower-case host name (&quot;app.example.test&quot;) or a domain suffix starting with a dot (&quot;.example.test&quot;)</translation>
    </message>
    <message>
        <source>must be a list of HTTP header names</source>
        <translation>must be a list of HTTP header names</translation>
    </message>
    <message>
        <source>is not a group name: it is empty</source>
        <translation>is not a group name: it is empty</translation>
    </message>
    <message>
        <source>is not a group name: it is longer than %1 characters</source>
        <extracomment>%1 is the longest length allowed (128)</extracomment>
        <translation>is not a group name: it is longer than %1 characters</translation>
    </message>
    <message>
        <source>is not a group name: it contains a comma (identity headers list groups separated by commas)</source>
        <translation>is not a group name: it contains a comma (identity headers list groups separated by commas)</translation>
    </message>
    <message>
        <source>is not a group name: it contains a control character</source>
        <translation>is not a group name: it contains a control character</translation>
    </message>
    <message>
        <source>is not a group name: it begins or ends with a space</source>
        <translation>is not a group name: it begins or ends with a space</translation>
    </message>
    <message>
        <source>&quot;always&quot; needs an adapter that keeps two-factor records (set &quot;adapter&quot; or DATABASE_URL)</source>
        <translation>&quot;always&quot; needs an adapter that keeps two-factor records (set &quot;adapter&quot; or DATABASE_URL)</translation>
    </message>
    <message>
        <source>names no groups: leave it out, or name the groups whose members must use a second factor</source>
        <translation>names no groups: leave it out, or name the groups whose members must use a second factor</translation>
    </message>
    <message>
        <source>is not a valid group name (empty, longer than 128 characters, or with a comma, a control character or a space at either end)</source>
        <translation>is not a valid group name (empty, longer than 128 characters, or with a comma, a control character or a space at either end)</translation>
    </message>
    <message>
        <source>has an effect only with &quot;required&quot;: &quot;optional&quot; (&quot;always&quot; asks everyone, &quot;never&quot; nobody)</source>
        <translation>has an effect only with &quot;required&quot;: &quot;optional&quot; (&quot;always&quot; asks everyone, &quot;never&quot; nobody)</translation>
    </message>
    <message>
        <source>must be 1 to 100 characters, not only spaces, without control characters</source>
        <translation>must be 1 to 100 characters, not only spaces, without control characters</translation>
    </message>
    <message>
        <source>must be 1 to 128 letters, digits, &quot;.&quot;, &quot;_&quot;, &quot;~&quot; or &quot;-&quot;</source>
        <translation>must be 1 to 128 letters, digits, &quot;.&quot;, &quot;_&quot;, &quot;~&quot; or &quot;-&quot;</translation>
    </message>
    <message>
        <source>duplicate client id &quot;%1&quot; (also oidcProvider.clients[%2])</source>
        <extracomment>%1 is the client id, %2 the index of the other client with it</extracomment>
        <translation>duplicate client id &quot;%1&quot; (also oidcProvider.clients[%2])</translation>
    </message>
    <message>
        <source>a public client has no secret (it could not keep one): remove it, or set &quot;public&quot;: false</source>
        <translation>a public client has no secret (it could not keep one): remove it, or set &quot;public&quot;: false</translation>
    </message>
    <message>
        <source>missing: a confidential client needs a secret (&quot;clientSecret&quot; or &quot;clientSecretFile&quot;), or set &quot;public&quot;: true</source>
        <translation>missing: a confidential client needs a secret (&quot;clientSecret&quot; or &quot;clientSecretFile&quot;), or set &quot;public&quot;: true</translation>
    </message>
    <message>
        <source>a public client needs at least one redirect URI</source>
        <translation>a public client needs at least one redirect URI</translation>
    </message>
    <message>
        <source>must be &quot;signed-in&quot;, &quot;deny&quot; or {&quot;users&quot;: [...], &quot;groups&quot;: [...]}</source>
        <translation>must be &quot;signed-in&quot;, &quot;deny&quot; or {&quot;users&quot;: [...], &quot;groups&quot;: [...]}</translation>
    </message>
    <message>
        <source>must be an absolute URI such as https://app.example.test/callback, without spaces</source>
        <translation>must be an absolute URI such as https://app.example.test/callback, without spaces</translation>
    </message>
    <message>
        <source>must be https, or http to 127.0.0.1 or [::1] (a receiver on this machine)</source>
        <translation>must be https, or http to 127.0.0.1 or [::1] (a receiver on this machine)</translation>
    </message>
    <message>
        <source>must not have a fragment (&quot;#...&quot;)</source>
        <translation>must not have a fragment (&quot;#...&quot;)</translation>
    </message>
    <message>
        <source>must not have user information (&quot;user@&quot;) before the host</source>
        <translation>must not have user information (&quot;user@&quot;) before the host</translation>
    </message>
    <message>
        <source>must not contain &quot;*&quot;: redirect URIs are compared exactly, there are no wildcards</source>
        <translation>must not contain &quot;*&quot;: redirect URIs are compared exactly, there are no wildcards</translation>
    </message>
    <message>
        <source>this scheme cannot be a redirect URI</source>
        <translation>this scheme cannot be a redirect URI</translation>
    </message>
    <message>
        <source>http only to 127.0.0.1 or [::1] (a native app&apos;s loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)</source>
        <translation>http only to 127.0.0.1 or [::1] (a native app&apos;s loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)</translation>
    </message>
    <message>
        <source>must name a host</source>
        <translation>must name a host</translation>
    </message>
    <message>
        <source>is longer than %1 characters</source>
        <extracomment>%1 is the longest length allowed</extracomment>
        <translation>is longer than %1 characters</translation>
    </message>
    <message>
        <source>must be true, false or an object {&quot;enabled&quot;, &quot;lifetime&quot;}</source>
        <translation>must be true, false or an object {&quot;enabled&quot;, &quot;lifetime&quot;}</translation>
    </message>
    <message>
        <source>must include authorization_code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offline_access is never granted: grantTypes does not include refresh_token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not be longer than refreshTokenLifetime (%1 seconds)</source>
        <extracomment>%1 is refreshTokenLifetime in seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true, false or an object of the notices to mail, each true or false (&quot;newDevice&quot;, &quot;passwordChange&quot;, &quot;passwordReset&quot;, &quot;twoFactor&quot;, &quot;recoveryCode&quot;, &quot;linkedAccounts&quot;, &quot;passkeys&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
