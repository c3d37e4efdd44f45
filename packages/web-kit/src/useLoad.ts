import { startTransition, useCallback, useEffect, useState } from 'react';
import { apiFetch } from './api.js';

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export interface Loaded<T> {
  state: LoadState<T>;
  /** Asks again; the last answer for the same key stays on screen until the new one arrives (no spinner flash). */
  reload: () => void;
  /** Changes the loaded answer in place after a change the server accepted (no refetch). */
  update: (change: (data: T) => T) => void;
}

interface Settled<T> {
  key: string;
  attempt: number;
  state: LoadState<T>;
}

/**
 * Runs `load` for `key` (null: nothing to load yet) and again on `reload`. An answer for a key that is
 * no longer current is dropped, so quick changes (filters, dates, periods) never show stale results.
 * `load` is a new closure each render; the key says when the request changes, so it must read only what
 * the key names. `retryOnce` asks a second time after a failure it accepts (spec §7: the booking fetch).
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: { retryOnce?: (error: unknown) => boolean } = {},
): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | undefined>();
  const { retryOnce } = options;

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const run = async (): Promise<T> => {
      try {
        return await load(controller.signal);
      } catch (error) {
        if (controller.signal.aborted || !retryOnce?.(error)) throw error;
        return load(controller.signal);
      }
    };
    // An aborted request's late answer must not overwrite the current key's.
    // Rendering an answer (a page of cards) is a transition: React yields to the browser while it
    // builds the new tree, so a long list never blocks input for the whole render.
    const settle = (state: LoadState<T>) =>
      controller.signal.aborted || startTransition(() => setSettled({ key, attempt, state }));
    run().then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => settle({ status: 'error', error }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setSettled((current) =>
        current?.state.status === 'ready'
          ? { ...current, state: { status: 'ready', data: change(current.state.data) } }
          : current,
      ),
    [],
  );

  const fresh =
    settled?.key === key && (settled.attempt === attempt || settled.state.status === 'ready');
  return { state: key !== null && fresh ? settled.state : { status: 'loading' }, reload, update };
}

/** `useLoad` for a GET of `path` through the gateway (the path is the key). */
export function useApi<T>(path: string | null): Loaded<T> {
  return useLoad<T>(path, (signal) => apiFetch<T>(path!, { signal }));
}
