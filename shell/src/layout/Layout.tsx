import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, Spinner, Toaster, useSession, Outlet, useLocation, useNavigate } from '@khidma/web-kit';
import { accessDecision } from '../auth/redirects';
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
        <Suspense fallback={<Spinner page />}>
          <RouteAccess />
        </Suspense>
      </main>
      <Footer />
      <AssistantWidget />
      <Toaster />
    </div>
  );
}

/** The page, or where sign-in and role rules (spec §2) send the user instead. */
function RouteAccess() {
  const location = useLocation();
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.user?.role);
  const decision = accessDecision(status, role, location);
  if (decision === 'wait') return <Spinner page />;
  if (decision) return <Redirect to={decision.to} notice={decision.notice} />;
  return <Outlet />;
}

function Redirect({ to, notice }: { to: string; notice?: 'adminsOnly' }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (notice) showToast('warning', t(`access.${notice}`));
    navigate(to, { replace: true });
  }, [to, notice, navigate, t]);
  return null;
}
