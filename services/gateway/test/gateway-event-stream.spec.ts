import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { eventually, startFakeIdentity } from '@khidma/nest-kit/testing';
import { startGateway } from './start-gateway.js';

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

/**
 * An assistant stand-in: POST /api/ai/chat answers with a first event at once and the rest only when
 * released, recording what it was sent.
 */
async function startChatUpstream() {
  const received: Array<{ authorization?: string; body: string }> = [];
  let release = () => {};
  const server = createServer((request, response) => {
    void (async () => {
      let body = '';
      for await (const chunk of request) body += String(chunk);
      received.push({ authorization: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
      response.write('event: delta\ndata: {"text":"Hello"}\n\n');
      await new Promise<void>((resolve) => (release = resolve));
      response.end('event: delta\ndata: {"text":" there"}\n\nevent: message\ndata: {"response":"Hello there"}\n\nevent: done\ndata: {}\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    release: () => release(),
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
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
  let assistant: Awaited<ReturnType<typeof startChatUpstream>>;
  let identity: Awaited<ReturnType<typeof startFakeIdentity>>;
  let gateway: { app: INestApplication; url: string };

  beforeAll(async () => {
    upstream = await startStreamingUpstream();
    assistant = await startChatUpstream();
    identity = await startFakeIdentity();
    const env = {
      BOOKING_URL: upstream.url,
      ASSISTANT_URL: assistant.url,
      IDENTITY_URL: identity.url,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_DNS_REFRESH_MS: '0',
    };
    gateway = await startGateway(env);
  });
  afterAll(async () => {
    await gateway?.app.close();
    await upstream?.close();
    await assistant?.close();
    await identity?.close();
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

  it('streams the assistant chat answered to a POST: the first event before the upstream wrote the last, uncompressed', async () => {
    const chat = (authorization: string) =>
      fetch(`${gateway.url}/api/ai/chat`, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br', 'content-type': 'application/json', authorization },
        body: JSON.stringify({ message: 'hi', sessionId: 'gateway-session' }),
      });
    // The token is checked before anything is streamed.
    expect((await chat('Bearer forged')).status).toBe(401);
    expect(assistant.received).toEqual([]);
    const token = await identity.token('00000000-0000-4000-8000-000000000042', 'client');
    const response = await chat(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = collect(response.body!);
    await eventually(() => stream.text.includes('"text":"Hello"'));
    // Quiet for longer than the upstream timeout while the answer is being written.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
    expect(stream.text).not.toContain('event: message');
    expect(stream.ended).toBe(false);
    assistant.release();
    await eventually(() => stream.ended);
    expect(stream.text).toContain('event: message\ndata: {"response":"Hello there"}');
    expect(assistant.received).toEqual([{ authorization: `Bearer ${token}`, body: '{"message":"hi","sessionId":"gateway-session"}' }]);
  });
});
