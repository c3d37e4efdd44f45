import type { BookingDto, Language } from '@khidma/contracts';
import { localized } from '@khidma/web-kit';

/** The booked service's name in the language, or the generic one when the booking has none. */
export const serviceTitleOf = (booking: Pick<BookingDto, 'service'>, language: Language, t: (key: string) => string): string =>
  localized(language, booking.service.title, booking.service.titleAr) || t('card.serviceFallback');

/** The provider's business name in the language, or the generic one when the booking has none. */
export const providerNameOf = (booking: Pick<BookingDto, 'provider'>, language: Language, t: (key: string) => string): string =>
  localized(language, booking.provider.businessName, booking.provider.businessNameAr) || t('card.providerFallback');

/** One letter for the provider's avatar, skipping the Arabic article "ال". */
export function initial(name: string): string {
  const first = name.trim().replace(/^ال(?=.)/u, '');
  return (Array.from(first)[0] ?? '').toUpperCase();
}
