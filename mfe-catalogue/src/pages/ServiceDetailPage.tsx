import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /service/:idOrSlug; a later issue fills in the content. */
export default function ServiceDetailPage() {
  const { t } = useTranslation(NS);
  const { idOrSlug = '' } = useParams();
  return (
    <div className="kh-page">
      <PageHeader title={t('serviceDetail.title')} subtitle={t('serviceDetail.subtitle', { id: idOrSlug })} />
    </div>
  );
}
