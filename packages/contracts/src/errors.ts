/**
 * The JSON error body every service and the gateway answer with.
 * `code` is stable and machine-readable; `message` is English for logs and API users;
 * frontends translate by `code` (with `params`) and fall back to `message`.
 */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** Per-field problems for 400s: field path -> code of the problem. */
  fields?: Record<string, string>;
  params?: Record<string, string | number>;
  requestId?: string;
}

export const ERROR_CODES = [
  'validation_failed',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'rate_limited',
  'service_unavailable',
  /** 503: a read reached the database's time limit for one statement (the service itself is fine). */
  'query_timeout',
  'internal_error',
  /** 431: the request line or headers were larger than the HTTP parser takes (only a crafted URL gets there). */
  'request_too_large',
  /** 408: the request did not arrive in time. */
  'request_timeout',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export const REQUEST_ID_HEADER = 'x-request-id';
