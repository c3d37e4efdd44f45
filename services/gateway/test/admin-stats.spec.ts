import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { Role } from '@khidma/contracts';
import { fetchJson, startFakeIdentity } from '@khidma/nest-kit/testing';
import { decodeJwt } from 'jose';
import { startGateway } from './start-gateway.js';
import { deadUrl } from './fake-upstream.js';

type Handler = (req: IncomingMessage, res: ServerResponse, role: string | undefined) => void;

/** The role in the caller's bearer token (verified upstream here), as the real services read it. */
const roleOf = (req: IncomingMessage): string | undefined => {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  return token ? (decodeJwt(token).role as string) : undefined;
};

/** A service that, like the real ones, reads the role from the bearer token. */
async function startService(handle: Handler) {
  const seen: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    handle(req, res, roleOf(req));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const adminOnly = (res: ServerResponse, role: string | undefined, body: unknown) =>
  role === 'admin' ? json(res, 200, body) : json(res, role ? 403 : 401, { statusCode: role ? 403 : 401, code: role ? 'forbidden' : 'unauthorized', message: 'no' });

const BOOKING_STATS = { activeProviders: 17, completedBookings: 5, revenue: '120.00', series: [{ day: '2026-01-01', bookings: 2, revenue: '40.00' }] };

describe('gateway GET /api/admin/stats', () => {
  let sign: (role: Role) => Promise<string>;
  let identity: { url: string; seen: IncomingMessage['headers'][]; close: () => Promise<void> };
  let booking: Awaited<ReturnType<typeof startService>>;
  let gateway: { app: INestApplication; url: string };
  let gatewayWithoutBooking: { app: INestApplication; url: string };

  beforeAll(async () => {
    const seen: IncomingMessage['headers'][] = [];
    const fake = await startFakeIdentity({
      handle: (req, res) => {
        seen.push(req.headers);
        if (req.url === '/api/admin/users?limit=1') return adminOnly(res, roleOf(req), { users: [{}], total: 42, page: 1, limit: 1 });
        json(res, 404, {});
      },
    });
    identity = { ...fake, seen };
    sign = (role) => fake.sign({ role });
    booking = await startService((req, res, role) => (req.url === '/api/admin/stats' ? adminOnly(res, role, BOOKING_STATS) : json(res, 404, {})));
    const start = async (bookingUrl: string) => {
      const env = { IDENTITY_URL: identity.url, BOOKING_URL: bookingUrl, UPSTREAM_DNS_REFRESH_MS: '0', UPSTREAM_TIMEOUT_MS: '2000' };
      return startGateway(env);
    };
    gateway = await start(booking.url);
    gatewayWithoutBooking = await start(await deadUrl());
  });
  afterAll(async () => {
    await gateway?.app.close();
    await gatewayWithoutBooking?.app.close();
    await booking?.close();
    await identity?.close();
  });

  const stats = async (base: string, role?: Role, headers: Record<string, string> = {}) =>
    fetchJson(`${base}/api/admin/stats`, { headers: { ...(role ? { authorization: `Bearer ${await sign(role)}` } : {}), ...headers } });

  it("answers an admin with booking's figures and identity's user count, asking both with the admin's token", async () => {
    const token = await sign('admin');
    const response = await fetchJson(`${gateway.url}/api/admin/stats`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ totalUsers: 42, ...BOOKING_STATS });
    expect(booking.seen.at(-1)!.authorization).toBe(`Bearer ${token}`);
    expect(identity.seen.filter((h) => h.authorization === `Bearer ${token}`).length).toBeGreaterThan(0);
    expect(booking.seen.at(-1)![`x-request-id`]).toBe(response.headers.get('x-request-id'));
  });

  it('refuses anonymous callers, clients and providers, whatever admin headers they send', async () => {
    expect((await stats(gateway.url)).status).toBe(401);
    for (const role of ['client', 'provider'] as const) {
      const response = await stats(gateway.url, role, { 'X-Is-Admin-Email': 'true', 'x-khidma-role': 'admin' });
      expect([role, response.status, response.body.code]).toEqual([role, 403, 'forbidden']);
    }
    expect((await stats(gateway.url, undefined, { authorization: 'Bearer not-a-token' })).status).toBe(401);
  });

  it('answers 503 naming the service when one cannot answer', async () => {
    const response = await stats(gatewayWithoutBooking.url, 'admin');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'service_unavailable', params: { service: 'booking' } });
  });
});
