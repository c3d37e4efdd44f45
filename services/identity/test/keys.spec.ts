import { statSync } from 'node:fs';
import { ACCESS_TOKEN_TTL_SECONDS } from '@khidma/nest-kit';
import { fetchJson, usingRedis } from '@khidma/nest-kit/testing';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { generateSigningKey, keyFilePath, keysInUse, parseKeys, publicJwk, readKeyFile, rotate, writeKeyFile } from '../src/keys/signing-keys.js';
import { Client, identityTestConfig, startIdentity, uniqueEmail } from './support.js';

describe('signing keys', () => {
  it('are generated on first start into DATA_DIR/keys, owner-only, and rotate without cutting off issued tokens', async () => {
    const config = identityTestConfig();
    const first = await startIdentity(config);
    try {
      const path = keyFilePath(config.DATA_DIR);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const client = new Client(first.url);
      await client.signUp(uniqueEmail('rotation'));
      const oldToken = client.accessToken!;
      const oldKid = decodeProtectedHeader(oldToken).kid;

      // What `npm run rotate-keys` does to the file; a replica started now (or any running one within
      // seconds) signs with the new key and still accepts the old key's tokens.
      await writeKeyFile(path, await rotate((await readKeyFile(path))!));
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const second = await startIdentity(config);
      try {
        const jwks = (await fetchJson(`${second.url}/.well-known/jwks.json`)).body;
        expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual([oldKid, expect.any(String)]);
        const fresh = await new Client(second.url).signIn(decodeJwt(oldToken).email as string);
        expect(decodeProtectedHeader(fresh.body.accessToken).kid).toBe(jwks.keys[1].kid);
        const holder = new Client(second.url);
        holder.accessToken = oldToken;
        expect((await holder.call('GET', '/api/auth/me')).status).toBe(200);
      } finally {
        await second.app.close();
      }
    } finally {
      await first.app.close();
      await config.cleanup();
    }
  });

  it('drop a key once every token it signed has expired', async () => {
    const now = Date.now();
    const old = await generateSigningKey(now - 60 * 60_000);
    const previous = await generateSigningKey(now - (ACCESS_TOKEN_TTL_SECONDS + 120) * 1000);
    const current = await generateSigningKey(now - 60_000);
    expect(keysInUse([old, previous, current], now).map((key) => key.kid)).toEqual([previous.kid, current.kid]);
    const rotated = await rotate([old, previous, current], now);
    expect(rotated.map((key) => key.kid)).toEqual([previous.kid, current.kid, rotated[2]!.kid]);
  });

  it('come from JWT_PRIVATE_JWKS in production, the last one signing', async () => {
    const [a, b] = [await generateSigningKey(), await generateSigningKey()];
    const config = identityTestConfig({ JWT_PRIVATE_JWKS: JSON.stringify([a, b]) });
    const { app, url } = await startIdentity(config);
    try {
      expect((await fetchJson(`${url}/.well-known/jwks.json`)).body).toEqual({ keys: [publicJwk(a), publicJwk(b)] });
      const client = new Client(url);
      await client.signUp(uniqueEmail('prod-keys'));
      expect(decodeProtectedHeader(client.accessToken!).kid).toBe(b.kid);
      expect(await readKeyFile(keyFilePath(config.DATA_DIR))).toBeUndefined();
    } finally {
      await app.close();
      await config.cleanup();
    }
  });

  it('refuse a JWT_PRIVATE_JWKS that holds no private P-256 key, naming the entry', async () => {
    const publicOnly = JSON.stringify([publicJwk(await generateSigningKey())]);
    expect(() => parseKeys(publicOnly, 'JWT_PRIVATE_JWKS')).toThrow(/JWT_PRIVATE_JWKS\[0\]: must be a private P-256/);
    expect(() => parseKeys('[]', 'JWT_PRIVATE_JWKS')).toThrow(/non-empty JSON array/);
    expect(() => parseKeys('{', 'JWT_PRIVATE_JWKS')).toThrow(/not JSON/);
  });
});

(usingRedis() ? describe : describe.skip)('two identity replicas on Redis', () => {
  it('share the failed sign-in counters and the session revocations', async () => {
    const config = identityTestConfig({ RATE_LIMIT_SCALE: '1' });
    const a = await startIdentity(config);
    const b = await startIdentity(config);
    try {
      const email = uniqueEmail('replicas');
      const client = new Client(a.url);
      await client.signUp(email);
      for (const replica of [a, b, a, b, a]) {
        expect((await new Client(replica.url, { 'x-forwarded-for': '198.51.100.200' }).signIn(email, 'wrong-Passw0rd!')).status).toBe(401);
      }
      // Held on either replica for the address that failed; the owner elsewhere is not (abuse.spec).
      expect((await new Client(b.url, { 'x-forwarded-for': '198.51.100.200' }).signIn(email)).status).toBe(429);
      expect((await new Client(a.url, { 'x-forwarded-for': '198.51.100.201' }).signIn(email)).status).toBe(200);

      const other = new Client(a.url);
      await other.signUp(uniqueEmail('replicas-logout'));
      const onB = new Client(b.url);
      onB.cookie = other.cookie;
      expect((await onB.call('POST', '/api/auth/logout')).status).toBe(204);
      expect((await other.call('GET', '/api/auth/me')).status).toBe(401);
    } finally {
      await b.app.close();
      await a.app.close();
      await config.cleanup();
    }
  });
});
