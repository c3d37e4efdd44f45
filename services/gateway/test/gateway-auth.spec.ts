import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { JWT_AUDIENCE, JWT_ISSUER } from '@khidma/contracts';
import { loadConfig } from '@khidma/nest-kit';
import { fetchJson, startTestApp } from '@khidma/nest-kit/testing';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { gatewaySchema } from '../src/config.js';
import { GatewayModule } from '../src/gateway.module.js';

/**
 * A stand-in for identity: its JWKS (a key made here), its session check (sessions named `revoked-…`
 * are not active) and an echo of every other request, with two Set-Cookie headers.
 */
async function startFakeIdentity() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    const json = (body: unknown, headers: Record<string, string | string[]> = {}) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/jwks.json') return json({ keys: [jwk] });
    const session = /^\/api\/auth\/sessions\/([^/]+)\/active$/.exec(req.url!);
    if (session) return json({ active: !session[1]!.startsWith('revoked-') });
    seen.push({ url: req.url!, headers: req.headers });
    json({ url: req.url, headers: req.headers }, {
      'set-cookie': ['khidma_refresh=abc; Max-Age=2592000; Path=/api/auth; HttpOnly; SameSite=Strict', 'other=1; Path=/'],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (claims: Record<string, unknown> = {}, options: { key?: Parameters<SignJWT['sign']>[0]; audience?: string; issuer?: string; expires?: number } = {}) =>
    new SignJWT({ role: 'client', email: 'c@example.test', sid: randomUUID(), ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer(options.issuer ?? JWT_ISSUER)
      .setAudience(options.audience ?? JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expires ?? Math.floor(Date.now() / 1000) + 600)
      .sign(options.key ?? privateKey);
  return { url, seen, sign, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('gateway token check', () => {
  let identity: Awaited<ReturnType<typeof startFakeIdentity>>;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    identity = await startFakeIdentity();
    // The gateway's own revocation reads go to Redis when it has one; this suite checks the other path.
    // IDENTITY_JWKS_URL unset: the gateway takes identity's JWKS from its IDENTITY_URL.
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', IDENTITY_URL: identity.url, UPSTREAM_DNS_REFRESH_MS: '0' };
    const config = { ...loadConfig(gatewaySchema, env), SERVICE: { name: 'gateway', inlineJobs: true } };
    gateway = await startTestApp(GatewayModule.forRoot(config), 'gateway');
  });
  afterAll(async () => {
    await gateway?.app.close();
    await identity?.close();
  });

  const call = (token?: string, headers: Record<string, string> = {}) =>
    fetchJson(`${gateway.url}/api/auth/me`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  it('forwards requests without a token, and a valid token with its Authorization header unchanged', async () => {
    expect((await call()).status).toBe(200);
    const token = await identity.sign();
    const { status, body } = await call(token);
    expect(status).toBe(200);
    expect(body.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('answers 401 itself, before forwarding, for a bad token', async () => {
    const { privateKey: foreignKey } = await generateKeyPair('ES256');
    const past = Math.floor(Date.now() / 1000) - 60;
    const bad = {
      'alg none': new UnsecuredJWT({ sub: 'user-1', role: 'admin', email: 'x', sid: 's', iss: JWT_ISSUER, aud: JWT_AUDIENCE }).setExpirationTime('5m').encode(),
      'a foreign key': await identity.sign({}, { key: foreignKey }),
      'a wrong audience': await identity.sign({}, { audience: 'other-app' }),
      'a wrong issuer': await identity.sign({}, { issuer: 'https://evil.example' }),
      expired: await identity.sign({}, { expires: past }),
      'an unknown role': await identity.sign({ role: 'root' }),
      'a revoked session': await identity.sign({ sid: 'revoked-1' }),
      garbage: 'not-a-jwt',
    };
    const before = identity.seen.length;
    for (const [what, token] of Object.entries(bad)) {
      const { status, body, headers } = await call(token);
      expect([what, status]).toEqual([what, 401]);
      expect(body).toEqual({ statusCode: 401, code: 'unauthorized', message: 'Invalid or expired access token', requestId: headers.get('x-request-id') });
    }
    expect(identity.seen.length).toBe(before);
  });

  it('strips X-Is-Admin-Email and x-khidma-* headers a client sends', async () => {
    const { body } = await call(undefined, { 'X-Is-Admin-Email': 'true', 'x-khidma-role': 'admin', 'x-khidma-user': 'u', 'x-other': 'kept' });
    expect(body.headers).not.toHaveProperty('x-is-admin-email');
    expect(body.headers).not.toHaveProperty('x-khidma-role');
    expect(body.headers).not.toHaveProperty('x-khidma-user');
    expect(body.headers['x-other']).toBe('kept');
  });

  it("passes identity's Set-Cookie headers through", async () => {
    const { headers } = await call();
    expect(headers.getSetCookie()).toEqual([
      'khidma_refresh=abc; Max-Age=2592000; Path=/api/auth; HttpOnly; SameSite=Strict',
      'other=1; Path=/',
    ]);
  });
});
