import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /pending-approval; a later issue fills in the content. */
export default function PendingApprovalPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('pending.title')} subtitle={t('pending.subtitle')} />
    </div>
  );
}
