import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { authorizedFetch } from '../api.js';
import { NOTIFICATION_PATHS } from './api.js';

export interface StreamHandlers {
  /** The server accepted the stream (called before any event). */
  onOpen: () => void;
  onEvent: (message: EventSourceMessage) => void;
  /** The server's `retry:` field, in ms. */
  onRetry: (ms: number) => void;
}

/**
 * A stream that stays silent this long is treated as dropped: a proxy can lose the connection
 * without closing it, and the server's heartbeat comments keep a live one far busier.
 */
export const STREAM_IDLE_MS = 120_000;

/**
 * Reads `GET /api/notifications/stream` until it ends, fails or `signal` aborts. fetch() rather than
 * EventSource, which cannot send the bearer token; a 401 gets apiFetch's refresh-and-retry.
 * Resolves when the server closes the stream, rejects on a refused or broken one.
 */
export async function readNotificationStream(signal: AbortSignal, handlers: StreamHandlers): Promise<void> {
  // Aborted by the caller, or by the idle watchdog below.
  const connection = new AbortController();
  const abort = () => connection.abort();
  signal.addEventListener('abort', abort, { once: true });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(abort, STREAM_IDLE_MS);
  };
  try {
    watch();
    const res = await authorizedFetch(NOTIFICATION_PATHS.stream, {
      headers: { Accept: 'text/event-stream' },
      cache: 'no-store',
      signal: connection.signal,
    });
    if (!res.body) throw new Error('notification stream without a body');
    handlers.onOpen();
    const parser = createParser({ onEvent: handlers.onEvent, onRetry: handlers.onRetry });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || connection.signal.aborted) break;
        watch();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    if (connection.signal.aborted && !signal.aborted) throw new Error('notification stream went silent');
  } finally {
    clearTimeout(idleTimer);
    signal.removeEventListener('abort', abort);
  }
}
