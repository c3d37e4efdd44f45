import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '@khidma/web-kit';

export type ApiState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

interface Settled<T> {
  key: string;
  state: ApiState<T>;
}

/**
 * GET `path` through the gateway. A new path (or `retry`) refetches; an answer for a path that is
 * no longer current is dropped, so fast filter changes never show stale results. Loading is derived
 * from "no answer for this path yet" rather than set in the effect.
 */
export function useApi<T>(path: string): { state: ApiState<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | undefined>();
  const key = `${attempt}:${path}`;

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<T>(path, { signal: controller.signal }).then(
      (data) => setSettled({ key, state: { status: 'ready', data } }),
      (error: unknown) => controller.signal.aborted || setSettled({ key, state: { status: 'error', error } }),
    );
    return () => controller.abort();
  }, [path, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: settled?.key === key ? settled.state : { status: 'loading' }, retry };
}
