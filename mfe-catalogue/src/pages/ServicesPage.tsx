import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /services; a later issue fills in the content. */
export default function ServicesPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('services.title')} subtitle={t('services.subtitle')} />
    </div>
  );
}
