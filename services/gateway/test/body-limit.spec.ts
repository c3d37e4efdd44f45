import { Readable } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { BODY_LIMITS, REMOTE_NAMES } from '@khidma/contracts';
import { loadConfig } from '@khidma/nest-kit';
import { fetchJson, startTestApp } from '@khidma/nest-kit/testing';
import { gatewaySchema } from '../src/config.js';
import { GatewayModule } from '../src/gateway.module.js';
import { type FakeUpstream, startFakeUpstream } from './fake-upstream.js';

/** The security probe's finding: a 20 MB body answered 503 "booking service unavailable". */
describe('gateway request body limits', () => {
  let upstreams: FakeUpstream[];
  let booking: FakeUpstream;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    booking = await startFakeUpstream('booking');
    const other = await startFakeUpstream('other');
    upstreams = [booking, other];
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      IDENTITY_URL: other.url,
      BOOKING_URL: booking.url,
      ASSISTANT_URL: other.url,
      SHELL_ORIGIN: other.url,
      ...Object.fromEntries(REMOTE_NAMES.map((remote) => [`${remote.toUpperCase()}_ORIGIN`, other.url])),
    };
    const config = { ...loadConfig(gatewaySchema, env), SERVICE: { name: 'gateway', inlineJobs: true } };
    gateway = await startTestApp(GatewayModule.forRoot(config), 'gateway', { trustProxy: config.TRUSTED_PROXIES });
  });
  afterAll(async () => {
    await gateway.app.close();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  });

  const contactCalls = () => booking.seen.filter((request) => request.url === '/api/contact').length;

  it('answers 413 payload_too_large, in the caller language, for a 20 MB body, and forwards nothing', async () => {
    const before = contactCalls();
    const big = Buffer.alloc(20 * 1024 * 1024, 'a');
    const english = await fetchJson(`${gateway.url}/api/contact`, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
    expect(english.status).toBe(413);
    expect(english.body).toMatchObject({ code: 'payload_too_large', message: 'Payload is too large', params: { maxBytes: BODY_LIMITS.defaultBytes } });
    const arabic = await fetchJson(`${gateway.url}/api/providers/apply`, {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
    });
    expect(arabic.status).toBe(413);
    expect(arabic.body).toMatchObject({ code: 'payload_too_large', message: 'حجم البيانات كبير جدًا', params: { maxBytes: BODY_LIMITS.uploads[0].bytes } });
    expect(contactCalls()).toBe(before);
  });

  it('cuts off a body without Content-Length once it passes the limit: 413, not 503', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'b');
    const stream = Readable.toWeb(Readable.from(Array.from({ length: 8 }, () => chunk))) as ReadableStream;
    const response = await fetch(`${gateway.url}/api/contact`, { method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('forwards a body within the route limit whole (an upload route takes more than the 1 MiB default)', async () => {
    const photos = Buffer.alloc(3 * 1024 * 1024, 'c');
    const { status, body } = await fetchJson(`${gateway.url}/api/providers/apply`, { method: 'POST', body: photos, headers: { 'content-type': 'application/json' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'booking', bytes: photos.length });
  });
});
