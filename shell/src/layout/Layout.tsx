import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@khidma/web-kit';
import { AssistantWidget } from '../chat/AssistantWidget';
import { Footer } from './Footer';
import { Header } from './Header';

/** The frame around every route: skip link, header, main landmark, footer, assistant. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // A new page starts at the top, as after a full page load.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="kh-app">
      <a className="kh-skip-link" href="#main">
        {t('a11y.skip')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="kh-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <AssistantWidget />
    </div>
  );
}
