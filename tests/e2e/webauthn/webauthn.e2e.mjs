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
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

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
const processes = [];
const scratch = [];
const browserConsole = [];  // every profile's console, shown when the test fails

function log(message) {
  console.log(`[webauthn e2e ${args.algorithm}] ${message}`);
}

// Starts \a command and resolves with the first match of \a pattern in its output.
function start(command, commandArgs, pattern, stream) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that helpers it starts (Chromium's renderers and services) end with it.
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    processes.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 30000);
    child.on('error', (error) => { clearTimeout(timer); reject(new Error(`cannot run ${command}: ${error.message}`)); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${command} exited (${code}):\n${output}`)); });
    child[stream].on('data', (chunk) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
  });
}

// Kills what is left of the process group of \a pid and waits (at most 5 s) until it is gone:
// Chromium's helper processes may outlive the browser process and still write into the profile.
async function endProcessGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    return;  // no such group any more
  }
  for (let i = 0; i < 50; ++i) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A browser with its own, fresh profile, and a page with a virtual authenticator.
async function openProfile(name) {
  const profile = mkdtempSync(join(tmpdir(), `gatehouse-webauthn-${name}-`));
  scratch.push(profile);
  const endpoint = await start(args.chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-breakpad',
    `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank',
  ], /DevTools listening on (ws:\/\/\S+)/, 'stderr');
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0];
  const page = context.pages()[0] ?? await context.newPage();
  page.on('console', (message) => browserConsole.push(`${name}: ${message.text()}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  // Ends the browser itself (connectOverCDP's close() only disconnects).
  const close = async () => (await browser.newBrowserCDPSession()).send('Browser.close').catch(() => {});
  return { page, credentials, close };
}

async function screenshot(page, name) {
  const file = join(args.artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`artifact: ${file}`);
}

async function session(page) {
  return page.evaluate(async () => (await fetch('/auth/session')).json());
}

// Submits the passkey form with \a address, as a user would.
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
  mkdirSync(args.artifacts, { recursive: true });
  const origin = await start(args.server, ['--algorithm', args.algorithm], /listening on (\S+)/, 'stdout');
  log(`server at ${origin}`);
  const recorded = [];

  // 1. Registration on the built-in page.
  const a = await openProfile('a');
  recordCallbacks(a.page, recorded);
  const autofill = a.page.waitForRequest((r) => r.url().includes('/auth/webauthn-options/passkey?action=authenticate'));
  await a.page.goto(`${origin}/auth/signin`);
  await autofill;  // the script offers passkeys in the email field's autofill (conditional UI)
  log('sign-in page loaded; the passkey script asked for autofill options');
  await screenshot(a.page, `${args.algorithm}-1-signin-page`);
  await submitPasskeyForm(a.page, email);
  await assertSignedIn(a.page, origin);
  const [credential] = await a.credentials();
  assert.ok(credential?.isResidentCredential, 'the passkey is a discoverable (resident) credential');
  const keyType = createPrivateKey({ key: Buffer.from(credential.privateKey, 'base64'), format: 'der', type: 'pkcs8' }).asymmetricKeyType;
  assert.equal(keyType, keyTypes[args.algorithm], `the virtual authenticator made a ${args.algorithm} key`);
  log(`registered a ${args.algorithm} passkey and signed in`);
  await screenshot(a.page, `${args.algorithm}-2-registered`);

  // 2. Sign out; the autofill request of the sign-in page gets the passkey (the virtual
  //    authenticator confirms presence at once, as a user picking the passkey would).
  await signOut(a.page, origin);
  log('signed out');
  await a.page.goto(`${origin}/auth/signin`);
  await assertSignedIn(a.page, origin);
  const afterAutofill = (await a.credentials())[0].signCount;
  assert.ok(afterAutofill > credential.signCount, 'the signature counter moved on');
  log('signed in again with the passkey from autofill (conditional UI)');
  await screenshot(a.page, `${args.algorithm}-3-signed-in-by-autofill`);

  // 3. Sign out; a browser without conditional UI signs in through the form.
  await signOut(a.page, origin);
  await a.page.context().addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await a.page.goto(`${origin}/auth/signin`);
  await submitPasskeyForm(a.page, email);
  await assertSignedIn(a.page, origin);
  assert.ok((await a.credentials())[0].signCount > afterAutofill, 'the signature counter moved on');
  log('signed in again with the passkey through the form');
  await screenshot(a.page, `${args.algorithm}-4-signed-in-by-form`);

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
  log('a profile without the passkey cannot sign in');
  await screenshot(b.page, `${args.algorithm}-5-other-profile-refused`);

  if (args.record) {
    const registration = recorded.find((r) => r.action === 'register');
    const authentications = recorded.filter((r) => r.action === 'authenticate').map((r) => r.step);
    const rpId = new URL(registration.origin).hostname;
    writeFileSync(args.record, JSON.stringify({ rpId, origin: registration.origin, registration: registration.step, authentications }, null, 2) + '\n');
    log(`recorded the ceremonies in ${args.record}`);
  }
  await a.close();
  await b.close();
}

try {
  await main();
  log('passed');
} catch (error) {
  console.error(`[webauthn e2e ${args.algorithm}] FAILED: ${error.stack ?? error}`);
  if (browserConsole.length) console.error(`browser console:\n  ${browserConsole.join('\n  ')}`);
  process.exitCode = 1;
} finally {
  await Promise.all(processes.filter((child) => child.exitCode === null && child.signalCode === null).map((child) =>
    new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => { clearTimeout(kill); resolve(); });
      child.kill('SIGTERM');
    })));
  for (const child of processes) await endProcessGroup(child.pid);
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
