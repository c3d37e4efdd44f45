import { ApiError } from '@khidma/web-kit';

/** Server codes this app has its own words for (`errors.codes.<code>`). */
const KNOWN_CODES = ['cannot_change_own_admin', 'credit_clients_only'] as const;

/**
 * Spec §8 (Admin): the app's own words for a code it knows, else the server's message when it gave
 * one, otherwise the action's fallback text.
 */
export function serverMessage(error: unknown, fallback: string, translate: (key: string) => string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code && (KNOWN_CODES as readonly string[]).includes(error.code)) return translate(`errors.codes.${error.code}`);
  const message = error.body?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
