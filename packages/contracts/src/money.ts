import { INTL_LOCALES, type Language } from './constants.js';

/**
 * How an amount is written: a catalogue `price` drops zero cents ("$40/job"), a bill's `amount`
 * (totals, refunds, credit) keeps them like the server's decimal strings ("$40.00").
 */
export type MoneyStyle = 'price' | 'amount';

const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

// Building an Intl formatter costs far more than formatting with it: one per locale and digits.
const formatters = new Map<string, Intl.NumberFormat>();
function figures(language: Language, fractionDigits: number): Intl.NumberFormat {
  const key = `${language} ${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[language], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Dollars as every page, e-mail, notification and chat answer writes them (CURRENCY is USD): "$"
 * before the language's digit grouping, wrapped in a left-to-right isolate so "$25.00" stays intact
 * inside an Arabic sentence instead of reading "25.00$".
 */
export function formatMoney(amount: number | string, language: Language, style: MoneyStyle = 'price'): string {
  const value = Number(amount);
  const fractionDigits = style === 'price' && Number.isInteger(value) ? 0 : 2;
  const sign = value < 0 ? '-' : '';
  return `${LEFT_TO_RIGHT_ISOLATE}${sign}$${figures(language, fractionDigits).format(Math.abs(value))}${POP_DIRECTIONAL_ISOLATE}`;
}
