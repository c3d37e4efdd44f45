import { useTranslation } from 'react-i18next';

/**
 * A CSS-only busy indicator, usable before antd or an app's messages have loaded. `page` is for a
 * whole page still loading: it keeps a screen's height, so the footer stays below the fold until the
 * page arrives instead of jumping down then (Lighthouse measured that jump as most of /services'
 * layout shift).
 */
export function Spinner({ page = false }: { page?: boolean }) {
  // Reads the app's default namespace without suspending: this is itself a Suspense fallback.
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <div className={page ? 'kh-spinner-wrap kh-spinner-page' : 'kh-spinner-wrap'} role="status">
      <span className="kh-spinner" aria-hidden="true" />
      <span className="kh-visually-hidden">{ready ? t('loading') : '…'}</span>
    </div>
  );
}
