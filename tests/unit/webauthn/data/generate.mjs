// Records WebAuthn ceremonies for tst_ceremony: plays software authenticators (node:crypto) and
// a browser (clientDataJSON), and writes one JSON file per ceremony next to this script.
// Packed attestation certificates are made with the openssl command-line tool.
//
//   node generate.mjs            (Node.js 20, openssl 3 on PATH)
//
// Every file: {rpId, origin, registration: {challenge, credential}, authentications:
// [{challenge, credential}, ...]}; challenges and binary members are base64url. The files are
// committed: tests do not run this script.
import { createHash, generateKeyPairSync, randomBytes, sign, createPrivateKey } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const rpId = 'localhost';
const origin = 'http://localhost:9300';
const b64u = (buf) => Buffer.from(buf).toString('base64url');
const sha256 = (data) => createHash('sha256').update(data).digest();

// --- a minimal CBOR encoder (RFC 8949): integers, byte/text strings, arrays, maps in insertion order
function head(major, n) {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) { const b = Buffer.alloc(3); b[0] = (major << 5) | 25; b.writeUInt16BE(n, 1); return b; }
  const b = Buffer.alloc(5); b[0] = (major << 5) | 26; b.writeUInt32BE(n, 1); return b;
}
function cbor(value) {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') { const t = Buffer.from(value, 'utf8'); return Buffer.concat([head(3, t.length), t]); }
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cannot encode ' + value);
}

// --- software authenticators
function makeKey(alg) {
  if (alg === -7) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, 'base64url')], [-3, Buffer.from(jwk.y, 'base64url')]]);
    return { alg, privateKey, cose: cbor(cose), sign: (d) => sign('sha256', d, privateKey) };
  }
  if (alg === -257) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map([[1, 3], [3, -257], [-1, Buffer.from(jwk.n, 'base64url')], [-2, Buffer.from(jwk.e, 'base64url')]]);
    return { alg, privateKey, cose: cbor(cose), sign: (d) => sign('sha256', d, privateKey) };
  }
  if (alg === -8) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map([[1, 1], [3, -8], [-1, 6], [-2, Buffer.from(jwk.x, 'base64url')]]);
    return { alg, privateKey, cose: cbor(cose), sign: (d) => sign(null, d, privateKey) };
  }
  throw new Error('alg ' + alg);
}

const UP = 0x01, UV = 0x04, BE = 0x08, BS = 0x10, AT = 0x40;

function authData(flags, counter, attested) {
  const fixed = Buffer.alloc(37);
  sha256(rpId).copy(fixed, 0);
  fixed[32] = flags;
  fixed.writeUInt32BE(counter, 33);
  if (!attested) return fixed;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(attested.credentialId.length);
  return Buffer.concat([fixed, attested.aaguid, len, attested.credentialId, attested.cose]);
}

function clientData(type, challenge) {
  return Buffer.from(JSON.stringify({ type, challenge: b64u(challenge), origin, crossOrigin: false }));
}

function register({ alg, fmt = 'none', flags = UP | UV | BE | BS, attestation }) {
  const key = makeKey(alg);
  const credentialId = randomBytes(32);
  const aaguid = attestation ? attestation.aaguid : Buffer.alloc(16);
  const challenge = randomBytes(32);
  const cdj = clientData('webauthn.create', challenge);
  const ad = authData(flags | AT, 0, { credentialId, aaguid, cose: key.cose });
  let attStmt = new Map();
  if (fmt === 'packed') {
    const signed = Buffer.concat([ad, sha256(cdj)]);
    if (attestation) {
      attStmt = new Map([['alg', -7], ['sig', sign('sha256', signed, attestation.privateKey)], ['x5c', attestation.x5c]]);
    } else {
      attStmt = new Map([['alg', alg], ['sig', key.sign(signed)]]);
    }
  }
  const attestationObject = cbor(new Map([['fmt', fmt], ['attStmt', attStmt], ['authData', ad]]));
  const credential = {
    id: b64u(credentialId), rawId: b64u(credentialId), type: 'public-key',
    response: { clientDataJSON: b64u(cdj), attestationObject: b64u(attestationObject), transports: ['internal', 'hybrid'] },
    authenticatorAttachment: 'platform', clientExtensionResults: { credProps: { rk: true } },
  };
  return { key, credentialId, flags, record: { challenge: b64u(challenge), credential } };
}

function authenticate(authenticator, counter, flags = authenticator.flags) {
  const challenge = randomBytes(32);
  const cdj = clientData('webauthn.get', challenge);
  const ad = authData(flags, counter);
  const signature = authenticator.key.sign(Buffer.concat([ad, sha256(cdj)]));
  const id = b64u(authenticator.credentialId);
  return {
    challenge: b64u(challenge),
    credential: {
      id, rawId: id, type: 'public-key',
      response: { clientDataJSON: b64u(cdj), authenticatorData: b64u(ad), signature: b64u(signature), userHandle: b64u(Buffer.from('user-handle')) },
      authenticatorAttachment: 'platform', clientExtensionResults: {},
    },
  };
}

// --- packed attestation certificates (openssl CLI)
function attestationCertificates() {
  const dir = mkdtempSync(join(tmpdir(), 'webauthn-certs-'));
  const run = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  const aaguid = randomBytes(16);
  // Extensions of the CA and attestation (leaf) certificates; the leaf carries the AAGUID.
  writeFileSync(join(dir, 'ext.cnf'), [
    '[req]', 'distinguished_name=dn', '[dn]', '',
    '[ca]', 'basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign', '',
    '[leaf]', 'basicConstraints=critical,CA:FALSE', `1.3.6.1.4.1.45724.1.1.4=DER:0410${aaguid.toString('hex')}`, '',
  ].join('\n'));
  const ca = (name) => {
    run('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`,
        '-out', `${name}.pem`, '-days', '36500', '-subj', `/C=DE/O=Gatehouse Test/CN=${name}`,
        '-extensions', 'ca', '-config', 'ext.cnf', '-set_serial', '1');
  };
  ca('ca-a');
  ca('ca-b');
  const leaf = (name, subject, issuer) => {
    run('req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`,
        '-out', `${name}.csr`, '-subj', subject, '-config', 'ext.cnf');
    run('x509', '-req', '-in', `${name}.csr`, '-CA', `${issuer}.pem`, '-CAkey', `${issuer}.key`, '-set_serial', '2',
        '-days', '36500', '-extfile', 'ext.cnf', '-extensions', 'leaf', '-out', `${name}.pem`);
    return createPrivateKey(readFileSync(join(dir, `${name}.key`)));
  };
  const der = (name) => run('x509', '-in', `${name}.pem`, '-outform', 'DER');
  const good = leaf('leaf', '/C=DE/O=Gatehouse Test/OU=Authenticator Attestation/CN=Gatehouse Test Authenticator', 'ca-a');
  const badUnit = leaf('leaf-ou', '/C=DE/O=Gatehouse Test/OU=Something Else/CN=Gatehouse Test Authenticator', 'ca-a');
  const result = {
    good: { aaguid, privateKey: good, x5c: [der('leaf'), der('ca-a')] },
    wrongIssuer: { aaguid, privateKey: good, x5c: [der('leaf'), der('ca-b')] },
    badUnit: { aaguid, privateKey: badUnit, x5c: [der('leaf-ou'), der('ca-a')] },
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

function write(name, registration, authentications) {
  const file = join(here, `${name}.json`);
  writeFileSync(file, JSON.stringify({ rpId, origin, registration: registration.record, authentications }, null, 2) + '\n');
  console.log('wrote', file);
}

const certificates = attestationCertificates();
for (const [name, alg] of [['es256', -7], ['rs256', -257], ['eddsa', -8]]) {
  const none = register({ alg });
  write(`${name}-none`, none, [authenticate(none, 1), authenticate(none, 2)]);
  const self = register({ alg, fmt: 'packed' });
  write(`${name}-packed-self`, self, [authenticate(self, 7)]);
}
const x5c = register({ alg: -7, fmt: 'packed', flags: UP | UV, attestation: certificates.good });
write('es256-packed-x5c', x5c, [authenticate(x5c, 1)]);
write('es256-packed-x5c-wrong-issuer', register({ alg: -7, fmt: 'packed', flags: UP | UV, attestation: certificates.wrongIssuer }), []);
write('es256-packed-x5c-other-aaguid', register({ alg: -7, fmt: 'packed', flags: UP | UV, attestation: { ...certificates.good, aaguid: randomBytes(16) } }), []);
write('es256-packed-x5c-bad-ou', register({ alg: -7, fmt: 'packed', flags: UP | UV, attestation: certificates.badUnit }), []);
// A security key without a counter and without user verification (UP only).
const plain = register({ alg: -7, flags: UP });
write('es256-up-only-no-counter', plain, [authenticate(plain, 0), authenticate(plain, 0)]);
