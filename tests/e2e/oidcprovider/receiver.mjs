// A relying party's back-channel logout endpoint (OpenID Connect Back-Channel Logout 1.0 §2.5)
// for the tests of Gatehouse as an OpenID Provider: it verifies each Logout Token with jose
// against the provider's jwks_uri (from discovery) and records what it got.
//
//   node receiver.mjs ISSUER [PORT]  -> prints {"port": N} once it listens on 127.0.0.1:N (PORT, or
//                                       one the system gives): a client whose receiver comes up later
//
//   POST /ok/NAME     verified, recorded, answered 200
//   POST /hold/NAME   recorded and held unanswered until POST /release; answered 500 after it
//   GET  /received    the records: [{path, contentType, header, payload, error, held, closedWhileHeld}]
//   POST /release     answers every held request (500) and stops holding
import * as http from 'node:http';
import * as jose from 'jose';

const [issuer, port] = process.argv.slice(2);
const records = [];
const held = [];
let holding = true;
let keys = null;

async function jwks() {
  if (!keys) {
    const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    keys = jose.createRemoteJWKSet(new URL(discovery.jwks_uri));
  }
  return keys;
}

async function check(body) {
  const token = new URLSearchParams(body).get('logout_token');
  const record = { header: null, payload: null, error: null };
  try {
    // §2.6: signature, issuer, typ; the audience is the test's to compare.
    const { payload, protectedHeader } = await jose.jwtVerify(token ?? '', await jwks(), { issuer, typ: 'logout+jwt' });
    record.header = protectedHeader;
    record.payload = payload;
  } catch (error) {
    record.error = `${error.code ?? error.name}: ${error.message}`;
  }
  return record;
}

const server = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => { body += chunk; });
  request.on('end', async () => {
    const path = request.url;
    if (request.method === 'GET' && path === '/received') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(records));
      return;
    }
    if (request.method === 'POST' && path === '/release') {
      holding = false;
      for (const waiting of held.splice(0)) {
        waiting.response.writeHead(500);
        waiting.response.end();
      }
      response.writeHead(204);
      response.end();
      return;
    }
    const record = { path, contentType: request.headers['content-type'] ?? null, held: false, closedWhileHeld: false,
                     ...(await check(body)) };
    records.push(record);
    if (path.startsWith('/ok/')) {
      response.writeHead(200);
      response.end();
    } else if (path.startsWith('/hold/') && holding) {
      record.held = true;
      request.socket.on('close', () => { if (holding) record.closedWhileHeld = true; });
      held.push({ response });
    } else {
      response.writeHead(500);
      response.end();
    }
  });
});

server.listen(Number(port ?? 0), '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ port: server.address().port }) + '\n');
});
