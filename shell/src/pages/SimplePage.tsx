import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';

/** Heading and short text for screens a later issue fills in (notifications). */
export function SimplePage({ page }: { page: 'notifications' }) {
  const { t } = useTranslation();
  return (
    <div className="kh-page">
      <PageHeader title={t(`simple.${page}.title`)} subtitle={t(`simple.${page}.text`)} />
    </div>
  );
}
