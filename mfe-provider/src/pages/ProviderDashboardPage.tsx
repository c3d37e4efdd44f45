import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /provider-dashboard; a later issue fills in the content. */
export default function ProviderDashboardPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
    </div>
  );
}
