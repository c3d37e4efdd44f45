import { INTL_LOCALES, type Language } from './constants.js';

/**
 * How an amount is written: a catalogue `price` drops zero cents ("$40/job"), a bill's `amount`
 * (totals, refunds, credit) keeps them like the server's decimal strings ("$40.00"), and a chart's
 * `compact` axis says thousands the language's short way ("$1.5K" / "$1.5 ألف").
 */
export type MoneyStyle = 'price' | 'amount' | 'compact';

const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

type IntlFormatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;

/**
 * Building an Intl formatter looks up locale data and costs far more than formatting with it (a list
 * of 20 cards built ~60 of them per render, the most expensive JavaScript of /services' first load):
 * one per kind, locale and options, reused by every formatter of the pages and the services.
 */
const formatters = new Map<string, IntlFormatter>();
function reused<F extends IntlFormatter>(kind: string, locale: string, options: object | undefined, build: () => F): F {
  const key = `${kind} ${locale} ${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  reused('number', locale, options, () => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  reused('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
export const relativeTimeFormat = (locale: string, options?: Intl.RelativeTimeFormatOptions) =>
  reused('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

/**
 * Dollars as every page, e-mail, notification and chat answer writes them (CURRENCY is USD): "$"
 * before the language's digit grouping, wrapped in a left-to-right isolate so "$25.00" stays intact
 * inside an Arabic sentence instead of reading "25.00$".
 */
export function formatMoney(amount: number | string, language: Language, style: MoneyStyle = 'price'): string {
  const value = Number(amount);
  const figures = numberFormat(INTL_LOCALES[language], figureOptions(value, style));
  return `${LEFT_TO_RIGHT_ISOLATE}${value < 0 ? '-' : ''}$${figures.format(Math.abs(value))}${POP_DIRECTIONAL_ISOLATE}`;
}

function figureOptions(value: number, style: MoneyStyle): Intl.NumberFormatOptions {
  if (style === 'compact') return { notation: 'compact', maximumFractionDigits: 1 };
  const digits = style === 'price' && Number.isInteger(value) ? 0 : 2;
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

/**
 * A calendar date (YYYY-MM-DD) as a sentence says it, "Tuesday, January 8" / "الثلاثاء، 8 يناير": the
 * chat, the notifications and the e-mails write a booking's day as its page does, in Latin digits like
 * the times and prices beside it.
 */
export function formatCalendarDay(date: string, language: Language): string {
  return dateTimeFormat(INTL_LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
