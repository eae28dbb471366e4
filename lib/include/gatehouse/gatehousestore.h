#pragma once
/*!
 * \file gatehousestore.h  Every store interface beyond the Auth.js adapter contract, by concern.
 *
 * An adapter implements the Adapter contract (adapter.h) and whichever of these it needs; the
 * engine finds out once, when it is built, and uses what there is:
 *
 * | interface | what the engine does with it | without it |
 * |---|---|---|
 * | AuditStore (auditstore.h) | records sign-ins, failures, sign-outs, new users and accounts | nothing is recorded |
 * | UserStateStore (userstatestore.h) | refuses disabled users; built-in passwords | every user may sign in; no built-in passwords |
 * | RateLimitStore (ratelimitstore.h) | counts failed sign-ins across every server on the database | each engine counts in memory |
 * | AccountTokenStore (accounttokenstore.h) | refreshes OAuth access tokens, RP-initiated logout | no \c token endpoint, no \c accessToken() |
 * | AccountStore (accountstore.h) | records where and when database sessions begin; "not before" of JWT sessions; passkey names and times | the account page lists sessions without them; JWT sessions cannot be revoked; passkeys are listed without names or times and cannot be renamed |
 * | AdminStore (adminstore.h) | nothing: the admin app's listings | the admin app cannot list |
 * | TwoFactorStore (twofactorstore.h) | TOTP enrolments and recovery codes (twofactor.h) | no two-factor sign-in |
 * | OidcKeyStore (oidckeystore.h) | the OpenID Provider's signing keys, the same on every server | the OpenID Provider cannot start |
 * | OidcCodeStore (oidccodestore.h) | the OpenID Provider's authorization codes, hashed, single use | no authorization codes: the provider cannot issue any |
 * | OidcGrantStore (oidcgrantstore.h) | the OpenID Provider's grants and refresh tokens (hashed, rotated) | no refresh tokens: \c offline_access is not granted |
 * | OidcConsentStore (oidcconsentstore.h) | what each person allowed each client (the consent page), revoked with the client's grants | every client is asked every time (\c consent clients) |
 * | OidcSessionStore (oidcsessionstore.h) | which clients got an ID token for which session: back-channel logout | no back-channel logout |
 * | PasswordResetStore (passwordresetstore.h) | the single-use links of "Forgot your password?" | no password reset by e-mail |
 * | AuditFeedStore (auditfeedstore.h) | the audit log read forward from cursors: security notices by e-mail | no security notices |
 * | NoticePreferenceStore (noticepreferencestore.h) | each person's choice of the notices they may turn off (account page) | every notice as configured; the account page offers no choice |
 * | AdminTokenStore (admintokenstore.h) | nothing: the admin API's bearer tokens (gatehouse-server's \c admin) | no admin API |
 * | GroupStore (groupstore.h) | the \c groups claim at sign-in; groups of database sessions for access rules | access rules see groups only from the \c jwt callback |
 * | UserTransferStore (usertransferstore.h) | nothing: `gatehouse-server user import` and `export` | no import or export |
 * | WebhookStore (webhookstore.h) | nothing: gatehouse-server's webhooks keep their retries there (with AuditFeedStore's cursors) | no webhooks |
 *
 * SqlAdapter and MemoryAdapter implement all of them.
 */
#include <gatehouse/accountstore.h>
#include <gatehouse/accounttokenstore.h>
#include <gatehouse/adminstore.h>
#include <gatehouse/auditfeedstore.h>
#include <gatehouse/admintokenstore.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/oidccodestore.h>
#include <gatehouse/oidcconsentstore.h>
#include <gatehouse/oidcgrantstore.h>
#include <gatehouse/noticepreferencestore.h>
#include <gatehouse/oidckeystore.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/passwordresetstore.h>
#include <gatehouse/ratelimitstore.h>
#include <gatehouse/twofactorstore.h>
#include <gatehouse/userstatestore.h>
#include <gatehouse/usertransferstore.h>
#include <gatehouse/webhookstore.h>
