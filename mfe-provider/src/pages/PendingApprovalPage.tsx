import { useEffect } from 'react';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProviderApplicationDto } from '@khidma/contracts';
import { isolate, Link, Navigate, PageHeader, refreshSession, useDateFormat, useLoad, useLocation, useSession } from '@khidma/web-kit';
import { NS } from '../namespace';
import { getMyApplication } from '../api';
import { errorMessage } from '../lib/errors';
import { loginPath } from '../lib/paths';
import '../provider.css';

/** Approved while this session still says client: a refresh brings the provider role, and the page moves on. */
function Approved() {
  const { t } = useTranslation(NS);
  useEffect(() => {
    void refreshSession().catch(() => null);
  }, []);
  return (
    <div className="kp-card">
      <Alert type="success" showIcon title={t('pending.approved.title')} description={t('pending.approved.text')} />
      <Link className="kp-button-link" to="/provider-dashboard">
        {t('pending.approved.dashboard')}
      </Link>
    </div>
  );
}

function ApplicationStatus({ application }: { application: ProviderApplicationDto | null }) {
  const { t } = useTranslation(NS);
  const { formatDate } = useDateFormat();
  if (!application) {
    return (
      <div className="kp-card">
        <h2>{t('pending.none.title')}</h2>
        <p>{t('pending.none.text')}</p>
        <Link className="kp-button-link" to="/provider-signup">
          {t('pending.none.apply')}
        </Link>
      </div>
    );
  }
  const submitted = t('pending.submittedOn', { date: formatDate(application.createdAt) });
  if (application.status === 'rejected') {
    return (
      <div className="kp-card">
        <Alert
          type="error"
          showIcon
          title={t('pending.rejected.title')}
          description={
            <>
              <p className="kp-reason">{t('pending.rejected.reason', { reason: application.rejectionReason ? isolate(application.rejectionReason) : t('pending.rejected.noReason') })}</p>
              <p>{t('pending.rejected.text')}</p>
            </>
          }
        />
        <Link className="kp-button-link" to="/provider-signup">
          {t('pending.rejected.applyAgain')}
        </Link>
      </div>
    );
  }
  if (application.status === 'approved') return <Approved />;
  return (
    <div className="kp-card">
      <h2>{application.businessName}</h2>
      <p>
        <span className="kp-badge kp-badge-pending">{t('applicationStatus.pending')}</span> {submitted}
      </p>
    </div>
  );
}

/** Route /pending-approval (spec §2): the review notice and where the caller's application stands. */
export default function PendingApprovalPage() {
  const { t } = useTranslation(NS);
  const { pathname } = useLocation();
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.user?.role);
  const signedIn = status === 'authenticated';

  if (status === 'anonymous') return <Navigate to={loginPath(pathname)} replace />;
  if (role === 'provider') return <Navigate to="/provider-dashboard" replace />;

  return (
    <div className="kh-page kp-page kp-pending">
      <ClockCircleOutlined className="kp-pending-icon" aria-hidden="true" />
      <PageHeader title={t('pending.title')} subtitle={t('pending.subtitle')} />
      {signedIn ? <MyApplication /> : <Skeleton active />}
      <div className="kp-actions">
        <Link className="kp-button-link" to="/">
          {t('pending.home')}
        </Link>
        <Link className="kp-button-link kp-button-secondary" to="/contact">
          {t('pending.contact')}
        </Link>
      </div>
    </div>
  );
}

function MyApplication() {
  const { t } = useTranslation(NS);
  const { state, reload } = useLoad('application', getMyApplication);
  if (state.status === 'loading') return <Skeleton active />;
  if (state.status === 'error') {
    const message = errorMessage(state.error, 'pending.loadFailed');
    return (
      <Alert
        type="warning"
        showIcon
        title={t(message.key, message.values)}
        action={<Button onClick={reload}>{t('common.retry')}</Button>}
      />
    );
  }
  return <ApplicationStatus application={state.data.application} />;
}
