import { CURRENCY, type Language } from '@khidma/contracts';

/** Intl locale per language. Arabic keeps Latin digits so prices and figures read the same as in the data. */
const LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-EG-u-nu-latn' };

export const localeOf = (language: Language): string => LOCALES[language];

export function formatMoney(amount: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
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
