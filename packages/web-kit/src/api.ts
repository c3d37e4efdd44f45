import { ApiError } from './api-error.js';
import { clearSession, refreshSession, useSession } from './session.js';

export { ApiError };
export const API_BASE = '/api';

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Serialised as the JSON request body. */
  json?: unknown;
  body?: BodyInit | null;
}

/**
 * Calls the gateway under `/api` with JSON (`path` is relative to `/api`, or a full `/api/…` path
 * such as the contracts' AUTH_PATHS) and, when signed in, the session's bearer token.
 * A 401 on a call that carried a token gets one refresh and one retry; if that does not help,
 * the session is over and the page shows the signed-out state.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const res = await authorizedFetch(path, init);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A file behind the bearer (e.g. an applicant's document) as a Blob, for `URL.createObjectURL`:
 * an `<img src>` cannot send the token. Same refresh and error rules as `apiFetch`.
 */
export async function apiBlob(path: string, init: ApiRequestInit = {}): Promise<Blob> {
  const res = await authorizedFetch(path, init);
  return res.blob();
}

/**
 * The raw answer of an `/api` call with the session's bearer and the one-refresh-on-401 rule
 * (throws ApiError when not ok), for bodies other than JSON such as an event stream.
 */
export async function authorizedFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const token = useSession.getState().accessToken;
  let res = await send(path, init, token);
  if (res.status === 401 && token) {
    const renewed = await refreshSession().catch(() => null);
    if (renewed) res = await send(path, init, renewed.accessToken);
    if (!renewed || res.status === 401) clearSession();
  }
  if (!res.ok) throw await ApiError.fromResponse(res);
  return res;
}

function send(path: string, init: ApiRequestInit, token: string | null): Promise<Response> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const url = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
  return fetch(url, { credentials: 'include', ...rest, headers, body });
}
