import type { PagedResponse } from './supply.js';

/**
 * Promo codes (issue 17 §3, docs/promotions.md): an admin creates them, a client applies one at
 * payment. Amounts are dollars as decimal strings ("40.00"); days are YYYY-MM-DD in the marketplace's
 * time zone, both ends included.
 */
export const PROMO_DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type PromoDiscountKind = (typeof PROMO_DISCOUNT_KINDS)[number];

/** Codes are matched upper-case, whoever types them: "welcome10" is WELCOME10. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** Limits of the admin form, checked by the server and the form alike. */
export const PROMO_RULES = {
  codePattern: /^[A-Za-z0-9_-]{3,32}$/,
  codeMin: 3,
  codeMax: 32,
  percentMax: 100,
  amountMax: 100000,
  limitMax: 1000000,
} as const;

/** `POST /api/admin/promo-codes` */
export interface CreatePromoCodeRequest {
  /** Letters, digits, `-` and `_`; stored and matched upper-case, so "welcome10" is WELCOME10. */
  code: string;
  kind: PromoDiscountKind;
  /** Percent (1–100) for `percent`, dollars for `fixed`. */
  value: number | string;
  /** The booking total must be at least this (dollars); null or absent: no minimum. */
  minOrderAmount?: number | string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  /** Redemptions in all, over every client; null: unlimited. */
  maxRedemptions?: number | null;
  /** Redemptions per client; null: unlimited. */
  perUserLimit?: number | null;
  /** Only for a client's first paid booking. */
  firstOrderOnly?: boolean;
  /** Category slugs the booking's service must be in; empty or absent: every category. */
  categories?: string[];
}

export interface PromoCodeDto {
  id: string;
  code: string;
  kind: PromoDiscountKind;
  /** "10.00" (percent) or dollars. */
  value: string;
  minOrderAmount: string | null;
  validFrom: string | null;
  validUntil: string | null;
  maxRedemptions: number | null;
  perUserLimit: number | null;
  firstOrderOnly: boolean;
  categories: string[];
  active: boolean;
  /** Redemptions held now (a refunded booking's redemption is given back). */
  redemptionCount: number;
  createdAt: string;
  deactivatedAt: string | null;
}
export type PromoCodePage = PagedResponse<PromoCodeDto>;

/** One use of a code on a paid booking (admin view). */
export interface PromoRedemptionDto {
  id: string;
  promoCodeId: string;
  code: string;
  bookingId: string;
  clientId: string;
  discountAmount: string;
  createdAt: string;
  /** Set when the booking was refunded and the redemption counted back. */
  releasedAt: string | null;
}
export type PromoRedemptionPage = PagedResponse<PromoRedemptionDto>;

/** `POST /api/promotions/check`: what the code would take off this booking (nothing is reserved). */
export interface CheckPromoCodeRequest {
  bookingId: string;
  code: string;
}

/** The bill of a booking with or without a code: what the payment must carry as `amount` is `total`. */
export interface PriceBreakdown {
  subtotal: string;
  discount: string;
  total: string;
  /** The applied code, upper-case; null without one. */
  promoCode: string | null;
}

/**
 * Why a code does not apply (ApiErrorBody.code, 422; `promo_not_found` is 404), translated by the
 * frontends. `params` carry `minOrderAmount`, `validFrom`, `validUntil` where they explain it.
 */
export const PROMO_ERROR_CODES = [
  'promo_not_found',
  'promo_inactive',
  'promo_not_started',
  'promo_expired',
  'promo_exhausted',
  'promo_user_limit',
  'promo_min_order',
  'promo_first_order_only',
  'promo_category',
  'promo_code_taken',
] as const;
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[number];
