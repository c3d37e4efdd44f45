import type { ApiErrorBody } from '@khidma/contracts';
import { useSession } from './session.js';

export const API_BASE = '/api';

/** A non-OK answer. `message` follows spec §8: "<status>: <body text or status text>". */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, text: string, body?: ApiErrorBody) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = body?.code;
    this.fields = body?.fields;
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    let body: ApiErrorBody | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'statusCode' in parsed) body = parsed as ApiErrorBody;
    } catch {
      // Not JSON (e.g. a proxy's HTML page): the raw text still goes into the message.
    }
    return new ApiError(res.status, text || res.statusText, body);
  }
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Serialised as the JSON request body. */
  json?: unknown;
  body?: BodyInit | null;
}

/** Calls the gateway under `/api` with JSON and, when signed in, the session's bearer token. */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const token = useSession.getState().accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(`${API_BASE}${path}`, { credentials: 'include', ...rest, headers, body });
  if (!res.ok) throw await ApiError.fromResponse(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
