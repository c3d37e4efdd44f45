import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { internalFetch } from '../src/index.js';

/** A service that drops the connection of its first request without answering, then answers 200. */
async function droppingFirstConnection() {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.method!);
    if (seen.length === 1) return request.socket.destroy();
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('internalFetch, the client between our services', () => {
  it('sends a GET again on a new connection when the first one is dropped before an answer', async () => {
    const service = await droppingFirstConnection();
    try {
      const response = await internalFetch(service.url);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect(service.seen).toEqual(['GET', 'GET']);
    } finally {
      await service.close();
    }
  });

  it('never sends a POST or a PATCH twice', async () => {
    for (const method of ['POST', 'PATCH']) {
      const service = await droppingFirstConnection();
      try {
        await expect(internalFetch(service.url, { method, body: '{}', headers: { 'content-type': 'application/json' } })).rejects.toThrow();
        expect(service.seen).toEqual([method]);
      } finally {
        await service.close();
      }
    }
  });

  it('leaves an error answer to the caller instead of asking again', async () => {
    let requests = 0;
    const failing = createServer((_request, response) => {
      requests++;
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"service_unavailable"}');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const response = await internalFetch(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/thing`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ code: 'service_unavailable' });
      expect(requests).toBe(1);
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('asks once only, when the second connection is dropped too', async () => {
    let requests = 0;
    const dropping = createServer((request) => {
      requests++;
      request.socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      await expect(internalFetch(`http://127.0.0.1:${(dropping.address() as AddressInfo).port}/thing`)).rejects.toThrow();
      expect(requests).toBe(2);
    } finally {
      await new Promise((resolve) => dropping.close(resolve));
    }
  });
});
