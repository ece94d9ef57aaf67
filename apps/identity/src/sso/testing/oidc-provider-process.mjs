// A real OpenID Provider (oidc-provider, ES modules only) for the SSO tests, run as a child process:
// `node oidc-provider-process.mjs` with OIDC_CLIENTS and OIDC_ACCOUNTS (JSON) in its environment. It listens
// on 127.0.0.1 at a free port and prints `ready <issuer>` once it serves. Sign-in uses the provider's
// development login and consent forms: any login named in OIDC_ACCOUNTS, any password.
// OIDC_JWKS_PADDING_BYTES, when set, pads the JWKS answer with that many bytes (an oversized key set).
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]');
const accounts = JSON.parse(process.env.OIDC_ACCOUNTS ?? '{}');
const jwksPadding = Number(process.env.OIDC_JWKS_PADDING_BYTES ?? 0);

const signingKey = {
  ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  kid: 'test-key',
  use: 'sig',
  alg: 'RS256',
};
const publicKey = { kty: 'RSA', n: signingKey.n, e: signingKey.e, kid: 'test-key', use: 'sig', alg: 'RS256' };

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients,
  findAccount: (_ctx, sub) =>
    accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
  // The role claim rides on the openid scope, as providers configured to send groups do.
  claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
  jwks: { keys: [signingKey] },
});
// Its warnings about development-only settings are expected here.
provider.on('server_error', (_ctx, error) => process.stderr.write(`server_error ${error.stack}\n`));
const handle = provider.callback();
server.on('request', (request, response) => {
  if (jwksPadding > 0 && request.url === '/jwks') {
    response.setHeader('content-type', 'application/jwk-set+json');
    response.end(JSON.stringify({ keys: [publicKey], padding: 'x'.repeat(jwksPadding) }));
    return;
  }
  handle(request, response);
});
process.stdout.write(`ready ${issuer}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// A test killed without stopping us: no parent-death signal in Node, so we watch for being re-parented.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.exit(1), 1000).unref();
