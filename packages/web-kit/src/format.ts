import { dateTimeFormat, INTL_LOCALES, numberFormat, relativeTimeFormat, type Language } from '@khidma/contracts';

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return numberFormat(INTL_LOCALES[language], options).format(value);
}

/** A Gregorian date, and its Umm al-Qura (Hijri) date after a middle dot when `hijri` is set. */
export interface DateFormatOptions extends Intl.DateTimeFormatOptions {
  hijri?: boolean;
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
const isolateRun = (text: string) => `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;

/** The Hijri (Umm al-Qura, Saudi Arabia's civil calendar) date of an instant, e.g. "Ramadan 1, 1447 AH" / "1 رمضان 1447 هـ". */
export function formatHijriDate(value: Date | string | number, language: Language, timeZone?: string): string {
  const locale = new Intl.Locale(INTL_LOCALES[language], { calendar: 'islamic-umalqura' }).toString();
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(value));
}

/**
 * The one date formatter of every frontend. With `hijri`, the Hijri date follows the Gregorian one
 * ("Nov 27, 2026 · Jumada II 17, 1448 AH"); each part is a first-strong isolate so the Arabic month
 * name and the Latin figures keep their order inside either page direction.
 */
export function formatDate(
  value: Date | string | number,
  language: Language,
  { hijri = false, ...options }: DateFormatOptions = { dateStyle: 'medium' },
): string {
  const gregorian = dateTimeFormat(INTL_LOCALES[language], options).format(new Date(value));
  if (!hijri) return gregorian;
  return `${isolateRun(gregorian)} · ${isolateRun(formatHijriDate(value, language, options.timeZone))}`;
}

/**
 * A calendar date `YYYY-MM-DD` (booking days, availability days: already in the marketplace's zone).
 * It is formatted as a UTC wall-clock date, so the viewer's own zone never moves it by a day.
 */
export function formatCalendarDate(date: string, language: Language, options: DateFormatOptions = { dateStyle: 'medium' }): string {
  return formatDate(`${date}T00:00:00Z`, language, { ...options, timeZone: 'UTC' });
}

/** Largest unit first: a time is told in the largest unit it fills at least once. */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "قبل 5 دقائق" in the UI language; under a minute is "now". */
export function formatRelativeTime(value: Date | string | number, language: Language, now = Date.now()): string {
  const seconds = (new Date(value).getTime() - now) / 1000;
  const format = relativeTimeFormat(INTL_LOCALES[language], { numeric: 'auto' });
  const match = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size);
  return match ? format.format(Math.trunc(seconds / match[1]), match[0]) : format.format(0, 'second');
}
