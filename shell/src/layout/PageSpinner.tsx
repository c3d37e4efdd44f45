import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="kh-page kh-center" aria-busy="true">
      <Spin size="large" description={t('loading')} />
    </div>
  );
}
