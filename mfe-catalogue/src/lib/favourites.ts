import { useEffect } from 'react';
import { create } from 'zustand';
import type { FavouriteKind, FavouritesResponse, FavouriteStateResponse } from '@khidma/contracts';
import { apiFetch, useSession } from '@khidma/web-kit';

/** Which services and providers the signed-in user saved: what every heart on the page shows. */
interface FavouriteIds {
  /** Whose ids these are; null before the first load (or signed out). */
  userId: string | null;
  service: ReadonlySet<string>;
  provider: ReadonlySet<string>;
  /** `kind id` of hearts whose change is on its way to the server. */
  saving: ReadonlySet<string>;
}

const empty = (): FavouriteIds => ({ userId: null, service: new Set(), provider: new Set(), saving: new Set() });
export const useFavouriteIds = create<FavouriteIds>()(empty);

const keyOf = (kind: FavouriteKind, id: string) => `${kind} ${id}`;
const collectionOf = (kind: FavouriteKind) => (kind === 'service' ? 'services' : 'providers');

export const getFavourites = (signal?: AbortSignal) => apiFetch<FavouritesResponse>('/favourites', { signal });

/** Takes the ids of a full list answer (the Favourites page reads it anyway). */
export function rememberFavourites(userId: string, answer: FavouritesResponse): void {
  useFavouriteIds.setState({
    userId,
    service: new Set(answer.services.map((f) => f.service.id)),
    provider: new Set(answer.providers.map((f) => f.provider.id)),
  });
}

let loadingFor: string | null = null;

/** Loads the signed-in user's ids once per user, so the hearts on a page know their state. */
export function useFavouritesLoaded(): void {
  const userId = useSession((s) => s.user?.id ?? null);
  useEffect(() => {
    if (!userId) {
      if (useFavouriteIds.getState().userId !== null) useFavouriteIds.setState(empty());
      loadingFor = null;
      return;
    }
    if (useFavouriteIds.getState().userId === userId || loadingFor === userId) return;
    loadingFor = userId;
    getFavourites()
      .then(
        (answer) => {
          if (useSession.getState().user?.id === userId) rememberFavourites(userId, answer);
        },
        // The hearts stay unpressed; the next page that shows one asks again.
        () => undefined,
      )
      .finally(() => loadingFor === userId && (loadingFor = null));
  }, [userId]);
}

const changeSet = (set: ReadonlySet<string>, value: string, present: boolean) => {
  const next = new Set(set);
  if (present) next.add(value);
  else next.delete(value);
  return next;
};

/**
 * Saves (`favourite` true) or forgets a service or provider. The heart changes at once and goes back
 * if the server refuses; the error is rethrown for the caller to tell the user.
 */
export async function setFavourite(kind: FavouriteKind, id: string, favourite: boolean): Promise<void> {
  const key = keyOf(kind, id);
  const before = useFavouriteIds.getState()[kind].has(id);
  useFavouriteIds.setState((s) => ({ [kind]: changeSet(s[kind], id, favourite), saving: changeSet(s.saving, key, true) }));
  try {
    const answer = await apiFetch<FavouriteStateResponse>(`/favourites/${collectionOf(kind)}/${encodeURIComponent(id)}`, {
      method: favourite ? 'PUT' : 'DELETE',
    });
    useFavouriteIds.setState((s) => ({ [kind]: changeSet(s[kind], id, answer.favourite) }));
  } catch (error) {
    useFavouriteIds.setState((s) => ({ [kind]: changeSet(s[kind], id, before) }));
    throw error;
  } finally {
    useFavouriteIds.setState((s) => ({ saving: changeSet(s.saving, key, false) }));
  }
}
