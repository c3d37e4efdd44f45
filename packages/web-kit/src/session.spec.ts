import { jest } from '@jest/globals';
import type { SessionResponse, UserDto } from '@khidma/contracts';
import { ApiError, apiFetch } from './api.js';
import { refreshSession, restoreSession, useSession } from './session.js';
import { fakeResponse, testUser } from './testing.js';
import { useToasts } from './toast.js';

const user = (over: Partial<UserDto> = {}): UserDto => testUser({ email: 'mona@example.com', firstName: 'Mona', ...over });
const session = (token: string, expiresIn = 900, u = user()): SessionResponse => ({ accessToken: token, expiresIn, user: u });

/** Answers per path, in order; the last answer repeats. Records every call. */
function serve(answers: Record<string, (() => Response)[]>) {
  const calls: { path: string; auth: string | null; method: string }[] = [];
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, auth: new Headers(init?.headers).get('Authorization'), method: init?.method ?? 'GET' });
    const queue = answers[path];
    if (!queue?.length) throw new TypeError(`unexpected fetch ${path}`);
    return (queue.length > 1 ? queue.shift()! : queue[0]!)();
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return { calls, count: (path: string) => calls.filter((c) => c.path === path).length };
}
const ok = (body: unknown) => () => fakeResponse(200, body);
const status = (code: number, body: unknown = '') => () => fakeResponse(code, body);

beforeEach(() => {
  jest.useFakeTimers();
  useSession.setState({ status: 'loading', accessToken: null, user: null, expiresAt: null });
  useToasts.setState({ current: null });
});
afterEach(async () => {
  serve({ '/api/auth/logout': [status(204)] });
  await useSession.getState().signOut();
  jest.useRealTimers();
});

describe('restoring on load', () => {
  it('signs in from the refresh cookie, keeping the token in memory only', async () => {
    const api = serve({ '/api/auth/refresh': [ok(session('t1'))], '/api/auth/me': [ok({ user: user() })] });
    expect(useSession.getState().status).toBe('loading');
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', accessToken: 't1', user: { email: 'mona@example.com' } });
    expect(api.calls[0]).toMatchObject({ path: '/api/auth/refresh', method: 'POST' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('t1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('t1');
  });

  it('is signed out when the cookie is missing (204) or rejected (401)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({ '/api/auth/refresh': [status(204)] });
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', accessToken: null, user: null });
    // An anonymous visit is an answer, not a failure to log.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();

    useSession.setState({ status: 'loading' });
    serve({ '/api/auth/refresh': [status(401, { statusCode: 401, code: 'unauthorized', message: 'no' })] });
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', accessToken: null, user: null });
  });

  it('is signed out (not stuck loading) when the gateway cannot be reached', async () => {
    serve({});
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await restoreSession();
    expect(useSession.getState().status).toBe('anonymous');
  });
});

describe('token refresh', () => {
  it('refreshes 30 s before the access token expires, and again for the new token', async () => {
    const api = serve({
      '/api/auth/refresh': [ok(session('t2', 600)), ok(session('t3', 600))],
      '/api/auth/me': [ok({ user: user() })],
    });
    useSession.getState().signIn(session('t1', 900));
    await jest.advanceTimersByTimeAsync(870_000 - 1);
    expect(api.count('/api/auth/refresh')).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(api.count('/api/auth/refresh')).toBe(1);
    expect(useSession.getState().accessToken).toBe('t2');
    await jest.advanceTimersByTimeAsync(570_000);
    expect(api.count('/api/auth/refresh')).toBe(2);
    expect(useSession.getState().accessToken).toBe('t3');
  });

  it('coalesces concurrent refreshes into one request', async () => {
    const api = serve({ '/api/auth/refresh': [ok(session('t2'))], '/api/auth/me': [ok({ user: user() })] });
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(api.count('/api/auth/refresh')).toBe(1);
    expect(results.map((r) => r?.accessToken)).toEqual(['t2', 't2', 't2']);
  });

  it('ignores a refresh answer that arrives after sign-out', async () => {
    let release: (res: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth/refresh' ? new Promise<Response>((resolve) => (release = resolve)) : fakeResponse(204),
    ) as unknown as typeof fetch;
    useSession.getState().signIn(session('t1'));
    const pending = refreshSession();
    await useSession.getState().signOut();
    release(fakeResponse(200, session('t2')));
    await expect(pending).resolves.toBeNull();
    expect(useSession.getState().status).toBe('anonymous');
  });

  it('a refresh refused after a newer sign-in leaves that sign-in in place', async () => {
    let release: (res: Response) => void = () => undefined;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth/refresh' ? new Promise<Response>((resolve) => (release = resolve)) : fakeResponse(200, { user: user() }),
    ) as unknown as typeof fetch;
    const restoring = restoreSession();
    useSession.getState().signIn(session('fresh'));
    release(fakeResponse(401));
    await restoring;
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', accessToken: 'fresh' });
  });
});

describe('user record', () => {
  it('is refetched from /auth/me 250 ms after a token change', async () => {
    const api = serve({ '/api/auth/me': [ok({ user: user({ firstName: 'Mona-Updated', emailVerified: false }) })] });
    useSession.getState().signIn(session('t1'));
    await jest.advanceTimersByTimeAsync(249);
    expect(api.count('/api/auth/me')).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(api.calls.find((c) => c.path === '/api/auth/me')?.auth).toBe('Bearer t1');
    expect(useSession.getState().user).toMatchObject({ firstName: 'Mona-Updated', emailVerified: false });
  });

  it('401 means signed out, without a retry', async () => {
    const api = serve({ '/api/auth/me': [status(401)] });
    useSession.getState().signIn(session('t1'));
    await jest.advanceTimersByTimeAsync(5000);
    expect(api.count('/api/auth/me')).toBe(1);
    expect(useSession.getState().status).toBe('anonymous');
  });

  it('429 keeps the session, raises a warning toast and does not retry', async () => {
    const api = serve({ '/api/auth/me': [status(429)] });
    useSession.getState().signIn(session('t1'));
    await jest.advanceTimersByTimeAsync(5000);
    expect(api.count('/api/auth/me')).toBe(1);
    expect(useSession.getState().status).toBe('authenticated');
    expect(useToasts.getState().current).toMatchObject({ type: 'warning' });
  });

  it('403 ends the session without a retry', async () => {
    const api = serve({ '/api/auth/me': [status(403)] });
    useSession.getState().signIn(session('t1'));
    await jest.advanceTimersByTimeAsync(5000);
    expect(api.count('/api/auth/me')).toBe(1);
    expect(useSession.getState().status).toBe('anonymous');
  });

  it('other failures are retried once after 1 s, then the sign-in answer stands', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = serve({ '/api/auth/me': [status(503)] });
    useSession.getState().signIn(session('t1'));
    await jest.advanceTimersByTimeAsync(250);
    expect(api.count('/api/auth/me')).toBe(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(api.count('/api/auth/me')).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(api.count('/api/auth/me')).toBe(2);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(api.count('/api/auth/me')).toBe(2);
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { firstName: 'Mona' } });
  });
});

describe('apiFetch and the session', () => {
  it('on a 401 with a token, refreshes once and retries with the new token', async () => {
    const api = serve({
      '/api/bookings': [status(401), ok([{ id: 'b1' }])],
      '/api/auth/refresh': [ok(session('t2'))],
      '/api/auth/me': [ok({ user: user() })],
    });
    useSession.getState().signIn(session('t1'));
    await expect(apiFetch('/bookings')).resolves.toEqual([{ id: 'b1' }]);
    expect(api.calls.filter((c) => c.path === '/api/bookings').map((c) => c.auth)).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('signs out when the refresh is refused too', async () => {
    serve({ '/api/bookings': [status(401)], '/api/auth/refresh': [status(401)] });
    useSession.getState().signIn(session('t1'));
    const error = await apiFetch('/bookings').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(useSession.getState().status).toBe('anonymous');
  });

  it('does not refresh on a 401 of an anonymous call (e.g. wrong password)', async () => {
    useSession.setState({ status: 'anonymous' });
    const api = serve({ '/api/auth/login': [status(401, { statusCode: 401, code: 'invalid_credentials', message: 'x' })] });
    const error = (await apiFetch('/auth/login', { method: 'POST', json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('invalid_credentials');
    expect(api.count('/api/auth/refresh')).toBe(0);
  });
});

it('sign-out forgets the session at once and asks the server to revoke the cookie (no bearer: an expired one would be refused)', async () => {
  serve({ '/api/auth/me': [ok({ user: user() })] });
  useSession.getState().signIn(session('t1'));
  const api = serve({ '/api/auth/logout': [status(204)] });
  await useSession.getState().signOut();
  expect(useSession.getState()).toMatchObject({ status: 'anonymous', accessToken: null, user: null });
  expect(api.calls).toEqual([{ path: '/api/auth/logout', auth: null, method: 'POST' }]);
  // No refresh is left scheduled for the old session.
  await jest.advanceTimersByTimeAsync(3_600_000);
  expect(api.count('/api/auth/refresh')).toBe(0);
});
