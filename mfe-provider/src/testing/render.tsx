import { configure } from '@testing-library/react';
import { beforeAll, jest } from '@jest/globals';
import type { UserDto } from '@khidma/contracts';
import { i18n, useSession, Route } from '@khidma/web-kit';
import { fakeFetch, loadAntd, renderRoutes, testUser, type FetchCall, type TestRouter } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { ImageCodecContext } from '../signup/codec';
import type { ImageCodec } from '../lib/images';
import PendingApprovalPage from '../pages/PendingApprovalPage';
import ProviderDashboardPage from '../pages/ProviderDashboardPage';
import ProviderSignupPage from '../pages/ProviderSignupPage';

// antd renders slowly in jsdom, above all on a busy machine: more than Testing Library's 1 s and Jest's 5 s.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60_000);
beforeAll(loadAntd, 120_000);

export { LANGUAGES } from '@khidma/contracts';
export { plainText, setSignedIn as signIn, type TestRouter } from '@khidma/web-kit/testing';

/** The signed-in applicant, a `role` (client until approved); the signup form prefills her name. */
export const user = (role: UserDto['role'] = 'client'): UserDto => testUser({ id: 'u-1', lastName: 'Haddad', role });

export type Call = FetchCall;

export type Answer = Response | ((call: Call) => Response);

/**
 * A stand-in for the gateway: `routes` maps "METHOD /api/path?query" to an answer; every call is
 * recorded. The session's own user refetch is answered with the signed-in user.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const { mock, calls } = fakeFetch(
    (call) => {
      const answer = routes[`${call.method} ${call.path}`];
      return typeof answer === 'function' ? answer(call) : answer;
    },
    { me: () => useSession.getState().user },
  );
  return { calls, fetchMock: mock, set: (key: string, answer: Answer) => (routes[key] = answer) };
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

