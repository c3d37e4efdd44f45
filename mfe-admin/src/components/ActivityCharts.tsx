import { useTranslation } from 'react-i18next';
import type { AdminStatsDto } from '@khidma/contracts';
import { currentLanguage, formatCalendarDate, formatMoney, formatNumber } from '@khidma/web-kit';
import { BarChart, type BarDatum } from '@khidma/web-kit/charts';
import { NS } from '../namespace';

/** Bookings and revenue per day over the last 30 days (AdminStatsDto.series), as two bar charts. */
export function ActivityCharts({ series }: { series: AdminStatsDto['series'] }) {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  // A quiet month reads as a sentence rather than as thirty empty bars.
  const quiet = series.every((day) => day.bookings === 0 && Number(day.revenue) === 0);
  // `day` is a calendar date (YYYY-MM-DD); axis labels stay Gregorian-only (no room for a Hijri date).
  const label = (day: string) => formatCalendarDate(day, language, { month: 'short', day: 'numeric' });
  const bookings: BarDatum[] = quiet
    ? []
    : series.map((day) => ({ key: day.day, label: label(day.day), value: day.bookings }));
  const revenue: BarDatum[] = quiet
    ? []
    : series.map((day) => ({
        key: day.day,
        label: label(day.day),
        value: Number(day.revenue),
        note: t('dashboard.bookingsNote', { count: formatNumber(day.bookings, language) }),
      }));
  return (
    <section className="ka-card" aria-labelledby="ka-activity">
      <h2 id="ka-activity">{t('dashboard.chartTitle')}</h2>
      <div className="ka-charts">
        <BarChart
          title={t('dashboard.bookingsChart')}
          data={bookings}
          formatValue={(value) => formatNumber(value, language)}
          categoryHeader={t('dashboard.day')}
          valueHeader={t('dashboard.bookings')}
          emptyText={t('dashboard.noActivity')}
          height={200}
        />
        <BarChart
          title={t('dashboard.revenueChart')}
          data={revenue}
          formatValue={(value) => formatMoney(value, language)}
          formatTick={(value) => formatMoney(value, language)}
          categoryHeader={t('dashboard.day')}
          valueHeader={t('dashboard.amount')}
          noteHeader={t('dashboard.bookings')}
          emptyText={t('dashboard.noActivity')}
          height={200}
          color="#b45309"
        />
      </div>
    </section>
  );
}
