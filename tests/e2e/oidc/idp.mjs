// A real OpenID Provider (oidc-provider, pinned in package-lock.json) for Gatehouse's
// end-to-end tests. It listens on a free port of 127.0.0.1 and prints "READY <issuer>".
//
// GH_IDP_CLIENTS: a JSON list of clients, each
//   { "client_id", "client_secret" (omit for public clients), "token_endpoint_auth_method",
//     "redirect_uris": [...], "access_token_ttl": seconds (default 600),
//     "deny": true to answer every login with error=access_denied }
// Every client may use refresh tokens; they are issued on every code grant and rotated on use.
//
// Logins are not interactive: /interaction/:uid logs in the account "user-1" (Alice) and
// grants everything asked, then sends the user agent (303) back to the resume URL, so a client
// that follows redirects with a cookie jar completes the flow.
// GET /__stats answers {"refreshGrants": n, "codeGrants": n} for the tests' assertions.
// Extra claims of the account (its "groups" claim, say): GH_IDP_CLAIMS (a JSON object) at start,
// and PUT /__claims with a JSON object, which replaces them for the logins that follow. Claims
// under "groups" go into the id_token (scope openid), unless GH_IDP_CONFORM=1: then the id_token
// of the code flow carries no claims of the account but "sub", and userinfo has them (the
// groups under scope profile).
import http from 'node:http';
import Provider from 'oidc-provider';
import { keyPair } from './keypair.mjs';

const specs = JSON.parse(process.env.GH_IDP_CLIENTS || '[]');
const denied = new Set(specs.filter((c) => c.deny).map((c) => c.client_id));
const ttls = new Map(specs.map((c) => [c.client_id, c.access_token_ttl || 600]));
const stats = { refreshGrants: 0, codeGrants: 0 };
let extraClaims = JSON.parse(process.env.GH_IDP_CLAIMS || '{}');
const conform = process.env.GH_IDP_CONFORM === '1';

const ACCOUNT = {
  sub: 'user-1',
  email: 'alice@example.test',
  email_verified: true,
  name: 'Alice',
  preferred_username: 'alice',
};

const { privateKey } = keyPair('rsa', { modulusLength: 2048 });
const signingJwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'e2e-rs256' };

function configuration() {
  return {
    clients: specs.map((c) => ({
      client_id: c.client_id,
      ...(c.client_secret ? { client_secret: c.client_secret } : {}),
      token_endpoint_auth_method: c.token_endpoint_auth_method || 'client_secret_basic',
      redirect_uris: c.redirect_uris,
      post_logout_redirect_uris: c.post_logout_redirect_uris || [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })),
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['gatehouse-e2e-idp-cookie-key-0123456789'] },
    claims: {
      openid: conform ? ['sub'] : ['sub', 'groups'],
      email: ['email', 'email_verified'],
      profile: conform ? ['name', 'preferred_username', 'groups'] : ['name', 'preferred_username'],
    },
    conformIdTokenClaims: conform,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    async findAccount(_ctx, sub) {
      if (sub !== ACCOUNT.sub) return undefined;
      return { accountId: sub, async claims() { return { ...ACCOUNT, ...extraClaims }; } };
    },
    ttl: {
      Session: 3600,
      Interaction: 600,
      Grant: 3600,
      IdToken: 600,
      AuthorizationCode: 60,
      RefreshToken: 3600,
      AccessToken: (_ctx, _token, client) => ttls.get(client?.clientId) || 600,
    },
  };
}

async function handleInteraction(provider, req, res) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, session } = details;
  let result;
  if (denied.has(params.client_id)) {
    result = { error: 'access_denied', error_description: 'this client is always refused' };
  } else if (prompt.name === 'login') {
    result = { login: { accountId: ACCOUNT.sub, amr: ['pwd'] } };
  } else if (prompt.name === 'consent') {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    const d = prompt.details || {};
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    if (d.missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(d.missingResourceScopes)) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    result = { consent: { grantId: await grant.save() } };
  } else {
    result = { error: 'interaction_required', error_description: `unhandled prompt ${prompt.name}` };
  }
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, configuration());
  provider.on('server_error', (_ctx, err) => console.error('[idp] server_error', err));
  provider.on('grant.success', (ctx) => {
    const type = ctx.oidc.params && ctx.oidc.params.grant_type;
    if (type === 'refresh_token') stats.refreshGrants += 1;
    if (type === 'authorization_code') stats.codeGrants += 1;
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url === '/__stats') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(stats));
      return;
    }
    if (req.url === '/__claims' && req.method === 'PUT') {
      let body = '';
      req.on('data', (chunk) => { body += chunk; });
      req.on('end', () => {
        try {
          extraClaims = JSON.parse(body);
          res.statusCode = 204;
        } catch (err) {
          res.statusCode = 400;
        }
        res.end();
      });
      return;
    }
    if (req.url.startsWith('/interaction/')) {
      handleInteraction(provider, req, res).catch((err) => {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/plain');
        res.end(String((err && err.message) || err));
      });
      return;
    }
    callback(req, res);
  });
  console.log(`READY ${issuer}`);
});

function shutdown() { server.close(); process.exit(0); }
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
