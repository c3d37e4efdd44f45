import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /payment; a later issue fills in the content. */
export default function PaymentPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('payment.title')} subtitle={t('payment.subtitle')} />
    </div>
  );
}
