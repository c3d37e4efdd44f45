import { Suspense, lazy, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n.js';
import { Spinner } from './Spinner.js';
import './kit.css';

// antd is a large shared singleton: it is fetched only when a screen that uses it renders,
// so the landing page and the frame load without it (docs/frontend/antd-sharing.md).
const AntdProviders = lazy(() => import('./AntdProviders.js'));

/** The shared i18n instance around the whole app (no antd here, see WithAntd). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** Wraps screens that use antd components: theme, RTL direction, locale and toasts of spec §9. */
export function WithAntd({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner page />}>
      <AntdProviders>{children}</AntdProviders>
    </Suspense>
  );
}
