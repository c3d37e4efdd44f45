import { APPLICATION_ERROR_CODES } from '@khidma/contracts';
import { ApiError } from '@khidma/web-kit';

/** What went wrong, as a message key of this app's namespace with its values. */
export interface ErrorMessage {
  key: string;
  values: Record<string, string | number>;
}

/** Server codes this app has its own words for (`errors.codes.<code>`). */
const KNOWN_CODES = [
  ...APPLICATION_ERROR_CODES,
  'invalid_transition',
  'forbidden',
  'not_found',
  'validation_failed',
  'provider_profile_missing',
  'invalid_service_transition',
  'already_replied',
  'special_hours_overlap',
  'special_hours_past',
  'special_hours_dates',
  'special_hours_times',
] as const;

export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

/**
 * One translation of server errors for every page of this app: a known code gets its message, a
 * 413 (which may come from a proxy with no JSON body) is "Payload is too large", a lost connection
 * says so; otherwise the caller's fallback, with the server's own words when it sent some.
 */
export function errorMessage(error: unknown, fallbackKey: string): ErrorMessage {
  if (error instanceof ApiError) {
    if (error.status === 413) return { key: 'errors.codes.payload_too_large', values: {} };
    const code = error.code;
    if (code && (KNOWN_CODES as readonly string[]).includes(code)) return { key: `errors.codes.${code}`, values: error.body?.params ?? {} };
    if (error.status === 401) return { key: 'errors.signInAgain', values: {} };
    if (error.body?.message) return { key: 'errors.withMessage', values: { message: error.body.message } };
  }
  if (isNetworkError(error)) return { key: 'errors.network', values: {} };
  return { key: fallbackKey, values: {} };
}
