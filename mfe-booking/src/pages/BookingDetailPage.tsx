import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /my-bookings/:id; a later issue fills in the content. */
export default function BookingDetailPage() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  return (
    <div className="kh-page">
      <PageHeader title={t('bookingDetail.title')} subtitle={t('bookingDetail.subtitle', { id: id })} />
    </div>
  );
}
