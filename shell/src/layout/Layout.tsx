import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AssistantWidget } from '../chat/AssistantWidget';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSpinner } from './PageSpinner';

/** The frame around every route: skip link, header, main landmark, footer, assistant. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="kh-app">
      <a className="kh-skip-link" href="#main">
        {t('a11y.skip')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="kh-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <AssistantWidget />
    </div>
  );
}
