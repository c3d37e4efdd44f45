import { useTranslation } from 'react-i18next';
import type { BookingSeriesInfo } from '@khidma/contracts';
import { currentLanguage, formatNumber } from '@khidma/web-kit';
import { NS } from '../namespace';

/** "Weekly · 3 of 6": a booking that is one occurrence of a recurring series. */
export function SeriesBadge({ series }: { series: BookingSeriesInfo | null }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  if (!series) return null;
  return (
    <span className="kb-badge kb-series">
      {t('series.badge', {
        frequency: t(`series.frequency.${series.frequency}`),
        index: formatNumber(series.index, language),
        size: formatNumber(series.size, language),
      })}
    </span>
  );
}
