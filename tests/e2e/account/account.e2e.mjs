// The account page in a real browser: Debian's Chromium (headless, driven over the DevTools
// protocol by playwright-core; never a downloaded browser) against the real gatehouse-server on a
// SQLite file, configured like the demo (built-in password sign-in, database sessions).
//
//   node account.e2e.mjs --server <gatehouse-server> --chromium /usr/bin/chromium --artifacts <dir>
//
// 1. Profile A opens the server's root as a new user would: it is sent to the sign-in page, signs
//    in with the demo password and lands on the account page, which shows who is signed in.
// 2. Screenshots of the page in light and dark, English and German.
// 3. A changes its name with the form.
// 4. Profile B signs in on the sign-in page without a callback URL and lands on the account page
//    too; A sees two sessions, signs out all others, and B is signed out.
// 5. A adds a passkey with a name on the account page (Chromium's virtual authenticator) and sees
//    it listed; signs out; signs in with the passkey on the sign-in page and lands on the account
//    page, where the passkey now shows its last use.
// 6. A sets up an authenticator app on the account page: reads the key shown beside the QR code,
//    computes the code as an app does (HMAC-SHA1 here in node), confirms it and is shown ten
//    recovery codes once.
// 7. A signs out and signs in with the password: the code page asks for the app's code (English
//    and German screenshots), refuses a wrong one, and the next code of the app completes the
//    sign-in on the account page.
// Screenshots go to --artifacts and are listed as "artifact: <path>".
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BrowserSuite, freePort } from './browsersuite.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string' }, chromium: { type: 'string', default: '/usr/bin/chromium' },
    artifacts: { type: 'string' },
  },
});
for (const required of ['server', 'artifacts']) if (!args[required]) throw new Error(`--${required} is required`);
const email = 'demo@example.test';
const password = 'demo-password';
const secret = 'account-e2e-secret-account-e2e-secret-0123456789';
const suite = new BrowserSuite('account e2e', args);

// Runs a gatehouse-server command to its end; throws with its output when it fails.
function serverCommand(commandArgs, input) {
  const result = spawnSync(args.server, commandArgs, { input, encoding: 'utf8', env: { ...process.env, AUTH_SECRET: secret } });
  if (result.status !== 0) throw new Error(`gatehouse-server ${commandArgs.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

// The session as the browser's cookies get it (the account page's CSP lets no script fetch it).
async function session(page) {
  const response = await page.context().request.get(new URL('/auth/session', page.url()).href);
  assert.equal(response.status(), 200);
  return response.json();
}

// Fills and submits the built-in password form of the sign-in page.
async function signInWithPassword(page) {
  const form = page.locator('form[action$="/auth/callback/credentials"]');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

async function assertOnAccountPage(page, origin, name) {
  await page.waitForURL(`${origin}/auth/account`);
  assert.equal(await page.textContent('h1'), 'Your account');
  assert.ok((await page.textContent('.gh-account-email')).includes(email), 'the page shows the e-mail address');
  assert.equal(await page.inputValue('#gh-name'), name);
  assert.equal((await session(page))?.user?.email, email);
}

// The RFC 6238 code (HMAC-SHA1, 6 digits, 30 s) of a base32 key, as an authenticator app makes it.
// `step` is the 30-second time step (now by default).
function totpCode(base32Key, step = timeStep()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32Key.replace(/\s+/g, '').toUpperCase()) {
    const value = alphabet.indexOf(c);
    assert.ok(value >= 0, `base32 character ${c}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1000000).padStart(6, '0');
}

function timeStep() {
  return Math.floor(Date.now() / 1000 / 30);
}

async function main() {
  const work = suite.scratchDir('gatehouse-account-e2e-');
  const config = join(work, 'gatehouse.json');
  // The demo's configuration (packaging/examples/demo), on a database file of this test.
  writeFileSync(config, JSON.stringify({
    basePath: '/auth',
    trustHost: true,
    adapter: { url: `sqlite:${join(work, 'gatehouse.db')}` },
    session: { strategy: 'database' },
    experimental: { enableWebAuthn: true },
    providers: [
      { id: 'credentials', type: 'credentials', name: 'Password', authorize: 'builtin' },
      { id: 'passkey', type: 'webauthn', name: 'Passkey' },
    ],
  }, null, 2));
  serverCommand(['migrate', '--config', config]);
  serverCommand(['user', 'add', email, '--name', 'Demo User', '--password-stdin', '--config', config], `${password}\n`);
  const listening = await suite.start(args.server, ['--config', config, '--listen', `127.0.0.1:${await freePort()}`],
    /listening on (http:\/\/\S+)/, 'stderr', { ...process.env, AUTH_SECRET: secret, QT_LOGGING_RULES: 'gatehouse.*.debug=false' });
  // localhost, as a person types it (and as WebAuthn needs: a relying party is a name, never an address).
  const origin = listening.replace('127.0.0.1', 'localhost');
  suite.log(`server at ${origin}`);

  // 1. The root sends a person who is not signed in to the sign-in page, and back to the account page.
  const a = await suite.openProfile('a');
  await a.page.goto(`${origin}/`);
  await a.page.waitForURL((url) => url.pathname === '/auth/signin');
  assert.equal(new URL(a.page.url()).searchParams.get('callbackUrl'), `${origin}/auth/account`);
  suite.log('the root sent the browser to the sign-in page, with the account page as callback');
  await signInWithPassword(a.page);
  await assertOnAccountPage(a.page, origin, 'Demo User');
  assert.equal(await a.page.locator('.gh-session').count(), 1);
  suite.log('signed in with the demo password and landed on the account page');

  // 2. The page in light and dark, English and German (the browser's language decides).
  for (const language of ['en', 'de']) {
    await a.page.context().setExtraHTTPHeaders({ 'Accept-Language': language });
    for (const colorScheme of ['light', 'dark']) {
      await a.page.emulateMedia({ colorScheme });
      await a.page.reload();
      assert.equal(await a.page.getAttribute('html', 'lang'), language);
      const background = await a.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/g).map(Number);
      assert.equal(r + g + b < 384, colorScheme === 'dark', `a ${colorScheme} page has a ${colorScheme} background (${background})`);
      await suite.screenshot(a.page, `account-${language}-${colorScheme}`);
    }
  }
  await a.page.emulateMedia({ colorScheme: 'light' });
  await a.page.reload();
  assert.equal(await a.page.textContent('h1'), 'Ihr Konto', 'the German heading');
  await a.page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en' });
  await a.page.reload();
  suite.log('light, dark, English and German pages');

  // 3. A new name, through the form.
  await a.page.fill('#gh-name', 'Ada Lovelace');
  await a.page.click('form:has(input[name="action"][value="setName"]) button[type="submit"]');
  await a.page.waitForURL(`${origin}/auth/account**`);
  assert.match(await a.page.textContent('.gh-notice'), /saved/i);
  assert.equal(await a.page.inputValue('#gh-name'), 'Ada Lovelace');
  assert.equal((await session(a.page))?.user?.name, 'Ada Lovelace');
  suite.log('changed the name');

  // 4. Another device signs in without a callback URL and lands on the account page as well.
  const b = await suite.openProfile('b');
  await b.page.goto(`${origin}/auth/signin`);
  await signInWithPassword(b.page);
  await assertOnAccountPage(b.page, origin, 'Ada Lovelace');
  suite.log('a second browser signed in from the sign-in page and landed on the account page');

  await a.page.reload();
  assert.equal(await a.page.locator('.gh-session').count(), 2, 'the first browser sees both sessions');
  await suite.screenshot(a.page, 'account-two-sessions');
  await a.page.click('form:has(input[name="action"][value="endOthers"]) button[type="submit"]');
  await a.page.waitForURL(`${origin}/auth/account**`);
  assert.equal(await a.page.locator('.gh-session').count(), 1, 'only this session is left');
  assert.equal((await session(a.page))?.user?.email, email, 'the first browser is still signed in');
  assert.equal(await session(b.page), null, 'the other browser is signed out');
  await b.page.goto(`${origin}/auth/account`);
  await b.page.waitForURL((url) => url.pathname === '/auth/signin');
  suite.log('signed out the other session from the first browser');

  // 5. A passkey, added on the account page with a name: the passkey script runs the ceremony
  //    with the virtual authenticator (which confirms presence at once, as a person would).
  const cdp = await a.context.newCDPSession(a.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true,
    },
  });
  await a.page.goto(`${origin}/auth/account`);
  const add = a.page.locator('#gh-passkey-add button[type="submit"]');
  assert.equal(await add.textContent(), 'Add a passkey', 'the script enabled the add button and gave it its label');
  assert.ok(await add.isEnabled());
  assert.match(await a.page.textContent('section[aria-labelledby="gh-passkeys"]'), /no passkeys yet/);
  await a.page.fill('#gh-passkey-new', 'Laptop passkey');
  await add.click();
  await a.page.waitForURL(`${origin}/auth/account?notice=passkeyAdded`);
  assert.match(await a.page.textContent('.gh-notice'), /passkey was added/);
  assert.deepEqual(await a.page.locator('.gh-passkey-name').allTextContents(), ['Laptop passkey']);
  assert.match(await a.page.textContent('.gh-passkey'), /not used to sign in yet/);
  const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  assert.ok(credential, 'the virtual authenticator holds the new passkey');
  suite.log('added a passkey named on the account page, and it is listed with its name');
  await suite.screenshot(a.page, 'account-passkey-added');

  // Sign out with the page's button: the browser ends on the sign-in page, which the account
  // page (the callback) sends it to. No passkey autofill there (the virtual authenticator would
  // answer it at once), so that the passkey form is what signs in.
  await a.page.context().addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await a.page.click('form[action$="/auth/signout"] button[type="submit"]');
  await a.page.waitForURL((url) => url.pathname === '/auth/signin');
  assert.equal(await session(a.page), null, 'signed out');
  suite.log('signed out');

  // Sign in with the passkey through the sign-in page's passkey form, and land on the account page.
  assert.equal(new URL(a.page.url()).searchParams.get('callbackUrl'), `${origin}/auth/account`);
  await a.page.fill('form[data-webauthn-provider="passkey"] input[name="email"]', email);
  await a.page.click('form[data-webauthn-provider="passkey"] button[type="submit"]');
  await assertOnAccountPage(a.page, origin, 'Ada Lovelace');
  const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  assert.ok(used.signCount > credential.signCount, 'the passkey signed the sign-in');
  assert.match(await a.page.textContent('.gh-passkey'), /last used \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  suite.log('signed in with the passkey on the sign-in page and landed on the account page');
  await suite.screenshot(a.page, 'account-passkey-signed-in');

  // 6. Two-factor sign-in: set up an authenticator app from the key shown on the page.
  const twoFactor = 'section[aria-labelledby="gh-two-factor"]';
  assert.match(await a.page.textContent(twoFactor), /Two-factor sign-in is off/);
  await a.page.click(`${twoFactor} form:has(input[value="twoFactorBegin"]) button[type="submit"]`);
  await a.page.waitForSelector('#gh-two-factor-secret');
  const qr = a.page.locator(`${twoFactor} .gh-two-factor-qr img`);
  assert.match(await qr.getAttribute('src'), /^data:image\/svg\+xml;base64,/);
  assert.ok(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), 'the browser drew the QR code under the CSP');
  const key = await a.page.textContent('#gh-two-factor-secret');
  assert.match(key, /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/, 'the key is shown in groups of four');
  assert.ok((await a.page.textContent(twoFactor)).includes(`The app will show: ${new URL(origin).hostname} (${email})`),
            'the issuer and account the app will show');
  suite.log('the account page shows the QR code and the key of a new authenticator');
  await suite.screenshot(a.page, 'account-two-factor-enrolment');
  const enrolStep = timeStep();
  await a.page.fill('#gh-two-factor-code', totpCode(key, enrolStep));
  await a.page.click(`${twoFactor} form:has(input[value="twoFactorConfirm"]) button[type="submit"]`);
  await a.page.waitForSelector('.gh-recovery-codes');
  assert.match(await a.page.textContent('.gh-notice'), /Two-factor sign-in is on\./);
  const codes = await a.page.locator('.gh-recovery-codes code').allTextContents();
  assert.equal(codes.length, 10, 'ten recovery codes');
  assert.equal(new Set(codes).size, 10);
  suite.log('confirmed with the code computed from the key; ten recovery codes shown');
  await suite.screenshot(a.page, 'account-two-factor-recovery-codes');
  await a.page.goto(`${origin}/auth/account`);
  assert.match(await a.page.textContent(twoFactor), /Recovery codes left: 10/);
  assert.equal(await a.page.locator('.gh-recovery-codes').count(), 0, 'the codes are shown only once');

  // 7. Signing in now takes the password and then the app's code.
  await a.page.click('form[action$="/auth/signout"] button[type="submit"]');
  await a.page.waitForURL((url) => url.pathname === '/auth/signin');
  assert.equal(await session(a.page), null, 'signed out');
  await signInWithPassword(a.page);
  await a.page.waitForURL(`${origin}/auth/two-factor`);
  assert.equal(await session(a.page), null, 'the password alone makes no session');
  assert.equal(await a.page.textContent('h1'), 'Two-step verification');
  assert.equal(await a.page.getAttribute('#gh-two-factor-code', 'autocomplete'), 'one-time-code');
  suite.log('the password led to the code page, not to a session');
  await suite.screenshot(a.page, 'signin-two-factor-code-en');
  await a.page.context().setExtraHTTPHeaders({ 'Accept-Language': 'de' });
  await a.page.reload();
  assert.equal(await a.page.getAttribute('html', 'lang'), 'de');
  await suite.screenshot(a.page, 'signin-two-factor-code-de');
  await a.page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en' });
  await a.page.reload();

  // A code of another time (an hour away) is refused on the page, with no session.
  await a.page.fill('#gh-two-factor-code', totpCode(key, timeStep() + 120));
  await a.page.click('form:has(#gh-two-factor-code) button[type="submit"]');
  await a.page.waitForSelector('.gh-alert');
  assert.match(await a.page.textContent('.gh-alert'), /That code is not valid/);
  assert.equal(await session(a.page), null, 'a wrong code makes no session');
  await suite.screenshot(a.page, 'signin-two-factor-wrong-code');
  suite.log('a wrong code was refused on the code page');

  // The app's next code (the enrolment spent the code of its own time step; one step of skew is allowed).
  await a.page.fill('#gh-two-factor-code', totpCode(key, Math.max(timeStep(), enrolStep + 1)));
  await a.page.click('form:has(#gh-two-factor-code) button[type="submit"]');
  await assertOnAccountPage(a.page, origin, 'Ada Lovelace');
  assert.match(await a.page.textContent(twoFactor), /Recovery codes left: 10/, 'an app code spends no recovery code');
  suite.log('the code completed the sign-in on the account page');

  await a.close();
  await b.close();
}

await suite.run(main);
