import type { Language } from '@khidma/contracts';

/** Intl locale per language. Arabic keeps Latin digits so prices and figures read the same as in the data. */
const LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-EG-u-nu-latn' };

export const localeOf = (language: Language): string => LOCALES[language];

/**
 * Dollar amounts as the spec shows them ("$" prefix, CURRENCY is USD) with the language's digit
 * grouping. The value is wrapped in a left-to-right isolate so "$25" stays intact inside Arabic text.
 */
export function formatMoney(amount: number, language: Language): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  const value = new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(Math.abs(amount));
  return `\u2066${amount < 0 ? '-' : ''}$${value}\u2069`;
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALES[language], options).format(value);
}

export function formatDate(
  value: Date | string | number,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(LOCALES[language], options).format(new Date(value));
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
  const format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' });
  const match = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size);
  return match ? format.format(Math.trunc(seconds / match[1]), match[0]) : format.format(0, 'second');
}
