import { randomBytes, createHash } from 'node:crypto';
import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { REMOTE_NAMES, REQUEST_ID_HEADER, type RemoteName } from '@khidma/contracts';
import { ConfigError, currentRequestId, loadConfig } from '@khidma/nest-kit';
import { answerSchemaMismatch, fetchJson, openApiGaps, startTestApp } from '@khidma/nest-kit/testing';
import { gatewaySchema } from '../src/config.js';
import { ROUTE_TABLE } from '../src/routing/route-table.js';
import { deadUrl, type FakeUpstream, startFakeUpstream } from './fake-upstream.js';
import { startGateway } from './start-gateway.js';

/** The gateway's own routes excused from the document's completeness check, with the reason. */
const FORWARDED = 'forwarded by the route table to a service, whose own document describes the route';
const NOT_DOCUMENTED: Record<string, string> = {
  ...Object.fromEntries(['DELETE', 'GET', 'PATCH', 'POST', 'PUT'].map((method) => [`${method} /*`, FORWARDED])),
  'GET /api/docs': 'the Swagger UI page (HTML), not an API',
  'GET /api/docs/swagger-initializer.js': 'a script of the Swagger UI page, not an API',
  'GET /api/docs/{asset}': 'a static file of the Swagger UI page, not an API',
  'GET /api/docs/openapi.json': 'the document itself',
  'GET /metrics': 'Prometheus text for the scraper, outside the API (docs/observability.md)',
  'GET /openapi.json': "the gateway's own part of the document, merged into /api/docs/openapi.json",
};

const remoteEnv = (remote: RemoteName) => remote.toUpperCase();

/** Every upstream a gateway talks to, live: services, remotes' static servers and the shell's. */
async function startUpstreams() {
  const identity = await startFakeUpstream('identity', { openApiPaths: ['/api/auth/login', '/api/admin/users'] });
  const booking = [
    await startFakeUpstream('booking', { openApiPaths: ['/api/bookings/{id}', '/api/services'] }),
    await startFakeUpstream('booking', { openApiPaths: ['/api/bookings/{id}', '/api/services'] }),
  ];
  const assistant = await startFakeUpstream('assistant', { openApiPaths: ['/api/ai/chat'] });
  const shell = await startFakeUpstream('shell');
  const remotes = Object.fromEntries(
    await Promise.all(REMOTE_NAMES.map(async (remote) => [remote, await startFakeUpstream(remote)] as const)),
  ) as Record<RemoteName, FakeUpstream>;
  return { identity, booking, assistant, shell, remotes, all: [identity, ...booking, assistant, shell, ...Object.values(remotes)] };
}

type Upstreams = Awaited<ReturnType<typeof startUpstreams>>;

const envFor = (up: Upstreams): Record<string, string> => ({
  IDENTITY_URL: up.identity.url,
  BOOKING_URL: up.booking.map((replica) => replica.url).join(','),
  ASSISTANT_URL: up.assistant.url,
  SHELL_ORIGIN: up.shell.url,
  ...Object.fromEntries(REMOTE_NAMES.map((remote) => [`${remoteEnv(remote)}_ORIGIN`, up.remotes[remote].url])),
  UPSTREAM_TIMEOUT_MS: '500',
});

/** A concrete path a rule's pattern takes. */
const samplePath = (pattern: string) =>
  pattern.endsWith('/*') ? `${pattern.slice(0, -2)}/some/thing` : pattern.endsWith('*') ? `${pattern.slice(0, -1)}/42` : pattern;

describe('gateway', () => {
  let up: Upstreams;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    up = await startUpstreams();
    gateway = await startGateway(envFor(up));
  });
  afterAll(async () => {
    await gateway.app.close();
    await Promise.all(up.all.map((upstream) => upstream.close()));
  });

  it("documents every route of its own router, with request and success-answer schemas", async () => {
    expect(await openApiGaps(gateway.app, gateway.url, NOT_DOCUMENTED)).toEqual([]);
  });

  describe('routing', () => {
    const forwarded = ROUTE_TABLE.filter((rule) => rule.to !== 'gateway');

    it.each(forwarded.map((rule) => [rule.path, rule.to, rule] as const))('%s goes to %s', async (_path, to, rule) => {
      const path = samplePath(rule.path);
      const { status, body } = await fetchJson(`${gateway.url}${path}?q=caf%C3%A9&page=2`);
      expect(status).toBe(200);
      expect(body.name).toBe(to);
      const expectedPath = rule.strip ? path.slice(rule.strip.length) : path;
      expect(body.url).toBe(`${expectedPath}?q=caf%C3%A9&page=2`);
    });

    it('keeps /api/admin/* other than users (and the aggregated stats) with booking', async () => {
      expect((await fetchJson(`${gateway.url}/api/admin/pending-approvals`)).body.name).toBe('booking');
      expect((await fetchJson(`${gateway.url}/api/admin/stats`)).body).toMatchObject({ statusCode: 401, code: 'unauthorized' });
      expect((await fetchJson(`${gateway.url}/api/admin/users?search=ali`)).body).toMatchObject({
        name: 'identity',
        url: '/api/admin/users?search=ali',
      });
    });

    it('strips the remote prefix down to the root', async () => {
      const { body } = await fetchJson(`${gateway.url}/mfe/admin/mf-manifest.json`);
      expect(body).toMatchObject({ name: 'mfe_admin', url: '/mf-manifest.json' });
    });

    it('sends any other GET to the shell (its server does the SPA fallback) and refuses other methods there', async () => {
      expect((await fetchJson(`${gateway.url}/`)).body).toMatchObject({ name: 'shell', url: '/' });
      expect((await fetchJson(`${gateway.url}/en/bookings/7?tab=past`)).body).toMatchObject({ name: 'shell', url: '/en/bookings/7?tab=past' });
      const post = await fetchJson(`${gateway.url}/en/bookings`, { method: 'POST', json: {} });
      expect(post.status).toBe(404);
      expect(post.body.code).toBe('not_found');
    });

    it('answers its own paths itself', async () => {
      expect((await fetchJson(`${gateway.url}/healthz`)).body).toEqual({ status: 'ok', service: 'gateway', checks: {} });
      expect((await fetchJson(`${gateway.url}/openapi.json`)).body.paths).toHaveProperty(['/remotes.json']);
      expect((await fetchJson(`${gateway.url}/api/docs/nothing-here.js`)).status).toBe(404);
      const seen = up.all.flatMap((upstream) => upstream.seen.map((request) => request.url));
      expect(seen).not.toContain('/healthz');
      expect(seen).not.toContain('/remotes.json');
    });

    it('serves no /metrics to the internet without METRICS_TOKEN: neither the shell page nor a service\'s', async () => {
      const response = await fetch(`${gateway.url}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
      expect((await fetch(`${gateway.url}/metrics`, { headers: { authorization: 'Bearer guessed-token-guessed' } })).status).toBe(404);
      expect(up.all.flatMap((upstream) => upstream.seen.map((request) => request.url))).not.toContain('/metrics');
    });

    it('forwards methods, JSON bodies and upstream errors unchanged', async () => {
      const put = await fetchJson(`${gateway.url}/api/bookings/9`, { method: 'PUT', json: { a: 1 } });
      expect(put.body).toMatchObject({ method: 'PUT', bytes: 7 });
      const teapot = await fetchJson(`${gateway.url}/api/status/418`);
      expect(teapot.status).toBe(418);
      expect(teapot.body).toEqual({ upstream: 'booking', says: 'no' });
      const failure = await fetch(`${gateway.url}/api/auth/status/500`);
      expect(failure.status).toBe(500);
      expect(failure.headers.get('x-upstream')).toBe('identity');
      expect(await failure.json()).toEqual({ upstream: 'identity', says: 'no' });
    });
  });

  describe('request id and forwarding headers', () => {
    it('makes a request id, echoes it and hands it to the service', async () => {
      const { headers, body } = await fetchJson(`${gateway.url}/api/services`);
      const id = headers.get(REQUEST_ID_HEADER);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.headers[REQUEST_ID_HEADER]).toBe(id);
    });

    it("propagates the caller's request id", async () => {
      const { headers, body } = await fetchJson(`${gateway.url}/api/ai/chat`, {
        method: 'POST',
        json: { message: 'hi' },
        headers: { [REQUEST_ID_HEADER]: 'trace-42' },
      });
      expect(headers.get(REQUEST_ID_HEADER)).toBe('trace-42');
      expect(body.headers[REQUEST_ID_HEADER]).toBe('trace-42');
    });

    it("continues the browser's traceparent: the service gets the gateway's span, the browser the trace in traceresponse", async () => {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const browserSpan = '00f067aa0ba902b7';
      const { headers, body } = await fetchJson(`${gateway.url}/api/services`, {
        headers: { traceparent: `00-${traceId}-${browserSpan}-01`, tracestate: 'vendor=1' },
      });
      const [, upstreamTrace, gatewaySpan, flags] = String(body.headers.traceparent).split('-');
      expect({ trace: upstreamTrace, flags }).toEqual({ trace: traceId, flags: '01' });
      expect(gatewaySpan).toMatch(/^[0-9a-f]{16}$/);
      expect(gatewaySpan).not.toBe(browserSpan);
      // The answer names the gateway's own span.
      expect(headers.get('traceresponse')).toBe(`00-${traceId}-${gatewaySpan}-01`);
      // Without one the gateway starts the trace and the service continues it.
      const fresh = await fetchJson(`${gateway.url}/api/services`);
      expect(fresh.headers.get('traceresponse')).toBe(fresh.body.headers.traceparent);
      expect(fresh.body.headers.traceparent).not.toContain(traceId);
    });

    it('sets x-forwarded-for/proto/host', async () => {
      const { body } = await fetchJson(`${gateway.url}/api/services`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      const host = new URL(gateway.url).host;
      expect(body.headers).toMatchObject({
        'x-forwarded-for': '203.0.113.7, 127.0.0.1',
        'x-forwarded-proto': 'http',
        'x-forwarded-host': host,
      });
      expect(body.headers.host).not.toBe(host);
    });
  });

  describe('behind a trusted proxy', () => {
    let behind: { app: INestApplication; url: string };
    beforeAll(async () => {
      behind = await startGateway({ ...envFor(up), TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.0/8' });
    });
    afterAll(() => behind.app.close());

    it('passes on the client the trusted proxy named, so per-IP limits see the real address', async () => {
      const { body } = await fetchJson(`${behind.url}/api/services`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(body.headers['x-forwarded-for']).toBe('203.0.113.7, 203.0.113.7');
    });
  });

  describe('bodies', () => {
    it('streams a 9 MB upload through intact (the application route takes up to 10 MiB)', async () => {
      const payload = randomBytes(9 * 1024 * 1024);
      const { status, body } = await fetchJson(`${gateway.url}/api/providers/apply`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: payload,
      });
      expect(status).toBe(200);
      expect(body.bytes).toBe(payload.length);
      expect(body.sha256).toBe(createHash('sha256').update(payload).digest('hex'));
    });

    it('passes a 3 MB multipart POST intact', async () => {
      const file = randomBytes(3 * 1024 * 1024);
      const form = new FormData();
      form.append('document', new Blob([file], { type: 'image/png' }), 'id.png');
      const request = new Request(`${gateway.url}/api/providers/apply`, { method: 'POST', body: form });
      const sent = Buffer.from(await request.clone().arrayBuffer());
      const body = (await (await fetch(request)).json()) as { bytes: number; sha256: string };
      expect(body.bytes).toBe(sent.length);
      expect(body.sha256).toBe(createHash('sha256').update(sent).digest('hex'));
    });
  });

  describe('replicas', () => {
    it('spreads requests round-robin over the replicas', async () => {
      const before = up.booking.map((replica) => replica.seen.length);
      const answered = [];
      for (let i = 0; i < 6; i++) answered.push((await fetchJson(`${gateway.url}/api/service-categories`)).body.headers.host);
      const counts = up.booking.map((replica, i) => replica.seen.length - before[i]!);
      expect(counts).toEqual([3, 3]);
      // Strictly alternating, not merely balanced in total.
      expect(answered[0]).not.toBe(answered[1]);
      expect(answered[0]).toBe(answered[2]);
    });
  });

  describe('remotes.json', () => {
    it('points every remote at its /mfe path on this origin, uncached', async () => {
      const { status, headers, body } = await fetchJson(`${gateway.url}/remotes.json`);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-cache');
      expect(body).toEqual({
        mfe_catalogue: '/mfe/catalogue/mf-manifest.json',
        mfe_booking: '/mfe/booking/mf-manifest.json',
        mfe_provider: '/mfe/provider/mf-manifest.json',
        mfe_admin: '/mfe/admin/mf-manifest.json',
      });
      expect(await answerSchemaMismatch(gateway.url, 'GET /remotes.json', 200, body)).toBeUndefined();
      expect(await answerSchemaMismatch(gateway.url, 'GET /remotes.json', 200, { ...body, mfe_other: 1 })).toMatch(/mfe_other|additional/);
    });
  });

  describe('timeouts', () => {
    it('answers 504 when a service does not answer in time', async () => {
      const { status, body } = await fetchJson(`${gateway.url}/api/ai/slow`);
      expect(status).toBe(504);
      expect(body).toMatchObject({ statusCode: 504, code: 'service_unavailable', params: { service: 'assistant' } });
      expect(body.requestId).toEqual(expect.any(String));
    });
  });

  describe('readiness and docs with everything up', () => {
    it('is ready when every service is', async () => {
      const { status, body } = await fetchJson(`${gateway.url}/readyz`);
      expect(status).toBe(200);
      expect(body).toEqual({
        status: 'ok',
        service: 'gateway',
        checks: { identity: { status: 'up' }, booking: { status: 'up' }, assistant: { status: 'up' } },
      });
    });

    it('merges every service document with its own routes, keeping only paths routed to their owner', async () => {
      const { status, body } = await fetchJson(`${gateway.url}/api/docs/openapi.json`);
      expect(status).toBe(200);
      expect(Object.keys(body.paths).sort()).toEqual(
        ['/api/admin/stats', '/api/admin/users', '/api/ai/chat', '/api/auth/login', '/api/bookings/{id}', '/api/docs/openapi.json', '/api/services', '/healthz', '/readyz', '/remotes.json'].sort(),
      );
      expect(body.paths['/api/bookings/{id}'].get.tags).toEqual(['booking']);
      expect(body.paths['/healthz'].get.operationId).toMatch(/Gateway/);
      // The gateway's own operations declare their security: a token for the admin figures, none elsewhere.
      expect(body.paths['/api/admin/stats'].get.security).toEqual([{ bearer: [] }]);
      expect(Object.fromEntries(['/healthz', '/readyz', '/remotes.json', '/api/docs/openapi.json'].map((path) => [path, body.paths[path].get.security]))).toEqual({ '/healthz': [], '/readyz': [], '/remotes.json': [], '/api/docs/openapi.json': [] });
      // Each service defines its own `Thing`; the second and third are renamed instead of overwritten.
      // The gateway's own answers are contract types.
      expect(Object.keys(body.components.schemas).sort()).toEqual(['AdminStatsDto', 'RemotesManifest', 'Thing', 'assistant_Thing', 'booking_Thing']);
      expect(body.info.description).not.toContain('left out');
    });

    it('serves Swagger UI from its own origin under the CSP', async () => {
      const page = await fetch(`${gateway.url}/api/docs`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).not.toMatch(/<script>/);
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      for (const asset of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!)) {
        const response = await fetch(`${gateway.url}${asset}`);
        // Read to the end: an unread stream keeps the connection busy and the gateway from closing.
        const bytes = (await response.arrayBuffer()).byteLength;
        expect([asset, response.status, bytes > 0]).toEqual([asset, 200, true]);
      }
      expect(await (await fetch(`${gateway.url}/api/docs/swagger-initializer.js`)).text()).toContain("url: '/api/docs/openapi.json'");
    });
  });

  describe('security headers', () => {
    it('sends a CSP and the other security headers with HTML from the shell', async () => {
      const response = await fetch(`${gateway.url}/en`);
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });

    it('allows no cross-origin caller by default', async () => {
      const response = await fetch(`${gateway.url}/api/services`, { headers: { origin: 'https://evil.example' } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});

describe('gateway metrics with METRICS_TOKEN set', () => {
  const token = randomBytes(24).toString('hex');
  let up: Upstreams;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    up = await startUpstreams();
    gateway = await startGateway({ ...envFor(up), METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await gateway.app.close();
    await Promise.all(up.all.map((upstream) => upstream.close()));
  });

  it('serves its own metrics to the bearer of the token only, counting proxied requests by rule pattern', async () => {
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);
    await fetch(`${gateway.url}/api/bookings/9`);
    const response = await fetch(`${gateway.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('service="gateway"');
    expect(text).not.toContain('job_queue_jobs');
    expect(text).not.toContain('/api/bookings/9');
    expect(up.all.flatMap((upstream) => upstream.seen.map((request) => request.url))).not.toContain('/metrics');
  });
});

describe('gateway with upstreams down or moved', () => {
  let up: Upstreams;
  let gateway: { app: INestApplication; url: string };
  let dead: string;
  let deadBooking: string;

  beforeAll(async () => {
    up = await startUpstreams();
    dead = await deadUrl();
    // Its own address: a refusal pauses that address, whichever service's list it is in.
    deadBooking = await deadUrl();
    gateway = await startGateway({
      ...envFor(up),
      IDENTITY_URL: dead,
      BOOKING_URL: `${deadBooking},${up.booking[0]!.url}`,
      SHELL_ORIGIN: dead,
      MFE_CATALOGUE_ORIGIN: dead,
      MFE_CATALOGUE_MANIFEST_URL: 'https://cdn.example.com/catalogue/v2/mf-manifest.json',
      CORS_ORIGINS: 'https://partner.example',
    });
  });
  afterAll(async () => {
    await gateway.app.close();
    await Promise.all(up.all.map((upstream) => upstream.close()));
  });

  it('answers 503 with an ApiErrorBody naming the service that is down', async () => {
    const { status, headers, body } = await fetchJson(`${gateway.url}/api/auth/me`, { headers: { [REQUEST_ID_HEADER]: 'down-1' } });
    expect(status).toBe(503);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({
      statusCode: 503,
      code: 'service_unavailable',
      message: 'The identity service is unavailable. Please try again shortly.',
      params: { service: 'identity' },
      requestId: 'down-1',
    });
  });

  it('answers 503 JSON for a remote whose static server is down', async () => {
    const { status, body } = await fetchJson(`${gateway.url}/mfe/catalogue/remoteEntry.js`);
    expect(status).toBe(503);
    expect(body.params).toEqual({ service: 'mfe_catalogue' });
  });

  it('answers a bilingual HTML page when the shell is down', async () => {
    const response = await fetch(`${gateway.url}/ar/services`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain('Khidma is temporarily unavailable');
    expect(html).toContain('غير متاحة مؤقتًا');
    expect(html).not.toMatch(/<script|src=|href="http/);
  });

  // First of the booking tests: of two replicas one is dead, so one of two round-robin turns is its.
  it('never replays a request with a body, and sends the next ones past the replica that refused', async () => {
    const seen = up.booking[0]!.seen.length;
    const post = async (i: number) => (await fetchJson(`${gateway.url}/api/bookings/create`, { method: 'POST', json: { i } })).status;
    const firstTwo = [await post(0), await post(1)];
    expect(firstTwo.filter((status) => status === 503)).toHaveLength(1);
    const after = [];
    for (let i = 2; i < 6; i++) after.push(await post(i));
    expect(after).toEqual([200, 200, 200, 200]);
    // The refused request reached nobody: the live replica saw only the answered ones.
    expect(up.booking[0]!.seen.length - seen).toBe(5);
  });

  it('skips a replica that refuses the connection', async () => {
    for (let i = 0; i < 4; i++) {
      const { status, body } = await fetchJson(`${gateway.url}/api/services?i=${i}`);
      expect([status, body.name]).toEqual([200, 'booking']);
    }
  });

  it('points a remote at its configured manifest URL (no shell rebuild) and lets the CSP load from there', async () => {
    const { body } = await fetchJson(`${gateway.url}/remotes.json`);
    expect(body.mfe_catalogue).toBe('https://cdn.example.com/catalogue/v2/mf-manifest.json');
    expect(body.mfe_admin).toBe('/mfe/admin/mf-manifest.json');
    const csp = (await fetch(`${gateway.url}/healthz`)).headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://cdn.example.com");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com");
  });

  it('reports a service with no reachable replica as not ready', async () => {
    const { status, body } = await fetchJson(`${gateway.url}/readyz`);
    expect(status).toBe(503);
    expect(body.status).toBe('error');
    expect(body.checks.identity).toEqual({ status: 'down', message: `${dead}: ECONNREFUSED` });
    expect(body.checks.booking).toEqual({ status: 'up', message: '1 of 2 replicas ready' });
    expect(body.checks.assistant).toEqual({ status: 'up' });
  });

  it('leaves a service that is down out of the merged OpenAPI document and says so', async () => {
    const { status, body } = await fetchJson(`${gateway.url}/api/docs/openapi.json`);
    expect(status).toBe(200);
    expect(body.paths).toHaveProperty(['/api/bookings/{id}']);
    expect(body.paths).toHaveProperty(['/api/ai/chat']);
    expect(body.paths).not.toHaveProperty(['/api/auth/login']);
    expect(body.info.description).toContain('left out: identity');
  });

  it('allows the configured cross-origin callers only', async () => {
    const preflight = await fetch(`${gateway.url}/api/bookings/create`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await fetch(`${gateway.url}/api/services`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** A real nest-kit service: what it reports as its request id is what every line it logs carries. */
@Controller('api')
class WhoAmIController {
  @Get('whoami')
  whoami() {
    return { requestId: currentRequestId() };
  }
}

@Module({ controllers: [WhoAmIController] })
class WhoAmIModule {}

describe('gateway in front of a nest-kit service', () => {
  let service: { app: INestApplication; url: string };
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    service = await startTestApp(WhoAmIModule, 'booking');
    gateway = await startGateway({ BOOKING_URL: service.url });
  });
  afterAll(async () => {
    await gateway.app.close();
    await service.app.close();
  });

  it("puts the gateway's request id into the service's log context", async () => {
    const made = await fetchJson(`${gateway.url}/api/whoami`);
    expect(made.body.requestId).toBe(made.headers.get(REQUEST_ID_HEADER));
    const given = await fetchJson(`${gateway.url}/api/whoami`, { headers: { [REQUEST_ID_HEADER]: 'from-the-browser' } });
    expect(given.body.requestId).toBe('from-the-browser');
  });
});

describe('gateway config', () => {
  it('names each bad variable', () => {
    const bad = { BOOKING_URL: 'http://ok:1,ftp://nope', SHELL_ORIGIN: 'not a url', UPSTREAM_TIMEOUT_MS: 'soon', MFE_ADMIN_MANIFEST_URL: '/relative' };
    expect(() => loadConfig(gatewaySchema, bad)).toThrow(ConfigError);
    try {
      loadConfig(gatewaySchema, bad);
    } catch (error) {
      for (const name of Object.keys(bad)) expect((error as Error).message).toContain(name);
    }
  });

  it('defaults to the local ports and reads replica lists', () => {
    const config = loadConfig(gatewaySchema, { BOOKING_URL: 'http://booking-1:3002/, http://booking-2:3002' });
    expect(config.PORT).toBe(3000);
    expect(config.IDENTITY_URL).toEqual(['http://127.0.0.1:3001']);
    expect(config.BOOKING_URL).toEqual(['http://booking-1:3002', 'http://booking-2:3002']);
    expect(config.MFE_ADMIN_ORIGIN).toBe('http://127.0.0.1:4004');
    expect(config.CORS_ORIGINS).toEqual([]);
    expect(config.UPSTREAM_TIMEOUT_MS).toBe(10_000);
  });
});
