import type { INestApplication } from '@nestjs/common';
import { type FallbackSessionRevocations, sessionRevocationsFor } from '@khidma/nest-kit';
import { eventually, startRedisServer } from '@khidma/nest-kit/testing';
import { decodeJwt } from 'jose';
import { Redis } from 'ioredis';
import { Client, identityTestConfig, type IdentityTestConfig, startIdentity, uniqueEmail } from './support.js';

/** Identity on a Redis of its own that the test stops: sign-in keeps working, revocations are not lost. */
describe('identity while Redis is down', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let config: IdentityTestConfig;
  let app: INestApplication;
  let url: string;
  let verifier: FallbackSessionRevocations;

  beforeAll(async () => {
    redis = await startRedisServer();
    config = { ...identityTestConfig({ RATE_LIMIT_SCALE: '1' }), REDIS_URL: redis.url };
    ({ app, url } = await startIdentity(config));
    verifier = sessionRevocationsFor({ ...config, IDENTITY_JWKS_URL: `${url}/.well-known/jwks.json` }) as FallbackSessionRevocations;
  });
  afterAll(async () => {
    // Redis back first: BullMQ workers close cleanly only with a connection.
    await redis.start();
    await verifier?.onApplicationShutdown();
    await app?.close();
    await redis.stop();
    await config?.cleanup();
  });

  it('signs in, refreshes and logs out; the logout reaches Redis once it is back', async () => {
    const email = uniqueEmail('outage');
    const client = new Client(url);
    expect((await client.signUp(email)).status).toBe(201);
    await redis.stop();

    const signIn = await client.signIn(email);
    expect(signIn.status).toBe(200);
    expect((await client.call('POST', '/api/auth/refresh')).status).toBe(200);
    const sid = decodeJwt(client.accessToken!).sid as string;
    expect(await verifier.isRevoked(sid)).toBe(false);

    expect((await client.call('POST', '/api/auth/logout')).status).toBe(204);
    // Other services, unable to read Redis, ask identity: the session is over once their short
    // cache of identity's answer expires (SESSION_CHECK_CACHE_MS).
    expect(await eventually(() => verifier.isRevoked(sid), 5_000)).toBe(true);

    // Redis comes back empty (nothing persisted): identity writes the revocation again.
    await redis.start();
    const reader = new Redis(redis.url);
    try {
      await eventually(async () => (await reader.exists(`${config.QUEUE_PREFIX}:revoked-session:${sid}`)) === 1);
    } finally {
      reader.disconnect();
    }
  });

  it('keeps limiting failed sign-ins in memory meanwhile', async () => {
    const email = uniqueEmail('limited');
    expect((await new Client(url).signUp(email)).status).toBe(201);
    await redis.stop();
    const guesser = () => new Client(url, { 'x-forwarded-for': '198.51.100.1' });
    for (let i = 0; i < 5; i++) expect((await guesser().signIn(email, 'wrong-Passw0rd!')).status).toBe(401);
    const held = await guesser().signIn(email);
    expect([held.status, held.body.code]).toEqual([429, 'too_many_attempts']);
    expect((await new Client(url, { 'x-forwarded-for': '198.51.100.2' }).signIn(email)).status).toBe(200);
  });
});
