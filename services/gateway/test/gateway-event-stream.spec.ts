import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@khidma/nest-kit';
import { eventually, startTestApp } from '@khidma/nest-kit/testing';
import { gatewaySchema } from '../src/config.js';
import { GatewayModule } from '../src/gateway.module.js';

const TIMEOUT_MS = 300;

/** A booking stand-in whose /api/notifications/stream holds a response open and writes when told. */
async function startStreamingUpstream() {
  const open = new Set<ServerResponse>();
  let closed = 0;
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
    response.write('event: unread\ndata: {"unreadCount":0}\n\n');
    open.add(response);
    request.on('close', () => {
      open.delete(response);
      closed++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => open.size,
    closed: () => closed,
    push: (text: string) => {
      for (const response of open) response.write(text);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads a streamed body as text as it arrives. */
function collect(body: ReadableStream<Uint8Array>) {
  const state = { text: '', ended: false, failed: false };
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) state.text += decoder.decode(chunk, { stream: true });
    } catch {
      state.failed = true;
    }
    state.ended = true;
  })();
  return state;
}

describe('gateway: server-sent events', () => {
  let upstream: Awaited<ReturnType<typeof startStreamingUpstream>>;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    upstream = await startStreamingUpstream();
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', BOOKING_URL: upstream.url, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), UPSTREAM_DNS_REFRESH_MS: '0' };
    gateway = await startTestApp(GatewayModule.forRoot({ ...loadConfig(gatewaySchema, env), SERVICE: { name: 'gateway', inlineJobs: true } }), 'gateway');
  });
  afterAll(async () => {
    await gateway?.app.close();
    await upstream?.close();
  });

  it('passes each event through as it comes, outlives the upstream timeout, and ends upstream when the client leaves', async () => {
    const abort = new AbortController();
    const response = await fetch(`${gateway.url}/api/notifications/stream`, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stream = collect(response.body!);
    // The first event arrives while the upstream response is still open: nothing waits for its end.
    await eventually(() => stream.text.includes('event: unread'));

    // Quiet for several times the upstream timeout, as between two heartbeats.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
    expect(stream.ended).toBe(false);
    upstream.push('event: notification\ndata: {"id":"n1"}\n\n');
    await eventually(() => stream.text.includes('data: {"id":"n1"}'));

    const closedBefore = upstream.closed();
    abort.abort();
    await eventually(() => upstream.closed() > closedBefore && upstream.open() === 0);
  });

  it('keeps the body timeout for answers that did not ask for an event stream', async () => {
    const response = await fetch(`${gateway.url}/api/notifications/stream`, { headers: { accept: 'application/json' } });
    const body = collect(response.body!);
    // The upstream falls silent; the gateway gives up on it and ends the answer.
    await eventually(() => body.ended, 5_000);
    expect(body.text).toContain('event: unread');
    await eventually(() => upstream.open() === 0);
  });
});
