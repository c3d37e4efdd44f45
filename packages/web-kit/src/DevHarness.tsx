import { Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from './router.js';
import { useTranslation } from 'react-i18next';
import { AppProviders, WithAntd } from './AppProviders.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { Spinner } from './Spinner.js';
import { restoreSession } from './session.js';
import { Toaster } from './Toaster.js';

export interface HarnessRoute {
  path: string;
  /** A concrete URL for parametrised paths, used for the harness link. */
  example: string;
  titleKey: string;
  Page: LazyExoticComponent<ComponentType>;
}

function HarnessFrame({ namespace, routes }: { namespace: string; routes: readonly HarnessRoute[] }) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <a className="kh-skip-link" href="#main">
        {t('harness.skip')}
      </a>
      <header className="kh-harness-bar">
        <nav aria-label={t('harness.nav')}>
          {routes.map((route) => (
            <NavLink key={route.path} to={route.example}>
              {t(route.titleKey)}
            </NavLink>
          ))}
        </nav>
        <LanguageSwitcher label={t('harness.language')} />
      </header>
      <main id="main" tabIndex={-1}>
        <Routes>
          {routes.map(({ path, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <WithAntd>
                  <Page />
                </WithAntd>
              }
            />
          ))}
          {routes[0] ? <Route path="*" element={<Navigate to={routes[0].example} replace />} /> : null}
        </Routes>
      </main>
    </>
  );
}

/**
 * Standalone page for a remote's team (`npm run dev -w <remote>`): its own router around the same
 * providers and shared i18n instance the shell uses, so pages behave as they do when hosted.
 */
export function DevHarness({ namespace, routes }: { namespace: string; routes: readonly HarnessRoute[] }) {
  // Same session as in the shell: signed in through the refresh cookie when the gateway serves /api.
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <AppProviders>
      <BrowserRouter>
        <Suspense fallback={<Spinner page />}>
          <HarnessFrame namespace={namespace} routes={routes} />
        </Suspense>
        <Toaster />
      </BrowserRouter>
    </AppProviders>
  );
}
