import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, Spinner, showToast, useSession, Navigate, useLocation, useNavigate } from '@khidma/web-kit';
import { NS } from '../namespace';
import { loginPath } from '../lib/paths';
import { ApplicationForm } from '../signup/ApplicationForm';
import '../provider.css';

/** Routes /provider-signup and /become-provider: the provider application of spec §2, §3 and §5. */
export default function ProviderSignupPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const toasted = useRef(false);

  // Spec §2: signed-out visitors get a toast and go to sign in, coming back here afterwards.
  useEffect(() => {
    if (status !== 'anonymous' || toasted.current) return;
    toasted.current = true;
    showToast('error', t('signup.loginRequired'));
    navigate(loginPath(pathname), { replace: true });
  }, [status, pathname, navigate, t]);

  if (user?.role === 'provider') return <Navigate to="/provider-dashboard" replace />;

  return (
    <div className="kh-page kp-page">
      <PageHeader title={t('signup.title')} subtitle={t('signup.subtitle')} />
      {status === 'authenticated' && user ? <ApplicationForm user={user} returnPath={pathname} /> : <Spinner />}
    </div>
  );
}
