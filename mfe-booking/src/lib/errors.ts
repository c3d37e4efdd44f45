import { BOOKING, BOOKING_ERROR_CODES, type BookingErrorCode, CREDIT_ERROR_CODES, type CreditErrorCode, PROMO_ERROR_CODES, type PromoErrorCode, type SlotUnavailableReason } from '@khidma/contracts';
import { ApiError } from '@khidma/web-kit';

/** What went wrong, as a message key under `errors.` of this app's namespace (with its values). */
export interface ErrorMessage {
  key: string;
  values: Record<string, string | number>;
}

/** The fallbacks of spec §8, per action, when the server's answer has no code of its own to show. */
export type FailedAction = 'book' | 'pay' | 'promo' | 'cancel' | 'reschedule' | 'loadBookings' | 'loadBooking' | 'loadService' | 'loadSlots';

const isBookingCode = (code: string | undefined): code is BookingErrorCode | PromoErrorCode | CreditErrorCode =>
  code !== undefined && ([...BOOKING_ERROR_CODES, ...PROMO_ERROR_CODES, ...CREDIT_ERROR_CODES] as readonly string[]).includes(code);

/** A promo code the server refused (at the check or at payment): shown beside the code field. */
export const isPromoError = (error: unknown): boolean =>
  error instanceof ApiError && error.code !== undefined && (PROMO_ERROR_CODES as readonly string[]).includes(error.code);

const SLOT_REASONS: readonly string[] = ['past', 'closed', 'too_long'] satisfies SlotUnavailableReason[];

export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

export const errorCode = (error: unknown): string | undefined => (error instanceof ApiError ? error.code : undefined);

/**
 * The one translation of server errors for every booking page: a booking/payment code gets its own
 * message, a failed connection says so, anything else the action's spec §8 fallback.
 */
export function errorMessage(error: unknown, action: FailedAction): ErrorMessage {
  if (error instanceof ApiError) {
    if (isBookingCode(error.code)) {
      const params = error.body?.params ?? {};
      // slot_unavailable says why (past, closed, too_long): each has its own message.
      const reason = error.code === 'slot_unavailable' && typeof params.reason === 'string' && SLOT_REASONS.includes(params.reason) ? `_${params.reason}` : '';
      return { key: `errors.codes.${error.code}${reason}`, values: { hours: BOOKING.cancelCutoffHours, ...params } };
    }
    if (error.code === 'rate_limited') return { key: 'errors.codes.rate_limited', values: { retryAfterSeconds: Number(error.body?.params?.retryAfterSeconds ?? 60) } };
    if (error.status === 400 && action === 'pay') return { key: 'errors.codes.payment_form', values: {} };
    if (error.status === 401) return { key: 'errors.signInAgain', values: {} };
    // Spec §8: a refusal the server explains (403, 409, 422 with a code we do not know) shows its message.
    const explained = error.status >= 402 && error.status < 500 && error.status !== 404 && error.body?.message;
    if (explained) return { key: 'errors.server', values: { message: explained } };
  }
  if (isNetworkError(error)) return { key: 'errors.network', values: {} };
  return { key: `errors.fallback.${action}`, values: {} };
}
