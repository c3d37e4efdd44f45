import { useTranslation } from 'react-i18next';
import { PageHeader } from '@khidma/web-kit';
import { NS } from '../namespace';

/** Route /provider-signup; a later issue fills in the content. */
export default function ProviderSignupPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="kh-page">
      <PageHeader title={t('signup.title')} subtitle={t('signup.subtitle')} />
    </div>
  );
}
