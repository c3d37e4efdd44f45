import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /my-bookings; a later issue fills in the content. */
export default function MyBookingsPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('myBookings.title')} subtitle={t('myBookings.subtitle')} />
    </div>
  );
}
