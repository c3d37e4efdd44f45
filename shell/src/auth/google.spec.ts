import { jest } from '@jest/globals';
import { POPUP } from '@khidma/contracts';
import { useSession } from '@khidma/web-kit';
import { fakeResponse, setSignedIn } from '@khidma/web-kit/testing';
import { sessionFor } from '../test-utils';
import type { GoogleSignInError} from './google';
import { signInWithGoogle } from './google';

const popup = { closed: false };
let openMock: jest.Mock<typeof window.open>;

/** A message as the browser delivers it: `source` is the popup window, `origin` its origin. */
function post(data: unknown, { origin = window.location.origin, source = popup as unknown } = {}) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

const reason = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (error as GoogleSignInError).reason);

beforeEach(() => {
  jest.useFakeTimers();
  popup.closed = false;
  openMock = jest.fn(() => popup as unknown as Window);
  window.open = openMock as unknown as typeof window.open;
  setSignedIn(null);
});
afterEach(() => jest.useRealTimers());

it('opens a 500x600 popup on the Google start route', async () => {
  const result = reason(signInWithGoogle());
  const [url, , features] = openMock.mock.calls[0]!;
  expect(url).toBe('/api/auth/google/start');
  expect(features).toContain(`width=${POPUP.width},height=${POPUP.height}`);
  expect(features).toMatch(/left=\d+,top=\d+/);
  popup.closed = true;
  await jest.advanceTimersByTimeAsync(500);
  await expect(result).resolves.toBe('popupClosed');
});

it('reports a blocked popup', async () => {
  openMock.mockReturnValue(null);
  await expect(reason(signInWithGoogle())).resolves.toBe('popupBlocked');
});

it('on an ok message exchanges the new refresh cookie for the session', async () => {
  const session = sessionFor('client');
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/auth/refresh' ? fakeResponse(200, session) : fakeResponse(200, { user: session.user }),
  ) as unknown as typeof fetch;
  const result = signInWithGoogle();
  post({ type: 'khidma:google-sign-in', ok: true });
  await expect(result).resolves.toEqual(session);
  expect(useSession.getState().status).toBe('authenticated');
});

it.each([
  ['cancelled', 'cancelled'],
  ['account_disabled', 'accountDisabled'],
  ['google_not_configured', 'googleNotConfigured'],
  ['failed', 'failed'],
  [undefined, 'failed'],
])('a failure message (%s) rejects with %s', async (error, expected) => {
  const result = signInWithGoogle();
  post({ type: 'khidma:google-sign-in', ok: false, error });
  await expect(reason(result)).resolves.toBe(expected);
});

it('ignores messages from other origins, other windows and of other types', async () => {
  const result = reason(signInWithGoogle());
  post({ type: 'khidma:google-sign-in', ok: true }, { origin: 'https://evil.example' });
  post({ type: 'khidma:google-sign-in', ok: true }, { source: {} });
  post({ type: 'something-else', ok: true });
  popup.closed = true;
  await jest.advanceTimersByTimeAsync(500);
  await expect(result).resolves.toBe('popupClosed');
});

it('a network failure while fetching the session is reported as such', async () => {
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  const result = signInWithGoogle();
  post({ type: 'khidma:google-sign-in', ok: true });
  await expect(reason(result)).resolves.toBe('network');
});
