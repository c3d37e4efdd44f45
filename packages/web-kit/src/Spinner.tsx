import { useTranslation } from 'react-i18next';

/** A CSS-only busy indicator, usable before antd or an app's messages have loaded. */
export function Spinner() {
  // Reads the app's default namespace without suspending: this is itself a Suspense fallback.
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <div className="kh-spinner-wrap" role="status">
      <span className="kh-spinner" aria-hidden="true" />
      <span className="kh-visually-hidden">{ready ? t('loading') : '…'}</span>
    </div>
  );
}
