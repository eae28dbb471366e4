// Consent at the OpenID Provider in a real browser: Debian's Chromium (headless, driven over the
// DevTools protocol by playwright-core; never a downloaded browser) against the real
// gatehouse-server on a SQLite file, and "Notes", a small relying party of this script that signs
// its users in through Gatehouse (authorization code, client_secret_basic, userinfo).
//
//   node consent.e2e.mjs --server <gatehouse-server> --chromium /usr/bin/chromium --artifacts <dir>
//
// 1. The person sets up an authenticator app on the account page (the key shown, the code
//    computed here as an app does) and signs out.
// 2. They open Notes, which sends them to Gatehouse: the password, then the app's code, then the
//    consent page naming Notes and what it asks for in plain words (screenshots in English and
//    German). They click Allow and land in Notes, signed in (Notes exchanged the code and read
//    userinfo).
// 3. Notes again: no consent page, straight back in.
// 4. "Apps with access" on the account page lists Notes; Revoke takes its access away: the refresh
//    token Notes holds is refused, and the next sign-in to Notes asks again.
// 5. This time the person clicks Deny: Notes is told access_denied and signs nobody in.
// 6. Back-channel logout: Allow once more, Notes keeps a session of its own (the ID token checked
//    with jose, its sid kept); the person signs out on Gatehouse's sign-out page, Gatehouse POSTs
//    a Logout Token to Notes' back-channel endpoint, Notes checks it with jose (signature against
//    jwks_uri, iss, aud, typ, events, sid of the ID token, no nonce) and ends that session: the
//    browser, reloading Notes, sees it signed out.
// Screenshots go to --artifacts and are listed as "artifact: <path>".
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { BrowserSuite, freePort } from './browsersuite.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string' }, chromium: { type: 'string', default: '/usr/bin/chromium' },
    artifacts: { type: 'string' },
  },
});
for (const required of ['server', 'artifacts']) if (!args[required]) throw new Error(`--${required} is required`);
const email = 'ada@example.test';
const password = 'consent-e2e-password';
const secret = 'consent-e2e-secret-consent-e2e-secret-0123456789';
const clientSecret = 'notes-client-secret-0123456789abcdef-0123';
const suite = new BrowserSuite('oidc consent e2e', args);

function serverCommand(commandArgs, input) {
  const result = spawnSync(args.server, commandArgs, { input, encoding: 'utf8', env: { ...process.env, AUTH_SECRET: secret } });
  if (result.status !== 0) throw new Error(`gatehouse-server ${commandArgs.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

// The RFC 6238 code (HMAC-SHA1, 6 digits, 30 s) of a base32 key, as an authenticator app makes it.
function totpCode(base32Key, step) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32Key.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

const timeStep = () => Math.floor(Date.now() / 1000 / 30);

const backchannelEvent = 'http://schemas.openid.net/event/backchannel-logout';

// The body of a POST, as a string (at most 64 KiB).
function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 65536) reject(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

// Notes: a relying party as an app's server is one. /login sends the browser to the provider with
// a fresh state; /cb checks the state, redeems the code with its secret, checks the ID token, reads
// userinfo and starts a Notes session (a cookie naming it, kept with the ID token's sid); / shows
// who is signed in; /backchannel-logout (OpenID Back-Channel Logout 1.0 §2.6) checks the Logout
// Token and ends Notes' sessions of its sid.
function startNotes(issuer, port) {
  const pending = new Set();
  const notes = { refreshToken: null, signedIn: [], sessions: new Map(), logouts: [] };
  const redirectUri = `http://127.0.0.1:${port}/cb`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/oidc/jwks`));
  const page = (res, status, text, headers = {}) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(`<!DOCTYPE html><title>Notes</title><h1 id="notes">${text}</h1>`);
  };
  const sessionOf = (req) => {
    const cookie = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith('notes_session='));
    return cookie ? notes.sessions.get(cookie.slice('notes_session='.length)) : undefined;
  };
  // A Logout Token as §2.6 says: signed by the provider, for Notes, the logout event, a sid, no nonce.
  const checkLogoutToken = async (token) => {
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer, audience: 'notes', typ: 'logout+jwt',
      requiredClaims: ['iat', 'exp', 'jti', 'events', 'sid'] });
    assert.ok(protectedHeader.alg !== 'none', 'signed');
    assert.equal(typeof payload.events, 'object', 'events is an object');
    assert.deepEqual(payload.events[backchannelEvent], {}, 'the back-channel logout event');
    assert.ok(!('nonce' in payload), 'no nonce');
    assert.equal(typeof payload.sid, 'string', 'sid');
    return payload;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, redirectUri);
    if (url.pathname === '/backchannel-logout') {
      // Every POST is recorded, with what was wrong with it; only a valid token ends a session.
      const record = { ended: 0 };
      notes.logouts.push(record);
      try {
        assert.equal(req.method, 'POST');
        assert.match(req.headers['content-type'] ?? '', /^application\/x-www-form-urlencoded/);
        const token = new URLSearchParams(await readBody(req)).get('logout_token');
        assert.ok(token, 'logout_token');
        const claims = await checkLogoutToken(token);
        record.sid = claims.sid;
        record.sub = claims.sub;
        for (const [id, session] of notes.sessions) {
          if (session.sid === claims.sid) {
            notes.sessions.delete(id);
            record.ended += 1;
          }
        }
        res.writeHead(200, { 'cache-control': 'no-store' });
        res.end();
      } catch (error) {
        record.error = error.message;
        res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ error: 'invalid_request' }));
      }
      return;
    }
    try {
      if (url.pathname === '/') {
        const session = sessionOf(req);
        return page(res, 200, session ? `Signed in as ${session.email}` : 'Signed out');
      }
      if (url.pathname === '/login') {
        const state = randomBytes(16).toString('base64url');
        pending.add(state);
        const authorize = new URL(`${issuer}/oidc/authorize`);
        for (const [name, value] of Object.entries({ response_type: 'code', client_id: 'notes', redirect_uri: redirectUri,
          scope: 'openid email offline_access', state })) authorize.searchParams.set(name, value);
        res.writeHead(302, { location: authorize.href });
        res.end();
        return;
      }
      if (url.pathname !== '/cb') return page(res, 404, 'Not found');
      const state = url.searchParams.get('state');
      if (!pending.delete(state)) return page(res, 400, 'Unknown state');
      assert.equal(url.searchParams.get('iss'), issuer, 'RFC 9207 iss');
      if (url.searchParams.has('error')) return page(res, 200, `Refused: ${url.searchParams.get('error')}`);
      const tokens = await fetch(`${issuer}/oidc/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`notes:${clientSecret}`).toString('base64')}`,
                   'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: url.searchParams.get('code'), redirect_uri: redirectUri }),
      }).then((r) => r.json());
      assert.ok(tokens.access_token, `tokens: ${JSON.stringify(tokens)}`);
      const { payload: idToken } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: 'notes' });
      assert.ok(idToken.sid, 'the ID token names the Gatehouse session (sid)');
      notes.refreshToken = tokens.refresh_token;
      const info = await fetch(`${issuer}/oidc/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
        .then((r) => r.json());
      notes.signedIn.push(info.email);
      const id = randomBytes(16).toString('base64url');
      notes.sessions.set(id, { sid: idToken.sid, sub: idToken.sub, email: info.email });
      page(res, 200, `Signed in as ${info.email}`, { 'set-cookie': `notes_session=${id}; Path=/; HttpOnly; SameSite=Lax` });
    } catch (error) {
      page(res, 500, `Failed: ${error.message}`);
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ notes, server, origin: `http://127.0.0.1:${port}` })));
}

async function refresh(issuer, token) {
  const response = await fetch(`${issuer}/oidc/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`notes:${clientSecret}`).toString('base64')}`,
               'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }),
  });
  return { status: response.status, body: await response.json() };
}

async function signInWithPassword(page) {
  const form = page.locator('form[action$="/auth/callback/credentials"]');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

async function main() {
  const work = suite.scratchDir('gatehouse-oidcconsent-e2e-');
  const config = join(work, 'gatehouse.json');
  const gatehousePort = await freePort();
  const notesPort = await freePort();
  const origin = `http://127.0.0.1:${gatehousePort}`;
  const issuer = `${origin}/auth`;
  writeFileSync(config, JSON.stringify({
    url: issuer,
    adapter: { url: `sqlite:${join(work, 'gatehouse.db')}` },
    session: { strategy: 'database' },
    providers: [{ id: 'credentials', type: 'credentials', name: 'Password', authorize: 'builtin' }],
    // "consent" is on by default: Notes is not first-party.
    oidcProvider: { clients: [{ clientId: 'notes', name: 'Notes', clientSecret, redirectUris: ['http://127.0.0.1/cb'],
                                scopes: ['openid', 'email', 'offline_access'],
                                backchannelLogoutUri: `http://127.0.0.1:${notesPort}/backchannel-logout`,
                                backchannelLogoutSessionRequired: true }] },
  }, null, 2));
  serverCommand(['migrate', '--config', config]);
  serverCommand(['user', 'add', email, '--name', 'Ada', '--password-stdin', '--config', config], `${password}\n`);
  await suite.start(args.server, ['--config', config, '--listen', `127.0.0.1:${gatehousePort}`],
    /listening on (http:\/\/\S+)/, 'stderr', { ...process.env, AUTH_SECRET: secret, QT_LOGGING_RULES: 'gatehouse.*.debug=false' });
  const { notes, server: notesServer, origin: notesOrigin } = await startNotes(issuer, notesPort);
  notesServer.unref();   // a failure ends the run without waiting for it
  suite.log(`server at ${origin}, Notes at ${notesOrigin}`);

  // 1. An authenticator app, set up on the account page.
  const a = await suite.openProfile('a');
  await a.page.goto(`${origin}/auth/signin`);
  await signInWithPassword(a.page);
  await a.page.goto(`${origin}/auth/account`);
  const twoFactor = 'section[aria-labelledby="gh-two-factor"]';
  await a.page.click(`${twoFactor} form:has(input[value="twoFactorBegin"]) button[type="submit"]`);
  await a.page.waitForSelector('#gh-two-factor-secret');
  const key = await a.page.textContent('#gh-two-factor-secret');
  const enrolStep = timeStep();
  await a.page.fill('#gh-two-factor-code', totpCode(key, enrolStep));
  await a.page.click(`${twoFactor} form:has(input[value="twoFactorConfirm"]) button[type="submit"]`);
  await a.page.waitForSelector('.gh-recovery-codes');
  await a.page.goto(`${origin}/auth/account`);
  await a.page.click('form[action$="/auth/signout"] button[type="submit"]');
  await a.page.waitForURL((url) => url.pathname === '/auth/signin');
  suite.log('set up an authenticator app and signed out');

  // 2. Notes sends the browser to Gatehouse: password, the app's code, then the consent page.
  await a.page.goto(`${notesOrigin}/login`);
  await a.page.waitForURL((url) => url.pathname === '/auth/signin');
  await signInWithPassword(a.page);
  await a.page.waitForURL((url) => url.pathname === '/auth/two-factor');
  await a.page.fill('#gh-two-factor-code', totpCode(key, Math.max(timeStep(), enrolStep + 1)));
  await a.page.click('form:has(#gh-two-factor-code) button[type="submit"]');
  await a.page.waitForURL((url) => url.pathname === '/auth/oidc/authorize');
  assert.equal(await a.page.textContent('h1'), 'Allow Notes to use your account?');
  const asked = await a.page.locator('li').allTextContents();
  assert.deepEqual(asked, ['Sign you in and know who you are', 'See your email address', 'Stay signed in when you are not using it']);
  assert.equal(await a.page.locator('script').count(), 0, 'the page has no script');
  assert.equal(notes.signedIn.length, 0, 'Notes knows nobody yet');
  await suite.screenshot(a.page, 'consent-en');
  await a.page.context().setExtraHTTPHeaders({ 'Accept-Language': 'de' });
  await a.page.reload();
  assert.equal(await a.page.textContent('h1'), 'Darf Notes Ihr Konto verwenden?');
  await suite.screenshot(a.page, 'consent-de');
  await a.page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en' });
  await a.page.reload();
  suite.log('password, app code, then the consent page naming Notes and its scopes (en, de)');

  await a.page.click('button[name="decision"][value="allow"]');
  await a.page.waitForURL((url) => url.origin === notesOrigin);
  assert.equal(await a.page.textContent('#notes'), `Signed in as ${email}`);
  assert.ok(notes.refreshToken, 'Notes got a refresh token');
  suite.log('Allow: landed in Notes, signed in');

  // 3. The next time, no page.
  await a.page.goto(`${notesOrigin}/login`);
  await a.page.waitForURL((url) => url.origin === notesOrigin && url.pathname === '/cb');
  assert.equal(await a.page.textContent('#notes'), `Signed in as ${email}`);
  suite.log('the second sign-in to Notes asked nothing');

  // 4. Revoked on the account page.
  const heldToken = notes.refreshToken;
  await a.page.goto(`${origin}/auth/account`);
  const apps = 'section[aria-labelledby="gh-apps"]';
  assert.match(await a.page.textContent(apps), /Apps with access[\s\S]*Notes[\s\S]*Allowed: email, offline_access, openid/);
  await suite.screenshot(a.page, 'account-apps-with-access');
  await a.page.click(`${apps} form:has(input[name="clientId"][value="notes"]) button[type="submit"]`);
  await a.page.waitForURL(`${origin}/auth/account**`);
  assert.match(await a.page.textContent('.gh-notice'), /access was revoked/);
  assert.match(await a.page.textContent(apps), /No app has access to your account\./);
  const refused = await refresh(issuer, heldToken);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error, 'invalid_grant');
  suite.log('revoked on the account page: the refresh token Notes held is refused');

  // 5. Asked again; Deny.
  await a.page.goto(`${notesOrigin}/login`);
  await a.page.waitForURL((url) => url.pathname === '/auth/oidc/authorize');
  assert.equal(await a.page.textContent('h1'), 'Allow Notes to use your account?');
  await a.page.click('button[name="decision"][value="deny"]');
  await a.page.waitForURL((url) => url.origin === notesOrigin);
  assert.equal(await a.page.textContent('#notes'), 'Refused: access_denied');
  suite.log('asked again after the revocation; Deny told Notes access_denied');

  // 6. Allowed once more, then signed out at Gatehouse: Notes is told through the back channel.
  await a.page.goto(`${notesOrigin}/login`);
  await a.page.waitForURL((url) => url.pathname === '/auth/oidc/authorize');
  await a.page.click('button[name="decision"][value="allow"]');
  await a.page.waitForURL((url) => url.origin === notesOrigin);
  assert.equal(await a.page.textContent('#notes'), `Signed in as ${email}`);
  await a.page.goto(`${notesOrigin}/`);
  assert.equal(await a.page.textContent('#notes'), `Signed in as ${email}`);
  // Each sign-in to Notes began a Notes session; all came from the one Gatehouse session (one sid).
  const notesSessions = [...notes.sessions.values()];
  assert.equal(notesSessions.length, 3, 'three sign-ins to Notes');
  const notesSession = notesSessions.at(-1);
  for (const session of notesSessions) assert.equal(session.sid, notesSession.sid, 'one Gatehouse session');
  assert.equal(notes.logouts.length, 0, 'no Logout Token yet');
  await a.page.goto(`${origin}/auth/signout`);
  await a.page.click('form[action$="/auth/signout"] button[type="submit"]');
  await a.page.waitForURL((url) => url.pathname !== '/auth/signout');
  for (let waited = 0; notes.logouts.length === 0 && waited < 20000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(notes.logouts.length, 1, 'one Logout Token came');
  assert.deepEqual(notes.logouts[0], { ended: notesSessions.length, sid: notesSession.sid, sub: notesSession.sub },
    `the Logout Token verified and named the ID token's sid: ${JSON.stringify(notes.logouts[0])}`);
  await a.page.goto(`${notesOrigin}/`);
  assert.equal(await a.page.textContent('#notes'), 'Signed out');
  assert.equal(notes.sessions.size, 0, 'Notes has no session left');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal(notes.logouts.length, 1, 'nothing more came');
  suite.log('signed out at Gatehouse: Notes verified the Logout Token and ended its session; reloaded, Notes shows signed out');

  await a.close();
  notesServer.close();
}

await suite.run(main);
