// The SMTP server of Gatehouse's email end-to-end tests: npm smtp-server (pinned in
// package-lock.json) on 127.0.0.1, storing every accepted message.
//
// Environment:
//   SINK_DIR        where messages go: <n>.eml (the raw message) and <n>.json
//                   {mailFrom, rcptTo, secure, user}; both appear complete (written, then renamed)
//   SINK_PORT       port to listen on; default 0 (any free port)
//   SINK_TLS_KEY, SINK_TLS_CERT   PEM files: offer STARTTLS with this certificate
//   SINK_SECURE=1   implicit TLS instead of STARTTLS (needs the key and certificate)
//   SINK_USER, SINK_PASS          require AUTH PLAIN with these credentials (only over TLS)
//
// Prints one line {"port": <port>} to stdout once it listens; exits on SIGTERM or when stdin
// closes, so it never outlives the test that started it.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = process.env.SINK_DIR;
if (!dir) {
  console.error('smtpsink: SINK_DIR is required');
  process.exit(2);
}
fs.mkdirSync(dir, { recursive: true });

const tls = process.env.SINK_TLS_KEY && process.env.SINK_TLS_CERT;
const secure = process.env.SINK_SECURE === '1';
const user = process.env.SINK_USER;
const pass = process.env.SINK_PASS;
if (secure && !tls) {
  console.error('smtpsink: SINK_SECURE needs SINK_TLS_KEY and SINK_TLS_CERT');
  process.exit(2);
}

let count = 0;

function store(raw, session) {
  count += 1;
  const base = path.join(dir, String(count).padStart(4, '0'));
  const meta = {
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    secure: Boolean(session.secure),
    user: session.user ?? null,
  };
  fs.writeFileSync(`${base}.eml.tmp`, raw);
  fs.renameSync(`${base}.eml.tmp`, `${base}.eml`);
  fs.writeFileSync(`${base}.json.tmp`, JSON.stringify(meta));
  fs.renameSync(`${base}.json.tmp`, `${base}.json`);
}

const disabled = [];
if (!tls) disabled.push('STARTTLS');
if (!user) disabled.push('AUTH');

const server = new SMTPServer({
  secure,
  key: tls ? fs.readFileSync(process.env.SINK_TLS_KEY) : undefined,
  cert: tls ? fs.readFileSync(process.env.SINK_TLS_CERT) : undefined,
  disabledCommands: disabled,
  authMethods: ['PLAIN'],
  authOptional: !user,
  allowInsecureAuth: false,
  logger: false,
  banner: 'gatehouse e2e mail sink',
  onAuth(auth, _session, callback) {
    if (auth.method === 'PLAIN' && auth.username === user && auth.password === pass) {
      callback(null, { user: auth.username });
    } else {
      callback(new Error('Invalid username or password'));
    }
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      try {
        store(Buffer.concat(chunks), session);
        callback();
      } catch (err) {
        callback(err);
      }
    });
  },
});

server.on('error', (err) => console.error('smtpsink:', err.message));
server.listen(Number(process.env.SINK_PORT || 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.server.address().port })}\n`);
});

function shutdown() {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.stdin.on('end', shutdown);
process.stdin.resume();
