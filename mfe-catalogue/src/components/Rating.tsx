import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, formatNumber } from '@khidma/web-kit';
import { NS } from '../namespace';

/** "★ 4.8", read out as "Rated 4.8 out of 5". */
export function Rating({ value }: { value: number }) {
  const { t } = useTranslation(NS);
  const shown = formatNumber(value, currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className="kc-rating" role="img" aria-label={t('rating.label', { rating: shown })}>
      <StarFilled aria-hidden="true" className="kc-star" /> <span aria-hidden="true">{shown}</span>
    </span>
  );
}
