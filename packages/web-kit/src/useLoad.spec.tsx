import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './useLoad.js';

/** A load whose answers the test settles by hand, recording each call's key and signal. */
function controlled<T>() {
  const calls: { key: string; signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const loadFor = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ key, signal, resolve, reject });
    });
  return { calls, loadFor };
}

describe('useLoad', () => {
  it('loads nothing while the key is null, then the answer for the key', async () => {
    const { calls, loadFor } = controlled<string>();
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => useLoad(key, loadFor(key ?? '')), {
      initialProps: { key: null as string | null },
    });
    expect(result.current.state).toEqual({ status: 'loading' });
    expect(calls).toHaveLength(0);

    rerender({ key: 'a' });
    await act(async () => calls[0]!.resolve('A'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'A' });
  });

  it('drops the answer for a key that is no longer current and aborts its request', async () => {
    const { calls, loadFor } = controlled<string>();
    const { result, rerender } = renderHook(({ key }: { key: string }) => useLoad(key, loadFor(key)), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
    expect(calls[0]!.signal.aborted).toBe(true);

    await act(async () => {
      calls[1]!.resolve('B');
      calls[0]!.resolve('A (late)');
    });
    expect(result.current.state).toEqual({ status: 'ready', data: 'B' });
  });

  it('reports a failure, and reload asks again', async () => {
    const { calls, loadFor } = controlled<string>();
    const { result } = renderHook(() => useLoad('a', loadFor('a')));
    const failure = new Error('down');
    await act(async () => calls[0]!.reject(failure));
    expect(result.current.state).toEqual({ status: 'error', error: failure });

    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => calls[1]!.resolve('A'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'A' });
  });

  it('keeps the last answer on screen while a reload of the same key is under way', async () => {
    const { calls, loadFor } = controlled<string>();
    const { result } = renderHook(() => useLoad('a', loadFor('a')));
    await act(async () => calls[0]!.resolve('old'));
    act(() => result.current.reload());
    expect(calls).toHaveLength(2);
    expect(result.current.state).toEqual({ status: 'ready', data: 'old' });
    await act(async () => calls[1]!.resolve('new'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'new' });
  });

  it('asks once more after a failure retryOnce accepts, and not after one it refuses', async () => {
    let asked = 0;
    const flaky = async () => {
      asked += 1;
      if (asked === 1) throw new Error('blip');
      return 'ok';
    };
    const { result } = renderHook(() => useLoad('a', flaky, { retryOnce: (e) => (e as Error).message === 'blip' }));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'ok' }));
    expect(asked).toBe(2);

    const fatal = new Error('fatal');
    let refused = 0;
    const failing = async () => {
      refused += 1;
      throw fatal;
    };
    const second = renderHook(() => useLoad('b', failing, { retryOnce: (e) => (e as Error).message === 'blip' }));
    await waitFor(() => expect(second.result.current.state).toEqual({ status: 'error', error: fatal }));
    expect(refused).toBe(1);
  });

  it('update changes the loaded answer in place without asking again', async () => {
    const { calls, loadFor } = controlled<number[]>();
    const { result } = renderHook(() => useLoad('a', loadFor('a')));
    act(() => result.current.update((list) => [...list, 9]));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => calls[0]!.resolve([1]));
    act(() => result.current.update((list) => [...list, 2]));
    expect(result.current.state).toEqual({ status: 'ready', data: [1, 2] });
    expect(calls).toHaveLength(1);
  });
});
