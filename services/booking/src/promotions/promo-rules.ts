import type { PriceBreakdown, PromoErrorCode } from '@khidma/contracts';
import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { centsToMoney, toCents } from '../bookings/money.js';
import type { PromoCode } from './entities/promo-code.entity.js';

const MESSAGES: Record<PromoErrorCode, string> = {
  promo_not_found: 'This promo code does not exist.',
  promo_inactive: 'This promo code is no longer active.',
  promo_not_started: 'This promo code is not valid yet.',
  promo_expired: 'This promo code has expired.',
  promo_exhausted: 'This promo code has been fully used.',
  promo_user_limit: 'You have already used this promo code as many times as allowed.',
  promo_min_order: 'Your order is below this promo code’s minimum.',
  promo_first_order_only: 'This promo code is for a first order only.',
  promo_category: 'This promo code does not apply to this service.',
  promo_code_taken: 'A promo code with this name already exists.',
};

/** The refusal for `code` (404 for an unknown code, 422 for one that does not apply, 409 for a taken name). */
export function promoError(code: PromoErrorCode, params?: Record<string, string | number>) {
  const body = { code, message: MESSAGES[code], ...(params ? { params } : {}) };
  return code === 'promo_not_found' ? new NotFoundException(body) : new UnprocessableEntityException(body);
}

/** What a code takes off a subtotal, in cents: a percent rounded to the cent, never more than the subtotal. */
export function discountCents(promo: Pick<PromoCode, 'kind' | 'value'>, subtotalCents: number): number {
  const off = promo.kind === 'percent' ? Math.round((subtotalCents * toCents(promo.value)) / 10000) : toCents(promo.value);
  return Math.min(off, subtotalCents);
}

export function breakdown(subtotal: string, promo: Pick<PromoCode, 'kind' | 'value' | 'code'> | null): PriceBreakdown {
  const subtotalCents = toCents(subtotal);
  const off = promo ? discountCents(promo, subtotalCents) : 0;
  return { subtotal: centsToMoney(subtotalCents), discount: centsToMoney(off), total: centsToMoney(subtotalCents - off), promoCode: promo?.code ?? null };
}

/** What the rules need to know about the booking and its client besides the code itself. */
export interface PromoContext {
  today: string;
  subtotal: string;
  categorySlug: string;
  /** The client's redemptions of this code still held (not released by a refund). */
  userRedemptions: number;
  /** The client has paid for another booking already. */
  hasPaidBefore: boolean;
}

/**
 * The first rule `promo` breaks for this booking, or null when it applies. Order: the code's own state,
 * then the booking, then the client, then the code's overall limit.
 */
export function ruleBroken(promo: PromoCode, context: PromoContext): { code: PromoErrorCode; params?: Record<string, string | number> } | null {
  if (!promo.active) return { code: 'promo_inactive' };
  if (promo.validFrom && context.today < promo.validFrom) return { code: 'promo_not_started', params: { validFrom: promo.validFrom } };
  if (promo.validUntil && context.today > promo.validUntil) return { code: 'promo_expired', params: { validUntil: promo.validUntil } };
  if (promo.categories.length > 0 && !promo.categories.includes(context.categorySlug)) return { code: 'promo_category' };
  if (promo.minOrderAmount && toCents(context.subtotal) < toCents(promo.minOrderAmount)) {
    return { code: 'promo_min_order', params: { minOrderAmount: promo.minOrderAmount } };
  }
  if (promo.firstOrderOnly && context.hasPaidBefore) return { code: 'promo_first_order_only' };
  if (promo.perUserLimit !== null && context.userRedemptions >= promo.perUserLimit) return { code: 'promo_user_limit' };
  if (promo.maxRedemptions !== null && promo.redemptionCount >= promo.maxRedemptions) return { code: 'promo_exhausted' };
  return null;
}
