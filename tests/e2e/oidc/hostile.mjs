// A hostile OpenID provider for Gatehouse's end-to-end tests (Node.js built-ins only). It
// looks like an OpenID provider (discovery, JWKS, authorize, token, userinfo) but answers each
// sign-in as the authorization request's "mode" parameter asks, for example with a forged
// id_token. It listens on a free port of 127.0.0.1 and prints "READY <issuer>".
//
// Modes of GET /authorize?...&mode=<mode>:
//   ok, ps256, es256, eddsa        a valid id_token (RS256 unless named)
//   rotated                        signed with a key the JWKS publishes only from now on
//   unknown-kid                    signed with a key the JWKS never publishes
//   bad-signature, alg-none, hs256-pubkey (HMAC keyed with the RSA public key's PEM)
//   wrong-aud, wrong-iss, expired, wrong-nonce, azp-mismatch
//   iss-mismatch, no-iss           the redirect back names another issuer / none
//   token-error                    the token endpoint answers 400 invalid_grant
//   slow                           the token endpoint answers after 5 s
//   drip                           the token endpoint sends one byte every 100 ms, forever
//   oversized                      the token response is 2 MiB
// GET /slow/.well-known/openid-configuration answers after 5 s.
// GET /__stats answers {"jwks": n, "token": n}.
import http from 'node:http';
import crypto from 'node:crypto';
import { keyPair } from './keypair.mjs';

const rsa = keyPair('rsa', { modulusLength: 2048 });
const rsaRotated = keyPair('rsa', { modulusLength: 2048 });
const rsaUnpublished = keyPair('rsa', { modulusLength: 2048 });
const ec = keyPair('ec', { namedCurve: 'P-256' });
const ed = keyPair('ed25519');
const jwk = (pair, kid) => ({ ...pair.publicKey.export({ format: 'jwk' }), kid, use: 'sig' });

let rotatedPublished = false;
const stats = { jwks: 0, token: 0 };
const codes = new Map();
const b64 = (data) => Buffer.from(data).toString('base64url');

function sign(alg, kid, claims, how) {
  const header = { alg, typ: 'JWT' };
  if (kid) header.kid = kid;
  const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
  const data = Buffer.from(input);
  let signature;
  switch (how) {
    case 'none': signature = Buffer.alloc(0); break;
    case 'ps256': signature = crypto.sign('sha256', data, { key: rsa.privateKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }); break;
    case 'es256': signature = crypto.sign('sha256', data, { key: ec.privateKey, dsaEncoding: 'ieee-p1363' }); break;
    case 'eddsa': signature = crypto.sign(null, data, ed.privateKey); break;
    case 'rotated': signature = crypto.sign('sha256', data, rsaRotated.privateKey); break;
    case 'unpublished': signature = crypto.sign('sha256', data, rsaUnpublished.privateKey); break;
    case 'hmac-pubkey':
      signature = crypto.createHmac('sha256', rsa.publicKey.export({ type: 'spki', format: 'pem' })).update(input).digest();
      break;
    default: signature = crypto.sign('sha256', data, rsa.privateKey);
  }
  return `${input}.${b64(signature)}`;
}

function idToken(issuer, grant) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: issuer, sub: 'hostile-user', aud: grant.clientId, exp: now + 600, iat: now,
    email: 'mallory@example.test', name: 'Mallory',
  };
  if (grant.nonce) claims.nonce = grant.nonce;
  switch (grant.mode) {
    case 'ps256': return sign('PS256', 'rsa-1', claims, 'ps256');
    case 'es256': return sign('ES256', 'ec-1', claims, 'es256');
    case 'eddsa': return sign('EdDSA', 'ed-1', claims, 'eddsa');
    case 'rotated': return sign('RS256', 'rsa-2', claims, 'rotated');
    case 'unknown-kid': return sign('RS256', 'ghost', claims, 'unpublished');
    case 'alg-none': return sign('none', undefined, claims, 'none');
    case 'hs256-pubkey': return sign('HS256', 'rsa-1', claims, 'hmac-pubkey');
    case 'bad-signature': {
      const token = sign('RS256', 'rsa-1', claims, 'rsa');
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      return token.slice(0, -2) + last + token.at(-1);
    }
    case 'wrong-aud': return sign('RS256', 'rsa-1', { ...claims, aud: 'someone-else' }, 'rsa');
    case 'wrong-iss': return sign('RS256', 'rsa-1', { ...claims, iss: 'http://evil.example' }, 'rsa');
    case 'expired': return sign('RS256', 'rsa-1', { ...claims, exp: now - 3600, iat: now - 7200 }, 'rsa');
    case 'wrong-nonce': return sign('RS256', 'rsa-1', { ...claims, nonce: 'not-the-nonce' }, 'rsa');
    case 'azp-mismatch': return sign('RS256', 'rsa-1', { ...claims, aud: [grant.clientId, 'other'], azp: 'other' }, 'rsa');
    default: return sign('RS256', 'rsa-1', claims, 'rsa');
  }
}

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req) {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => resolve(new URLSearchParams(body)));
  });
}

async function token(issuer, req, res) {
  stats.token += 1;
  const form = await readBody(req);
  const grant = codes.get(form.get('code'));
  if (!grant) return json(res, 400, { error: 'invalid_grant' });
  codes.delete(form.get('code'));
  const tokens = {
    access_token: `at-${crypto.randomBytes(8).toString('hex')}`, token_type: 'Bearer', expires_in: 3600,
    scope: 'openid profile email', id_token: idToken(issuer, grant),
  };
  switch (grant.mode) {
    case 'token-error': return json(res, 400, { error: 'invalid_grant', error_description: 'refused' });
    case 'slow': { const t = setTimeout(() => json(res, 200, tokens), 5000); res.on('close', () => clearTimeout(t)); return undefined; }
    case 'oversized': return json(res, 200, { ...tokens, padding: 'x'.repeat(2 * 1024 * 1024) });
    case 'drip': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
      return undefined;
    }
    default: return json(res, 200, tokens);
  }
}

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const discovery = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    id_token_signing_alg_values_supported: ['RS256', 'PS256', 'ES256', 'EdDSA', 'HS256', 'none'],
    authorization_response_iss_parameter_supported: true,
  };
  server.on('request', (req, res) => {
    const url = new URL(req.url, issuer);
    switch (url.pathname) {
      case '/.well-known/openid-configuration': return json(res, 200, discovery);
      case '/slow/.well-known/openid-configuration': {
        const t = setTimeout(() => json(res, 200, discovery), 5000);
        res.on('close', () => clearTimeout(t));
        return undefined;
      }
      case '/jwks': {
        stats.jwks += 1;
        const keys = [jwk(rsa, 'rsa-1'), jwk(ec, 'ec-1'), jwk(ed, 'ed-1')];
        if (rotatedPublished) keys.push(jwk(rsaRotated, 'rsa-2'));
        return json(res, 200, { keys }, { 'cache-control': 'max-age=300' });
      }
      case '/authorize': {
        const p = url.searchParams;
        const mode = p.get('mode') || 'ok';
        if (mode === 'rotated') rotatedPublished = true;
        const code = crypto.randomBytes(16).toString('hex');
        codes.set(code, { mode, nonce: p.get('nonce'), clientId: p.get('client_id') });
        const back = new URL(p.get('redirect_uri'));
        back.searchParams.set('code', code);
        if (p.get('state')) back.searchParams.set('state', p.get('state'));
        if (mode === 'iss-mismatch') back.searchParams.set('iss', 'http://evil.example');
        else if (mode !== 'no-iss') back.searchParams.set('iss', issuer);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      case '/token': return token(issuer, req, res);
      case '/userinfo': return json(res, 200, { sub: 'hostile-user', email: 'mallory@example.test', name: 'Mallory' });
      case '/__stats': return json(res, 200, stats);
      default: res.writeHead(404); return res.end();
    }
  });
  console.log(`READY ${issuer}`);
});

function shutdown() { server.close(); process.exit(0); }
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
