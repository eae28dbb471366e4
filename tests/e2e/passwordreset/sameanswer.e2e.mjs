// "Forgot your password?" answers every address alike: the real gatehouse-server on a SQLite
// file (metrics on, on a loopback port of their own), its mails to the email suite's SMTP sink.
//
//   node sameanswer.e2e.mjs --server <gatehouse-server> --smtp-sink <email suite's node/smtpsink.mjs>
//        [--rounds 20]
//
// Four kinds of address, asked for in turns (each round in another order, so no kind always
// follows the one that sends a mail): a person with a built-in password, a person without one
// (made by an e-mail sign-in), a disabled person, and an address no one has (a new one each round).
// - Every answer is the same page, byte for byte (a CSRF token, were there one, aside).
// - The store work of each request: the SQL statements the server's metrics count while it is
//   answered (gatehouse_storage_query_duration_seconds_count by operation; the audit event,
//   written off the request path, left out), the same in every round for each kind; an unknown
//   address and a disabled person ask the store as often as a mailed link does.
// - The mails are the ones due: one per request for the two people, none for the others.
// The time of each answer is measured and the kinds' medians are printed, not asserted: a bound
// loose enough for a loaded machine would be too loose to catch anything (tests/bench/passwordreset
// measures them with more rounds).
import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';
import { BrowserSuite, freePort } from './browsersuite.mjs';
import { mail, mailCount, serverCommand, startServer, startSmtpSink, writeConfig } from './resetserver.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string' }, 'smtp-sink': { type: 'string' }, rounds: { type: 'string', default: '20' },
  },
});
for (const required of ['server', 'smtp-sink']) if (!args[required]) throw new Error(`--${required} is required`);
const rounds = Number(args.rounds);
assert.ok(Number.isInteger(rounds) && rounds >= 1 && rounds <= 1000, '--rounds is 1 to 1000');
const suite = new BrowserSuite('password reset same answer', { artifacts: new URL('.', import.meta.url).pathname });

// A client with its own cookies and no automatic redirects.
class Client {
  constructor(origin) { this.origin = origin; this.cookies = new Map(); }

  async fetch(path, init = {}) {
    const headers = { ...(init.headers ?? {}) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(path.startsWith('http') ? path : this.origin + path,
      { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(20000) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async csrfToken() {
    return (await (await this.fetch('/auth/csrf')).json()).csrfToken;
  }

  post(path, fields) {
    return this.fetch(path, {
      method: 'POST', body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}

// The statements counted so far, by adapter operation.
async function statements(metricsOrigin) {
  const text = await (await fetch(`${metricsOrigin}/metrics`, { signal: AbortSignal.timeout(20000) })).text();
  const counts = new Map();
  for (const [, operation, count] of text.matchAll(/^gatehouse_storage_query_duration_seconds_count\{operation="([^"]*)"\} (\d+)$/gm))
    counts.set(operation, Number(count));
  return counts;
}

function difference(after, before) {
  const delta = {};
  for (const [operation, count] of after) {
    const added = count - (before.get(operation) ?? 0);
    // The audit event is written off the request path: it may land before or after the scrape.
    if (added && !/audit/i.test(operation)) delta[operation] = added;
  }
  return delta;
}

function total(delta) {
  return Object.values(delta).reduce((sum, n) => sum + n, 0);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main() {
  const work = suite.scratchDir('gatehouse-passwordreset-same-');
  const sinkDir = suite.scratchDir('gatehouse-passwordreset-same-mail-');
  const smtpPort = await startSmtpSink(suite, args['smtp-sink'], sinkDir);
  const metricsPort = await freePort();
  // Every request counts against the limits (it may send a mail): high enough for all rounds.
  const config = writeConfig(work, smtpPort, {
    rateLimit: { maxFailuresPerIdentifier: 100000, maxFailuresPerAddress: 100000 },
    server: { metricsListen: `127.0.0.1:${metricsPort}` },
  });
  serverCommand(args.server, ['migrate', '--config', config]);
  serverCommand(args.server, ['user', 'add', 'pat@example.test', '--password-stdin', '--config', config], 'pat password 123\n');
  serverCommand(args.server, ['user', 'add', 'dora@example.test', '--password-stdin', '--config', config], 'dora password 123\n');
  serverCommand(args.server, ['user', 'disable', 'dora@example.test', '--config', config]);
  const origin = await startServer(suite, args.server, config);
  const metricsOrigin = `http://127.0.0.1:${metricsPort}`;
  suite.log(`server at ${origin}, metrics at ${metricsOrigin}, SMTP sink on port ${smtpPort}`);

  // A person without a password: made by signing in with an e-mail link.
  const olga = new Client(origin);
  const signIn = await olga.post('/auth/signin/email', { csrfToken: await olga.csrfToken(), email: 'olga@example.test', callbackUrl: '/' });
  assert.equal(signIn.status, 302);
  const link = (await mail(sinkDir, 1)).link;
  assert.equal((await olga.fetch(link)).status, 302);
  assert.equal((await (await olga.fetch('/auth/session')).json())?.user?.email, 'olga@example.test', 'the e-mail link made the person');
  const mailsBefore = 1;

  const kinds = ['password', 'noPassword', 'disabled', 'unknown'];
  const address = (kind, round) => ({
    password: 'pat@example.test', noPassword: 'olga@example.test', disabled: 'dora@example.test',
    unknown: `nobody-${round}@example.test`,
  })[kind];
  const pages = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const times = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const storeWork = Object.fromEntries(kinds.map((kind) => [kind, []]));

  // One warm-up request of each kind (the first statements of a connection prepare them), not counted.
  for (let round = -1; round < rounds; ++round) {
    const order = kinds.map((_, i) => kinds[(i + Math.max(round, 0)) % kinds.length]);
    if (round % 2) order.reverse();
    for (const kind of order) {
      const client = new Client(origin);
      const csrfToken = await client.csrfToken();
      const before = await statements(metricsOrigin);
      const started = process.hrtime.bigint();
      const response = await client.post('/auth/reset-password', { csrfToken, email: address(kind, round) });
      const body = await response.text();
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      const after = await statements(metricsOrigin);
      assert.equal(response.status, 200, `${kind}: ${body}`);
      if (round < 0) continue;
      pages[kind].push(body.replace(/(name="csrfToken" value=")[^"]*"/g, '$1"'));
      times[kind].push(elapsed);
      storeWork[kind].push(difference(after, before));
    }
  }

  // The same page for every kind and every round.
  const reference = pages.password[0];
  assert.ok(reference.includes('If an account has this address'), reference);
  for (const kind of kinds)
    pages[kind].forEach((page, round) => assert.equal(page, reference, `${kind}, round ${round}: another page`));
  suite.log(`${kinds.length * rounds} answers, one page (${Buffer.byteLength(reference)} bytes)`);

  // The same store work: per kind, every round alike; and every kind as many statements.
  const counted = {};
  for (const kind of kinds) {
    const first = storeWork[kind][0];
    storeWork[kind].forEach((delta, round) => assert.deepEqual(delta, first, `${kind}, round ${round}: other statements`));
    counted[kind] = first;
    suite.log(`${kind}: ${total(first)} statements ${JSON.stringify(first)}`);
  }
  // An address that gets no link asks the store as often as a mailed link does (a look-up in
  // place of the person's state, another in place of storing the link). Storing a link is one
  // call of two statements (the older links deleted, the new one inserted): counted as one.
  const calls = (delta) => total(delta) - (delta.createPasswordReset ?? 0) / 2;
  assert.equal(counted.password.createPasswordReset, 2, 'a mailed link is stored');
  for (const kind of ['unknown', 'disabled', 'noPassword'])
    assert.equal(calls(counted[kind]), calls(counted.password),
      `${kind} asks the store ${calls(counted[kind])} times, a mailed link ${calls(counted.password)} times`);
  // A person without a password gets a mail and stores nothing: a look-up in its place.
  suite.log(`store calls: mailed link ${calls(counted.password)}, unknown ${calls(counted.unknown)}, `
    + `disabled ${calls(counted.disabled)}, no password ${calls(counted.noPassword)}`);

  // The mails that are due: the two people's (plus the warm-up's), nothing more.
  const due = mailsBefore + 2 * (rounds + 1);
  await mail(sinkDir, due);
  const recipients = [];
  for (let n = mailsBefore + 1; n <= due; ++n) recipients.push(...(await mail(sinkDir, n)).rcptTo);
  assert.deepEqual([...new Set(recipients)].sort(), ['olga@example.test', 'pat@example.test']);
  // Whatever else was to come would have been handed to the sink by now: the server sends at once.
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(mailCount(sinkDir), due, 'no mail to the disabled person or the unknown addresses');
  suite.log(`${due - mailsBefore} mails, all to the two people`);

  const passwordMedian = median(times.password);
  for (const kind of kinds) {
    const sorted = [...times[kind]].sort((a, b) => a - b);
    const offset = median(sorted) - passwordMedian;
    suite.log(`time ${kind}: median ${median(sorted).toFixed(2)} ms (${offset >= 0 ? '+' : ''}${offset.toFixed(2)} ms), `
      + `min ${sorted[0].toFixed(2)}, max ${sorted.at(-1).toFixed(2)} (${rounds} requests)`);
  }
}

await suite.run(main);
