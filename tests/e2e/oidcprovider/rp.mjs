// A relying party on openid-client (an OpenID Certified library) and jose, for the tests of
// Gatehouse as an OpenID Provider. Two steps, each one run of this script, printing one JSON
// object on stdout:
//
//   node rp.mjs begin  ISSUER CLIENT_JSON
//       -> {"url": the authorization request, "state", "nonce", "verifier"}
//   node rp.mjs finish ISSUER CLIENT_JSON CALLBACK_URL BEGIN_JSON
//       -> {"idToken": claims, "userinfo": claims, "accessToken": {"header", "claims"}, "response": {...}}
//       or {"error": code, "description": text} when the library refuses the answer.
//   node rp.mjs machine ISSUER CLIENT_JSON
//       -> the client_credentials grant: {"response": {...}, "accessToken": {"header", "claims"}}
//   node rp.mjs logout ISSUER CLIENT_JSON ID_TOKEN POST_LOGOUT_REDIRECT_URI STATE
//       -> {"url": the RP-initiated logout request}
//
// CLIENT_JSON: {"id", "secret"?, "auth": "basic" | "post" | "none", "alg", "redirectUri", "scope"}.
// The test's server speaks plain http on 127.0.0.1, which the library allows only when asked.
import * as client from 'openid-client';
import * as jose from 'jose';

const [step, issuer, clientJson, callbackUrl, beginJson, logoutState] = process.argv.slice(2);
const rp = JSON.parse(clientJson);

function authentication() {
  switch (rp.auth) {
    case 'basic': return client.ClientSecretBasic(rp.secret);
    case 'post': return client.ClientSecretPost(rp.secret);
    case 'none': return client.None();
    default: throw new Error(`unknown client authentication ${rp.auth}`);
  }
}

async function configuration() {
  const metadata = { client_id: rp.id, id_token_signed_response_alg: rp.alg };
  if (rp.secret) metadata.client_secret = rp.secret;
  const config = await client.discovery(new URL(issuer), rp.id, metadata, authentication(),
                                        { execute: [client.allowInsecureRequests] });
  // Check the ID token's signature against the provider's JWKS, not only its claims (the
  // library skips that for tokens from the token endpoint unless asked).
  client.enableNonRepudiationChecks(config);
  return config;
}

async function begin() {
  const config = await configuration();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: rp.redirectUri,
    scope: rp.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, verifier };
}

async function finish() {
  const config = await configuration();
  const started = JSON.parse(beginJson);
  const tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl), {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
  // The access token as a resource server would check it (RFC 9068): signature, typ, issuer, audience.
  const server = config.serverMetadata();
  const keys = jose.createRemoteJWKSet(new URL(server.jwks_uri));
  const access = await jose.jwtVerify(tokens.access_token, keys, {
    issuer: server.issuer,
    audience: rp.id,
    typ: 'at+jwt',
  });
  return {
    idToken,
    rawIdToken: tokens.id_token,
    idTokenHeader: jose.decodeProtectedHeader(tokens.id_token),
    userinfo,
    accessToken: { header: access.protectedHeader, claims: access.payload },
    response: { token_type: tokens.token_type, expires_in: tokens.expires_in, scope: tokens.scope ?? null },
  };
}

async function machine() {
  const config = await configuration();
  const tokens = await client.clientCredentialsGrant(config, rp.scope ? { scope: rp.scope } : {});
  const server = config.serverMetadata();
  const access = await jose.jwtVerify(tokens.access_token, jose.createRemoteJWKSet(new URL(server.jwks_uri)), {
    issuer: server.issuer,
    audience: rp.id,
    typ: 'at+jwt',
  });
  return {
    response: {
      token_type: tokens.token_type, expires_in: tokens.expires_in, scope: tokens.scope ?? null,
      id_token: 'id_token' in tokens, refresh_token: 'refresh_token' in tokens,
    },
    accessToken: { header: access.protectedHeader, claims: access.payload },
  };
}

// For logout the fourth and fifth arguments are the ID token and the post-logout redirect URI.
async function logout() {
  const config = await configuration();
  const url = client.buildEndSessionUrl(config, {
    id_token_hint: callbackUrl,
    post_logout_redirect_uri: beginJson,
    state: logoutState,
  });
  return { url: url.href };
}

const steps = { begin, finish, machine, logout };

try {
  const result = await steps[step]();
  process.stdout.write(JSON.stringify(result) + '\n');
} catch (error) {
  process.stdout.write(JSON.stringify({
    error: error.error ?? error.code ?? error.name,
    description: error.error_description ?? error.message,
  }) + '\n');
}
