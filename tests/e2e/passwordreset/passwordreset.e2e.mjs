// "Forgot your password?" in a real browser: Debian's Chromium (headless, driven over the
// DevTools protocol by playwright-core; never a downloaded browser) against the real
// gatehouse-server on a SQLite file, whose mails go to the email suite's SMTP sink (npm
// smtp-server on 127.0.0.1).
//
//   node passwordreset.e2e.mjs --server <gatehouse-server> --chromium /usr/bin/chromium
//        --smtp-sink <email suite's node/smtpsink.mjs> --artifacts <dir>
//
// Once in English and once in German (the browser's Accept-Language), each with a person of its
// own (added with `gatehouse-server user add`):
// 1. Browser "old" signs in with the password and turns on an authenticator app on the account
//    page (the key read from the page, the code computed here as an app does).
// 2. Browser "reset", signed out, opens the sign-in page, clicks "Forgot your password?", types
//    the address and sends it: the "check your mail" page.
// 3. The mail in the sink: to that address, in the language of the request; its first link
//    opens the new-password form, where the new password is typed twice: the done page.
// 4. The old browser's session is gone: its cookie gets no session, the account page sends it to
//    the sign-in page. The old password is refused.
// 5. The done page's link leads to the sign-in page; the new password leads to the second-factor
//    page (no session yet); the app's code reaches the account page.
// Each page is asserted by what it says and screenshotted (passwordreset-<step>-<language>.png in
// --artifacts, listed as "artifact: <path>").
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { BrowserSuite } from './browsersuite.mjs';
import { mail, serverCommand, startServer, startSmtpSink, writeConfig } from './resetserver.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string' }, chromium: { type: 'string', default: '/usr/bin/chromium' },
    'smtp-sink': { type: 'string' }, artifacts: { type: 'string' },
  },
});
for (const required of ['server', 'smtp-sink', 'artifacts']) if (!args[required]) throw new Error(`--${required} is required`);
const suite = new BrowserSuite('password reset e2e', args);

// What a person reads on each page, per language (translations/gatehouse_pages_de.ts).
const texts = {
  en: {
    signInTitle: 'Sign In', forgot: 'Forgot your password?', resetHeading: 'Reset your password',
    resetPrompt: 'Enter the email address of your account.', emailLabel: 'Email', send: 'Send the link',
    sentHeading: 'Check your email', sentText: 'If an account has this address, a mail with a link to choose a new password is on its way.',
    back: 'Back to sign in', newLabel: 'New password', confirmLabel: 'Repeat the new password', save: 'Change password',
    doneHeading: 'Your password was changed', doneText: 'Every session of your account was signed out. Sign in with your new password.',
    twoFactorHeading: 'Two-step verification', accountHeading: 'Your account', subject: 'Reset your password for',
  },
  de: {
    signInTitle: 'Anmelden', forgot: 'Passwort vergessen?', resetHeading: 'Passwort zurücksetzen',
    resetPrompt: 'Geben Sie die E-Mail-Adresse Ihres Kontos ein.', emailLabel: 'E-Mail', send: 'Link senden',
    sentHeading: 'Prüfen Sie Ihr E-Mail-Postfach', sentText: 'Wenn ein Konto diese Adresse hat, ist eine E-Mail mit einem Link für ein neues Passwort unterwegs.',
    back: 'Zurück zur Anmeldung', newLabel: 'Neues Passwort', confirmLabel: 'Neues Passwort wiederholen', save: 'Passwort ändern',
    doneHeading: 'Ihr Passwort wurde geändert', doneText: 'Alle Sitzungen Ihres Kontos wurden abgemeldet. Melden Sie sich mit Ihrem neuen Passwort an.',
    twoFactorHeading: 'Bestätigung in zwei Schritten', accountHeading: 'Ihr Konto', subject: 'Passwort für',
  },
};

// The session as the browser's cookies get it.
async function session(page, origin) {
  const response = await page.context().request.get(`${origin}/auth/session`);
  assert.equal(response.status(), 200);
  return response.json();
}

async function signInWithPassword(page, email, password) {
  const form = page.locator('form[action$="/auth/callback/credentials"]');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

function timeStep() {
  return Math.floor(Date.now() / 1000 / 30);
}

// The RFC 6238 code (HMAC-SHA1, 6 digits, 30 s) of a base32 key at time step \a step.
function totpCode(base32Key, step) {
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

// Signs in on \a page and turns on an authenticator app on the account page; returns the key
// and the time step whose code the enrolment spent.
async function enrolAuthenticator(page, origin, email, password) {
  await page.goto(`${origin}/auth/signin`);
  await signInWithPassword(page, email, password);
  await page.waitForURL(`${origin}/auth/account`);
  const twoFactor = 'section[aria-labelledby="gh-two-factor"]';
  await page.click(`${twoFactor} form:has(input[value="twoFactorBegin"]) button[type="submit"]`);
  await page.waitForSelector('#gh-two-factor-secret');
  const key = await page.textContent('#gh-two-factor-secret');
  const step = timeStep();
  await page.fill('#gh-two-factor-code', totpCode(key, step));
  await page.click(`${twoFactor} form:has(input[value="twoFactorConfirm"]) button[type="submit"]`);
  await page.waitForSelector('.gh-recovery-codes');
  return { key, step };
}

async function heading(page) {
  return (await page.textContent('h1')).trim();
}

async function bodyText(page) {
  return (await page.textContent('main, body')).replace(/\s+/g, ' ');
}

// One person's reset, by clicking, in \a language.
async function resetFlow(origin, sinkDir, mailNumber, language) {
  const t = texts[language];
  const email = `${language}.person@example.test`;
  const oldPassword = `old ${language} password 1`;
  const newPassword = `new ${language} password 2`;
  serverCommand(args.server, ['user', 'add', email, '--name', `Person ${language}`, '--password-stdin', '--config', suite.config],
    `${oldPassword}\n`);

  // 1. A browser signed in before the reset, with an authenticator app.
  const old = await suite.openProfile(`old-${language}`);
  const { key, step: enrolStep } = await enrolAuthenticator(old.page, origin, email, oldPassword);
  assert.equal((await session(old.page, origin))?.user?.email, email);
  const oldCookie = (await old.context.cookies(origin)).find((cookie) => cookie.name === 'authjs.session-token');
  assert.ok(oldCookie?.value, 'the old browser holds a session cookie');
  suite.log(`${language}: signed in on the old browser and turned on an authenticator app`);

  // 2. Another browser, signed out: sign-in page, "Forgot your password?", the address.
  const b = await suite.openProfile(`reset-${language}`);
  await b.context.setExtraHTTPHeaders({ 'Accept-Language': language });
  await b.page.goto(`${origin}/auth/signin`);
  assert.equal(await b.page.getAttribute('html', 'lang'), language);
  assert.equal(await b.page.title(), t.signInTitle);
  const forgot = b.page.locator('.gh-forgot-password a');
  assert.equal((await forgot.textContent()).trim(), t.forgot);
  await forgot.click();
  await b.page.waitForURL(`${origin}/auth/reset-password`);
  assert.equal(await heading(b.page), t.resetHeading);
  assert.ok((await bodyText(b.page)).includes(t.resetPrompt), 'the address form says what it does');
  assert.equal((await b.page.textContent('label[for="gh-reset-email"]')).trim(), t.emailLabel);
  assert.equal((await b.page.textContent('form button[type="submit"]')).trim(), t.send);
  await suite.screenshot(b.page, `passwordreset-request-${language}`);
  await b.page.fill('#gh-reset-email', email);
  await b.page.click('form button[type="submit"]');
  await b.page.waitForURL(`${origin}/auth/reset-password`);
  assert.equal(await heading(b.page), t.sentHeading);
  assert.ok((await bodyText(b.page)).includes(t.sentText), 'the "check your mail" page says a mail is on its way');
  assert.equal((await b.page.textContent(`a[href="${origin}/auth/signin"]`)).trim(), t.back);
  await suite.screenshot(b.page, `passwordreset-sent-${language}`);
  suite.log(`${language}: asked for a link on the sign-in page's "${t.forgot}"`);

  // 3. The mail, its first link, the new password twice.
  const received = await mail(sinkDir, mailNumber);
  assert.deepEqual(received.rcptTo, [email]);
  assert.ok(received.subject.startsWith(t.subject), `the subject is in the request's language: ${received.subject}`);
  assert.match(received.link, new RegExp(`^${origin}/auth/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
  await b.page.goto(received.link);
  assert.equal(await heading(b.page), t.resetHeading);
  assert.equal((await b.page.textContent('label[for="gh-reset-new"]')).trim(), t.newLabel);
  assert.equal((await b.page.textContent('label[for="gh-reset-confirm"]')).trim(), t.confirmLabel);
  assert.equal((await b.page.textContent('form button[type="submit"]')).trim(), t.save);
  await suite.screenshot(b.page, `passwordreset-new-password-${language}`);
  await b.page.fill('#gh-reset-new', newPassword);
  await b.page.fill('#gh-reset-confirm', newPassword);
  await b.page.click('form button[type="submit"]');
  await b.page.waitForURL(`${origin}/auth/reset-password`);
  assert.equal(await heading(b.page), t.doneHeading);
  assert.ok((await bodyText(b.page)).includes(t.doneText), 'the done page says every session ended');
  await suite.screenshot(b.page, `passwordreset-done-${language}`);
  suite.log(`${language}: the mail's first link led to the new-password form; the password was changed`);

  // 4. The session opened before the reset is gone; the old password no longer signs in.
  const withOldCookie = await fetch(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${oldCookie.value}` } });
  assert.equal(withOldCookie.status, 200);
  assert.equal(await withOldCookie.json(), null, 'the cookie of the session opened before the reset gets no session');
  assert.equal(await session(old.page, origin), null, 'the old browser has no session any more');
  await old.page.goto(`${origin}/auth/account`);
  await old.page.waitForURL((url) => url.pathname === '/auth/signin');
  await signInWithPassword(old.page, email, oldPassword);
  await old.page.waitForURL((url) => url.pathname === '/auth/signin' && url.searchParams.get('error') === 'CredentialsSignin');
  assert.equal(await session(old.page, origin), null, 'the old password makes no session');
  suite.log(`${language}: the old browser's session ended; the old password is refused`);

  // 5. The done page's link, the new password, the second factor, the account page.
  await b.page.click(`a[href="${origin}/auth/signin"]`);
  await b.page.waitForURL((url) => url.pathname === '/auth/signin');
  assert.equal(await b.page.title(), t.signInTitle);
  assert.equal((await b.page.locator('.gh-forgot-password a').textContent()).trim(), t.forgot);
  await suite.screenshot(b.page, `passwordreset-signin-${language}`);
  await signInWithPassword(b.page, email, newPassword);
  await b.page.waitForURL(`${origin}/auth/two-factor`);
  assert.equal(await heading(b.page), t.twoFactorHeading);
  assert.equal(await session(b.page, origin), null, 'the new password alone makes no session');
  await suite.screenshot(b.page, `passwordreset-two-factor-${language}`);
  // The enrolment spent its own time step's code; one step of skew is allowed.
  await b.page.fill('#gh-two-factor-code', totpCode(key, Math.max(timeStep(), enrolStep + 1)));
  await b.page.click('form:has(#gh-two-factor-code) button[type="submit"]');
  await b.page.waitForURL(`${origin}/auth/account`);
  assert.equal(await heading(b.page), t.accountHeading);
  assert.equal((await session(b.page, origin))?.user?.email, email);
  suite.log(`${language}: the new password and the app's code reached the account page`);

  await old.close();
  await b.close();
}

async function main() {
  const work = suite.scratchDir('gatehouse-passwordreset-e2e-');
  const sinkDir = suite.scratchDir('gatehouse-passwordreset-e2e-mail-');
  const smtpPort = await startSmtpSink(suite, args['smtp-sink'], sinkDir);
  suite.config = writeConfig(work, smtpPort);
  serverCommand(args.server, ['migrate', '--config', suite.config]);
  const origin = await startServer(suite, args.server, suite.config);
  suite.log(`server at ${origin}, SMTP sink on port ${smtpPort}`);
  await resetFlow(origin, sinkDir, 1, 'en');
  await resetFlow(origin, sinkDir, 2, 'de');
}

await suite.run(main);
