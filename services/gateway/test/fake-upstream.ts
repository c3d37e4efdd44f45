import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUpstream {
  name: string;
  url: string;
  /** Requests seen, in order (OpenAPI and readiness fetches included). */
  seen: { method: string; url: string }[];
  close(): Promise<void>;
}

export interface FakeUpstreamOptions {
  /** Paths its /openapi.json declares. */
  openApiPaths?: string[];
  readyStatus?: number;
}

/**
 * A real HTTP server standing in for a service or static server: it echoes what it received (method,
 * path with query, headers, body size and hash), answers /readyz and /openapi.json like a nest-kit
 * service, `/status/<code>` with that status, and anything containing `/slow` after 2 s.
 */
export async function startFakeUpstream(name: string, options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const seen: FakeUpstream['seen'] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url! });
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-upstream': name });
        res.end(JSON.stringify(body));
      };
      const status = /\/status\/(\d{3})/.exec(req.url!)?.[1];
      if (req.url === '/readyz') return json(options.readyStatus ?? 200, { status: 'ok', service: name, checks: {} });
      if (req.url === '/openapi.json') {
        return json(200, {
          openapi: '3.0.0',
          info: { title: `Khidma ${name}`, version: '1' },
          paths: Object.fromEntries(
            ['/healthz', ...(options.openApiPaths ?? [])].map((path) => [path, { get: { responses: { 200: { description: 'ok' } } } }]),
          ),
          components: { schemas: { Thing: { type: 'object', properties: { owner: { type: 'string', enum: [name] } } } } },
        });
      }
      if (status) return json(Number(status), { upstream: name, says: 'no' });
      const echo = () =>
        json(200, {
          name,
          method: req.method,
          url: req.url,
          headers: req.headers,
          bytes,
          sha256: hash.digest('hex'),
        });
      if (req.url!.includes('/slow')) setTimeout(echo, 2_000).unref();
      else echo();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL nobody listens on: the port was free a moment ago and is closed again. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
