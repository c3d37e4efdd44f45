import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /admin; a later issue fills in the content. */
export default function AdminPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
    </div>
  );
}
