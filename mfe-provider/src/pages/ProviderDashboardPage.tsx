import { useTranslation } from 'react-i18next';
import { PageHeader, Spinner, useSession, Navigate, useLocation } from '@khidma/web-kit';
import { NS } from '../namespace';
import { AvailabilityEditor } from '../dashboard/AvailabilityEditor';
import { SpecialHoursEditor } from '../dashboard/SpecialHoursEditor';
import { BookingsSection } from '../dashboard/BookingsSection';
import { EarningsChart } from '../dashboard/EarningsChart';
import { ReviewsSection } from '../dashboard/ReviewsSection';
import { DisputesSection } from '../dashboard/DisputesSection';
import { ServicesSection } from '../dashboard/ServicesSection';
import { StatsCards } from '../dashboard/StatsCards';
import { loginPath } from '../lib/paths';
import '../provider.css';

/** Routes /provider-dashboard and /providers/dashboard (spec §2): approved providers only. */
export default function ProviderDashboardPage() {
  const { t } = useTranslation(NS);
  const { pathname } = useLocation();
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.user?.role);

  if (status === 'anonymous') return <Navigate to={loginPath(pathname)} replace />;
  if (status === 'authenticated' && role !== 'provider') return <Navigate to="/pending-approval" replace />;

  return (
    <div className="kh-page kp-page kp-dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      {status === 'authenticated' ? (
        <>
          <StatsCards />
          <EarningsChart />
          <BookingsSection />
          <ServicesSection />
          <ReviewsSection />
          <DisputesSection />
          <AvailabilityEditor />
          <SpecialHoursEditor />
        </>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
