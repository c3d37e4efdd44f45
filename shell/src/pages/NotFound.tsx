import { Link, usePageMeta } from '@khidma/web-kit';
import { useTranslation } from 'react-i18next';

export default function NotFound() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.title'), t('notFound.text'));
  return (
    <div className="kh-page kh-center kh-notfound">
      <p className="kh-notfound-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="kh-btn kh-btn-primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
