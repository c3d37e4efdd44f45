import { useCallback } from 'react';
import type { PendingApprovalsResponse } from '@khidma/contracts';
import { useApi, type LoadState } from '@khidma/web-kit';
import { pendingPath } from '../api';

export type PendingKind = 'providers' | 'services';

export interface Pending {
  state: LoadState<PendingApprovalsResponse>;
  reload: () => void;
  /** Takes a decided item off its list and its count. */
  remove: (kind: PendingKind, id: string) => void;
}

/**
 * The review queue. The page holds it (the Pending tab's label shows its counts on every tab) and the
 * Pending tab takes decided items off it.
 */
export function usePending(): Pending {
  const { state, reload, update } = useApi<PendingApprovalsResponse>(pendingPath);
  const remove = useCallback(
    (kind: PendingKind, id: string) =>
      update((data) => {
        const before = data[kind].length;
        const left = data[kind].filter((item) => item.id !== id);
        if (left.length === before) return data;
        return {
          ...data,
          [kind]: left,
          counts: { ...data.counts, [kind]: Math.max(0, data.counts[kind] - 1) },
        };
      }),
    [update],
  );
  return { state, reload, remove };
}
