import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import { REMOTE_NAMES } from '@khidma/contracts';
import sirv from 'sirv';
import { request } from 'undici';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.js';
import { startGateway } from './start-gateway.js';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A build output as the frontends' production build writes it: hashed assets with .br/.gz siblings. */
function writeBuild(root: string) {
  const script = `console.log(${JSON.stringify('خدمة '.repeat(2_000))});`;
  mkdirSync(join(root, 'static/js'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(root, 'mf-manifest.json'), JSON.stringify({ name: 'x', exposes: [] }));
  writeFileSync(join(root, 'static/js/index.1a2b3c4d.js'), script);
  writeFileSync(join(root, 'static/js/index.1a2b3c4d.js.br'), zlib.brotliCompressSync(script));
  writeFileSync(join(root, 'static/js/index.1a2b3c4d.js.gz'), zlib.gzipSync(script));
  return script;
}

/** The catalogue's answer, big enough to be worth compressing. */
const LIST = { services: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Deep cleaning ${i}`, titleAr: `تنظيف عميق ${i}` })) };

/** GET without automatic decompression: the bytes and headers as they crossed the wire. */
async function raw(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  return { status: response.statusCode, headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
}

describe('gateway delivery: compression and caching', () => {
  let dist: string;
  let script: string;
  let statics: Array<{ url: string; close: () => Promise<void> }>;
  let booking: { url: string; close: () => Promise<void> };
  let services: FakeUpstream[];
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'khidma-delivery-'));
    script = writeBuild(dist);
    // The shell and every remote are served like in production: sirv with ETags over the build.
    statics = await Promise.all([null, ...REMOTE_NAMES].map(() => listen(createServer(sirv(dist, { etag: true, single: true, brotli: true, gzip: true })))));
    booking = await listen(
      createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(req.url === '/api/services' ? LIST : { ok: true }));
      }),
    );
    services = [await startFakeUpstream('identity'), await startFakeUpstream('assistant')];
    const [shell, ...remotes] = statics;
    const env = {
      IDENTITY_URL: services[0]!.url,
      ASSISTANT_URL: services[1]!.url,
      BOOKING_URL: booking.url,
      SHELL_ORIGIN: shell!.url,
      ...Object.fromEntries(REMOTE_NAMES.map((remote, i) => [`${remote.toUpperCase()}_ORIGIN`, remotes[i]!.url])),
      UPSTREAM_DNS_REFRESH_MS: '0',
    };
    gateway = await startGateway(env);
  });
  afterAll(async () => {
    await gateway.app.close();
    await Promise.all([...statics, booking, ...services].map((server) => server.close()));
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends a hashed asset's build-time brotli or gzip copy, cached for a year as immutable", async () => {
    for (const prefix of ['', '/mfe/catalogue']) {
      const br = await raw(`${gateway.url}${prefix}/static/js/index.1a2b3c4d.js`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
      // The stored file as it is, not compressed again on the way.
      expect(br.body.length).toBe(zlib.brotliCompressSync(script).length);

      const gz = await raw(`${gateway.url}${prefix}/static/js/index.1a2b3c4d.js`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

      const plain = await raw(`${gateway.url}${prefix}/static/js/index.1a2b3c4d.js`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
    }
  });

  it('revalidates pages and manifests by ETag: no-cache, then 304 without a body', async () => {
    for (const path of ['/', '/services', '/mfe/booking/mf-manifest.json']) {
      const first = await raw(`${gateway.url}${path}`, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const again = await raw(`${gateway.url}${path}`, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses API JSON on the fly for the encodings the browser accepts, and leaves the cache headers to the service', async () => {
    const expected = JSON.stringify(LIST);
    const br = await raw(`${gateway.url}/api/services`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected);
    expect(br.body.length).toBeLessThan(expected.length / 3);
    expect(br.headers['cache-control']).toBeUndefined();

    const gz = await raw(`${gateway.url}/api/services`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(expected);

    const plain = await raw(`${gateway.url}/api/services`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
  });

  it("compresses the gateway's own answers too (the merged OpenAPI document)", async () => {
    const doc = await raw(`${gateway.url}/openapi.json`, { 'accept-encoding': 'br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.body).toString())).toHaveProperty('openapi');
  });
});
