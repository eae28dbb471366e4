// Passkeys in a real browser: Debian's Chromium (headless, driven over the DevTools protocol by
// playwright-core; never a downloaded browser) with a virtual CTAP2 authenticator (resident keys,
// user verification) against webauthn_e2e_server.
//
//   node webauthn.e2e.mjs --server <webauthn_e2e_server> --algorithm ES256|RS256 \
//        --chromium /usr/bin/chromium --artifacts <dir> [--record <ceremony.json>]
//
// 1. Profile A registers a passkey for a new email on the built-in sign-in page and is signed in.
// 2. It signs out; on the sign-in page the passkey autofill (conditional UI) signs it in again.
// 3. It signs out; in a browser without conditional UI it signs in with the passkey through the
//    form.
// 4. Profile B (its own user data dir and an authenticator without the key) cannot sign in as
//    that user.
// Screenshots go to --artifacts and are listed as "artifact: <path>". --record writes the
// registration and authentication as a recorded ceremony for tests/unit/webauthn/data.
import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BrowserSuite } from './browsersuite.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string' }, algorithm: { type: 'string', default: 'ES256' },
    chromium: { type: 'string', default: '/usr/bin/chromium' }, artifacts: { type: 'string' },
    record: { type: 'string' },
  },
});
for (const required of ['server', 'artifacts']) if (!args[required]) throw new Error(`--${required} is required`);
const keyTypes = { ES256: 'ec', RS256: 'rsa', EdDSA: 'ed25519' };
const email = 'ada@example.test';
const suite = new BrowserSuite(`webauthn e2e ${args.algorithm}`, args);

// A browser with its own, fresh profile, and a page with a virtual authenticator.
async function openProfile(name) {
  const { context, page, close } = await suite.openProfile(name);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { page, credentials, close };
}

async function session(page) {
  return page.evaluate(async () => (await fetch('/auth/session')).json());
}

async function signOut(page, origin) {
  await page.goto(`${origin}/auth/signout`);
  await page.click('form button[type="submit"]');
  await page.waitForURL(`${origin}/`);
  assert.equal(await page.textContent('#who'), 'Not signed in');
  assert.equal(await session(page), null);
}

async function assertSignedIn(page, origin) {
  await page.waitForURL(`${origin}/`);
  assert.equal(await page.textContent('#who'), `Signed in as ${email}`);
  assert.equal((await session(page))?.user?.email, email);
}

// Submits the passkey form with \a address, as a user would.
async function submitPasskeyForm(page, address) {
  await page.fill('form[data-webauthn-provider="passkey"] input[name="email"]', address);
  await page.click('form[data-webauthn-provider="passkey"] button[type="submit"]');
}

// The POSTs to callback/passkey, for --record.
function recordCallbacks(page, into) {
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/auth/callback/passkey')) {
      const form = new URLSearchParams(request.postData());
      const credential = JSON.parse(form.get('data'));
      const clientData = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url'));
      into.push({ action: form.get('action'), origin: clientData.origin, step: { challenge: clientData.challenge, credential } });
    }
  });
}

async function main() {
  const origin = await suite.start(args.server, ['--algorithm', args.algorithm], /listening on (\S+)/, 'stdout');
  suite.log(`server at ${origin}`);
  const recorded = [];

  // 1. Registration on the built-in page.
  const a = await openProfile('a');
  recordCallbacks(a.page, recorded);
  const autofill = a.page.waitForRequest((r) => r.url().includes('/auth/webauthn-options/passkey?action=authenticate'));
  await a.page.goto(`${origin}/auth/signin`);
  await autofill;  // the script offers passkeys in the email field's autofill (conditional UI)
  suite.log('sign-in page loaded; the passkey script asked for autofill options');
  await suite.screenshot(a.page, `${args.algorithm}-1-signin-page`);
  await submitPasskeyForm(a.page, email);
  await assertSignedIn(a.page, origin);
  const [credential] = await a.credentials();
  assert.ok(credential?.isResidentCredential, 'the passkey is a discoverable (resident) credential');
  const keyType = createPrivateKey({ key: Buffer.from(credential.privateKey, 'base64'), format: 'der', type: 'pkcs8' }).asymmetricKeyType;
  assert.equal(keyType, keyTypes[args.algorithm], `the virtual authenticator made a ${args.algorithm} key`);
  suite.log(`registered a ${args.algorithm} passkey and signed in`);
  await suite.screenshot(a.page, `${args.algorithm}-2-registered`);

  // 2. Sign out; the autofill request of the sign-in page gets the passkey (the virtual
  //    authenticator confirms presence at once, as a user picking the passkey would).
  await signOut(a.page, origin);
  suite.log('signed out');
  await a.page.goto(`${origin}/auth/signin`);
  await assertSignedIn(a.page, origin);
  const afterAutofill = (await a.credentials())[0].signCount;
  assert.ok(afterAutofill > credential.signCount, 'the signature counter moved on');
  suite.log('signed in again with the passkey from autofill (conditional UI)');
  await suite.screenshot(a.page, `${args.algorithm}-3-signed-in-by-autofill`);

  // 3. Sign out; a browser without conditional UI signs in through the form.
  await signOut(a.page, origin);
  await a.page.context().addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await a.page.goto(`${origin}/auth/signin`);
  await submitPasskeyForm(a.page, email);
  await assertSignedIn(a.page, origin);
  assert.ok((await a.credentials())[0].signCount > afterAutofill, 'the signature counter moved on');
  suite.log('signed in again with the passkey through the form');
  await suite.screenshot(a.page, `${args.algorithm}-4-signed-in-by-form`);

  // 4. Another browser profile, whose authenticator does not hold the key.
  const b = await openProfile('b');
  await b.page.goto(`${origin}/auth/signin`);
  const refused = b.page.waitForEvent('console', { predicate: (m) => m.text().includes('Passkey sign-in failed'), timeout: 60000 });
  await submitPasskeyForm(b.page, email);
  const refusal = (await refused).text();
  assert.ok(refusal.includes('NotAllowedError'), `the browser refused: ${refusal}`);
  assert.ok(b.page.url().startsWith(`${origin}/auth/signin`), `profile B stays on the sign-in page (at ${b.page.url()})`);
  assert.equal(await session(b.page), null);
  assert.equal((await b.credentials()).length, 0);
  suite.log('a profile without the passkey cannot sign in');
  await suite.screenshot(b.page, `${args.algorithm}-5-other-profile-refused`);

  if (args.record) {
    const registration = recorded.find((r) => r.action === 'register');
    const authentications = recorded.filter((r) => r.action === 'authenticate').map((r) => r.step);
    const rpId = new URL(registration.origin).hostname;
    writeFileSync(args.record, JSON.stringify({ rpId, origin: registration.origin, registration: registration.step, authentications }, null, 2) + '\n');
    suite.log(`recorded the ceremonies in ${args.record}`);
  }
  await a.close();
  await b.close();
}

await suite.run(main);
