import { addCalendarDays, type EarningsPeriod } from '@khidma/contracts';
import type { BookingPeriod } from './dto/period.query.js';


/** 'YYYY-MM' of the month `months` after (negative: before) the month of `date`. */
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many days back from today (today included) a period reaches. */
const PERIOD_DAYS: Record<EarningsPeriod, number> = { week: 7, month: 30, year: 365 };

/** The first scheduled date a bookings list for `period` shows (undefined: no lower bound). */
export const periodStart = (period: BookingPeriod, today: string): string | undefined =>
  period === 'all' ? undefined : addCalendarDays(today, 1 - PERIOD_DAYS[period]);

/**
 * The buckets of an earnings chart ending today, oldest first, and the first date they cover:
 * week → the last 7 days, month → the last 30 days, both by day; year → the last 12 months by month
 * ('YYYY-MM', the current month included).
 */
export function earningsBuckets(period: EarningsPeriod, today: string): { from: string; buckets: string[]; bucketOf: (date: string) => string } {
  if (period === 'year') {
    const buckets = Array.from({ length: 12 }, (_, i) => addMonths(today, i - 11));
    return { from: `${buckets[0]}-01`, buckets, bucketOf: (date) => date.slice(0, 7) };
  }
  const days = PERIOD_DAYS[period];
  const buckets = Array.from({ length: days }, (_, i) => addCalendarDays(today, i + 1 - days));
  return { from: buckets[0]!, buckets, bucketOf: (date) => date };
}
