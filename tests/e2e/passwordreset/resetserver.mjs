// What the password reset suites share: the email suite's SMTP sink (npm smtp-server on
// 127.0.0.1), gatehouse-server on a SQLite file of the run with the built-in passwords and an
// e-mail provider that sends through the sink, the server's own commands, and the mails as
// delivered (the first link of the text part, the subject, the recipients).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './browsersuite.mjs';

export const secret = 'passwordreset-e2e-secret-passwordreset-e2e-secret-0123';

// Starts smtpsink.mjs (\a sinkScript) with its messages in \a dir; resolves with its port. The
// sink ends when its stdin closes, so it is given a pipe; \a suite ends it with the others.
export function startSmtpSink(suite, sinkScript, dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [sinkScript], {
      stdio: ['pipe', 'pipe', 'pipe'], detached: true, env: { ...process.env, SINK_DIR: dir },
    });
    suite.processes.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the SMTP sink did not start:\n${output}`)), 30000);
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the SMTP sink exited (${code}):\n${output}`)); });
    const read = (chunk) => {
      output += chunk;
      const match = output.match(/\{"port":\s*(\d+)\}/);
      if (match) { clearTimeout(timer); resolve(Number(match[1])); }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

// Writes the configuration: built-in passwords and an e-mail provider whose mails go to the sink
// on \a smtpPort; \a extra is merged into the top level (rateLimit, server, ...).
export function writeConfig(work, smtpPort, extra = {}) {
  const config = join(work, 'gatehouse.json');
  writeFileSync(config, JSON.stringify({
    basePath: '/auth',
    trustHost: true,
    adapter: { url: `sqlite:${join(work, 'gatehouse.db')}` },
    session: { strategy: 'database' },
    providers: [
      { id: 'credentials', type: 'credentials', name: 'Password', authorize: 'builtin' },
      {
        id: 'email', type: 'email', name: 'Email', from: 'Gatehouse E2E <no-reply@example.test>',
        server: { host: '127.0.0.1', port: smtpPort, ignoreTLS: true, connectionTimeout: 5000, sendTimeout: 10000 },
      },
    ],
    ...extra,
  }, null, 2));
  return config;
}

// Runs a gatehouse-server command to its end; throws with its output when it fails.
export function serverCommand(server, commandArgs, input) {
  const result = spawnSync(server, commandArgs, { input, encoding: 'utf8', env: { ...process.env, AUTH_SECRET: secret } });
  if (result.status !== 0) throw new Error(`gatehouse-server ${commandArgs.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

// Starts the server on a free loopback port; resolves with its origin (http://127.0.0.1:<port>).
export async function startServer(suite, server, config) {
  return suite.start(server, ['--config', config, '--listen', `127.0.0.1:${await freePort()}`],
    /listening on (http:\/\/\S+)/, 'stderr', { ...process.env, AUTH_SECRET: secret, QT_LOGGING_RULES: 'gatehouse.*.debug=false' });
}

function decodeQuotedPrintable(text) {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'latin1');
  const out = [];
  for (let i = 0; i < bytes.length; ++i) {
    if (bytes[i] === 0x3d && /^[0-9A-F]{2}$/i.test(bytes.subarray(i + 1, i + 3).toString('latin1'))) {
      out.push(parseInt(bytes.subarray(i + 1, i + 3).toString('latin1'), 16));
      i += 2;
    } else {
      out.push(bytes[i]);
    }
  }
  return Buffer.from(out).toString('utf8');
}

// An RFC 2047 header value (=?UTF-8?B?...?= or ?Q?), unfolded.
function decodeHeader(value) {
  return value.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*(?==\?)/gi, '=?utf-8?$1?$2?=')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding, data) => (encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' '))));
}

// The \a n-th (1-based) message of the sink in \a dir once it has arrived (at most 15 s): its
// recipients, subject, text part and the first link of the text part.
export async function mail(dir, n) {
  const base = join(dir, String(n).padStart(4, '0'));
  for (let i = 0; i < 150 && !existsSync(`${base}.json`); ++i) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!existsSync(`${base}.json`)) throw new Error(`mail ${n} did not arrive in 15 s`);
  const raw = readFileSync(`${base}.eml`, 'latin1');
  const { rcptTo } = JSON.parse(readFileSync(`${base}.json`, 'utf8'));
  const headerEnd = raw.indexOf('\r\n\r\n');
  const subject = decodeHeader((raw.slice(0, headerEnd).match(/^Subject: (.*(?:\r?\n[ \t].*)*)/mi) ?? [])[1] ?? '');
  const part = raw.match(/Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--=_gatehouse_/i);
  if (!part) throw new Error(`mail ${n} has no text part:\n${raw}`);
  const text = decodeQuotedPrintable(part[1]);
  const link = (text.match(/https?:\/\/\S+/) ?? [])[0];
  return { rcptTo, subject, text, link };
}

// How many messages the sink has stored so far.
export function mailCount(dir, upTo = 1000) {
  let n = 0;
  while (n < upTo && existsSync(join(dir, `${String(n + 1).padStart(4, '0')}.json`))) ++n;
  return n;
}
