import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FavouriteKind } from '@khidma/contracts';
import { ApiError, showToast, useLocation, useNavigate, useSession } from '@khidma/web-kit';
import { NS } from '../namespace';
import { setFavourite, useFavouriteIds, useFavouritesLoaded } from '../lib/favourites';

/**
 * The heart on a service or provider: a toggle (aria-pressed) that saves it to the signed-in user's
 * favourites. Signed out, it leads to sign-in and back to this page.
 */
export function FavouriteButton({ kind, id, name, className = '' }: { kind: FavouriteKind; id: string; name: string; className?: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const location = useLocation();
  const status = useSession((s) => s.status);
  const userId = useSession((s) => s.user?.id ?? null);
  useFavouritesLoaded();
  const saved = useFavouriteIds((s) => s.userId === userId && s[kind].has(id));
  const saving = useFavouriteIds((s) => s.saving.has(`${kind} ${id}`));

  const toggle = () => {
    if (status !== 'authenticated') {
      navigate(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
      return;
    }
    setFavourite(kind, id, !saved).then(
      () => showToast('success', t(saved ? 'favourites.removed' : 'favourites.added', { name })),
      (error: unknown) =>
        showToast('error', t(error instanceof ApiError && error.code === 'not_found' ? 'favourites.gone' : 'favourites.failed')),
    );
  };

  return (
    <button
      type="button"
      className={`kc-heart${saved ? ' kc-heart-on' : ''} ${className}`.trim()}
      aria-pressed={saved}
      aria-label={t(kind === 'service' ? 'favourites.saveService' : 'favourites.saveProvider', { name })}
      title={t(saved ? 'favourites.inFavourites' : 'favourites.addToFavourites')}
      // While the session is restored the heart cannot know its state yet; after that it always acts.
      disabled={status === 'loading' || saving}
      onClick={toggle}
    >
      {saved ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />}
    </button>
  );
}
