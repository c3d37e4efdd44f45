import { Suspense, lazy } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '@khidma/contracts';
import { PageHeader, Spinner, currentLanguage, formatNumber, useSession, isolate, Link, useSearchParams } from '@khidma/web-kit';
import { NS } from '../namespace';
import { displayName } from '../lib/people';
import { usePending } from '../lib/usePending';
import { ADMIN_TABS, isAdminTab, type AdminTab } from '../tabs/tabs';
import { LoadingBlock } from '../components/States';
import '../admin.css';

// Each tab's code loads when the tab is first opened.
const DashboardTab = lazy(() => import('../tabs/DashboardTab'));
const PendingTab = lazy(() => import('../tabs/PendingTab'));
const UsersTab = lazy(() => import('../tabs/UsersTab'));
const ProvidersTab = lazy(() => import('../tabs/ProvidersTab'));
const ServicesTab = lazy(() => import('../tabs/ServicesTab'));
const BookingsTab = lazy(() => import('../tabs/BookingsTab'));
const ReportedConversationsTab = lazy(() => import('../tabs/ReportedConversationsTab'));
const ReviewsTab = lazy(() => import('../tabs/ReviewsTab'));
const AuditLogTab = lazy(() => import('../tabs/AuditLogTab'));
const PromoCodesTab = lazy(() => import('../tabs/PromoCodesTab'));
const DisputesTab = lazy(() => import('../tabs/DisputesTab'));

/** Not signed in, or signed in without the admin role: say so, and show nothing of the panel. */
function NoAccess({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <section className="ka-state ka-no-access" role="alert" aria-labelledby="ka-no-access-title">
      <h2 id="ka-no-access-title">{t(signedIn ? 'admin.forbiddenTitle' : 'admin.signInTitle')}</h2>
      <p>{t(signedIn ? 'admin.forbiddenText' : 'admin.signInText')}</p>
      {signedIn ? (
        <Link className="ka-btn ka-btn-primary" to="/">
          {t('admin.home')}
        </Link>
      ) : (
        <Link
          className="ka-btn ka-btn-primary"
          to={`/login?redirect=${encodeURIComponent('/admin')}`}
        >
          {t('admin.signIn')}
        </Link>
      )}
    </section>
  );
}

function Panel({ user }: { user: UserDto }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'dashboard';
  const pending = usePending();
  const counts = pending.state.status === 'ready' ? pending.state.data.counts : undefined;
  const pendingTotal = counts ? counts.providers + counts.services : undefined;

  const open = (next: string) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'dashboard') nextParams.delete('tab');
    else nextParams.set('tab', next);
    setParams(nextParams);
  };

  const panel = (key: AdminTab) => {
    switch (key) {
      case 'dashboard':
        return <DashboardTab />;
      case 'pending':
        return <PendingTab pending={pending} />;
      case 'users':
        return <UsersTab me={user} />;
      case 'providers':
        return <ProvidersTab />;
      case 'services':
        return <ServicesTab />;
      case 'bookings':
        return <BookingsTab />;
      case 'reported':
        return <ReportedConversationsTab />;
      case 'reviews':
        return <ReviewsTab />;
      case 'audit':
        return <AuditLogTab />;
      case 'promos':
        return <PromoCodesTab />;
      case 'disputes':
        return <DisputesTab />;
    }
  };

  return (
    <>
      <div className="ka-welcome">
        <p className="ka-welcome-title">
          {t('admin.welcome', { name: isolate(displayName(user)) })}
        </p>
        <p className="ka-muted">{t('admin.welcomeText')}</p>
      </div>
      <Tabs
        className="ka-tabs"
        aria-label={t('admin.tabsLabel')}
        activeKey={tab}
        onChange={open}
        destroyOnHidden
        items={ADMIN_TABS.map((key) => ({
          key,
          label:
            key === 'pending' && pendingTotal !== undefined
              ? t('tabs.pendingCount', { count: formatNumber(pendingTotal, language) })
              : t(`tabs.${key}`),
          children: <Suspense fallback={<LoadingBlock />}>{panel(key)}</Suspense>,
        }))}
      />
    </>
  );
}

/**
 * Route /admin (and /admin-panel): the admin panel of spec §2, tabs chosen by `?tab=`. Only a session
 * whose server-given role is admin sees the panel; the admin routes refuse everyone else anyway.
 */
export default function AdminPage() {
  const { t } = useTranslation(NS);
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);

  let body;
  if (status === 'loading') body = <Spinner />;
  else if (!user) body = <NoAccess signedIn={false} />;
  else if (user.role !== 'admin') body = <NoAccess signedIn />;
  else body = <Panel user={user} />;

  return (
    <div className="kh-page ka-admin">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      {body}
    </div>
  );
}
