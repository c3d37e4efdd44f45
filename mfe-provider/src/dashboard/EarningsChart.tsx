import { useState } from 'react';
import { Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { EARNINGS_PERIODS, type EarningsPeriod, type Language } from '@khidma/contracts';
import { currentLanguage, formatCalendarDate, formatMoney, formatNumber, useLoad } from '@khidma/web-kit';
import { BarChart } from '@khidma/web-kit/charts';
import { NS } from '../namespace';
import { getEarnings } from '../api';
import { LoadError } from './LoadError';

/** A bucket ('2026-11-21' day or '2026-11' month) as a short label in the page's language. */
export function bucketLabel(bucket: string, period: EarningsPeriod, language: Language): string {
  // Buckets are calendar dates, not instants: formatCalendarDate keeps them on their day in any zone.
  // Axis labels stay Gregorian-only: a Hijri date does not fit under a bar.
  if (/^\d{4}-\d{2}-\d{2}$/.test(bucket))
    return formatCalendarDate(bucket, language, period === 'week' ? { weekday: 'short' } : { day: 'numeric', month: 'short' });
  if (/^\d{4}-\d{2}$/.test(bucket)) return formatCalendarDate(`${bucket}-01`, language, { month: 'short' });
  return bucket;
}

/** Earnings per day, or per month over a year, with the Week / Month / Year switch (month first, spec §9). */
export function EarningsChart() {
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const [period, setPeriod] = useState<EarningsPeriod>('month');
  const { state, reload } = useLoad(`earnings:${period}`, (signal) => getEarnings(period, signal));
  const money = (value: number) => formatMoney(value, language);
  const compactMoney = (value: number) => formatMoney(value, language, 'compact');

  return (
    <section className="kp-section kp-panel" aria-labelledby="kp-earnings-heading">
      <div className="kp-section-head">
        <h2 id="kp-earnings-heading">{t('dashboard.earnings.title')}</h2>
        <Radio.Group
          aria-label={t('dashboard.earnings.period')}
          optionType="button"
          value={period}
          onChange={(e) => setPeriod(e.target.value as EarningsPeriod)}
          options={EARNINGS_PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
        />
      </div>
      {state.status === 'loading' ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
      {state.status === 'error' ? <LoadError error={state.error} fallbackKey="dashboard.earnings.failed" onRetry={reload} /> : null}
      {state.status === 'ready' ? (
        <BarChart
          title={t('dashboard.earnings.chartTitle', { period: t(`periods.${period}`) })}
          hideTitle
          // A period without any earnings reads better as a sentence than as an empty axis.
          data={state.data.points.every((point) => Number(point.earnings) === 0) ? [] : state.data.points.map((point) => ({
            key: point.bucket,
            label: bucketLabel(point.bucket, state.data.period, language),
            value: Number(point.earnings),
            note: t('dashboard.earnings.bookings', { count: formatNumber(point.bookings, language) }),
          }))}
          formatValue={money}
          formatTick={compactMoney}
          categoryHeader={t(`dashboard.earnings.bucket.${state.data.period}`)}
          valueHeader={t('dashboard.earnings.value')}
          noteHeader={t('dashboard.earnings.bookingsHeader')}
          emptyText={t('dashboard.earnings.empty')}
        />
      ) : null}
    </section>
  );
}
