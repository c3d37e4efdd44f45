import { Agent, fetch, RetryAgent } from 'undici';

/**
 * Sends an idempotent request (GET, HEAD, PUT, DELETE...) a second time, on a new connection, when
 * the connection it went out on was dropped before an answer came: a kept-alive connection the other
 * service closed after its idle time fails the next request at once, and a busy or starved process
 * sends on it before it has read the close. A refused connection (the service is down), a timeout and
 * every answer, 5xx included, are left to the caller; a POST or PATCH is never sent twice.
 */
const reconnectingDispatcher = new RetryAgent(new Agent(), {
  maxRetries: 1,
  minTimeout: 0,
  statusCodes: [],
  errorCodes: ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'],
});

/**
 * `fetch` for calls from one of our services to another (identity's session check and admin API, the
 * assistant's calls to the public API), with the one retry above.
 */
export const internalFetch = (input: string | URL, init: NonNullable<Parameters<typeof fetch>[1]> = {}) =>
  fetch(input, { ...init, dispatcher: reconnectingDispatcher });
