import { create } from 'zustand';
import {
  AUTH_PATHS,
  TOKEN_REFRESH_LEEWAY_MS,
  USER_REFETCH_DELAY_MS,
  type MeResponse,
  type SessionResponse,
  type UserDto,
} from '@khidma/contracts';
import { ApiError } from './api-error.js';
import { i18n } from './i18n.js';
import { showToast } from './toast.js';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  /** Held in memory only: a reload gets a new one from the httpOnly refresh cookie. */
  accessToken: string | null;
  user: UserDto | null;
  /** Epoch ms when the access token expires. */
  expiresAt: number | null;
  /** Takes the answer of a sign-in (sign-up, e-mail, Google, admin link, refresh). */
  signIn: (session: SessionResponse) => void;
  /** Ends the session here at once and asks the server to revoke the refresh cookie. */
  signOut: () => Promise<void>;
}

/** Spec §8: a failed user lookup is retried once after 1 s. */
const USER_RETRY_DELAY_MS = 1000;

const signedOut = { status: 'anonymous', accessToken: null, user: null, expiresAt: null } as const;

/**
 * The one session every frontend reads (web-kit is a Module Federation singleton, so shell and
 * remotes share this store). Starts 'loading' until `restoreSession` has asked the refresh cookie.
 */
export const useSession = create<SessionState>()(() => ({
  status: 'loading',
  accessToken: null,
  user: null,
  expiresAt: null,
  signIn,
  signOut,
}));

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let userTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<SessionResponse | null> | null = null;
/**
 * Bumped by sign-in and sign-out: a refresh answer that arrives after either is stale (it must not
 * sign the user back in, nor out of the session just started).
 */
let epoch = 0;

/** A sign-in from outside the refresh flow: an older refresh still in flight must not undo it. */
function signIn(session: SessionResponse): void {
  epoch += 1;
  acceptSession(session);
}

function acceptSession(session: SessionResponse): void {
  const lifetimeMs = session.expiresIn * 1000;
  useSession.setState({
    status: 'authenticated',
    accessToken: session.accessToken,
    user: session.user,
    expiresAt: Date.now() + lifetimeMs,
  });
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    // A failure other than 401 keeps the current token: the next API call's 401 tries again.
    refreshSession().catch((error: unknown) => console.warn('[session] scheduled refresh failed', error));
  }, Math.max(0, lifetimeMs - TOKEN_REFRESH_LEEWAY_MS));
}

/** Forgets the session in this page only (the server answered that it is not valid). */
export function clearSession(): void {
  clearTimeout(refreshTimer);
  clearTimeout(userTimer);
  useSession.setState(signedOut);
}

async function signOut(): Promise<void> {
  epoch += 1;
  clearSession();
  try {
    // The refresh cookie names the session to end. No bearer: an expired one would make the gateway
    // refuse the call, and the cookie would outlive the sign-out.
    const res = await fetch(AUTH_PATHS.logout, { method: 'POST', credentials: 'include' });
    if (!res.ok) throw await ApiError.fromResponse(res);
  } catch (error) {
    console.warn('[session] logout failed', error); // Spec §8: logout failure is only logged.
  }
}

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers share one request, and
 * tabs take turns through a Web Lock: the cookie rotates on every use and the server treats a
 * replayed one as theft, so two tabs must never send the same cookie at once.
 * Resolves null when the server says there is no session (204, 401 or 403), which signs out here.
 */
export function refreshSession(): Promise<SessionResponse | null> {
  refreshing ??= withRefreshLock(requestRefresh).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('khidma-session-refresh', task) : task();
}

async function requestRefresh(): Promise<SessionResponse | null> {
  const startedIn = epoch;
  const res = await fetch(AUTH_PATHS.refresh, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  if (startedIn !== epoch) return currentSession();
  // 204: a visitor who never signed in; 401/403: a session that ended.
  if (res.status === 204 || res.status === 401 || res.status === 403) {
    clearSession();
    return null;
  }
  if (!res.ok) throw await ApiError.fromResponse(res);
  const session = (await res.json()) as SessionResponse;
  acceptSession(session);
  return session;
}

/** The session this page holds now, in the shape of a sign-in answer. */
function currentSession(): SessionResponse | null {
  const { accessToken, user, expiresAt } = useSession.getState();
  if (!accessToken || !user || !expiresAt) return null;
  return { accessToken, user, expiresIn: Math.max(0, Math.round((expiresAt - Date.now()) / 1000)) };
}

/** On app load: a reload keeps the user signed in through the httpOnly refresh cookie. */
export async function restoreSession(): Promise<void> {
  if (useSession.getState().status !== 'loading') return;
  try {
    await refreshSession();
  } catch (error) {
    console.warn('[session] could not restore the session', error);
    if (useSession.getState().status === 'loading') clearSession();
  }
}

// Spec §4: the user record is refetched 250 ms after every access-token change.
useSession.subscribe((state, previous) => {
  if (state.accessToken === previous.accessToken) return;
  clearTimeout(userTimer);
  const token = state.accessToken;
  if (token) userTimer = setTimeout(() => void refetchUser(token, false), USER_REFETCH_DELAY_MS);
});

async function refetchUser(token: string, isRetry: boolean): Promise<void> {
  let failure: unknown;
  let status = 0;
  try {
    const res = await fetch(AUTH_PATHS.me, {
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    status = res.status;
    if (useSession.getState().accessToken !== token) return; // A newer token has its own lookup.
    if (res.ok) {
      useSession.setState({ user: ((await res.json()) as MeResponse).user });
      return;
    }
    failure = await ApiError.fromResponse(res);
  } catch (error) {
    failure = error; // Network failure: retried like a server error.
  }
  // Spec §8: no retry on 401, 403 or 429.
  if (status === 401 || status === 403) {
    clearSession(); // The token is no longer accepted (signed out elsewhere, or account disabled).
  } else if (status === 429) {
    showToast('warning', i18n.t('common:session.rateLimited'));
  } else if (!isRetry && useSession.getState().accessToken === token) {
    userTimer = setTimeout(() => void refetchUser(token, true), USER_RETRY_DELAY_MS);
  } else {
    console.warn('[session] user lookup failed', failure);
  }
}
