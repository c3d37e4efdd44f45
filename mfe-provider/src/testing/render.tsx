import { configure } from '@testing-library/react';
import { jest } from '@jest/globals';
import { Route } from 'react-router-dom';
import type { UserDto } from '@khidma/contracts';
import { i18n, useSession } from '@khidma/web-kit';
import { fakeResponse, renderRoutes, testUser, type TestRouter } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { ImageCodecContext } from '../signup/codec';
import type { ImageCodec } from '../lib/images';
import PendingApprovalPage from '../pages/PendingApprovalPage';
import ProviderDashboardPage from '../pages/ProviderDashboardPage';
import ProviderSignupPage from '../pages/ProviderSignupPage';

// antd renders slowly in jsdom, above all on a busy machine: more than Testing Library's 1 s and Jest's 5 s.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60_000);

export { LANGUAGES } from '@khidma/contracts';
export { plainText, setSignedIn as signIn, type TestRouter } from '@khidma/web-kit/testing';

/** The signed-in applicant, a `role` (client until approved); the signup form prefills her name. */
export const user = (role: UserDto['role'] = 'client'): UserDto => testUser({ id: 'u-1', lastName: 'Haddad', role });

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = Response | ((call: Call) => Response);

/**
 * A stand-in for the gateway: `routes` maps "METHOD /api/path?query" to an answer; every call is
 * recorded. The session's own user refetch is answered with the signed-in user.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: Call = { method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    if (path === '/api/auth/me') return fakeResponse(200, { user: useSession.getState().user });
    calls.push(call);
    const answer = routes[`${method} ${path}`];
    if (!answer) return fakeResponse(404, { statusCode: 404, code: 'not_found', message: `no fake for ${method} ${path}` });
    return typeof answer === 'function' ? answer(call) : answer;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, set: (key: string, answer: Answer) => (routes[key] = answer) };
}

/** This app's pages as the shell mounts them (shared i18n, antd providers, the toast outlet) at `url`. */
export function renderProvider(url: string, options: { codec?: ImageCodec } = {}): TestRouter {
  const { codec } = options;
  return renderRoutes(
    url,
    <>
      <Route path="/provider-signup" element={<ProviderSignupPage />} />
      <Route path="/become-provider" element={<ProviderSignupPage />} />
      <Route path="/pending-approval" element={<PendingApprovalPage />} />
      <Route path="/provider-dashboard" element={<ProviderDashboardPage />} />
    </>,
    (router) => (codec ? <ImageCodecContext.Provider value={codec}>{router}</ImageCodecContext.Provider> : router),
  );
}

/** A message of this app in the current language (tests run in English and in Arabic). */
export const tr = (key: string, options: Record<string, unknown> = {}): string => i18n.t(key, { ns: NS, ...options });

