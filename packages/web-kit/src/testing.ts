import type { UserDto } from '@khidma/contracts';
import { useToasts } from './toast.js';

/** Test helper: the parts of a fetch Response the frontends read (jsdom has no Response class). */
export function fakeResponse(status: number, body: unknown = '', statusText = ''): Response {
  const text = typeof body === 'string' ? body : body instanceof Blob ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    // A Blob body is answered as is (files such as documents); anything else as its text.
    blob: async () => (body instanceof Blob ? body : new Blob([text])),
  } as Response;
}

/**
 * Test helper: a server-sent event stream answer the test writes to (`write`, `end`). Reading it
 * fails like fetch's does once `signal` (the request's) aborts; `aborted` tells whether it did.
 */
export class FakeEventStream {
  aborted = false;
  private chunks: string[] = [];
  private ended = false;
  private waiting: { resolve: (r: ReadableStreamReadResult<Uint8Array>) => void; reject: (e: unknown) => void } | null = null;

  constructor(signal?: AbortSignal | null) {
    signal?.addEventListener('abort', () => {
      this.aborted = true;
      this.take()?.reject(new DOMException('aborted', 'AbortError'));
    });
  }

  /** Sends text (any part of the event stream, events may be split anywhere). */
  write(text: string): void {
    const reader = this.take();
    if (reader) reader.resolve({ done: false, value: new TextEncoder().encode(text) });
    else this.chunks.push(text);
  }

  /** The server closes the stream. */
  end(): void {
    this.ended = true;
    this.take()?.resolve({ done: true, value: undefined });
  }

  response(): Response {
    const read = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
      if (this.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
      const chunk = this.chunks.shift();
      if (chunk !== undefined) return Promise.resolve({ done: false, value: new TextEncoder().encode(chunk) });
      if (this.ended) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
    };
    const body = { getReader: () => ({ read, cancel: async () => undefined }) };
    return { ...fakeResponse(200), body } as unknown as Response;
  }

  private take() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }
}

/** Test helper: a signed-up user (UserDto of packages/contracts/src/auth.ts), a client unless `overrides` say otherwise. */
export function testUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'u-client',
    email: 'sara@example.com',
    emailVerified: true,
    firstName: 'Sara',
    lastName: 'Khalil',
    profileImageUrl: null,
    role: 'client',
    isActive: true,
    language: 'en',
    createdAt: '2025-03-02T09:00:00.000Z',
    ...overrides,
  };
}

/** One server-sent event as the server writes it. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export { describeLocalizedPages, type ExamplePage } from './testingPages.js';
export { renderRoutes, setSignedIn, plainText, type TestRouter } from './testingRender.js';

/** Test helper: forgets the last toast, so a test never reads the one a previous test raised. */
export const resetToasts = (): void => useToasts.setState({ current: null });
