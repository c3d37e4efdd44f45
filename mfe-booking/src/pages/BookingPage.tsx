import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /booking; a later issue fills in the content. */
export default function BookingPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('booking.title')} subtitle={t('booking.subtitle')} />
    </div>
  );
}
