import type { IncomingHttpHeaders } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { JWT_AUDIENCE, JWT_ISSUER } from '@khidma/contracts';
import { fetchJson, startFakeIdentity } from '@khidma/nest-kit/testing';
import { generateKeyPair, UnsecuredJWT } from 'jose';
import { startGateway } from './start-gateway.js';

/**
 * Identity as the gateway sees it: sessions named `revoked-…` are not active, and every other request
 * is echoed back (recorded in `seen`) with two Set-Cookie headers.
 */
async function startIdentity() {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const identity = await startFakeIdentity({
    sessionActive: (sessionId) => !sessionId.startsWith('revoked-'),
    handle: (req, res) => {
      seen.push({ url: req.url!, headers: req.headers });
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': ['khidma_refresh=abc; Max-Age=2592000; Path=/api/auth; HttpOnly; SameSite=Strict', 'other=1; Path=/'],
      });
      res.end(JSON.stringify({ url: req.url, headers: req.headers }));
    },
  });
  return { ...identity, seen };
}

describe('gateway token check', () => {
  let identity: Awaited<ReturnType<typeof startIdentity>>;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    identity = await startIdentity();
    // The gateway's own revocation reads go to Redis when it has one; this suite checks the other path.
    // IDENTITY_JWKS_URL unset: the gateway takes identity's JWKS from its IDENTITY_URL.
    const env = { IDENTITY_URL: identity.url, UPSTREAM_DNS_REFRESH_MS: '0' };
    gateway = await startGateway(env);
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
