import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import { Redis } from 'ioredis';
import {
  AuthModule,
  CoreModule,
  FallbackSessionRevocations,
  HttpSessionRevocations,
  RedisSessionRevocations,
  sessionRevocationsFor,
} from '../src/index.js';
import { eventually, fetchJson, startFakeIdentity, startRedisServer, startTestApp, testServiceConfig } from '../src/testing/index.js';

/** Identity as verifiers see it, with a session check the test can switch off and count. */
async function fakeIdentity() {
  const revokedInIdentity = new Set<string>();
  const state = { up: true, sessionChecks: 0 };
  const identity = await startFakeIdentity({
    sessionCheckDown: () => {
      state.sessionChecks++;
      return !state.up;
    },
    sessionActive: (sid) => !revokedInIdentity.has(sid),
  });
  return { ...identity, revokedInIdentity, state, token: (sid: string) => identity.sign({ sid }) };
}

@Controller('me')
class MeController {
  @Get()
  me() {
    return { ok: true };
  }
}

describe('session revocation check while Redis is down', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let identity: Awaited<ReturnType<typeof fakeIdentity>>;
  let writer: RedisSessionRevocations;
  let revocations: FallbackSessionRevocations;

  beforeAll(async () => {
    redis = await startRedisServer();
    identity = await fakeIdentity();
    const settings = { REDIS_URL: redis.url, QUEUE_PREFIX: `t-${randomUUID()}`, IDENTITY_JWKS_URL: identity.jwksUrl, SESSION_CHECK_TIMEOUT_MS: 2_000 };
    writer = new RedisSessionRevocations(settings.REDIS_URL, settings.QUEUE_PREFIX);
    revocations = sessionRevocationsFor(settings) as FallbackSessionRevocations;
  });
  afterAll(async () => {
    await revocations.onApplicationShutdown();
    await writer.onApplicationShutdown();
    await redis.stop();
    await identity.close();
  });
  beforeEach(async () => {
    identity.state.up = true;
    identity.revokedInIdentity.clear();
    await redis.start();
  });

  const connected = async () => {
    // The check's own client reconnects in the background; wait until it reads Redis again.
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    await probe.ping();
    probe.disconnect();
    // Read from Redis once a check no longer asks identity.
    await eventually(
      async () => {
        const before = identity.state.sessionChecks;
        await revocations.isRevoked(randomUUID());
        return identity.state.sessionChecks === before;
      },
      10_000,
      100,
    );
  };

  it('reads the Redis records while Redis is up, without asking identity', async () => {
    await connected();
    const revoked = randomUUID();
    await writer.revoke([revoked]);
    const checks = identity.state.sessionChecks;
    expect(await revocations.isRevoked(revoked)).toBe(true);
    expect(await revocations.isRevoked(randomUUID())).toBe(false);
    expect(identity.state.sessionChecks).toBe(checks);
  });

  it('asks identity when Redis is stopped, and fails closed', async () => {
    await redis.stop();
    const live = randomUUID();
    const ended = randomUUID();
    identity.revokedInIdentity.add(ended);
    expect(await revocations.isRevoked(live)).toBe(false);
    expect(await revocations.isRevoked(ended)).toBe(true);
    identity.state.up = false;
    // Nobody can answer for a session not seen yet: a 503, neither "live" nor "signed out".
    await expect(revocations.isRevoked(randomUUID())).rejects.toMatchObject({
      status: 503,
      response: { code: 'service_unavailable' },
    });
  });

  it('reads Redis again once it is back', async () => {
    await redis.stop();
    await redis.start();
    await connected();
    const revoked = randomUUID();
    await writer.revoke([revoked]);
    expect(await revocations.isRevoked(revoked)).toBe(true);
  });

  it('answers a guarded route with 200, and 503 service_unavailable when identity is down too', async () => {
    const config = testServiceConfig('kit-auth', {
      REDIS_URL: redis.url,
      IDENTITY_JWKS_URL: identity.jwksUrl,
      SERVICE: { name: 'kit-auth', inlineJobs: false },
    });
    @Module({ imports: [CoreModule.forRoot({ config, health: false }), AuthModule.forRoot(config)], controllers: [MeController] })
    class GuardedModule {}
    const { app, url } = await startTestApp(GuardedModule, 'kit-auth');
    try {
      await redis.stop();
      const headers = (token: string) => ({ authorization: `Bearer ${token}` });
      expect((await fetchJson(`${url}/me`, { headers: headers(await identity.token(randomUUID())) })).status).toBe(200);
      const ended = randomUUID();
      identity.revokedInIdentity.add(ended);
      expect((await fetchJson(`${url}/me`, { headers: headers(await identity.token(ended)) })).status).toBe(401);
      identity.state.up = false;
      const refused = await fetchJson(`${url}/me`, { headers: headers(await identity.token(randomUUID())) });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'service_unavailable', params: { service: 'identity' } });
    } finally {
      await app.close();
      await config.cleanup();
    }
  });
});

describe('identity session check alone (embedded profile)', () => {
  it('is a 503 when identity cannot be reached, and caches nothing', async () => {
    const identity = await fakeIdentity();
    const check = new HttpSessionRevocations(identity.jwksUrl, 500);
    const sid = randomUUID();
    identity.state.up = false;
    await expect(check.isRevoked(sid)).rejects.toMatchObject({ status: 503 });
    identity.state.up = true;
    expect(await check.isRevoked(sid)).toBe(false);
    await identity.close();
    // A cached answer stays valid for its short while, then identity being gone is a 503.
    expect(await check.isRevoked(sid)).toBe(false);
    await expect(check.isRevoked(randomUUID())).rejects.toMatchObject({ status: 503 });
  });

  it('asks identity once for a burst of requests of one session', async () => {
    const identity = await fakeIdentity();
    const check = new HttpSessionRevocations(identity.jwksUrl, 2_000);
    const sid = randomUUID();
    expect(await Promise.all(Array.from({ length: 50 }, () => check.isRevoked(sid)))).toEqual(Array(50).fill(false));
    expect(identity.state.sessionChecks).toBe(1);
    await identity.close();
  });

  it('asks again on a new connection when identity drops the one the check was sent on', async () => {
    // Identity closes the first connection without answering, as a server does with a kept-alive
    // connection whose idle time ran out just as a request was sent on it; it answers every later one.
    let requests = 0;
    const droppingIdentity = createServer((request, response) => {
      if (++requests === 1) return request.socket.destroy();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"active":true}');
    });
    await new Promise<void>((resolve) => droppingIdentity.listen(0, '127.0.0.1', resolve));
    const jwksUrl = `http://127.0.0.1:${(droppingIdentity.address() as AddressInfo).port}/.well-known/jwks.json`;
    try {
      expect(await new HttpSessionRevocations(jwksUrl, 2_000).isRevoked(randomUUID())).toBe(false);
      expect(requests).toBe(2);
    } finally {
      droppingIdentity.closeAllConnections();
      await new Promise((resolve) => droppingIdentity.close(resolve));
    }
  });

  it('waits for identity as long as SESSION_CHECK_TIMEOUT_MS says, then answers 503', async () => {
    // Identity answers every session check after 300 ms: later than a 50 ms limit, well within 10 s.
    const slowIdentity = createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"active":true}'), 300);
    });
    await new Promise<void>((resolve) => slowIdentity.listen(0, '127.0.0.1', resolve));
    const jwksUrl = `http://127.0.0.1:${(slowIdentity.address() as AddressInfo).port}/.well-known/jwks.json`;
    const settings = (SESSION_CHECK_TIMEOUT_MS: number) => ({ QUEUE_PREFIX: 'timeout-spec', IDENTITY_JWKS_URL: jwksUrl, SESSION_CHECK_TIMEOUT_MS });
    try {
      await expect(sessionRevocationsFor(settings(50)).isRevoked(randomUUID())).rejects.toMatchObject({ status: 503 });
      expect(await sessionRevocationsFor(settings(10_000)).isRevoked(randomUUID())).toBe(false);
    } finally {
      slowIdentity.closeAllConnections();
      await new Promise((resolve) => slowIdentity.close(resolve));
    }
  });
});
