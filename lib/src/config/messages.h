#pragma once
/*
 * Every problem text of the configuration reader and checker, in English, marked for lupdate
 * (context "Gatehouse::Config"; translations in translations/gatehouse_config_<language>.ts). A problem
 * keeps its text as written here and the values of its placeholders, so the server logs
 * English and a tool with the catalogue installed shows the same problem in its user's
 * language (ConfigProblem::translatedMessage()).
 */
#include <QtGlobal>

namespace Gatehouse::ConfigDetail::Messages {

inline constexpr char Context[] = "Gatehouse::Config";

// Values of any key.
inline constexpr const char *MustBeString = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a string");
inline constexpr const char *MustNotBeEmpty = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not be empty");
inline constexpr const char *MustBeBoolean = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be true or false");
//: %1 and %2 are the smallest and the largest value allowed
inline constexpr const char *IntegerFromTo = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an integer from %1 to %2");
inline constexpr const char *PositiveInteger = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a positive integer");
inline constexpr const char *NonNegativeInteger = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a non-negative integer");
//: %1 is the smallest value allowed
inline constexpr const char *IntegerAtLeast = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an integer of at least %1");
inline constexpr const char *MustBeObject = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an object");
//: %1 lists the values allowed, separated by commas
inline constexpr const char *OneOf = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be one of %1");
//: %1 lists the values allowed, %2 is the one closest to what was written
inline constexpr const char *OneOfDidYouMean = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be one of %1 (did you mean \"%2\"?)");
inline constexpr const char *NotAUrl = QT_TRANSLATE_NOOP("Gatehouse::Config", "not a URL");
inline constexpr const char *MustBeHttpUrl = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an http or https URL");
inline constexpr const char *NotHttpUrl = QT_TRANSLATE_NOOP("Gatehouse::Config", "not an http or https URL");
inline constexpr const char *TakesFunctions = QT_TRANSLATE_NOOP("Gatehouse::Config", "cannot be set in the JSON configuration (it takes functions)");
inline constexpr const char *UnknownKey = QT_TRANSLATE_NOOP("Gatehouse::Config", "unknown key");
//: %1 is the known key closest to the unknown one
inline constexpr const char *UnknownKeyDidYouMean = QT_TRANSLATE_NOOP("Gatehouse::Config", "unknown key (did you mean \"%1\"?)");
inline constexpr const char *Missing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing");
inline constexpr const char *MustBeList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list");
inline constexpr const char *NotCssColour = QT_TRANSLATE_NOOP("Gatehouse::Config", "not a CSS colour");
inline constexpr const char *HttpUrlOrPath = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an http(s) URL or a path");
inline constexpr const char *FunctionName = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be the name of a JavaScript function");
inline constexpr const char *NeedsScript = QT_TRANSLATE_NOOP("Gatehouse::Config", "needs \"callbacksScript\"");
//: %1 is a file name, %2 why it cannot be read
inline constexpr const char *CannotRead = QT_TRANSLATE_NOOP("Gatehouse::Config", "cannot read %1: %2");

// secret, url, basePath and the flags.
inline constexpr const char *NotAnEmptyList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not be an empty list");
inline constexpr const char *NonEmptyString = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a non-empty string");
inline constexpr const char *StringOrStrings = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a string or a list of strings");
//: Warning about an AUTH_SECRET variable
inline constexpr const char *SecretInFileWins = QT_TRANSLATE_NOOP("Gatehouse::Config", "ignored: \"secret\" in the configuration wins");
//: Warning; %1 is the recommended length
inline constexpr const char *SecretTooShort = QT_TRANSLATE_NOOP("Gatehouse::Config", "shorter than %1 characters; use a long random value (gatehouse-server secret prints one)");
inline constexpr const char *SecretMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (set AUTH_SECRET or \"secret\")");
inline constexpr const char *PathStartsWithSlash = QT_TRANSLATE_NOOP("Gatehouse::Config", "must start with \"/\"");
inline constexpr const char *PathEndsWithSlash = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not end with \"/\"");
inline constexpr const char *PlainPath = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a plain path such as /auth");
//: Problem of AUTH_URL: the path in it
inline constexpr const char *UrlPathStartsWithSlash = QT_TRANSLATE_NOOP("Gatehouse::Config", "its path must start with \"/\"");
//: Problem of AUTH_URL: the path in it
inline constexpr const char *UrlPathEndsWithSlash = QT_TRANSLATE_NOOP("Gatehouse::Config", "its path must not end with \"/\"");
//: Problem of AUTH_URL: the path in it
inline constexpr const char *UrlPlainPath = QT_TRANSLATE_NOOP("Gatehouse::Config", "its path must be a plain path such as /auth");
//: Warning about AUTH_URL; %1 is its path, %2 the configured basePath
inline constexpr const char *UrlPathDiffers = QT_TRANSLATE_NOOP("Gatehouse::Config", "its path \"%1\" differs from basePath \"%2\"; basePath is used");
//: Warning about skipCSRFCheck
inline constexpr const char *CsrfOff = QT_TRANSLATE_NOOP("Gatehouse::Config", "CSRF protection is off");
inline constexpr const char *TrustHostValues = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be true, 1, yes, false, 0 or no");
//: %1 is the file, %2 and %3 line and column, %4 the parser's message
inline constexpr const char *JsonSyntaxError = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1:%2:%3: JSON syntax error: %4");
//: %1 is the file
inline constexpr const char *NotAJsonObject = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1: the configuration must be a JSON object {...}");

// Sections: session, cookies, pages, theme, rateLimit, server, adapter, callbacks.
inline constexpr const char *DatabaseNeedsAdapter = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"database\" needs an adapter (set \"adapter\" or DATABASE_URL)");
inline constexpr const char *SameSiteValues = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be one of lax, strict, none");
//: Warning about cookie options
inline constexpr const char *SameSiteNoneInsecure = QT_TRANSLATE_NOOP("Gatehouse::Config", "browsers reject SameSite=None cookies that are not secure");
inline constexpr const char *NotCookieName = QT_TRANSLATE_NOOP("Gatehouse::Config", "not a valid cookie name");
inline constexpr const char *PathOrHttpUrl = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a path (\"/login\") or an http(s) URL");
inline constexpr const char *ProxyList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list of proxy addresses or subnets, for example [\"127.0.0.1\", \"10.0.0.0/8\"]");
inline constexpr const char *AdminGroupList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list of group names, for example [\"admins\"]");
//: Error at "admin"; %1 is the reserved client id (gatehouse-admin)
inline constexpr const char *AdminClientIdTaken = QT_TRANSLATE_NOOP("Gatehouse::Config", "the OpenID Provider's client id %1 is gatehouse-admin's while admin is configured: rename the configured client");
inline constexpr const char *AdminNeedsDatabase = QT_TRANSLATE_NOOP("Gatehouse::Config", "the admin API needs a database (adapter.url or DATABASE_URL): its tokens are stored there");
inline constexpr const char *NotProxyAddress = QT_TRANSLATE_NOOP("Gatehouse::Config", "not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)");
//: Warning about rateLimit.enabled false
inline constexpr const char *RateLimitOff = QT_TRANSLATE_NOOP("Gatehouse::Config", "brute-force protection of credentials sign-ins is off");
//: Warning when access rules are configured and trustedProxies is empty; %1 is server.maxConnectionsPerAddress
inline constexpr const char *ForwardAuthProxyNotTrusted = QT_TRANSLATE_NOOP("Gatehouse::Config", "forward authentication is configured but no proxy is trusted: more than %1 concurrent checks from the proxy's address will be refused (list its address, e.g. [\"127.0.0.1\"])");
inline constexpr const char *ListenAddress = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be IP-ADDRESS:PORT, for example 127.0.0.1:3000 or [::1]:3000");
inline constexpr const char *MetricsListenAddress = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be IP-ADDRESS:PORT, for example 127.0.0.1:9464 (metrics are off when the key is absent)");
inline constexpr const char *TwoFactorAlwaysNeedsAdapter = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"always\" needs an adapter that keeps two-factor records (set \"adapter\" or DATABASE_URL)");
inline constexpr const char *TwoFactorGroupsEmpty = QT_TRANSLATE_NOOP("Gatehouse::Config", "names no groups: leave it out, or name the groups whose members must use a second factor");
inline constexpr const char *TwoFactorGroupName = QT_TRANSLATE_NOOP("Gatehouse::Config", "is not a valid group name (empty, longer than 128 characters, or with a comma, a control character or a space at either end)");
inline constexpr const char *TwoFactorGroupsUnused = QT_TRANSLATE_NOOP("Gatehouse::Config", "has an effect only with \"required\": \"optional\" (\"always\" asks everyone, \"never\" nobody)");
inline constexpr const char *NoticesShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be true, false or an object of the notices to mail, each true or false (\"newDevice\", \"passwordChange\", \"passwordReset\", \"twoFactor\", \"recoveryCode\", \"linkedAccounts\", \"passkeys\")");
inline constexpr const char *PasswordResetShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be true, false or an object {\"enabled\", \"lifetime\"}");
inline constexpr const char *AccountPage = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a path (\"/account\"), an http(s) URL, or false (no account page)");
inline constexpr const char *HomeIsRoot = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not be \"/\": the root redirects to it (leave the key out for the account page)");
inline constexpr const char *MetricsListenIsPublic = QT_TRANSLATE_NOOP("Gatehouse::Config", "must differ from server.listen: metrics are never served on the public address");
inline constexpr const char *AdminListenAddress = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be IP-ADDRESS:PORT, for example 10.0.0.2:9443 (without the key the admin API is served on server.listen)");
inline constexpr const char *AdminListenShared = QT_TRANSLATE_NOOP("Gatehouse::Config", "must differ from server.listen and server.metricsListen: the admin API on its own address is served only there");
inline constexpr const char *AdminListenNeedsAdmin = QT_TRANSLATE_NOOP("Gatehouse::Config", "needs \"admin\": the admin API is off without it");
inline constexpr const char *NotDatabaseUrl = QT_TRANSLATE_NOOP("Gatehouse::Config", "not a database URL (sqlite:///path/gatehouse.db, postgresql://user@host:port/db, mysql://...)");
//: %1 is the URL scheme written, %2 lists the supported ones
inline constexpr const char *UnsupportedDatabase = QT_TRANSLATE_NOOP("Gatehouse::Config", "unsupported database \"%1\"; one of %2");
//: %1 is the URL scheme written, %2 lists the supported ones, %3 is the closest of them
inline constexpr const char *UnsupportedDatabaseDidYouMean = QT_TRANSLATE_NOOP("Gatehouse::Config", "unsupported database \"%1\"; one of %2 (did you mean \"%3\"?)");
//: %1 is the storage module's whole explanation, in English, for example: invalid database URL "sqlite://x.db": it names a host ("x.db")
inline constexpr const char *DatabaseUrlRefused = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1");
inline constexpr const char *AdapterUrlMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (set DATABASE_URL or \"url\")");
//: %1 is the path of the file
inline constexpr const char *FileNotFound = QT_TRANSLATE_NOOP("Gatehouse::Config", "file not found: %1");

// Providers.
inline constexpr const char *EndpointShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a URL or an object {url, params}");
inline constexpr const char *ParamValue = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a string, number or boolean");
//: Warning about a provider's style.bg or style.text
inline constexpr const char *UseBrandColor = QT_TRANSLATE_NOOP("Gatehouse::Config", "deprecated; use \"brandColor\"");
inline constexpr const char *FormFieldShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an object {label, type, ...}");
inline constexpr const char *ClaimPath = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a claim path, a list of claim paths or null");
//: %1 is the environment variable prefix, such as AUTH_GITHUB
inline constexpr const char *ClientIdMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (set %1_ID or \"clientId\")");
//: %1 is the environment variable prefix, such as AUTH_GITHUB
inline constexpr const char *IssuerMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (set %1_ISSUER or \"issuer\")");
inline constexpr const char *EndpointMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (or set \"issuer\" for discovery)");
//: %1 is a file name
inline constexpr const char *CaTooLarge = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1 is larger than 1 MiB");
//: %1 is a file name, %2 the line a PEM certificate starts with
inline constexpr const char *CaFileNotPem = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1 holds no PEM certificate (\"%2...\")");
//: %1 is the line a PEM certificate starts with
inline constexpr const char *CaTextNotPem = QT_TRANSLATE_NOOP("Gatehouse::Config", "the text holds no PEM certificate (\"%1...\")");
//: Warning about an email provider's rateLimit false
inline constexpr const char *EmailRateLimitOff = QT_TRANSLATE_NOOP("Gatehouse::Config", "off: anyone can make the server send any number of sign-in mails to any address");
inline constexpr const char *EmailRateLimitShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be false or an object {perAddress, perClient, windowSeconds}");
inline constexpr const char *FromMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (the sender, e.g. \"Example <no-reply@example.com>\")");
inline constexpr const char *SmtpServerShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an smtp:// URL or an object {host, port, ...}");
inline constexpr const char *EmailNeedsAdapter = QT_TRANSLATE_NOOP("Gatehouse::Config", "an email provider needs an adapter (set \"adapter\" or DATABASE_URL)");
//: %1 is the name of the form field
inline constexpr const char *BuiltinNeedsField = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"authorize\": \"builtin\" needs a field named \"%1\"");
inline constexpr const char *BuiltinNeedsAdapter = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"builtin\" checks the passwords stored in the database: it needs an adapter (set \"adapter\": {\"url\": ...} or DATABASE_URL)");
inline constexpr const char *AuthorizeMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing (the name of a function in \"callbacksScript\")");
inline constexpr const char *AuthorizeFunctionMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "a credentials provider needs an authorize function");
inline constexpr const char *AlgorithmIds = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a non-empty list of -8 (EdDSA), -7 (ES256) or -257 (RS256)");
inline constexpr const char *WebAuthnNotEnabled = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"webauthn\" needs \"experimental\": {\"enableWebAuthn\": true}");
inline constexpr const char *WebAuthnNeedsAdapter = QT_TRANSLATE_NOOP("Gatehouse::Config", "a webauthn provider needs an adapter (set \"adapter\" or DATABASE_URL)");
//: %1 is the provider id written
inline constexpr const char *NotBuiltin = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"%1\" is not a built-in provider; set \"type\" to configure your own");
//: %1 is the provider id written, %2 the closest built-in one
inline constexpr const char *NotBuiltinDidYouMean = QT_TRANSLATE_NOOP("Gatehouse::Config", "\"%1\" is not a built-in provider (did you mean \"%2\"?); set \"type\" to configure your own");
//: Warning
inline constexpr const char *NoProviders = QT_TRANSLATE_NOOP("Gatehouse::Config", "no providers configured; nobody can sign in");
inline constexpr const char *ProviderShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an object {id, name, type, ...}");
inline constexpr const char *ProviderIdCharacters = QT_TRANSLATE_NOOP("Gatehouse::Config", "may contain only letters, digits, \"-\" and \"_\"");
//: %1 is the provider id, %2 the index of the other provider with it
inline constexpr const char *DuplicateProviderId = QT_TRANSLATE_NOOP("Gatehouse::Config", "duplicate id \"%1\" (also providers[%2])");
//: %1 lists the provider types
inline constexpr const char *ProviderTypeMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing; one of %1 (or the id of a built-in provider)");

// Secrets read from files (secretFile, clientSecretFile, NAME_FILE, systemd credentials).
//: %1 and %2 are the two keys or variables that give the same value
inline constexpr const char *ValueOrFile = QT_TRANSLATE_NOOP("Gatehouse::Config", "give either %1 or %2, not both");
//: %1 is a file name
inline constexpr const char *SecretFileEmpty = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1 is empty");
//: %1 is a file name, %2 its permissions in octal (0644)
inline constexpr const char *SecretFileReadableByAll = QT_TRANSLATE_NOOP("Gatehouse::Config", "%1 can be read by every user of this machine (mode %2): allow only root and the service (chmod 0600 or 0640)");
//: %1 is the name of an environment variable, %2 a file name
inline constexpr const char *CredentialAndVariable = QT_TRANSLATE_NOOP("Gatehouse::Config", "the systemd credential %2 gives %1 too: keep one of them");
inline constexpr const char *FileOrFiles = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a file name or a list of file names");

// access (forward authentication's rules) and redirectDomains.
inline constexpr const char *AccessPolicyShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be \"bypass\", \"signed-in\", \"deny\" or {\"users\": [...], \"groups\": [...]}");
inline constexpr const char *AccessNobodyNamed = QT_TRANSLATE_NOOP("Gatehouse::Config", "names no users and no groups: nobody would be allowed (use \"deny\" for that)");
inline constexpr const char *StringList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list of strings");
inline constexpr const char *HostPattern = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a lower-case host name, or \"*.\" and one (\"*.example.test\")");
inline constexpr const char *PathPattern = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a path starting with \"/\" or \"*\", without spaces, \"?\" or \"#\"");
inline constexpr const char *MethodName = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an upper-case HTTP method name such as \"GET\"");
inline constexpr const char *RedirectDomain = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a lower-case host name (\"app.example.test\") or a domain suffix starting with a dot (\".example.test\")");
inline constexpr const char *HeaderName = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list of HTTP header names");
// A group name the GroupStore would refuse (groupNameProblem(), gatehouse/groupstore.h).
inline constexpr const char *GroupNameEmpty = QT_TRANSLATE_NOOP("Gatehouse::Config", "is not a group name: it is empty");
//: %1 is the longest length allowed (128)
inline constexpr const char *GroupNameTooLong = QT_TRANSLATE_NOOP("Gatehouse::Config", "is not a group name: it is longer than %1 characters");
inline constexpr const char *GroupNameComma = QT_TRANSLATE_NOOP("Gatehouse::Config", "is not a group name: it contains a comma (identity headers list groups separated by commas)");
inline constexpr const char *GroupNameControl = QT_TRANSLATE_NOOP("Gatehouse::Config", "is not a group name: it contains a control character");
inline constexpr const char *GroupNameOuterSpace = QT_TRANSLATE_NOOP("Gatehouse::Config", "is not a group name: it begins or ends with a space");


// oidcProvider (Gatehouse as an OpenID Provider).
inline constexpr const char *ClientIdCharacters = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be 1 to 128 letters, digits, \".\", \"_\", \"~\" or \"-\"");
inline constexpr const char *ClientName = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be 1 to 100 characters, not only spaces, without control characters");
//: %1 is the client id, %2 the index of the other client with it
inline constexpr const char *DuplicateClientId = QT_TRANSLATE_NOOP("Gatehouse::Config", "duplicate client id \"%1\" (also oidcProvider.clients[%2])");
inline constexpr const char *PublicClientSecret = QT_TRANSLATE_NOOP("Gatehouse::Config", "a public client has no secret (it could not keep one): remove it, or set \"public\": false");
inline constexpr const char *ClientSecretMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "missing: a confidential client needs a secret (\"clientSecret\" or \"clientSecretFile\"), or set \"public\": true");
inline constexpr const char *PublicClientNoRedirectUri = QT_TRANSLATE_NOOP("Gatehouse::Config", "a public client needs at least one redirect URI");
inline constexpr const char *OidcAccessShape = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be \"signed-in\", \"deny\" or {\"users\": [...], \"groups\": [...]}");
inline constexpr const char *GrantTypesNeedCode = QT_TRANSLATE_NOOP("Gatehouse::Config", "must include authorization_code or client_credentials");
inline constexpr const char *ClientCredentialsNeedSecret = QT_TRANSLATE_NOOP("Gatehouse::Config", "client_credentials is for confidential clients: a public client cannot use it");
inline constexpr const char *OfflineAccessNeedsRefresh = QT_TRANSLATE_NOOP("Gatehouse::Config", "offline_access is never granted: grantTypes does not include refresh_token");
//: %1 is refreshTokenLifetime in seconds
inline constexpr const char *IdleLongerThanLifetime = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not be longer than refreshTokenLifetime (%1 seconds)");
inline constexpr const char *RedirectUriNotAbsolute = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an absolute URI such as https://app.example.test/callback, without spaces");
inline constexpr const char *RedirectUriFragment = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not have a fragment (\"#...\")");
inline constexpr const char *RedirectUriUserInfo = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not have user information (\"user@\") before the host");
inline constexpr const char *RedirectUriWildcard = QT_TRANSLATE_NOOP("Gatehouse::Config", "must not contain \"*\": redirect URIs are compared exactly, there are no wildcards");
inline constexpr const char *RedirectUriScheme = QT_TRANSLATE_NOOP("Gatehouse::Config", "this scheme cannot be a redirect URI");
inline constexpr const char *BackchannelLogoutUriHttp = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be https, or http to 127.0.0.1 or [::1] (a receiver on this machine)");
inline constexpr const char *RedirectUriHttp = QT_TRANSLATE_NOOP("Gatehouse::Config", "http only to 127.0.0.1 or [::1] (a native app's loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)");
inline constexpr const char *RedirectUriNoHost = QT_TRANSLATE_NOOP("Gatehouse::Config", "must name a host");
//: %1 is the longest length allowed
inline constexpr const char *RedirectUriTooLong = QT_TRANSLATE_NOOP("Gatehouse::Config", "is longer than %1 characters");

inline constexpr const char *WebhookList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list of webhooks, for example [{\"url\": \"https://siem.example/hook\", \"secretFile\": \"webhook.secret\"}]");
inline constexpr const char *WebhookObject = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an object with \"url\" and \"secretFile\"");
inline constexpr const char *WebhookUrlMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "is missing: the http or https URL the events are POSTed to");
inline constexpr const char *WebhookSecretMissing = QT_TRANSLATE_NOOP("Gatehouse::Config", "is missing: the file with the secret the deliveries are signed with");
//: %1 is the least number of characters
inline constexpr const char *WebhookSecretShort = QT_TRANSLATE_NOOP("Gatehouse::Config", "the secret is shorter than %1 characters (make one with: openssl rand -hex 32)");
//: %1 is the index of the other webhook
inline constexpr const char *WebhookDuplicateUrl = QT_TRANSLATE_NOOP("Gatehouse::Config", "the same URL as events.webhooks[%1]");
inline constexpr const char *WebhookPlainHttp = QT_TRANSLATE_NOOP("Gatehouse::Config", "plain http to another machine: the events travel unencrypted (signed, but readable)");
inline constexpr const char *WebhookEventList = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be a list of audit event types, for example [\"signIn\", \"signInFailed\"]; leave it out for every event");
inline constexpr const char *WebhookEventName = QT_TRANSLATE_NOOP("Gatehouse::Config", "must be an audit event type: 1 to 64 letters and digits, for example \"signIn\"");
inline constexpr const char *WebhooksNeedDatabase = QT_TRANSLATE_NOOP("Gatehouse::Config", "webhooks need a database (adapter.url or DATABASE_URL): the audit log there is their outbox");

} // namespace Gatehouse::ConfigDetail::Messages
