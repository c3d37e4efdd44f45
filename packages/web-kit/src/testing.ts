import { jest } from '@jest/globals';
import { AUTH_PATHS, type ReviewDetailDto, type UserDto } from '@khidma/contracts';
import { useToasts } from './toast.js';

/** Test helper: the parts of a fetch Response the frontends read (jsdom has no Response class). */
export function fakeResponse(status: number, body: unknown = '', statusText = ''): Response {
  const text = typeof body === 'string' ? body : body instanceof Blob ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: new Headers(typeof body === 'string' || body instanceof Blob ? {} : { 'content-type': 'application/json' }),
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
    return { ...fakeResponse(200), headers: new Headers({ 'content-type': 'text/event-stream; charset=utf-8' }), body } as unknown as Response;
  }

  private take() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }
}

/** One request to a fake fetch, in the terms the API routes by. */
export interface FetchCall {
  method: string;
  /** Resolved against jsdom's origin. */
  url: URL;
  /** Pathname and query, e.g. "/api/services?page=2". */
  path: string;
  headers: Headers;
  /** The parsed JSON body, if the request sent one. */
  body: unknown;
}

export type FetchMock = ReturnType<typeof jest.fn<typeof fetch>>;

/** Reads what fetch was called with (e.g. an entry of a FetchMock's `mock.calls`). */
export function fetchCall(input: RequestInfo | URL, init?: RequestInit): FetchCall {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url,
    path: url.pathname + url.search,
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

type FetchAnswer = (call: FetchCall, init: RequestInit | undefined) => Response | undefined | Promise<Response | undefined>;

/**
 * Test helper: replaces fetch with a mock answering each call with `answer` (which also gets fetch's
 * own `init`); `calls` records them. A call `answer` leaves unanswered gets a 404 ApiErrorBody, so a
 * test notices a call it did not expect. With `me`, the session's user lookup (which follows every
 * sign-in on a timer) answers that user before `answer` is asked and stays out of `calls`.
 */
export function fakeFetch(answer: FetchAnswer, options: { me?: () => UserDto | null } = {}): { mock: FetchMock; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const call = fetchCall(input, init);
    if (options.me && call.url.pathname === AUTH_PATHS.me) return fakeResponse(200, { user: options.me() });
    calls.push(call);
    const message = `no fake for ${call.method} ${call.path}`;
    return (await answer(call, init)) ?? fakeResponse(404, { statusCode: 404, code: 'not_found', message });
  });
  globalThis.fetch = mock;
  return { mock, calls };
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

/** Test helper: a client's review of a completed booking (ReviewDetailDto), as its viewers get it. */
export function testReview(overrides: Partial<ReviewDetailDto> = {}): ReviewDetailDto {
  return {
    id: 'rv-1',
    rating: 4,
    comment: 'Tidy and on time.',
    language: 'en',
    authorName: 'Sara',
    createdAt: '2026-11-24T12:00:00.000Z',
    updatedAt: '2026-11-24T12:00:00.000Z',
    reply: null,
    serviceId: 'svc-1',
    serviceTitle: 'Door and Lock Repair',
    serviceTitleAr: 'إصلاح الأبواب والأقفال',
    bookingId: 'bk-1',
    editableUntil: '2026-12-01T12:00:00.000Z',
    hidden: false,
    hiddenReason: null,
    hiddenAt: null,
    actions: { edit: false, reply: false },
    ...overrides,
  };
}

/** One server-sent event as the server writes it. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export { describeLocalizedPages, type ExamplePage } from './testingPages.js';
export { pinClock, TEST_NOW, testDay } from './testingClock.js';
export { loadAntd, renderRoutes, setSignedIn, plainText, type TestRouter } from './testingRender.js';

/** Test helper: forgets the last toast, so a test never reads the one a previous test raised. */
export const resetToasts = (): void => useToasts.setState({ current: null });
