import type { Language } from '@khidma/contracts';
import { formatMoney } from '@khidma/web-kit';

/**
 * Booking amounts always with cents, like the server's decimal strings ("$40.00"; spec §2 "service
 * fee $0.00"). formatMoney drops ".00" from whole prices, which suits catalogue prices, not bills.
 */
export function formatAmount(amount: number | string, language: Language): string {
  const value = Number(amount);
  const text = formatMoney(value, language);
  return Number.isInteger(value) ? text.replace(/(\d)(\u2069)$/, '$1.00$2') : text;
}
