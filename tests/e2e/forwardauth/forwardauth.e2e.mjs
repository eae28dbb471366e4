// Forward authentication in a real browser: Debian's Chromium (headless, driven over the DevTools
// protocol by playwright-core; never a downloaded browser) in front of the stack of
// forwardauthstack.h: nginx or Caddy with the example configuration of packaging/, a
// gatehouse-server, and an app that answers with the identity headers it received (as JSON).
//
//   node forwardauth.e2e.mjs --stack <forwardauth_e2e_stack> --proxy nginx|caddy
//                            --chromium /usr/bin/chromium --artifacts <dir>
//
// The browser sees the example's host names on port 80, as in a deployment: Chromium's
// resolver sends every *.example.test:80 to the proxy's loopback port.
// 1. Alice opens a protected URL of app.example.test: she is sent to Gatehouse's sign-in page
//    on auth.example.test, signs in with her password and is back at that URL, where the app
//    shows her identity; the admins-only /admin opens for her too.
// 2. Alice sends a spoofed identity (Remote-User and friends, as extra headers on every
//    request): the app still sees her own.
// 3. Bob, spoofing alice's identity and group from the start: a public path shows no identity;
//    /admin sends him to sign in, and after it he gets 403 (he is not in the admins group):
//    behind Caddy, Gatehouse's page naming him and the site; behind nginx, nginx's own. / shows
//    him as himself.
// 4. Alice signs out on Gatehouse's sign-out page: the domain-wide session cookie is gone and
//    the protected URL sends her to the sign-in page again.
// Screenshots go to --artifacts as <proxy>-<step>.png and are listed as "artifact: <path>".
import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';
import { BrowserSuite } from './browsersuite.mjs';

const { values: args } = parseArgs({
  options: {
    stack: { type: 'string' }, proxy: { type: 'string' },
    chromium: { type: 'string', default: '/usr/bin/chromium' }, artifacts: { type: 'string' },
  },
});
for (const required of ['stack', 'proxy', 'artifacts']) if (!args[required]) throw new Error(`--${required} is required`);
const proxy = args.proxy;
const suite = new BrowserSuite(`forwardauth ${proxy} e2e`, args);

const app = 'http://app.example.test';
const signInPage = 'http://auth.example.test/auth/signin';
const password = 'good-password';
const spoofedHeaders = (user, groups) => ({
  'Remote-User': user, 'Remote-Email': user, 'Remote-Groups': groups,
  'X-Auth-Request-User': user, 'X-Auth-Request-Groups': groups, 'X-Forwarded-User': user,
});

// Opens \a url; the status of the answer that ends there (after redirects).
async function open(page, url) {
  const response = await page.goto(url);
  return response.status();
}

// The identity headers the app received for the page shown, as it echoed them.
async function echoed(page) {
  const text = await page.locator('body').innerText();
  const start = text.indexOf('{');
  assert.ok(start >= 0, `the app's answer is on the page: ${text}`);
  return JSON.parse(text.slice(start, text.lastIndexOf('}') + 1));
}

// On Gatehouse's sign-in page with \a callbackUrl: fills the password form and submits it;
// resolves with the status of the page the browser lands on.
async function signIn(page, username, callbackUrl) {
  const url = new URL(page.url());
  assert.equal(url.origin + url.pathname, signInPage);
  assert.equal(url.searchParams.get('callbackUrl'), callbackUrl);
  const form = page.locator('form[action$="/auth/callback/credentials"]');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  const landing = page.waitForResponse((response) => response.url() === callbackUrl && response.request().isNavigationRequest());
  await form.locator('button[type="submit"]').click();
  const status = (await landing).status();
  await page.waitForURL(callbackUrl);
  return status;
}

async function sessionCookie(page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'authjs.session-token');
}

await suite.run(async () => {
  const port = await suite.start(args.stack, [proxy], /proxy listening on 127\.0\.0\.1:(\d+)/, 'stdout');
  suite.log(`${proxy} on 127.0.0.1:${port}`);
  const browserArgs = { args: [`--host-resolver-rules=MAP *.example.test:80 127.0.0.1:${port}`, '--no-proxy-server'] };

  // 1. Alice: the protected URL, the sign-in page, and back with her identity.
  const alice = await suite.openProfile('alice', browserArgs);
  const report = `${app}/private/report?year=2026`;
  assert.equal(await open(alice.page, report), 200);
  assert.ok(await alice.page.locator('form[action$="/auth/callback/credentials"]').isVisible(), 'the password form');
  await suite.screenshot(alice.page, `${proxy}-1-sign-in`);
  assert.equal(await signIn(alice.page, 'alice', report), 200);
  assert.deepEqual(await echoed(alice.page), {
    path: '/private/report?year=2026', served: '/private/report', 'remote-user': 'alice@example.test', 'remote-email': 'alice@example.test',
    'remote-name': 'Alice', 'remote-groups': 'admins', 'x-auth-request-user': 'alice@example.test',
    'x-auth-request-email': 'alice@example.test', 'x-auth-request-groups': 'admins',
  });
  await suite.screenshot(alice.page, `${proxy}-2-signed-in`);
  const cookie = await sessionCookie(alice.page);
  assert.equal(cookie?.domain, '.example.test', 'one session cookie for auth. and app.example.test');
  assert.equal(await open(alice.page, `${app}/admin`), 200);
  assert.equal((await echoed(alice.page))['remote-groups'], 'admins');

  // 2. A spoofed identity from alice's browser never reaches the app.
  await alice.page.setExtraHTTPHeaders(spoofedHeaders('bob@example.test', 'staff'));
  assert.equal(await open(alice.page, `${app}/`), 200);
  const asAlice = await echoed(alice.page);
  assert.equal(asAlice['remote-user'], 'alice@example.test');
  assert.equal(asAlice['x-auth-request-user'], 'alice@example.test');
  assert.equal(asAlice['remote-groups'], 'admins');
  assert.ok(!asAlice['x-forwarded-user'], `no X-Forwarded-User: ${JSON.stringify(asAlice)}`);
  await alice.page.setExtraHTTPHeaders({});

  // 3. Bob claims to be alice, in the admins group, from his first request on.
  const bob = await suite.openProfile('bob', browserArgs);
  await bob.page.setExtraHTTPHeaders(spoofedHeaders('alice@example.test', 'admins'));
  assert.equal(await open(bob.page, `${app}/public/welcome`), 200);
  const anonymous = await echoed(bob.page);
  assert.equal(anonymous.path, '/public/welcome');
  for (const name of ['remote-user', 'remote-email', 'remote-groups', 'x-auth-request-user', 'x-forwarded-user'])
    assert.ok(!anonymous[name], `${name} on a public path: ${JSON.stringify(anonymous)}`);
  assert.equal(await open(bob.page, `${app}/admin`), 200);  // the sign-in page
  assert.equal(await signIn(bob.page, 'bob', `${app}/admin`), 403);
  const refusal = await bob.page.locator('body').innerText();
  if (proxy === 'caddy') {
    // Caddy passes Gatehouse's page on: who is signed in, where not, a way back as someone else.
    assert.match(refusal, /Access Denied/);
    assert.match(refusal, /You are signed in as bob@example\.test, who may not open app\.example\.test\./);
    const again = new URL(await bob.page.locator('a', { hasText: 'Sign in as someone else' }).getAttribute('href'));
    assert.equal(again.origin + again.pathname, signInPage);
    assert.equal(again.searchParams.get('callbackUrl'), `${app}/admin`);
  } else {
    assert.match(refusal, /Forbidden/);  // nginx's own page: it drops the sub-request's body
  }
  await suite.screenshot(bob.page, `${proxy}-3-forbidden`);
  assert.equal(await open(bob.page, `${app}/`), 200);
  const asBob = await echoed(bob.page);
  assert.equal(asBob['remote-user'], 'bob@example.test');
  assert.equal(asBob['remote-groups'], 'staff');
  assert.ok(!asBob['x-forwarded-user'], `no X-Forwarded-User: ${JSON.stringify(asBob)}`);
  await bob.close();

  // 4. Alice signs out on Gatehouse's page; the app is protected again.
  assert.equal(await open(alice.page, 'http://auth.example.test/auth/signout'), 200);
  await suite.screenshot(alice.page, `${proxy}-4-sign-out`);
  await Promise.all([alice.page.waitForNavigation(), alice.page.locator('form button[type="submit"]').click()]);
  assert.equal(await sessionCookie(alice.page), undefined, 'the session cookie is gone');
  assert.equal(await open(alice.page, report), 200);
  const again = new URL(alice.page.url());
  assert.equal(again.origin + again.pathname, signInPage);
  assert.equal(again.searchParams.get('callbackUrl'), report);
  await suite.screenshot(alice.page, `${proxy}-5-signed-out`);
  await alice.close();
});
