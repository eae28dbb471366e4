// Key pairs for the test providers (idp.mjs, hostile.mjs).
//
// Node 20 can deadlock when it exports a key that came straight from generateKeyPairSync: the
// export holds the key's lock while it allocates, and a garbage collection at that moment ends
// the key-generation job, which takes the same lock (seen as a provider that never printed
// READY). So the pair is generated as PEM and turned into fresh KeyObjects, which share no lock
// with the job.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

export function keyPair(type, options = {}) {
  const pem = generateKeyPairSync(type, {
    ...options,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: createPublicKey(pem.publicKey), privateKey: createPrivateKey(pem.privateKey) };
}
